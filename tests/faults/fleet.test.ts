// Two app processes (the bundled server, as `npm start` runs it) on one Postgres and one Redis behave
// as one: what is changed through A is what B serves, at once, even where B had it in memory.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, freePort, startApp, unreachableServices } from "../../bench/app-server";

const POSTGRES_URL =
  process.env.FLEET_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = process.env.FLEET_REDIS_URL ?? process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const ADMIN = { email: "admin-frota@exemplo.com.br", password: "senha-do-admin-123" };
// What a load balancer in front of both would be: one public address for the two processes.
const PUBLIC_URL = "http://frota.exemplo.com.br";
const JOB_PERIOD_MS = 1_000;

const unreachable = () =>
  unreachableServices(POSTGRES_URL, REDIS_URL, { postgres: "FLEET_DATABASE_URL", redis: "FLEET_REDIS_URL" });

const skipReason = await unreachable();
if (skipReason) console.warn(`\n*** SKIPPED tests/faults/fleet.test.ts: ${skipReason} ***\n`);

// biome-ignore lint/suspicious/noExplicitAny: JSON answers of many routes, read field by field
type Answer = { status: number; body: any; headers: Headers };

function client(origin: string, cookie = "") {
  const send = async (method: string, url: string, body?: unknown, extra: Record<string, string> = {}) => {
    const response = await fetch(`${origin}${url}`, {
      method,
      redirect: "manual",
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(cookie ? { cookie } : {}),
        // A visitor's browser: a click of a bot would not count, and a page is asked for as HTML.
        "user-agent":
          "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
        ...extra,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // HTML or empty
    }
    return { status: response.status, body: parsed, headers: response.headers } as Answer;
  };
  return {
    get: (url: string, extra?: Record<string, string>) => send("GET", url, undefined, extra),
    post: (url: string, body: unknown = {}) => send("POST", url, body),
    put: (url: string, body: unknown) => send("PUT", url, body),
    delete: (url: string) => send("DELETE", url),
    as: (nextCookie: string) => client(origin, nextCookie),
  };
}

function sessionCookie(answer: Answer): string {
  const cookies = answer.headers.getSetCookie().map((line) => line.split(";")[0]!);
  const session = cookies.find((c) => c.startsWith("atalho_session="));
  if (!session)
    throw new Error(`no session cookie (status ${answer.status}): ${JSON.stringify(answer.body)}`);
  return session;
}

/** "scheduled job ran" lines of one job in a process's log (LOG_LEVEL=debug). */
function jobRuns(logFile: string, job: string): number {
  return fs
    .readFileSync(logFile, "utf8")
    .split("\n")
    .filter((line) => line.includes('"scheduled job ran"') && line.includes(`"job":"${job}"`)).length;
}

describe.skipIf(skipReason !== null)("two processes on one Postgres and one Redis", () => {
  const name = `atalho_fleet_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
  const databaseUrl = (() => {
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    return url.toString();
  })();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "atalho-fleet-"));
  const prefix = `atalho-fleet-${process.pid}-${Date.now()}:`;
  const servers: AppServer[] = [];
  let a: ReturnType<typeof client>;
  let b: ReturnType<typeof client>;

  const start = async (label: string, env: Record<string, string>) => {
    const server = await startApp({
      port: await freePort(),
      dataDir: path.join(dir, "data"),
      databaseUrl,
      logFile: path.join(dir, `${label}.log`),
      admin: ADMIN,
      pin: false,
      env: {
        PUBLIC_URL,
        DIST_DIR: path.join(dir, "dist"),
        LOG_LEVEL: "debug",
        JOBS_EVERY_MS: String(JOB_PERIOD_MS),
        ...env,
      },
    });
    servers.push(server);
    return server;
  };

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    // The SPA's template only (the screens are rendered by the server into it; no bundle needed).
    fs.mkdirSync(path.join(dir, "dist"), { recursive: true });
    fs.writeFileSync(
      path.join(dir, "dist", "index.html"),
      '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Atalho</title></head><body><div id="root"></div></body></html>',
    );
    // Both start at once on the empty database, as a fleet's first deploy does: one applies the
    // migrations, the other waits for it (an advisory lock) and finds nothing left to do.
    const shared = { REDIS_URL, REDIS_PREFIX: prefix };
    const [first, second] = await Promise.all([start("a", shared), start("b", shared)]);
    a = client(first.origin);
    b = client(second.origin);
  });

  afterAll(async () => {
    for (const server of servers) await server.stop();
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A new account registered through `server`: its session cookie. */
  async function register(server: ReturnType<typeof client>, email: string, password: string) {
    const registered = await server.post("/api/auth/register", { email, password, first_name: "Frota" });
    expect(registered.status).toBe(201);
    return sessionCookie(registered);
  }

  let user: { a: ReturnType<typeof client>; b: ReturnType<typeof client> };
  let admin: { a: ReturnType<typeof client>; b: ReturnType<typeof client> };

  it("a session made on A works on B", async () => {
    const cookie = await register(a, "usuaria-frota@exemplo.com.br", "senha-da-usuaria-123");
    user = { a: a.as(cookie), b: b.as(cookie) };
    const me = await user.b.get("/api/auth/me");
    expect(me.status).toBe(200);
    expect(me.body.user?.email ?? me.body.email).toBe("usuaria-frota@exemplo.com.br");

    const login = await b.post("/api/auth/login", ADMIN);
    expect(login.status).toBe(200);
    const adminCookie = sessionCookie(login);
    admin = { a: a.as(adminCookie), b: b.as(adminCookie) };
    expect((await admin.a.get("/api/admin/system-config")).status).toBe(200);
  });

  it("a short link changed or deleted through A is served changed by B at once, though B had it cached", async () => {
    const created = await user.a.post("/api/shortened-urls", {
      original_url: "https://exemplo.com.br/primeiro",
      custom_code: "frota1",
    });
    expect(created.status).toBe(201);
    const id = created.body.id ?? created.body.shortened_url?.id;
    // B caches it (a hit is then served from memory for minutes, unless told otherwise).
    for (let i = 0; i < 3; i++) {
      const hit = await b.get("/s/frota1");
      expect(hit.status).toBe(302);
      expect(hit.headers.get("location")).toBe("https://exemplo.com.br/primeiro");
    }

    const edited = await user.a.put(`/api/shortened-urls/${id}`, {
      original_url: "https://exemplo.com.br/segundo",
    });
    expect(edited.status).toBe(200);
    await expect
      .poll(async () => (await b.get("/s/frota1")).headers.get("location"), { timeout: 2_000, interval: 20 })
      .toBe("https://exemplo.com.br/segundo");

    expect((await user.a.delete(`/api/shortened-urls/${id}`)).status).toBeLessThan(300);
    await expect
      .poll(async () => (await b.get("/s/frota1")).headers.get("location"), { timeout: 2_000, interval: 20 })
      .not.toMatch(/^https:\/\/exemplo\.com\.br\//);
    const gone = await b.get("/s/frota1");
    expect(gone.status).toBe(302);
    expect(gone.headers.get("location")).toMatch(/indisponivel|unavailable/i);
  });

  it("a system setting changed on A (maintenance mode) is in force on B at once, and lifted likewise", async () => {
    expect((await user.b.get("/api/shortened-urls")).status).toBe(200);
    expect((await admin.a.put("/api/admin/system-config", { maintenance_mode: true })).status).toBe(200);
    await expect
      .poll(async () => (await user.b.get("/api/shortened-urls")).status, { timeout: 2_000, interval: 20 })
      .toBe(503);
    const refused = await user.b.get("/api/shortened-urls");
    expect(refused.body.error).toMatch(/manuten/i);
    expect((await admin.a.put("/api/admin/system-config", { maintenance_mode: false })).status).toBe(200);
    await expect
      .poll(async () => (await user.b.get("/api/shortened-urls")).status, { timeout: 2_000, interval: 20 })
      .toBe(200);
  });

  it("a custom domain added, given to a plan and removed on A is in force on B at once", async () => {
    const host = "links-frota.exemplo.com.br";
    // Caddy's question, answered from B's memory.
    expect((await b.get(`/api/domains/tls-allowed?domain=${host}`)).status).toBe(404);
    const created = await admin.a.post("/api/admin/custom-domains", { domain: host, display_name: "Frota" });
    expect(created.status).toBe(201);
    const domainId = created.body.id ?? created.body.domain?.id;
    await expect
      .poll(async () => (await b.get(`/api/domains/tls-allowed?domain=${host}`)).status, {
        timeout: 2_000,
        interval: 20,
      })
      .toBe(200);

    // The plan: the user's (free) plan gets custom domains and this one; B offers it at once.
    const hosts = async () =>
      ((await user.b.get("/api/custom-domains")).body as { domain: string }[]).map((d) => d.domain);
    expect(await hosts()).not.toContain(host);
    const plans = (await admin.a.get("/api/admin/subscription-plans")).body as Record<string, unknown>[];
    const free = plans.find((plan) => plan.price_cents === 0 && plan.is_active)!;
    const { id: planId, subscribers: _s, domain_ids: _d, ...fields } = free;
    expect(
      (await admin.a.put(`/api/admin/subscription-plans/${planId}`, { ...fields, custom_domains: true }))
        .status,
    ).toBe(200);
    expect(
      (await admin.a.post(`/api/admin/plans/${planId}/domains`, { custom_domain_id: domainId })).status,
    ).toBe(200);
    await expect.poll(hosts, { timeout: 2_000, interval: 20 }).toContain(host);

    expect((await admin.a.delete(`/api/admin/custom-domains/${domainId}`)).status).toBeLessThan(300);
    await expect
      .poll(async () => (await b.get(`/api/domains/tls-allowed?domain=${host}`)).status, {
        timeout: 2_000,
        interval: 20,
      })
      .toBe(404);
    await expect.poll(hosts, { timeout: 2_000, interval: 20 }).not.toContain(host);
  });

  it("a plan created on A is on B's pricing screen at once, though B had the screen cached", async () => {
    const pricing = async () => {
      const answer = await b.get("/pricing", { accept: "text/html" });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toContain("text/html");
      return String(answer.body);
    };
    expect(await pricing()).toContain("Gratuito");
    expect(await pricing()).not.toContain("Plano Frota");
    expect(await pricing()).not.toContain("Plano Frota"); // cached now (10 s for visitors)
    const created = await admin.a.post("/api/admin/subscription-plans", {
      name: "Plano Frota",
      description: "Para testar vários processos",
      price_cents: 1990,
    });
    expect(created.status).toBe(201);
    await expect.poll(pricing, { timeout: 2_000, interval: 20 }).toContain("Plano Frota");
  });

  it("a user deactivated by the admin on A is refused on B", async () => {
    const victim = b.as(await register(b, "desativada-frota@exemplo.com.br", "senha-da-desativada-123"));
    const me = await victim.get("/api/auth/me");
    expect(me.status).toBe(200);
    const id = me.body.user?.id ?? me.body.id;
    expect((await admin.a.post(`/api/admin/users/${id}/deactivate`)).status).toBe(200);
    expect((await victim.get("/api/auth/me")).status).toBe(401);
    expect((await victim.get("/api/shortened-urls")).status).toBe(401);
    const again = await b.post("/api/auth/login", {
      email: "desativada-frota@exemplo.com.br",
      password: "senha-da-desativada-123",
    });
    expect(again.status).toBeGreaterThanOrEqual(400);
  });

  it("rate limits are shared: login attempts counted on A count on B", async () => {
    const body = { email: "alvo-frota@exemplo.com.br", password: "errada-123" };
    // 10 per address per 15 minutes (auth.routes.ts), split between the two processes.
    for (let i = 0; i < 5; i++) expect((await a.post("/api/auth/login", body)).status).toBe(401);
    for (let i = 0; i < 5; i++) expect((await b.post("/api/auth/login", body)).status).toBe(401);
    const refused = await b.post("/api/auth/login", body);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await a.post("/api/auth/login", body)).status).toBe(429);
  });

  it("a scheduled job runs once per period across both processes, not once in each", async () => {
    const [first, second] = servers as [AppServer, AppServer]; // A and B, in either order
    const count = () =>
      jobRuns(first.logFile, "subscription-expiry") + jobRuns(second.logFile, "subscription-expiry");
    const before = count();
    const started = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 8_000));
    const periods = (Date.now() - started) / JOB_PERIOD_MS;
    const runs = count() - before;
    // Each process ticks every period: without the lease this would be about 2 × periods.
    expect(runs).toBeGreaterThanOrEqual(Math.floor(periods) - 2);
    expect(runs).toBeLessThanOrEqual(Math.ceil(periods) + 1);
    // Both processes are alive and ticking (each logs its lease refusals as nothing: only runs count).
    const database = new pg.Client({ connectionString: databaseUrl });
    await database.connect();
    const { rows } = await database.query<{ holder: string }>(
      "select holder from job_leases where name = 'subscription-expiry'",
    );
    await database.end();
    expect(rows).toHaveLength(1);
  });

  it("a process without REDIS_URL is refused beside them, with the reason in pt-BR", async () => {
    const attempt = start("alone", {});
    await expect(attempt).rejects.toThrow(/exited \(1\)/);
    await expect(attempt).rejects.toThrow(/Sem REDIS_URL só um processo pode usá-lo.*defina REDIS_URL/);
    // A and B kept serving.
    expect((await user.b.get("/api/auth/me")).status).toBe(200);
    expect((await user.a.get("/api/auth/me")).status).toBe(200);
  });
});
