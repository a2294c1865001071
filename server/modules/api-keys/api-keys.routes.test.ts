import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  API_KEY_MESSAGES,
  API_KEYS_MAX,
  type ApiKey,
  type CreatedApiKey,
} from "../../../common/contract/api-keys";
import { CROSS_ORIGIN, UNAUTHENTICATED } from "../../../common/contract/errors";
import type { ShortenedUrl } from "../../../common/contract/shortened-urls";
import { apiKeys, shortenedUrls, subscriptionPlans, userSubscriptions, users } from "../../../db/schema";
import { setupTestApp } from "../../../tests/test-app";
import { hashApiKey, LAST_USED_PRECISION_MS } from "./api-keys.service";

const t = setupTestApp();

const createKey = async (
  cookie: string,
  payload: object = { name: "Integração", scopes: ["links:read", "links:write"] },
) => t.request({ method: "POST", url: "/api/api-keys", payload, cookie });

async function keyFor(scopes: string[] = ["links:read", "links:write", "pages:read", "pages:write"]) {
  const session = await t.signIn();
  const response = await createKey(session.cookie, { name: "Script", scopes });
  expect(response.statusCode).toBe(201);
  return { ...session, created: response.json<CreatedApiKey>() };
}

const bearer = (
  key: string,
  options: { method?: string; url: string; payload?: object; headers?: Record<string, string> },
) =>
  t.app.inject({
    method: (options.method ?? "GET") as "GET",
    url: options.url,
    headers: { authorization: `Bearer ${key}`, ...options.headers },
    ...(options.payload ? { payload: options.payload } : {}),
  });

