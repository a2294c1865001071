import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ShortenedUrl } from "../../../common/contract/shortened-urls";
import {
  type CreatedWebhook,
  WEBHOOK_MESSAGES,
  WEBHOOKS_MAX,
  type Webhook,
  type WebhookDeliveriesPage,
} from "../../../common/contract/webhooks";
import { webhookDeliveries } from "../../../db/schema";
import { setupTestApp, testConfig } from "../../../tests/test-app";
import type { Click } from "../clicks/click-queue";
import { sendWebhook } from "./webhook-sender";
import { assertWebhookTarget } from "./webhook-targets";
import { WebhookWorker } from "./webhook-worker";
import { purgeWebhookDeliveries } from "./webhooks.service";

const RETRY_DELAYS = [80, 240, 120];
const MAX_ATTEMPTS = RETRY_DELAYS.length + 1;

const t = setupTestApp({
  webhooks: {
    allowLoopback: true,
    pollMs: 25,
    clickWindowMs: 60_000,
    retryDelaysMs: RETRY_DELAYS,
    timeoutMs: 1_000,
  },
});

type Received = {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
};

/**
 * A webhook receiver on loopback: each path answers what `answer` says (200 by default) and keeps
 * what it got. It checks signatures the way the docs tell receivers to.
 */
class Receiver {
  received: Received[] = [];
  answers = new Map<string, (n: number) => { status: number; headers?: Record<string, string> }>();
  private server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      const path = request.url ?? "/";
      const n = this.received.filter((r) => r.path === path).length;
      this.received.push({ path, headers: request.headers, body, at: Date.now() });
      const answer = this.answers.get(path)?.(n) ?? { status: 200 };
      response.writeHead(answer.status, answer.headers).end("ok");
    });
  });
  url = "";

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop() {
    return new Promise((resolve) => this.server.close(resolve));
  }

  at(path: string) {
    return this.received.filter((r) => r.path === path);
  }

  /** Waits until `path` got `count` requests. */
  async waitFor(path: string, count = 1, ms = 5_000) {
    const until = Date.now() + ms;
    while (this.at(path).length < count) {
      if (Date.now() > until) throw new Error(`${path}: ${this.at(path).length} of ${count} requests`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return this.at(path);
  }
}

/** What a receiver does with X-Atalho-Signature (docs/product-decisions.md, Webhooks): recompute and compare. */
function verifies(secret: string, request: Received): boolean {
  const timestamp = String(request.headers["x-atalho-timestamp"]);
  const expected = `sha256=${createHmac("sha256", secret).update(`${timestamp}.${request.body}`).digest("hex")}`;
  const given = String(request.headers["x-atalho-signature"]);
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

const receiver = new Receiver();
beforeAll(() => receiver.start());
afterAll(() => receiver.stop());

let pathSequence = 0;
const newPath = () => `/hook-${++pathSequence}`;

async function createWebhook(cookie: string, payload: object) {
  return t.request({ method: "POST", url: "/api/webhooks", payload, cookie });
}

async function webhookFor(events: string[] = ["link.created", "link.clicked"]) {
  const session = await t.signIn();
  const path = newPath();
  const response = await createWebhook(session.cookie, { url: `${receiver.url}${path}`, events });
  expect(response.statusCode).toBe(201);
  return { ...session, path, webhook: response.json<CreatedWebhook>() };
}

async function deliveries(cookie: string, id: number, page = 1) {
  const response = await t.request({
    method: "GET",
    url: `/api/webhooks/${id}/deliveries?page=${page}`,
    cookie,
  });
  expect(response.statusCode).toBe(200);
  return response.json<WebhookDeliveriesPage>();
}

/** Waits until the webhook's newest delivery is no longer pending. */
async function settledDelivery(cookie: string, id: number, ms = 5_000) {
  const until = Date.now() + ms;
  for (;;) {
    const [newest] = (await deliveries(cookie, id)).deliveries;
    if (newest && newest.status !== "pending") return newest;
    if (Date.now() > until) throw new Error(`still pending: ${JSON.stringify(newest)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function shorten(cookie: string, originalUrl = "https://exemplo.com.br/produto?x=1") {
  const response = await t.request({
    method: "POST",
    url: "/api/shortened-urls",
    payload: { original_url: originalUrl, title: "Produto" },
    cookie,
  });
  expect(response.statusCode).toBe(201);
  return response.json<ShortenedUrl>();
}

describe("webhook management (session only)", () => {
  it("shows the signing secret once and only its first characters afterwards", async () => {
    const { cookie, webhook } = await webhookFor(["link.created"]);
    expect(webhook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(webhook.secret_prefix).toBe(webhook.secret.slice(0, 10));
    expect(webhook).toMatchObject({ events: ["link.created"], is_active: true });

    const list = await t.request({ method: "GET", url: "/api/webhooks", cookie });
    expect(list.json<Webhook[]>()).toEqual([
      expect.objectContaining({ id: webhook.id, secret_prefix: webhook.secret_prefix }),
    ]);
    expect(list.body).not.toContain(webhook.secret);
  });

  it("refuses bad URLs and events in pt-BR and creates nothing", async () => {
    const { cookie } = await t.signIn();
    for (const [payload, message] of [
      [{ url: "", events: ["link.created"] }, WEBHOOK_MESSAGES.urlRequired],
      [{ url: "não é url", events: ["link.created"] }, WEBHOOK_MESSAGES.urlInvalid],
      [{ url: "ftp://exemplo.com.br/x", events: ["link.created"] }, WEBHOOK_MESSAGES.urlInvalid],
      [{ url: "http://exemplo.com.br/hook", events: ["link.created"] }, WEBHOOK_MESSAGES.urlNotHttps],
      [{ url: "https://10.0.0.8/hook", events: ["link.created"] }, WEBHOOK_MESSAGES.urlInternal],
      [{ url: "https://192.168.1.1/hook", events: ["link.created"] }, WEBHOOK_MESSAGES.urlInternal],
      [{ url: "http://localhost:3000/api/x", events: ["link.created"] }, WEBHOOK_MESSAGES.urlOwn],
      [{ url: "https://exemplo.com.br/hook", events: [] }, WEBHOOK_MESSAGES.eventsRequired],
      [{ url: "https://exemplo.com.br/hook", events: ["link.deleted"] }, WEBHOOK_MESSAGES.eventInvalid],
      [
        { url: `https://exemplo.com.br/${"x".repeat(2048)}`, events: ["link.created"] },
        WEBHOOK_MESSAGES.urlTooLong,
      ],
    ] as const) {
      const response = await createWebhook(cookie, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().error).toBe(message);
    }
    const list = await t.request({ method: "GET", url: "/api/webhooks", cookie });
    expect(list.json()).toEqual([]);
  });

  it(`allows at most ${WEBHOOKS_MAX} webhooks per user`, async () => {
    const { cookie } = await t.signIn();
    for (let i = 0; i < WEBHOOKS_MAX; i++) {
      expect(
        (await createWebhook(cookie, { url: `https://exemplo.com.br/h${i}`, events: ["link.created"] }))
          .statusCode,
      ).toBe(201);
    }
    const over = await createWebhook(cookie, { url: "https://exemplo.com.br/h", events: ["link.created"] });
    expect(over.statusCode).toBe(403);
    expect(over.json().error).toBe(WEBHOOK_MESSAGES.tooMany);
  });

  it("lets only the owner see, change, test or delete a webhook and its deliveries", async () => {
    const { webhook } = await webhookFor();
    const other = await t.signIn();
    for (const [method, url, payload] of [
      ["GET", `/api/webhooks/${webhook.id}/deliveries`, undefined],
      ["PATCH", `/api/webhooks/${webhook.id}`, { is_active: false }],
      ["POST", `/api/webhooks/${webhook.id}/test`, undefined],
      ["DELETE", `/api/webhooks/${webhook.id}`, undefined],
    ] as const) {
      const response = await t.request({ method, url, payload, cookie: other.cookie });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error).toBe(WEBHOOK_MESSAGES.notFound);
    }
    expect((await t.request({ method: "GET", url: "/api/webhooks", cookie: other.cookie })).json()).toEqual(
      [],
    );
    expect((await t.request({ method: "GET", url: "/api/webhooks" })).statusCode).toBe(401);
  });

  it("refuses a bearer API key: webhooks are managed with a session only", async () => {
    const { cookie } = await t.signIn();
    const key = await t.request({
      method: "POST",
      url: "/api/api-keys",
      payload: { name: "Script", scopes: ["links:read", "links:write"] },
      cookie,
    });
    expect(key.statusCode).toBe(201);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/webhooks",
      headers: { authorization: `Bearer ${key.json().key}` },
      payload: { url: "https://exemplo.com.br/hook", events: ["link.created"] },
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect((await t.request({ method: "GET", url: "/api/webhooks", cookie })).json()).toEqual([]);
  });

  it("changes the URL and events, refuses an empty change, and deletes", async () => {
    const { cookie, webhook } = await webhookFor(["link.created"]);
    const url = `/api/webhooks/${webhook.id}`;
    const empty = await t.request({ method: "PATCH", url, payload: {}, cookie });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(WEBHOOK_MESSAGES.nothingToChange);
    const bad = await t.request({ method: "PATCH", url, payload: { url: "https://10.1.2.3/x" }, cookie });
    expect(bad.json().error).toBe(WEBHOOK_MESSAGES.urlInternal);
    const changed = await t.request({
      method: "PATCH",
      url,
      payload: { url: "https://exemplo.com.br/novo", events: ["link.clicked", "link.created"] },
      cookie,
    });
    expect(changed.json<Webhook>()).toMatchObject({
      url: "https://exemplo.com.br/novo",
      events: ["link.created", "link.clicked"],
    });
    expect((await t.request({ method: "DELETE", url, cookie })).statusCode).toBe(204);
    expect((await t.request({ method: "GET", url: "/api/webhooks", cookie })).json()).toEqual([]);
  });
});

