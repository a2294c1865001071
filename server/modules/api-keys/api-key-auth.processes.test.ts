import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import type { CreatedApiKey } from "../../../common/contract/api-keys";
import { subscriptionPlans, userSubscriptions } from "../../../db/schema";
import { setupTestApp, testConfig } from "../../../tests/test-app";
import { buildApp } from "../../app";

// Several processes on one database (and one Redis): a key is revoked everywhere at once, and its
// per-minute budget is one budget, not one per process.
const t = setupTestApp();

async function twoApps(redisUrl: string | undefined) {
  const redisPrefix = `atalho-test:${process.pid}:${Math.random().toString(36).slice(2)}:`;
  const start = async () => {
    const app = await buildApp(testConfig({ redisUrl, redisPrefix }), {
      database: t.database,
      distDir: "/nonexistent",
    });
    await app.ready();
    return app;
  };
  return [await start(), await start()] as [FastifyInstance, FastifyInstance];
}

const get = (app: FastifyInstance, key: string) =>
  app.inject({ method: "GET", url: "/api/shortened-urls", headers: { authorization: `Bearer ${key}` } });

async function keyOnPlan(perMinute: number) {
  const [plan] = await t.database.db
    .insert(subscriptionPlans)
    .values({ name: `API ${perMinute}/min ${Math.random()}`, apiRequestsPerMinute: perMinute })
    .returning();
  const { user, cookie } = await t.signIn();
  await t.database.db
    .insert(userSubscriptions)
    .values({ userId: user.id, planId: plan!.id, status: "active" });
  const response = await t.request({
    method: "POST",
    url: "/api/api-keys",
    cookie,
    payload: { name: "multi", scopes: ["links:read"] },
  });
  return { cookie, created: response.json<CreatedApiKey>() };
}

describe("API keys across processes", () => {
  it("a key revoked through one process is refused by the other at once", async () => {
    const apps = await twoApps(undefined);
    try {
      const [first, second] = apps;
      const { cookie, created } = await keyOnPlan(100);
      expect((await get(second, created.key)).statusCode).toBe(200);
      const revoked = await first.inject({
        method: "DELETE",
        url: `/api/api-keys/${created.id}`,
        headers: { cookie },
      });
      expect(revoked.statusCode).toBe(204);
      expect((await get(second, created.key)).statusCode).toBe(401);
    } finally {
      for (const app of apps) await app.close();
    }
  });

  it.runIf(process.env.REDIS_URL && process.env.ATALHO_TEST_DB === "postgres")(
    "shares the per-minute budget of a key through Redis",
    async () => {
      const apps = await twoApps(process.env.REDIS_URL);
      try {
        const [first, second] = apps;
        const { created } = await keyOnPlan(3);
        expect((await get(first, created.key)).statusCode).toBe(200);
        expect((await get(second, created.key)).statusCode).toBe(200);
        expect((await get(first, created.key)).statusCode).toBe(200);
        const limited = await get(second, created.key);
        expect(limited.statusCode).toBe(429);
        expect(limited.headers["retry-after"]).toBeDefined();
      } finally {
        for (const app of apps) await app.close();
      }
    },
  );
});