describe("API keys on the profile (session only)", () => {
  it("shows the key once and stores only its SHA-256", async () => {
    const { user, cookie } = await t.signIn();
    const response = await createKey(cookie);
    expect(response.statusCode).toBe(201);
    expect(response.headers["cache-control"]).toBe("no-store");
    const created = response.json<CreatedApiKey>();
    expect(created.key).toMatch(/^atk_[0-9A-Za-z]{40}$/);
    expect(created.prefix).toBe(created.key.slice(0, 10));
    expect(created.scopes).toEqual(["links:read", "links:write"]);

    const rows = await t.database.db.select().from(apiKeys).where(eq(apiKeys.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.keyHash).toBe(hashApiKey(created.key));
    expect(JSON.stringify(rows)).not.toContain(created.key);

    const list = await t.request({ method: "GET", url: "/api/api-keys", cookie });
    expect(list.statusCode).toBe(200);
    const keys = list.json<ApiKey[]>();
    expect(keys).toEqual([
      expect.objectContaining({
        id: created.id,
        name: "Integração",
        prefix: created.prefix,
        last_used_at: null,
      }),
    ]);
    expect(list.body).not.toContain(created.key);
    expect(keys[0]).not.toHaveProperty("key");
  });

  it("refuses a nameless key, no scopes or an unknown scope, in pt-BR, and creates nothing", async () => {
    const { user, cookie } = await t.signIn();
    for (const [payload, message] of [
      [{ name: " ", scopes: ["links:read"] }, API_KEY_MESSAGES.nameRequired],
      [{ name: "x", scopes: [] }, API_KEY_MESSAGES.scopesRequired],
      [{ name: "x", scopes: ["admin"] }, API_KEY_MESSAGES.scopeInvalid],
      [{ name: "x".repeat(61), scopes: ["links:read"] }, API_KEY_MESSAGES.nameTooLong],
    ] as const) {
      const response = await createKey(cookie, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toContain(message);
    }
    expect(await t.database.db.$count(apiKeys, eq(apiKeys.userId, user.id))).toBe(0);
  });

  it("holds at most API_KEYS_MAX active keys per user; a revoked one frees a place", async () => {
    const { user, cookie } = await t.signIn();
    const ids: number[] = [];
    for (let i = 0; i < API_KEYS_MAX; i++) ids.push((await createKey(cookie)).json<CreatedApiKey>().id);
    const refused = await createKey(cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(API_KEY_MESSAGES.tooMany);
    expect(await t.database.db.$count(apiKeys, eq(apiKeys.userId, user.id))).toBe(API_KEYS_MAX);
    await t.request({ method: "DELETE", url: `/api/api-keys/${ids[0]}`, cookie });
    expect((await createKey(cookie)).statusCode).toBe(201);
  });

  it("answers 401 signed out and 404 for another user's key", async () => {
    const { created } = await keyFor();
    expect((await t.request({ method: "GET", url: "/api/api-keys" })).statusCode).toBe(401);
    const other = await t.signIn();
    const response = await t.request({
      method: "DELETE",
      url: `/api/api-keys/${created.id}`,
      cookie: other.cookie,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe(API_KEY_MESSAGES.notFound);
    expect((await bearer(created.key, { url: "/api/shortened-urls" })).statusCode).toBe(200);
  });

  it("cannot be managed with a key", async () => {
    const { created } = await keyFor();
    for (const request of [
      { url: "/api/api-keys" },
      { method: "POST", url: "/api/api-keys", payload: { name: "x", scopes: ["links:read"] } },
      { method: "DELETE", url: `/api/api-keys/${created.id}` },
    ]) {
      const response = await bearer(created.key, request);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe(API_KEY_MESSAGES.routeRefused);
    }
  });
});

describe("Authorization: Bearer", () => {
  it("creates and lists short links, with no Origin and no CSRF check", async () => {
    const { user, created } = await keyFor(["links:read", "links:write"]);
    const made = await bearer(created.key, {
      method: "POST",
      url: "/api/shortened-urls",
      payload: { original_url: "https://exemplo.com.br/api" },
      headers: { "sec-fetch-site": "cross-site", origin: "https://outro.exemplo" },
    });
    expect(made.statusCode).toBe(201);
    const listed = await bearer(created.key, { url: "/api/shortened-urls" });
    expect(listed.statusCode).toBe(200);
    expect(listed.json<ShortenedUrl[]>().map((row) => row.id)).toEqual([made.json<ShortenedUrl>().id]);
    // The free plan's budget (migration 0015: Gratuito, 30 requests a minute per key).
    expect(listed.headers["x-ratelimit-limit"]).toBe("30");
    // The same cross-site POST with a session is still refused.
    const { cookie } = await t.signIn();
    const csrf = await t.request({
      method: "POST",
      url: "/api/shortened-urls",
      payload: { original_url: "https://exemplo.com.br/api" },
      cookie,
      headers: { origin: "https://outro.exemplo" },
    });
    expect(csrf.statusCode).toBe(403);
    expect(csrf.json().error).toBe(CROSS_ORIGIN);
    expect(await t.database.db.$count(shortenedUrls, eq(shortenedUrls.userId, user.id))).toBe(1);
  });

  it("works for Link Bio pages and their links with the pages scopes", async () => {
    const { created } = await keyFor(["pages:read", "pages:write"]);
    const page = await bearer(created.key, {
      method: "POST",
      url: "/api/link-pages",
      payload: { slug: `api-${Date.now().toString(36)}`, title: "Pela API" },
    });
    expect(page.statusCode).toBe(201);
    const id = page.json().id as number;
    const link = await bearer(created.key, {
      method: "POST",
      url: `/api/link-pages/${id}/links`,
      payload: { title: "Site", url: "https://exemplo.com.br" },
    });
    expect(link.statusCode).toBe(201);
    const edited = await bearer(created.key, {
      method: "PUT",
      url: `/api/links/${link.json().id}`,
      payload: { title: "Site novo" },
    });
    expect(edited.json().title).toBe("Site novo");
    expect((await bearer(created.key, { url: `/api/link-pages/${id}/links` })).json()).toHaveLength(1);
    // A pages key cannot read short links.
    expect((await bearer(created.key, { url: "/api/shortened-urls" })).statusCode).toBe(403);
  });

  it("a read-only key can list but not create or delete", async () => {
    const { user, created } = await keyFor(["links:read", "pages:read"]);
    const post = await bearer(created.key, {
      method: "POST",
      url: "/api/shortened-urls",
      payload: { original_url: "https://exemplo.com.br" },
    });
    expect(post.statusCode).toBe(403);
    expect(post.json().error).toBe(API_KEY_MESSAGES.missingScope);
    expect(post.headers["www-authenticate"]).toContain("insufficient_scope");
    expect((await bearer(created.key, { method: "DELETE", url: "/api/link-pages/1" })).statusCode).toBe(403);
    expect((await bearer(created.key, { url: "/api/shortened-urls" })).statusCode).toBe(200);
    expect((await bearer(created.key, { url: "/api/link-pages" })).statusCode).toBe(200);
    expect(await t.database.db.$count(shortenedUrls, eq(shortenedUrls.userId, user.id))).toBe(0);
  });

  it("answers 401 at once after revocation, and for unknown or malformed keys", async () => {
    const { cookie, created } = await keyFor();
    expect((await bearer(created.key, { url: "/api/shortened-urls" })).statusCode).toBe(200);
    const revoke = await t.request({ method: "DELETE", url: `/api/api-keys/${created.id}`, cookie });
    expect(revoke.statusCode).toBe(204);
    for (const key of [created.key, `atk_${"A".repeat(40)}`, "nem-parece-chave", ""]) {
      const response = await bearer(key, { url: "/api/shortened-urls" });
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe(API_KEY_MESSAGES.invalidKey);
    }
    expect((await t.request({ method: "GET", url: "/api/api-keys", cookie })).json()).toEqual([]);
  });

  it("answers 401 for the key of a deactivated user", async () => {
    const { user, created } = await keyFor();
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await bearer(created.key, { url: "/api/shortened-urls" })).statusCode).toBe(401);
  });

  it("refuses a session cookie sent with a key (400), even a valid one", async () => {
    const { cookie, created } = await keyFor();
    const response = await bearer(created.key, { url: "/api/shortened-urls", headers: { cookie } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(API_KEY_MESSAGES.cookieWithKey);
  });

  it("treats a malformed Bearer header as an invalid key, never falling back to the session", async () => {
    const { cookie } = await t.signIn();
    const response = await t.app.inject({
      method: "POST",
      url: "/api/shortened-urls",
      // Cross-site, where only a bearer request may skip the CSRF check.
      headers: {
        authorization: "Bearer a b",
        origin: "https://outro-site.com",
        "content-type": "application/json",
      },
      payload: { original_url: "https://exemplo.com.br/x" },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe(API_KEY_MESSAGES.invalidKey);
    const withCookie = await t.app.inject({
      method: "POST",
      url: "/api/shortened-urls",
      headers: {
        authorization: "Bearer a b",
        cookie,
        origin: "https://outro-site.com",
        "content-type": "application/json",
      },
      payload: { original_url: "https://exemplo.com.br/x" },
    });
    expect(withCookie.statusCode).toBe(400);
  });

  it("reads the analytics with analytics:read, and not with the other scopes alone", async () => {
    const { cookie, created } = await keyFor(["analytics:read"]);
    const page = await t.request({
      method: "POST",
      url: "/api/link-pages",
      cookie,
      payload: { slug: `analise-${Date.now()}`, title: "Ana" },
    });
    const pageId = page.json<{ id: number }>().id;
    for (const url of [
      "/api/analytics",
      "/api/analytics/advanced?range=7d",
      `/api/analytics/link-pages/${pageId}`,
      `/api/link-pages/${pageId}/analytics?range=90d`,
      `/api/link-pages/${pageId}/analytics/export.csv`,
    ]) {
      expect((await bearer(created.key, { url })).statusCode, url).toBe(200);
    }
    // Another user's page is as missing as ever.
    const other = await keyFor(["analytics:read"]);
    expect((await bearer(other.created.key, { url: `/api/analytics/link-pages/${pageId}` })).statusCode).toBe(
      404,
    );
    // pages:read lists the page but does not read its figures; analytics:read does not list pages.
    const reader = await keyFor(["links:read", "links:write", "pages:read", "pages:write"]);
    const refused = await bearer(reader.created.key, { url: "/api/analytics" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(API_KEY_MESSAGES.missingScope);
    for (const url of [
      `/api/link-pages/${pageId}/analytics`,
      `/api/link-pages/${pageId}/analytics/export.csv`,
    ]) {
      expect((await bearer(reader.created.key, { url })).statusCode, url).toBe(403);
    }
    expect((await bearer(created.key, { url: "/api/link-pages" })).statusCode).toBe(403);
  });

  it("is refused on every other /api route that needs a user: account, admin, billing", async () => {
    const admin = await t.signIn({ isAdmin: true });
    const created = (await createKey(admin.cookie)).json<CreatedApiKey>();
    for (const url of ["/api/auth/me", "/api/user/sessions", "/api/admin/users", "/api/user/subscription"]) {
      const response = await bearer(created.key, { url });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error).toBe(API_KEY_MESSAGES.routeRefused);
    }
    // Without the key those routes are simply signed out.
    expect((await t.request({ method: "GET", url: "/api/admin/users" })).json().error).toBe(UNAUTHENTICATED);
  });

  it("records the last use at most once a minute", async () => {
    const { cookie, created } = await keyFor();
    await bearer(created.key, { url: "/api/shortened-urls" });
    const [first] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(first!.lastUsedAt).toBeInstanceOf(Date);
    await bearer(created.key, { url: "/api/shortened-urls" });
    const [second] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(second!.lastUsedAt!.getTime()).toBe(first!.lastUsedAt!.getTime());
    // A minute later (moved back in the table), the next use writes again.
    const past = new Date(Date.now() - LAST_USED_PRECISION_MS - 1000);
    await t.database.db.update(apiKeys).set({ lastUsedAt: past }).where(eq(apiKeys.id, created.id));
    await bearer(created.key, { url: "/api/shortened-urls" });
    const [third] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(third!.lastUsedAt!.getTime()).toBeGreaterThan(past.getTime() + 500);
    const listed = await t.request({ method: "GET", url: "/api/api-keys", cookie });
    expect(listed.json<ApiKey[]>()[0]!.last_used_at).toBe(third!.lastUsedAt!.toISOString());
  });

  it("is limited by the owner's plan (429 with Retry-After), all their keys on one counter", async () => {
    const [plan] = await t.database.db
      .insert(subscriptionPlans)
      .values({ name: `API lenta ${Date.now()}`, apiRequestsPerMinute: 3 })
      .returning();
    const { user, cookie } = await t.signIn();
    await t.database.db.insert(userSubscriptions).values({
      userId: user.id,
      planId: plan!.id,
      status: "active",
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const first = (await createKey(cookie)).json<CreatedApiKey>();
    const second = (await createKey(cookie)).json<CreatedApiKey>();
    for (let i = 0; i < 3; i++) {
      expect((await bearer(first.key, { url: "/api/shortened-urls" })).statusCode).toBe(200);
    }
    const limited = await bearer(first.key, { url: "/api/shortened-urls" });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe(API_KEY_MESSAGES.rateLimited);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    // Another key of the same owner shares the budget: 20 keys are not 20 budgets.
    expect((await bearer(second.key, { url: "/api/shortened-urls" })).statusCode).toBe(429);
    // The session is not counted against keys.
    expect((await t.request({ method: "GET", url: "/api/shortened-urls", cookie })).statusCode).toBe(200);
  });

  it("is unlimited on a plan without a per-minute limit", async () => {
    const [plan] = await t.database.db
      .insert(subscriptionPlans)
      .values({ name: `API livre ${Date.now()}`, apiRequestsPerMinute: null })
      .returning();
    const { user, cookie } = await t.signIn();
    await t.database.db
      .insert(userSubscriptions)
      .values({ userId: user.id, planId: plan!.id, status: "active" });
    const key = (await createKey(cookie)).json<CreatedApiKey>();
    for (let i = 0; i < 70; i++) {
      const response = await bearer(key.key, { url: "/api/shortened-urls?limit=1" });
      expect(response.statusCode).toBe(200);
    }
  });
});