describe("deliveries", () => {
  it("delivers link.created, signed, to a receiver that verifies the HMAC", async () => {
    const { cookie, path, webhook } = await webhookFor(["link.created"]);
    const link = await shorten(cookie);
    const [request] = await receiver.waitFor(path);
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(request!.headers["user-agent"]).toBe("Atalho-Webhooks/1");
    expect(request!.headers["x-atalho-event"]).toBe("link.created");
    expect(Math.abs(Number(request!.headers["x-atalho-timestamp"]) - Date.now() / 1000)).toBeLessThan(30);
    expect(verifies(webhook.secret, request!)).toBe(true);
    expect(verifies(`${webhook.secret}x`, request!)).toBe(false);
    expect(verifies(webhook.secret, { ...request!, body: request!.body.replace("Produto", "Produtx") })).toBe(
      false,
    );

    const body = JSON.parse(request!.body);
    expect(body).toMatchObject({
      id: Number(request!.headers["x-atalho-delivery"]),
      event: "link.created",
      data: {
        link: {
          id: link.id,
          short_code: link.short_code,
          short_url: `http://localhost:3000/s/${link.short_code}`,
          original_url: "https://exemplo.com.br/produto?x=1",
          title: "Produto",
        },
      },
    });
    const delivered = await settledDelivery(cookie, webhook.id);
    expect(delivered).toMatchObject({
      event: "link.created",
      status: "delivered",
      attempts: 1,
      last_status_code: 200,
    });
  });

  it("sends link.clicked in batches: many clicks, one delivery with the counts and no visitor data", async () => {
    const { user, cookie, path, webhook } = await webhookFor(["link.clicked"]);
    const a = await shorten(cookie, "https://exemplo.com.br/a");
    const b = await shorten(cookie, "https://exemplo.com.br/b");
    const click = (id: number, isBot = false): Click => ({
      userId: user.id,
      targetType: "short_url",
      targetId: id,
      visitor: null,
      inApp: null,
      opened: null,
      linkPageId: null,
      occurredAt: new Date(),
      country: "BR",
      referrerHost: "instagram.com",
      device: "mobile",
      browser: "Chrome",
      os: "Android",
      isBot,
    });
    for (let i = 0; i < 37; i++) t.app.clicks.push(click(a.id));
    await t.app.clicks.flush();
    for (let i = 0; i < 5; i++) t.app.clicks.push(click(b.id));
    t.app.clicks.push(click(b.id, true)); // bots are not counted, as in click_count
    await t.app.clicks.flush();
    expect(await t.app.webhooks.flushClicks()).toBe(1);

    const [request] = await receiver.waitFor(path);
    expect(verifies(webhook.secret, request!)).toBe(true);
    const body = JSON.parse(request!.body);
    expect(body.event).toBe("link.clicked");
    expect(body.data).toMatchObject({
      total_clicks: 42,
      links_count: 2,
      links: [
        { id: a.id, short_code: a.short_code, clicks: 37 },
        { id: b.id, short_code: b.short_code, clicks: 5 },
      ],
    });
    expect(new Date(body.data.window.from).getTime()).toBeLessThanOrEqual(
      new Date(body.data.window.to).getTime(),
    );
    expect(request!.body).not.toMatch(/instagram|Android|"BR"|127\.0\.0\.1/);
    expect((await deliveries(cookie, webhook.id)).total).toBe(1);
    // Nothing more was gathered: the next window sends nothing.
    expect(await t.app.webhooks.flushClicks()).toBe(0);
  });

  it("ignores clicks of users without a link.clicked webhook (no delivery, nothing gathered)", async () => {
    const { user, cookie, path } = await webhookFor(["link.created"]);
    const link = await shorten(cookie);
    await receiver.waitFor(path);
    t.app.clicks.push({
      userId: user.id,
      targetType: "short_url",
      targetId: link.id,
      visitor: null,
      inApp: null,
      opened: null,
      linkPageId: null,
      occurredAt: new Date(),
      country: null,
      referrerHost: null,
      device: "desktop",
      browser: null,
      os: null,
      isBot: false,
    });
    await t.app.clicks.flush();
    expect(await t.app.webhooks.flushClicks()).toBe(0);
  });

  it("retries a failing receiver with backoff and records the success", async () => {
    const { cookie, path, webhook } = await webhookFor(["link.created"]);
    receiver.answers.set(path, (n) => ({ status: n < 2 ? 500 : 204 }));
    await shorten(cookie);
    const requests = await receiver.waitFor(path, 3);
    expect(requests[1]!.at - requests[0]!.at).toBeGreaterThanOrEqual(RETRY_DELAYS[0]! - 5);
    expect(requests[2]!.at - requests[1]!.at).toBeGreaterThanOrEqual(RETRY_DELAYS[1]! - 5);
    // Same delivery every time, signed anew.
    expect(new Set(requests.map((r) => r.headers["x-atalho-delivery"])).size).toBe(1);
    expect(requests.every((r) => verifies(webhook.secret, r))).toBe(true);
    const delivered = await settledDelivery(cookie, webhook.id);
    expect(delivered).toMatchObject({
      status: "delivered",
      attempts: 3,
      last_status_code: 204,
      last_error: null,
    });
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts`, async () => {
    const { cookie, path, webhook } = await webhookFor(["link.created"]);
    receiver.answers.set(path, () => ({ status: 503 }));
    await shorten(cookie);
    const failed = await settledDelivery(cookie, webhook.id, 8_000);
    expect(failed).toMatchObject({
      status: "failed",
      attempts: MAX_ATTEMPTS,
      last_status_code: 503,
      last_error: "Resposta HTTP 503",
      next_attempt_at: null,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.at(path)).toHaveLength(MAX_ATTEMPTS);
  });

  it("does not follow redirects", async () => {
    const { cookie, path, webhook } = await webhookFor(["link.created"]);
    const elsewhere = newPath();
    receiver.answers.set(path, () => ({ status: 302, headers: { location: `${receiver.url}${elsewhere}` } }));
    await shorten(cookie);
    await receiver.waitFor(path);
    const deadline = Date.now() + 3_000;
    let newest = (await deliveries(cookie, webhook.id)).deliveries[0];
    while (newest?.last_status_code !== 302 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      newest = (await deliveries(cookie, webhook.id)).deliveries[0];
    }
    expect(newest).toMatchObject({
      last_status_code: 302,
      last_error: "Redirecionamento não seguido (HTTP 302)",
    });
    expect(newest!.status).not.toBe("delivered");
    expect(receiver.at(elsewhere)).toHaveLength(0);
    await t.request({ method: "DELETE", url: `/api/webhooks/${webhook.id}`, cookie });
  });

  it("sends a test ping, and nothing to a disabled webhook", async () => {
    const { cookie, path, webhook } = await webhookFor(["link.created"]);
    const ping = await t.request({ method: "POST", url: `/api/webhooks/${webhook.id}/test`, cookie });
    expect(ping.statusCode).toBe(202);
    const [request] = await receiver.waitFor(path);
    expect(request!.headers["x-atalho-event"]).toBe("ping");
    expect(verifies(webhook.secret, request!)).toBe(true);

    const off = await t.request({
      method: "PATCH",
      url: `/api/webhooks/${webhook.id}`,
      payload: { is_active: false },
      cookie,
    });
    expect(off.json<Webhook>().is_active).toBe(false);
    await shorten(cookie);
    await t.app.webhooks.settled();
    const refused = await t.request({ method: "POST", url: `/api/webhooks/${webhook.id}/test`, cookie });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(WEBHOOK_MESSAGES.testInactive);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.at(path)).toHaveLength(1);
    expect((await deliveries(cookie, webhook.id)).total).toBe(1);
  });

  it("pages the delivery log, newest first", async () => {
    const { cookie, webhook } = await webhookFor(["link.created"]);
    const base = Date.now() - 3_600_000;
    await t.database.db.insert(webhookDeliveries).values(
      Array.from({ length: 12 }, (_, i) => ({
        webhookId: webhook.id,
        event: "link.created",
        payload: { n: i },
        status: "delivered" as const,
        attempts: 1,
        lastStatusCode: 200,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const first = await deliveries(cookie, webhook.id);
    expect(first).toMatchObject({ total: 12, page: 1, page_size: 10 });
    expect(first.deliveries).toHaveLength(10);
    expect(first.deliveries[0]!.created_at).toBe(new Date(base + 11_000).toISOString());
    const second = await deliveries(cookie, webhook.id, 2);
    expect(second.deliveries.map((d) => d.created_at)).toEqual([
      new Date(base + 1000).toISOString(),
      new Date(base).toISOString(),
    ]);
    const bad = await t.request({
      method: "GET",
      url: `/api/webhooks/${webhook.id}/deliveries?page=0`,
      cookie,
    });
    expect(bad.json().error).toBe(WEBHOOK_MESSAGES.invalidPage);
  });

  it("never lets two workers send the same delivery", async () => {
    const { cookie, path, webhook } = await webhookFor(["link.created"]);
    const links = await Promise.all(
      Array.from({ length: 3 }, (_, i) => shorten(cookie, `https://exemplo.com.br/w${i}`)),
    );
    const config = testConfig().webhooks;
    const workers = [0, 1].map(
      () => new WebhookWorker(t.database.db, t.app.log, { ...config, allowLoopback: true, timeoutMs: 1000 }),
    );
    await Promise.all([...workers.map((w) => w.runDue()), t.app.webhooks.worker.runDue()]);
    await receiver.waitFor(path, links.length);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const ids = receiver.at(path).map((r) => r.headers["x-atalho-delivery"]);
    expect(ids).toHaveLength(links.length);
    expect(new Set(ids).size).toBe(links.length);
    expect((await deliveries(cookie, webhook.id)).deliveries.every((d) => d.attempts === 1)).toBe(true);
  });

  it("polls only while a webhook is active anywhere", async () => {
    let statements = 0;
    const db = new Proxy(t.database.db, {
      get(target, property, receiver) {
        if (property !== "execute") return Reflect.get(target, property, receiver);
        return (...args: Parameters<typeof target.execute>) => {
          statements++;
          return target.execute(...args);
        };
      },
    });
    let active = false;
    const worker = new WebhookWorker(db, t.app.log, { ...testConfig().webhooks, pollMs: 20 }, () => active);
    worker.start(false);
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(statements).toBe(0);
      active = true;
      await new Promise((resolve) => setTimeout(resolve, 200));
      await worker.idle();
      expect(statements).toBeGreaterThan(0);
    } finally {
      await worker.stop();
    }
  });

  it("claims at most one delivery per webhook at a time: a slow receiver holds up only its own", async () => {
    const busy = await webhookFor(["link.created"]);
    const quiet = await webhookFor(["link.created"]);
    // Due long ago: first in line, ahead of other tests' deliveries (a claim takes 10 at most).
    const due = new Date("2000-01-01T00:00:00Z");
    const pending = (webhookId: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        webhookId,
        event: "link.created",
        payload: { n: i },
        nextAttemptAt: due,
      }));
    await t.database.db
      .insert(webhookDeliveries)
      .values([...pending(busy.webhook.id, 12), ...pending(quiet.webhook.id, 1)]);
    const worker = new WebhookWorker(t.database.db, t.app.log, {
      ...testConfig().webhooks,
      allowLoopback: true,
    });
    const claim = () => (worker as unknown as { claim(): Promise<{ id: number; url: string }[]> }).claim();
    const first = await claim();
    expect(first.filter((d) => d.url.endsWith(busy.path))).toHaveLength(1);
    // The quiet one's delivery went in the same round (this worker's, or the app's own if it
    // polled meanwhile), not behind the busy one's twelve.
    const [quietRow] = await t.database.db
      .select({ attempts: webhookDeliveries.attempts })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, quiet.webhook.id));
    expect(quietRow!.attempts).toBe(1);
    // The busy one's next delivery waits for the next round.
    expect((await claim()).filter((d) => d.url.endsWith(busy.path))).toHaveLength(1);
    // The rest go one per round (the two claimed above stay leased until their lease runs out).
    await worker.runDue();
    await receiver.waitFor(busy.path, 10);
  });

  it("purges delivered and failed deliveries after 30 days, never pending ones", async () => {
    const { webhook } = await webhookFor(["link.created"]);
    const old = new Date(Date.now() - 31 * 86_400_000);
    const rows = await t.database.db
      .insert(webhookDeliveries)
      .values(
        (["delivered", "failed", "pending"] as const).map((status) => ({
          webhookId: webhook.id,
          event: "link.created",
          payload: {},
          status,
          createdAt: old,
          nextAttemptAt: new Date(Date.now() + 86_400_000),
        })),
      )
      .returning();
    await purgeWebhookDeliveries(t.database.db);
    const left = await t.database.db
      .select({ status: webhookDeliveries.status })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, webhook.id));
    expect(left.map((r) => r.status)).toEqual(["pending"]);
    expect(rows).toHaveLength(3);
  });
});

