// What the fault tests share: a private Postgres and a private Redis on free loopback ports (so that
// they can be stopped and restarted without touching anybody else's), a seeded database, a load of
// short-link visits that counts what it was answered, and the clicks the database holds afterwards.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { freePort } from "../../bench/app-server";
import { openDatabase } from "../../db/client";
import { domains, linkPages, shortenedUrls, users } from "../../db/schema";
import { rollUpPending } from "../../server/modules/clicks/event-rollup";

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** A fresh temporary directory, removed by the returned function. */
export function tempDir(prefix: string): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `atalho-${prefix}-`));
  // FAULTS_KEEP=1 keeps the directories (server logs, data) to read after a run.
  const remove = () =>
    process.env.FAULTS_KEEP === "1"
      ? console.log(`kept ${dir}`)
      : fs.rmSync(dir, { recursive: true, force: true });
  return { dir, remove };
}

/** Polls until `check` returns a truthy value, or throws after `ms`. */
export async function waitFor<T>(what: string, check: () => Promise<T> | T, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${last}` : ""}`);
    await sleep(100);
  }
}

// --- Postgres -----------------------------------------------------------------------------------

/** The newest Debian Postgres binaries, or null when none is installed. */
export function postgresBin(): string | null {
  const base = "/usr/lib/postgresql";
  if (!fs.existsSync(base)) return null;
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], "bin") : null;
}

const isRoot = process.getuid?.() === 0;

/** Runs a Postgres tool, as the postgres OS user when we are root (initdb refuses root). */
function pgTool(bin: string, tool: string, args: string[], timeoutMs = 60_000): void {
  const command = isRoot ? "runuser" : path.join(bin, tool);
  const argv = isRoot ? ["-u", "postgres", "--", path.join(bin, tool), ...args] : args;
  const result = spawnSync(command, argv, { encoding: "utf8", timeout: timeoutMs });
  if (result.status !== 0) {
    throw new Error(`${tool} ${args.join(" ")} failed (${result.status}): ${result.stderr}${result.stdout}`);
  }
}

export type PrivatePostgres = {
  url: string;
  port: number;
  /** pg_ctl stop -m fast: connections are terminated (57P01), new ones refused. */
  stop(): void;
  start(): void;
  /** Stops for good and removes the cluster. */
  destroy(): void;
};

/** Why a private Postgres cannot run here, or null when it can. */
export function postgresMissing(): string | null {
  const bin = postgresBin();
  if (!bin) return "no Postgres binaries in /usr/lib/postgresql/*/bin";
  if (isRoot && spawnSync("id", ["-u", "postgres"]).status !== 0)
    return "running as root without a postgres user";
  return null;
}

/** A throwaway Postgres cluster on a free loopback port (trust auth, no fsync). */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error("no Postgres binaries");
  const { dir, remove } = tempDir("pg");
  if (isRoot) {
    const uid = Number(spawnSync("id", ["-u", "postgres"], { encoding: "utf8" }).stdout.trim());
    const gid = Number(spawnSync("id", ["-g", "postgres"], { encoding: "utf8" }).stdout.trim());
    fs.chownSync(dir, uid, gid);
  }
  fs.chmodSync(dir, 0o700);
  const data = path.join(dir, "data");
  pgTool(bin, "initdb", ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"]);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const log = path.join(dir, "server.log");
  const start = () =>
    pgTool(bin, "pg_ctl", ["-D", data, "-l", log, "-w", "-t", "60", "-o", options, "start"]);
  const stop = () => pgTool(bin, "pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "60", "stop"]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    destroy() {
      try {
        pgTool(bin, "pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } catch {
        // already stopped
      }
      remove();
    },
  };
}

// --- Redis --------------------------------------------------------------------------------------

export function redisMissing(): string | null {
  return spawnSync("redis-server", ["--version"]).status === 0 ? null : "no redis-server on PATH";
}

export type PrivateRedis = {
  url: string;
  port: number;
  /** SIGKILL: gone at once, like a crash. */
  kill(): Promise<void>;
  start(): Promise<void>;
  /** SIGSTOP / SIGCONT: a Redis that hangs, its sockets still open. */
  pause(): void;
  resume(): void;
};

/** A private redis-server (no persistence) on a free loopback port. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      {
        stdio: "ignore",
      },
    );
    await waitFor(
      "redis-server",
      () => spawnSync("redis-cli", ["-p", String(port), "ping"]).status === 0,
      10_000,
    );
  };
  const kill = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const gone = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGKILL");
    await gone;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    kill,
    pause: () => child?.kill("SIGSTOP"),
    resume: () => child?.kill("SIGCONT"),
  };
}

/** Sends one command with redis-cli (no client of ours, so nothing of the app's code is used). */
export function redisCli(port: number, ...args: string[]): string {
  const result = spawnSync("redis-cli", ["-p", String(port), ...args], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`redis-cli ${args.join(" ")}: ${result.stderr}`);
  return result.stdout.trim();
}

// --- Database -----------------------------------------------------------------------------------

/** Short links by code, and one Link Bio page (its slug) whose views the load records too. */
export type Seed = { codes: string[]; domainId: number; userId: number; pageSlug: string };

export const targetOf = (code: string) => `https://exemplo.com.br/destino/${code}`;

/**
 * Migrates a database (postgres://… or a PGlite data dir) and gives it the default domain of
 * `origin`, one user and `links` short links; closed again before the server opens it.
 */
