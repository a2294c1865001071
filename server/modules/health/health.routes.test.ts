import { describe, expect, it } from "vitest";
import { SERVICE_UNAVAILABLE } from "../../../common/contract/errors";
import { setupTestApp } from "../../../tests/test-app";
import { testDatabaseKind } from "../../../tests/test-database";

const t = setupTestApp();

describe("health", () => {
  it("/healthz and /readyz answer when the database (and Redis, when configured) does", async () => {
    expect((await t.request({ method: "GET", url: "/healthz" })).json()).toEqual({ status: "ok" });
    // Redis connects in the background: ready once it has.
    let ready = await t.request({ method: "GET", url: "/readyz" });
    for (let i = 0; i < 50 && ready.statusCode !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      ready = await t.request({ method: "GET", url: "/readyz" });
    }
    expect(ready.json()).toEqual({
      status: "ok",
      database: testDatabaseKind,
      redis: testDatabaseKind === "postgres" && process.env.REDIS_URL ? "ok" : "none",
    });
  });

  it("/readyz answers 503 in pt-BR while the database is away, /healthz still 200", async () => {
    const ping = t.app.database.ping;
    t.app.database.ping = async () => {
      throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    };
    try {
      const ready = await t.request({ method: "GET", url: "/readyz" });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ error: SERVICE_UNAVAILABLE, database: "down" });
      expect((await t.request({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    } finally {
      t.app.database.ping = ping;
    }
  });

  it("unknown API paths answer a JSON 404 in pt-BR", async () => {
    const response = await t.request({ method: "GET", url: "/api/nada" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "Não encontrado." });
  });

  it("sends security headers with a CSP", async () => {
    const response = await t.request({ method: "GET", url: "/healthz" });
    expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });
});