describe("webhook targets outside tests (no loopback allowance)", () => {
  it("refuses plain http, loopback and private addresses when saving", () => {
    const check = (url: string) => {
      try {
        assertWebhookTarget(url, ["atalho.com.br"], false);
        return null;
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(check("http://127.0.0.1:9000/x")).toBe(WEBHOOK_MESSAGES.urlNotHttps);
    expect(check("https://127.0.0.1/x")).toBe(WEBHOOK_MESSAGES.urlInternal);
    expect(check("https://localhost/x")).toBe(WEBHOOK_MESSAGES.urlInternal);
    expect(check("https://[::1]/x")).toBe(WEBHOOK_MESSAGES.urlInternal);
    expect(check("https://atalho.com.br/x")).toBe(WEBHOOK_MESSAGES.urlOwn);
    expect(check("https://hooks.exemplo.com.br/x")).toBeNull();
  });

  it("refuses at send time a name that resolves to an internal address (DNS rebinding)", async () => {
    const path = newPath();
    const port = new URL(receiver.url).port;
    const call = {
      url: `http://localhost:${port}${path}`,
      secret: "whsec_x",
      deliveryId: 1,
      event: "ping",
      body: "{}",
    };
    const refused = await sendWebhook(call, { timeoutMs: 1000, allowLoopback: false });
    expect(refused).toEqual({ ok: false, statusCode: null, error: "Endereço interno recusado" });
    const literal = await sendWebhook(
      { ...call, url: `${receiver.url}${path}` },
      { timeoutMs: 1000, allowLoopback: false },
    );
    expect(literal.error).toBe("Endereço interno recusado");
    expect(receiver.at(path)).toHaveLength(0);
    // The same call with the allowance reaches the receiver.
    expect((await sendWebhook(call, { timeoutMs: 1000, allowLoopback: true })).ok).toBe(true);
  });

  it("gives up on a receiver that does not answer in time", async () => {
    const silent = http.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as AddressInfo).port;
    const started = Date.now();
    const result = await sendWebhook(
      { url: `http://127.0.0.1:${port}/`, secret: "whsec_x", deliveryId: 1, event: "ping", body: "{}" },
      { timeoutMs: 300, allowLoopback: true },
    );
    expect(result).toEqual({ ok: false, statusCode: null, error: "Sem resposta em 0,3 s" });
    expect(Date.now() - started).toBeLessThan(2_000);
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });

  it("is refused by the configuration in production", async () => {
    const { loadConfig } = await import("../../env");
    expect(() => loadConfig({ NODE_ENV: "production", WEBHOOKS_ALLOW_LOOPBACK: "true" })).toThrow(
      /WEBHOOKS_ALLOW_LOOPBACK/,
    );
    expect(loadConfig({ NODE_ENV: "production" }).webhooks.allowLoopback).toBe(false);
  });
});