export async function seedDatabase(
  where: { url?: string; dataDir: string },
  origin: string,
  links = 20,
): Promise<Seed> {
  const database = await openDatabase({ url: where.url, dataDir: where.dataDir, poolSize: 2 });
  try {
    const { db } = database;
    const host = new URL(origin).host;
    const [domain] = await db
      .insert(domains)
      .values({ domain: host, displayName: host, isDefault: true, isActive: true })
      .returning({ id: domains.id });
    const [user] = await db
      .insert(users)
      .values({ email: "falhas@exemplo.com.br", firstName: "Falhas" })
      .returning({ id: users.id });
    const codes = Array.from({ length: links }, (_, i) => `f${i}`);
    await db.insert(shortenedUrls).values(
      codes.map((code) => ({
        userId: user!.id,
        domainId: domain!.id,
        shortCode: code,
        originalUrl: targetOf(code),
      })),
    );
    const pageSlug = "falhas";
    await db
      .insert(linkPages)
      .values({ userId: user!.id, domainId: domain!.id, slug: pageSlug, title: "Falhas" });
    return { codes, domainId: domain!.id, userId: user!.id, pageSlug };
  } finally {
    await database.close();
  }
}

type Where = { url?: string; dataDir: string };

/**
 * The answers of `count` queries (each `select … as n`) on a stopped server's database, once the
 * batches appended but not summed yet are summed, as the next start would.
 */
async function countsOf<K extends string>(where: Where, queries: Record<K, ReturnType<typeof sql>>) {
  const database = await openDatabase({
    url: where.url,
    dataDir: where.dataDir,
    migrate: false,
    poolSize: 1,
  });
  try {
    await rollUpPending(database);
    const counts = {} as Record<K, number>;
    for (const [key, query] of Object.entries(queries) as [K, ReturnType<typeof sql>][]) {
      const { rows } = (await database.db.execute(query)) as { rows: { n?: unknown }[] };
      counts[key] = Number(rows[0]?.n ?? 0);
    }
    return counts;
  } finally {
    await database.close();
  }
}

/** Clicks in the events table and in the links' counters (all human: the load sends a browser UA). */
export const countClicks = (where: Where): Promise<{ events: number; counters: number }> =>
  countsOf(where, {
    events: sql`select coalesce(sum(clicks), 0)::int as n from click_events where target_type = 'short_url'`,
    counters: sql`select coalesce(sum(click_count), 0)::int as n from shortened_urls`,
  });

/** A page's views in the events table and in its daily figures (page_daily, "total" rows). */
export const countViews = (where: Where): Promise<{ events: number; figures: number }> =>
  countsOf(where, {
    events: sql`select coalesce(sum(clicks), 0)::int as n from click_events where target_type = 'link_page'`,
    figures: sql`select coalesce(sum(views), 0)::int as n from page_daily where dimension = 'total'`,
  });

// --- HTTP ---------------------------------------------------------------------------------------

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string; ms: number };

/** One GET on a fresh connection (no keep-alive), with a timeout. */
export function get(url: string, headers: Record<string, string> = {}, timeoutMs = 10_000): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { headers: { "user-agent": BROWSER_UA, ...headers }, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString("utf8"),
            ms: performance.now() - started,
          }),
        );
        response.on("error", reject);
      },
    );
    request.setTimeout(timeoutMs, () => request.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    request.on("error", reject);
  });
}

export type Load = {
  /** Counters so far: 302s are accepted clicks, the page's 200s accepted views. */
  readonly counts: { redirects: number; views: number; unavailable: number; other: number; errors: number };
  /** Stops sending and resolves once every request in flight has its answer (or error). */
  stop(): Promise<void>;
};

/**
 * `workers` loops of GET /s/{code} over keep-alive connections, cycling through the codes. A 302
 * to the link's target is an accepted click; a 503 is a refusal (shutdown); a connection error is
 * a request the server never took.
 */
export function startLoad(origin: string, codes: string[], workers = 8, pageSlug?: string): Load {
  const agent = new http.Agent({ keepAlive: true, maxSockets: workers });
  const counts = { redirects: 0, views: 0, unavailable: 0, other: 0, errors: 0 };
  let running = true;
  let n = 0;
  /** One GET of a short link (a 302 to its target) or, with `page`, of the page (a 200). */
  const once = (code: string, page?: string) =>
    new Promise<void>((resolve) => {
      const request = http.get(
        page ? `${origin}/p/${page}` : `${origin}/s/${code}`,
        { agent, headers: { "user-agent": BROWSER_UA } },
        (response) => {
          response.resume();
          response.on("end", () => {
            if (page && response.statusCode === 200) counts.views++;
            else if (!page && response.statusCode === 302 && response.headers.location === targetOf(code))
              counts.redirects++;
            else if (response.statusCode === 503) counts.unavailable++;
            else counts.other++;
            resolve();
          });
          response.on("error", () => {
            counts.errors++;
            resolve();
          });
        },
      );
      request.setTimeout(15_000, () => request.destroy(new Error("timeout")));
      request.on("error", () => {
        counts.errors++;
        resolve();
      });
    });
  const loop = async () => {
    while (running) {
      const before = counts.errors;
      const i = n++;
      // With a page, one request in four is a view of it.
      await once(codes[i % codes.length]!, pageSlug && i % 4 === 3 ? pageSlug : undefined);
      // A refused connection (server gone) answers at once: do not spin.
      if (counts.errors > before) await sleep(20);
    }
  };
  const loops = Array.from({ length: workers }, loop);
  return {
    counts,
    async stop() {
      running = false;
      await Promise.all(loops);
      agent.destroy();
    },
  };
}

/** The lines of a server's log (pino JSON) whose message contains `text`. */
export function logLines(file: string, text: string): string[] {
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.includes(text));
}
