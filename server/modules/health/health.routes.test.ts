import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../tests/test-app";
import { testDatabaseKind } from "../../../tests/test-database";

const t = setupTestApp();

describe("health", () => {
  it("/healthz and /readyz answer when the database does", async () => {
    expect((await t.request({ method: "GET", url: "/healthz" })).json()).toEqual({ status: "ok" });
    expect((await t.request({ method: "GET", url: "/readyz" })).json()).toEqual({
      status: "ok",
      database: testDatabaseKind,
    });
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
