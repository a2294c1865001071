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
  });

  it("names the bad variable", () => {
    expect(() => loadConfig({ PORT: "abc" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PUBLIC_URL: "ftp://x" })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ ADMIN_PASSWORD: "12345678" })).toThrow(/ADMIN_EMAIL/);
    expect(() => loadConfig({ ADMIN_EMAIL: "a@b.co", ADMIN_PASSWORD: "short" })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ PORT: "abc" })).toThrow(ConfigError);
  });

  it("https public URL means secure cookies; trailing slash dropped", () => {
    const config = loadConfig({ PUBLIC_URL: "https://atalho.com.br/" });
    expect(config.publicUrl).toBe("https://atalho.com.br");
    expect(config.secureCookies).toBe(true);
  });

  it("never turns rate limits off in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production", RATE_LIMITS: "off" })).toThrow(/RATE_LIMITS/);
    expect(loadConfig({ NODE_ENV: "test", RATE_LIMITS: "off" }).rateLimits).toBe(false);
  });
});
