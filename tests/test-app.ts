import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { linkUnavailablePath } from "../common/contract/shortened-urls";
import type { Database } from "../db/client";
import { buildApp } from "../server/app";
import { type Config, loadConfig } from "../server/env";
import { createSession } from "../server/modules/auth/session";
import { createUser } from "./factories";
import { openTestDatabase, testDatabaseKind } from "./test-database";

export const TEST_PUBLIC_URL = "http://localhost:3000";
/** A desktop Chrome's User-Agent: a person's visit, not a bot's. */
export const BROWSER_USER_AGENT =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36";

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", PUBLIC_URL: TEST_PUBLIC_URL }),
    ...overrides,
  };
}

/** The Location of an unknown or expired code: the notice, with the short link for its report. */
export const unavailableLocation = (code: string, origin = TEST_PUBLIC_URL) =>
  linkUnavailablePath(`${origin}/s/${encodeURIComponent(code)}`);

export type TestContext = {
  app: FastifyInstance;
  database: Database;
  /** A signed-in user and the cookie header that carries their session. */
  signIn(
    overrides?: Parameters<typeof createUser>[1],
  ): Promise<{ user: Awaited<ReturnType<typeof createUser>>; cookie: string }>;
  /** app.inject with JSON in and out, as a browser on our origin would send it. */
  request(options: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse>;
};

/**
 * One app over one fresh database for the whole test file (beforeAll / afterAll); tests keep to
 * their own users, so they do not see each other's rows.
 */
export function setupTestApp(
  overrides: Partial<Config> = {},
  options: { distDir?: string } = {},
): TestContext {
  const context = {} as TestContext;
  beforeAll(async () => {
    context.database = await openTestDatabase();
    // On the Postgres run, Redis too (when REDIS_URL is set): shared rate limits and invalidation.
    const redisUrl = testDatabaseKind === "postgres" ? process.env.REDIS_URL : undefined;
    const redisPrefix = `atalho-test:${process.pid}:${Math.random().toString(36).slice(2)}:`;
    context.app = await buildApp(testConfig({ redisUrl, redisPrefix, ...overrides }), {
      database: context.database,
      distDir: options.distDir ?? "/nonexistent",
    });
    await context.app.ready();
  });
  afterAll(async () => {
    await context.app?.close();
    await context.database?.close();
  });
  context.signIn = async (userOverrides) => {
    const user = await createUser(context.database.db, userOverrides);
    const session = await createSession(context.database.db, user.id);
    return { user, cookie: `atalho_session=${session.token}` };
  };
  context.request = ({ cookie, headers, ...options }) =>
    context.app.inject({ ...options, headers: { ...(cookie ? { cookie } : {}), ...headers } });
  return context;
}

export type SignedIn = Awaited<ReturnType<TestContext["signIn"]>>;
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * The file's administrator, signed in before its tests (beforeAll), and `send`: a JSON call with
 * their session, or another `cookie`; no payload when it is undefined.
 */
export function setupAdmin(t: TestContext) {
  const admin = {} as SignedIn;
  beforeAll(async () => {
    Object.assign(admin, await t.signIn({ isAdmin: true }));
  });
  const send = (method: Method, url: string, payload?: unknown, cookie = admin.cookie) =>
    t.request({ method, url, cookie, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { admin, send };
}

/** Another app on the file's database (another process, as it were), ready; the caller closes it. */
export async function startApp(
  database: Database,
  overrides: Partial<Config> = {},
): Promise<FastifyInstance> {
  const app = await buildApp(testConfig(overrides), { database, distDir: "/nonexistent" });
  await app.ready();
  return app;
}

/**
 * Two more apps on the file's database sharing Redis (REDIS_URL) under a fresh prefix: two
 * processes of one fleet, closed once `use` is done, whatever it did.
 */
export async function withTwoProcesses(
  t: TestContext,
  use: (first: FastifyInstance, second: FastifyInstance) => Promise<void>,
  overrides: Partial<Config> = {},
): Promise<void> {
  const redisPrefix = `atalho-test:${process.pid}:${Math.random().toString(36).slice(2)}:`;
  const config = { redisUrl: process.env.REDIS_URL, redisPrefix, ...overrides };
  const apps: FastifyInstance[] = [];
  try {
    apps.push(await startApp(t.database, config), await startApp(t.database, config));
    await use(apps[0]!, apps[1]!);
  } finally {
    for (const app of apps) await app.close();
  }
}

/** The session cookie a response set, as a Cookie header ("" when it set none). */
export const cookieFrom = (response: { cookies: { name: string; value: string }[] }) => {
  const session = response.cookies.find((c) => c.name === "atalho_session");
  return session ? `atalho_session=${session.value}` : "";
};
