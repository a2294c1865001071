import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env";

describe("loadConfig", () => {
  it("has working defaults for a fresh machine", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: "./data",
      publicUrl: "http://localhost:3000",
      appName: "Atalho",
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.secureCookies).toBe(false);
    expect(config.rateLimits).toBe(true);
    expect(config.redisPrefix).toBe("atalho:");
  });

  it("names the bad variable", () => {
    expect(() => loadConfig({ PORT: "abc" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PUBLIC_URL: "ftp://x" })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ ADMIN_PASSWORD: "12345678" })).toThrow(/ADMIN_EMAIL/);
    expect(() => loadConfig({ ADMIN_EMAIL: "a@b.co", ADMIN_PASSWORD: "short" })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ REDIS_PREFIX: "com espaço" })).toThrow(/REDIS_PREFIX/);
    expect(() => loadConfig({ PORT: "abc" })).toThrow(ConfigError);
  });

  it("https public URL means secure cookies; trailing slash dropped", () => {
    const config = loadConfig({ PUBLIC_URL: "https://atalho.com.br/" });
    expect(config.publicUrl).toBe("https://atalho.com.br");
    expect(config.secureCookies).toBe(true);
  });

  it("reads TRUST_PROXY as no proxy, one, a number of them or their addresses; anything else fails", () => {
    for (const off of [undefined, "", "false", "0"])
      expect(loadConfig({ TRUST_PROXY: off }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "127.0.0.1, 10.0.0.0/8,::1" }).trustProxy).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
      "::1",
    ]);
    for (const bad of ["yes", "10.0.0.0/33", "127.0.0.1,proxy.internal"]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: "/);
    }
  });

  it("never turns rate limits off in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production", RATE_LIMITS: "off" })).toThrow(/RATE_LIMITS/);
    expect(loadConfig({ NODE_ENV: "test", RATE_LIMITS: "off" }).rateLimits).toBe(false);
  });

  it("uses the dev checkout without Mercado Pago, never in production", () => {
    expect(loadConfig({})).toMatchObject({ devCheckout: true, mercadoPago: undefined, scheduledJobs: true });
    expect(loadConfig({ NODE_ENV: "production" }).devCheckout).toBe(false);
    expect(loadConfig({ NODE_ENV: "test" }).scheduledJobs).toBe(false);
  });

  it("configures Mercado Pago with its webhook secret, which it requires", () => {
    const config = loadConfig({ MP_ACCESS_TOKEN: "APP_USR-1", MP_WEBHOOK_SECRET: "segredo" });
    expect(config.devCheckout).toBe(false);
    expect(config.mercadoPago).toEqual({
      accessToken: "APP_USR-1",
      webhookSecret: "segredo",
      apiBase: "https://api.mercadopago.com",
    });
    expect(
      loadConfig({ MP_ACCESS_TOKEN: "t", MP_WEBHOOK_SECRET: "s", MP_API_BASE: "http://127.0.0.1:9/" })
        .mercadoPago?.apiBase,
    ).toBe("http://127.0.0.1:9");
    expect(() => loadConfig({ MP_ACCESS_TOKEN: "APP_USR-1" })).toThrow(/MP_WEBHOOK_SECRET/);
  });
});
