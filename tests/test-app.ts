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

/** The session cookie a response set, as a Cookie header ("" when it set none). */
export const cookieFrom = (response: { cookies: { name: string; value: string }[] }) => {
  const session = response.cookies.find((c) => c.name === "atalho_session");
  return session ? `atalho_session=${session.value}` : "";
};
