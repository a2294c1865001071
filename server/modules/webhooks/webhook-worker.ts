import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { type Db, rowsOf } from "../../../db/client";
import { webhookDeliveries } from "../../../db/schema";
import type { WebhooksConfig } from "../../env";
import { takeLease } from "../../lib/job-scheduler";
import { sendWebhook, type WebhookResult } from "./webhook-sender";
import { purgeWebhookDeliveries } from "./webhooks.service";

/**
 * Deliveries taken at once by a process (sent in parallel), at most one per webhook: a receiver
 * that is slow or never answers holds up only its own deliveries, never the other users' ones.
 */
const CLAIM = 10;
const HOUR = 3_600_000;

type Claimed = {
  id: number;
  event: string;
  payload: Record<string, unknown>;
  attempts: number;
  createdAt: Date;
  url: string;
  secret: string;
};

/** The body sent: the delivery's id, event and time, and what the event is about. */
export const deliveryBody = (d: Pick<Claimed, "id" | "event" | "payload" | "createdAt">) =>
  JSON.stringify({ id: d.id, event: d.event, created_at: d.createdAt.toISOString(), data: d.payload });

/**
 * Sends due deliveries, in every process. A delivery is claimed by pushing its next_attempt_at past
 * the send's timeout in one UPDATE over rows picked `for update skip locked`, so two processes never
 * send the same one; a process that dies mid-send leaves it due again once that lease runs out.
 * Failures are retried after config.retryDelaysMs; after the last, the delivery is failed.
 *
 * The poll is skipped while no webhook is active anywhere (`anyActive`, from the subscriptions every
 * process holds in memory): only deliveries of active webhooks are claimed, so it would find none.
 * Most servers have no webhook at all; on an idle embedded PGlite each poll cost 5-50 ms of the
 * thread here.
 */
export class WebhookWorker {
  private timer: NodeJS.Timeout | undefined;
  private purgeTimer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly config: WebhooksConfig,
    private readonly anyActive: () => boolean = () => true,
  ) {}

  /** Polls every config.pollMs while a webhook is active; with `purge`, the hourly purge of old deliveries too (once per fleet). */
  start(purge: boolean): void {
    this.timer = setInterval(() => {
      if (this.anyActive()) this.nudge();
    }, this.config.pollMs);
    this.timer.unref();
    if (!purge) return;
    this.purgeTimer = setInterval(async () => {
      try {
        if (await takeLease(this.db, "webhook-deliveries-purge", HOUR - 5_000)) {
          await purgeWebhookDeliveries(this.db);
        }
      } catch (error) {
        this.log.error({ err: error }, "webhook deliveries purge failed");
      }
    }, HOUR);
    this.purgeTimer.unref();
  }

  /** Sends what is due now, or right after the run in progress. */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.runDue()
      .catch((error) => this.log.error({ err: error }, "webhook deliveries failed"))
      .then(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.nudge();
        }
      });
  }

  /** Waits for the run in progress (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearInterval(this.purgeTimer);
    await this.idle();
  }

  /** Claims and sends due deliveries until none is left. */
  async runDue(): Promise<void> {
    for (;;) {
      const claimed = await this.claim();
      if (claimed.length === 0) return;
      await Promise.all(claimed.map((delivery) => this.deliver(delivery)));
      if (this.stopped) return;
    }
  }

  private async claim(): Promise<Claimed[]> {
    const now = new Date();
    const leaseUntil = new Date(now.getTime() + this.config.timeoutMs + 60_000);
    const result = await this.db.execute(sql`
      update webhook_deliveries as d
      set next_attempt_at = ${leaseUntil.toISOString()}::timestamptz, attempts = d.attempts + 1
      from webhooks as w
      where w.id = d.webhook_id and d.id in (
        select p.id from webhooks as pw
        cross join lateral (
          select q.id, q.next_attempt_at from webhook_deliveries as q
          where q.webhook_id = pw.id and q.status = 'pending'
            and q.next_attempt_at <= ${now.toISOString()}::timestamptz
          order by q.next_attempt_at, q.id
          limit 1
          for update of q skip locked) as p
        where pw.is_active
        order by p.next_attempt_at, p.id
        limit ${CLAIM})
      returning d.id, d.event, d.payload, d.attempts, d.created_at, w.url, w.secret`);
    return rowsOf<Record<string, unknown>>(result).map((row) => ({
      id: Number(row.id),
      event: String(row.event),
      payload: (typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload) as Record<
        string,
        unknown
      >,
      attempts: Number(row.attempts),
      createdAt: new Date(row.created_at as string | Date),
      url: String(row.url),
      secret: String(row.secret),
    }));
  }

  private async deliver(delivery: Claimed): Promise<void> {
    let result: WebhookResult;
    try {
      result = await sendWebhook(
        {
          url: delivery.url,
          secret: delivery.secret,
          deliveryId: delivery.id,
          event: delivery.event,
          body: deliveryBody(delivery),
        },
        { timeoutMs: this.config.timeoutMs, allowLoopback: this.config.allowLoopback },
      );
    } catch (error) {
      result = { ok: false, statusCode: null, error: "Erro ao enviar" };
      this.log.error({ err: error, delivery: delivery.id }, "webhook send failed");
    }
    const now = new Date();
    const delays = this.config.retryDelaysMs;
    const giveUp = !result.ok && delivery.attempts > delays.length;
    await this.db
      .update(webhookDeliveries)
      .set({
        status: result.ok ? "delivered" : giveUp ? "failed" : "pending",
        lastStatusCode: result.statusCode,
        lastError: result.error,
        deliveredAt: result.ok ? now : null,
        nextAttemptAt: result.ok || giveUp ? now : new Date(now.getTime() + delays[delivery.attempts - 1]!),
      })
      .where(sql`${webhookDeliveries.id} = ${delivery.id}`);
  }
}
