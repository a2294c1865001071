import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";

export type MailMessage = { to: string; subject: string; text: string; html: string };

/** Hands one message to its way out; throws when it cannot (the mailer retries). */
export interface MailTransport {
  deliver(message: MailMessage & { from: string }): Promise<void>;
  close?(): void;
}

/** SMTP through nodemailer (SMTP_URL: smtp://user:pass@host:587, smtps://...:465). */
export function smtpTransport(url: string, log?: FastifyBaseLogger): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async deliver(message) {
      const info = await transporter.sendMail(message);
      log?.info({ subject: message.subject, messageId: info.messageId }, "mail sent");
    },
    close: () => transporter.close(),
  };
}

/** No SMTP: each message is written whole (RFC 5322) to `dir` as an .eml file, its subject logged. */
export function outboxTransport(dir: string, log: FastifyBaseLogger): MailTransport {
  let sequence = 0; // names sort in the order written, even within one millisecond
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async deliver(message) {
      const info = await composer.sendMail(message);
      await fs.mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(dir, `${stamp}-${String(++sequence).padStart(6, "0")}-${randomUUID()}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      log.info({ subject: message.subject, file }, "mail written to the outbox");
    },
  };
}

/** A message, or the work that builds it (null: nothing to send), run off the request. */
type Compose = MailMessage | (() => Promise<MailMessage | null>);

/**
 * Sending never blocks nor fails the request that asked for it: `send` queues and returns; each
 * message is tried again after each backoff delay, and logged when it is given up. `close` waits for
 * what is queued (delays cut short).
 */
export class Mailer {
  private readonly pending = new Set<Promise<void>>();
  private readonly wakers = new Set<() => void>();
  private closing = false;

  constructor(
    private readonly transport: MailTransport,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
    private readonly backoffMs: number[] = [2_000, 10_000, 60_000],
  ) {}

  send(compose: Compose): void {
    const job: Promise<void> = this.run(compose).finally(() => this.pending.delete(job));
    this.pending.add(job);
  }

  /** Waits until every queued message is delivered or given up. */
  async flush(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  async close(): Promise<void> {
    this.closing = true;
    for (const wake of this.wakers) wake();
    await this.flush();
    this.transport.close?.();
  }

  private async run(compose: Compose): Promise<void> {
    await new Promise(setImmediate); // after the reply of the request that asked
    let message: MailMessage | null;
    try {
      message = typeof compose === "function" ? await compose() : compose;
    } catch (error) {
      this.log.error({ err: error }, "mail not composed");
      return;
    }
    if (!message) return;
    for (let attempt = 0; ; attempt++) {
      try {
        await this.transport.deliver({ ...message, from: this.from });
        return;
      } catch (error) {
        if (attempt >= this.backoffMs.length || this.closing) {
          this.log.error({ err: error, subject: message.subject, attempts: attempt + 1 }, "mail not sent");
          return;
        }
        this.log.warn(
          { err: error, subject: message.subject, attempt: attempt + 1 },
          "mail failed; retrying",
        );
        await this.sleep(this.backoffMs[attempt]!);
      }
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.wakers.add(wake);
    });
  }
}
