import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Mailer, type MailTransport, outboxTransport, smtpTransport } from "./mailer";
import { passwordResetMail } from "./templates";

const log = pino({ level: "silent" });
const context = { appName: "Atalho", publicUrl: "https://atalho.test" };
const message = passwordResetMail(context, {
  to: "ana@exemplo.com.br",
  firstName: "<Ana>",
  token: "abc_123",
});

describe("templates", () => {
  it("links to the public URL and escapes what the user typed", () => {
    expect(message.subject).toBe("Redefinição de senha do Atalho");
    expect(message.text).toContain("https://atalho.test/auth/redefinir-senha?token=abc_123");
    expect(message.html).toContain('href="https://atalho.test/auth/redefinir-senha?token=abc_123"');
    expect(message.html).toContain("Olá, &lt;Ana&gt;!");
    expect(message.html).not.toContain("<Ana>");
  });
});

describe("outbox transport", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "atalho-outbox-"));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it("writes each message as an .eml file", async () => {
    const mailer = new Mailer(outboxTransport(dir, log), "Atalho <no-reply@atalho.test>", log);
    mailer.send(message);
    mailer.send(async () => null); // nothing to send
    await mailer.close();
    const files = await fs.readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = await fs.readFile(path.join(dir, files[0]!), "utf8");
    expect(eml).toMatch(/^From: Atalho <no-reply@atalho\.test>$/m);
    expect(eml).toMatch(/^To: ana@exemplo\.com\.br$/m);
    expect(eml).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(eml).toContain("text/html");
  });
});

describe("Mailer queue", () => {
  it("returns at once, retries with backoff, then gives up (and logs)", async () => {
    let calls = 0;
    const flaky: MailTransport = {
      async deliver() {
        calls++;
        if (calls < 3) throw new Error("down");
      },
    };
    const mailer = new Mailer(flaky, "x@y.z", log, [5, 5, 5]);
    mailer.send(message);
    expect(calls).toBe(0); // queued, not awaited by the caller
    await mailer.flush();
    expect(calls).toBe(3);

    let failures = 0;
    const down: MailTransport = {
      async deliver() {
        failures++;
        throw new Error("down");
      },
    };
    const giving = new Mailer(down, "x@y.z", log, [5, 5]);
    giving.send(message);
    await giving.flush();
    expect(failures).toBe(3);
  });

  it("close cuts the backoff short", async () => {
    const down: MailTransport = {
      async deliver() {
        throw new Error("down");
      },
    };
    const mailer = new Mailer(down, "x@y.z", log, [60_000]);
    mailer.send(message);
    const started = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await mailer.close();
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("a composer that throws is logged, not thrown", async () => {
    const mailer = new Mailer({ deliver: async () => {} }, "x@y.z", log);
    mailer.send(async () => {
      throw new Error("database away");
    });
    await expect(mailer.flush()).resolves.toBeUndefined();
  });
});

/** Just enough SMTP (EHLO, MAIL, RCPT, DATA, QUIT) on loopback to receive one message. */
function fakeSmtpServer() {
  const received: { from: string; to: string[]; data: string }[] = [];
  const server = net.createServer((socket) => {
    let buffer = "";
    let inData = false;
    let current = { from: "", to: [] as string[], data: "" };
    const say = (line: string) => socket.write(`${line}\r\n`);
    say("220 fake ESMTP");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: "", to: [], data: "" };
          say("250 queued");
          continue;
        }
        const newline = buffer.indexOf("\r\n");
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") say("250 fake");
        else if (verb === "MAIL") {
          current.from = line;
          say("250 ok");
        } else if (verb === "RCPT") {
          current.to.push(line);
          say("250 ok");
        } else if (verb === "DATA") {
          inData = true;
          say("354 go ahead");
        } else if (verb === "QUIT") {
          say("221 bye");
          socket.end();
        } else if (verb === "RSET" || verb === "NOOP") say("250 ok");
        else say("502 not implemented");
      }
    });
  });
  return { server, received };
}

describe("SMTP transport", () => {
  const smtp = fakeSmtpServer();
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.server.listen(0, "127.0.0.1", resolve));
    port = (smtp.server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.server.close(() => resolve())));

  it("delivers through the SMTP server named by SMTP_URL", async () => {
    const mailer = new Mailer(
      smtpTransport(`smtp://127.0.0.1:${port}`),
      "Atalho <no-reply@atalho.test>",
      log,
    );
    mailer.send(message);
    await mailer.close();
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.from).toContain("<no-reply@atalho.test>");
    expect(mail!.to).toEqual(["RCPT TO:<ana@exemplo.com.br>"]);
    expect(mail!.data).toMatch(/^Subject: /m);
    const decoded = mail!.data.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    expect(decoded).toContain("redefinir-senha?token=abc_123");
  });
});
