import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, inArray, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  ADMIN_MESSAGES,
  type AdminUser,
  type AdminUserDetails,
  type AdminUsersPage,
} from "../../../common/contract/admin";
import { AUTH_MESSAGES } from "../../../common/contract/auth";
import { dayOf } from "../../../common/time";
import {
  accessLog,
  auditLog,
  billingEvents,
  linkPages,
  links,
  sessions,
  shortenedUrls,
  subscriptionPlans,
  userSubscriptions,
  users,
} from "../../../db/schema";
import { createUser, FACTORY_PASSWORD, subscribeUser } from "../../../tests/factories";
import { countUserRows, createFullAccount } from "../../../tests/full-account";
import { setupTestApp, unavailableLocation, withTwoProcesses } from "../../../tests/test-app";
import { createSession } from "../auth/session";
import { countAdminUsers } from "./admin-users.queries";

const dataDir = mkdtempSync(path.join(tmpdir(), "atalho-admin-users-"));
const t = setupTestApp({ dataDir });

let sequence = 0;
/** A string no other test's rows contain: searching for it isolates a test's users. */
const uniqueTag = () => `tg${Date.now().toString(36)}${(++sequence).toString(36)}p${process.pid}`;

const plans: Record<string, number> = {};
let admin: { user: { id: number; email: string }; cookie: string };
beforeAll(async () => {
  for (const row of await t.database.db.select().from(subscriptionPlans)) plans[row.name] = row.id;
  admin = await t.signIn({ isAdmin: true });
});

type Json = Record<string, unknown>;
const call = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  cookie = admin.cookie,
  payload?: Json,
) => t.request({ method, url, cookie, ...(payload === undefined ? {} : { payload }) });

const listOf = async (query: string) => {
  const response = await call("GET", `/api/admin/users?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminUsersPage>();
};
const idsOf = (page: AdminUsersPage) => page.users.map((user) => user.id);

/** A full edit body with the user's current values, changed by `changes`. */
async function editBody(userId: number, changes: Json = {}): Promise<Json> {
  const [user] = await t.database.db.select().from(users).where(eq(users.id, userId));
  return {
    email: user!.email,
    is_admin: user!.isAdmin,
    is_active: user!.isActive,
    custom_limits: {
      max_link_pages: user!.customMaxLinkPages,
      max_shortened_urls: user!.customMaxShortenedUrls,
      max_clicks_per_month: user!.customMaxClicksPerMonth,
      max_leads_per_month: user!.customMaxLeadsPerMonth,
    },
    ...changes,
  };
}
const edit = async (userId: number, changes: Json = {}, cookie = admin.cookie) =>
  call("PUT", `/api/admin/users/${userId}`, cookie, await editBody(userId, changes));

/** Rows straight in the tables: a page with buttons of these click counts, a short link with clicks. */
async function addPage(userId: number, buttonClicks: number[] = []) {
  const [page] = await t.database.db
    .insert(linkPages)
    .values({ userId, domainId: t.app.domains.default.id, slug: uniqueTag(), title: "Página" })
    .returning();
  for (const clickCount of buttonClicks) {
    await t.database.db
      .insert(links)
      .values({ linkPageId: page!.id, title: "Botão", url: "https://exemplo.com.br", clickCount });
  }
  return page!;
}
async function addShortLink(userId: number, clickCount = 0) {
  const [row] = await t.database.db
    .insert(shortenedUrls)
    .values({
      userId,
      domainId: t.app.domains.default.id,
      shortCode: uniqueTag(),
      originalUrl: "https://exemplo.com.br/destino",
      clickCount,
    })
    .returning();
  return row!;
}

const auditOf = (targetId: number, action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, String(targetId)), eq(auditLog.action, action)));

const limitsOf = async (cookie: string) => {
  const response = await call("GET", "/api/user/limits", cookie);
  expect(response.statusCode).toBe(200);
  const body = response.json();
  return [
    body.link_pages.limit,
    body.shortened_urls.limit,
    body.clicks_this_month.limit,
    body.leads_this_month.limit,
  ];
};

const login = (email: string) =>
  t.request({ method: "POST", url: "/api/auth/login", payload: { email, password: FACTORY_PASSWORD } });

describe("GET /api/admin/users", () => {
  it("answers each user with the spec's fields, plan, custom limits and usage counts", async () => {
    const tag = uniqueTag();
    const user = await createUser(t.database.db, {
      email: `${tag}@exemplo.com.br`,
      firstName: "Ana",
      lastName: "Souza",
      profilePictureUrl: "https://exemplo.com.br/ana.png",
      customMaxLinkPages: 7,
      customMaxShortenedUrls: -1,
      createdAt: new Date("2026-01-15T13:05:00Z"),
    });
    const { subscription } = await subscribeUser(t.database.db, user.id, "Pro");
    await addPage(user.id, [3, 4]);
    await addPage(user.id);
    await addShortLink(user.id, 10);

    const page = await listOf(`q=${tag}`);
    expect(page).toMatchObject({ total: 1, page: 1, page_size: 20 });
    expect(page.users[0]).toEqual<AdminUser>({
      id: user.id,
      email: `${tag}@exemplo.com.br`,
      first_name: "Ana",
      last_name: "Souza",
      is_admin: false,
      is_active: true,
      created_at: "2026-01-15T13:05:00.000Z",
      google_user_data: { picture: "https://exemplo.com.br/ana.png", given_name: "Ana" },
      subscription: {
        plan_id: plans.Pro!,
        plan_name: "Pro",
        status: "active",
        expires_at: subscription.expiresAt!.toISOString(),
      },
      custom_limits: {
        max_link_pages: 7,
        max_shortened_urls: -1,
        max_clicks_per_month: null,
        max_leads_per_month: null,
      },
      link_pages_count: 2,
      shortened_urls_count: 1,
      total_clicks: 17,
    });
  });

  it("shows the free plan for a user without a current subscription", async () => {
    const tag = uniqueTag();
    const user = await createUser(t.database.db, { email: `${tag}@exemplo.com.br` });
    await subscribeUser(t.database.db, user.id, "Business", { expiresAt: new Date(Date.now() - 1000) });
    const [row] = (await listOf(`q=${tag}`)).users;
    expect(row!.subscription).toEqual({
      plan_id: plans.Gratuito!,
      plan_name: "Gratuito",
      status: "active",
      expires_at: null,
    });
    expect(row).toMatchObject({ link_pages_count: 0, shortened_urls_count: 0, total_clicks: 0 });
  });

  it("searches email and full name, case-insensitively, with % _ and \\ taken literally", async () => {
    const tag = uniqueTag();
    const ana = await createUser(t.database.db, { firstName: "Ana", lastName: `Souza${tag}` });
    const literal = await createUser(t.database.db, { firstName: "50%_off", lastName: tag });
    await createUser(t.database.db, { firstName: "50xyoff", lastName: tag });
    const slash = await createUser(t.database.db, { email: `a\\b${tag}@exemplo.com.br` });

    expect(idsOf(await listOf(`q=${encodeURIComponent(`ana souza${tag}`.toUpperCase())}`))).toEqual([ana.id]);
    expect(idsOf(await listOf(`q=${encodeURIComponent(`50%_off ${tag}`)}`))).toEqual([literal.id]);
    expect(idsOf(await listOf(`q=${encodeURIComponent(`a\\b${tag}`)}`))).toEqual([slash.id]);
    expect((await listOf(`q=${tag}`)).total).toBe(4);
    expect((await listOf(`q=${uniqueTag()}`)).users).toEqual([]);
  });

  it("counts a search's matches up to a bound, past which the total is unknown (null); the whole list exactly", async () => {
    const tag = uniqueTag();
    for (const n of [1, 2, 3]) await createUser(t.database.db, { firstName: `Conta${n}`, lastName: tag });
    expect(await countAdminUsers(t.database.db, tag, 3)).toBe(3);
    expect(await countAdminUsers(t.database.db, tag, 2)).toBeNull();
    expect(await countAdminUsers(t.database.db, `${tag}x`, 2)).toBe(0);
    const everyone = await t.database.db.$count(users);
    expect(await countAdminUsers(t.database.db, "", 2)).toBe(everyone);
    // The route answers the count as it is, below ADMIN_USERS_SEARCH_COUNT_MAX.
    expect((await listOf(`q=${tag}`)).total).toBe(3);
  });

  it("sorts by signup date, email, name and each usage count, both ways, ties by id", async () => {
    const tag = uniqueTag();
    const make = (letter: string, firstName: string, day: string) =>
      createUser(t.database.db, {
        email: `${letter}${tag}@exemplo.com.br`,
        firstName,
        createdAt: new Date(`2026-01-${day}T12:00:00Z`),
      });
    const carla = await make("b", "Carla", "01");
    const bruno = await make("a", "bruno", "02");
    const ana = await make("c", "Ana", "03");
    await addPage(carla.id, [2]);
    await addPage(carla.id, [3]);
    await addShortLink(bruno.id, 1);
    await addShortLink(bruno.id);
    await addShortLink(bruno.id);
    await addPage(ana.id, [6]);
    await addShortLink(ana.id, 4);

    const order = async (sort: string, dir: "asc" | "desc") =>
      idsOf(await listOf(`q=${tag}&sort=${sort}&order=${dir}`));
    expect(await order("created_at", "desc")).toEqual([ana.id, bruno.id, carla.id]);
    expect(await order("created_at", "asc")).toEqual([carla.id, bruno.id, ana.id]);
    expect(await order("email", "asc")).toEqual([bruno.id, carla.id, ana.id]);
    expect(await order("name", "asc")).toEqual([ana.id, bruno.id, carla.id]);
    expect(await order("name", "desc")).toEqual([carla.id, bruno.id, ana.id]);
    expect(await order("link_pages", "desc")).toEqual([carla.id, ana.id, bruno.id]);
    expect(await order("shortened_urls", "desc")).toEqual([bruno.id, ana.id, carla.id]);
    expect(await order("shortened_urls", "asc")).toEqual([carla.id, ana.id, bruno.id]);
    expect(await order("clicks", "desc")).toEqual([ana.id, carla.id, bruno.id]);
    expect(await order("clicks", "asc")).toEqual([bruno.id, carla.id, ana.id]);

    // A tie (one page each now) falls back to the id, in the same direction.
    await addPage(bruno.id);
    await t.database.db.delete(linkPages).where(eq(linkPages.userId, carla.id));
    await addPage(carla.id);
    expect(await order("link_pages", "asc")).toEqual([carla.id, bruno.id, ana.id]);
    expect(await order("link_pages", "desc")).toEqual([ana.id, bruno.id, carla.id]);
  });

  it("pages in SQL with the total of matches", async () => {
    const tag = uniqueTag();
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await createUser(t.database.db, { lastName: tag }));
    const newest = made.map((user) => user.id).reverse();
    const first = await listOf(`q=${tag}&limit=2&page=1`);
    expect(first).toMatchObject({ total: 5, page: 1, page_size: 2 });
    expect(idsOf(first)).toEqual(newest.slice(0, 2));
    expect(idsOf(await listOf(`q=${tag}&limit=2&page=3`))).toEqual(newest.slice(4));
    expect((await listOf(`q=${tag}&limit=2&page=4`)).users).toEqual([]);
  });

  it("refuses a bad sort or page with a pt-BR message", async () => {
    for (const query of ["sort=password_hash", "order=up", "page=0", "limit=500"]) {
      const response = await call("GET", `/api/admin/users?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error).toBeTruthy();
    }
  });
});

describe("GET /api/admin/users/:id", () => {
  const details = (id: number | string, cookie = admin.cookie) =>
    call("GET", `/api/admin/users/${id}`, cookie);

  it("answers the table's row, the plan's expiry, the verification and the last sign-in", async () => {
    const tag = uniqueTag();
    const verifiedAt = new Date("2026-02-01T10:00:00Z");
    const user = await createUser(t.database.db, {
      email: `${tag}@exemplo.com.br`,
      firstName: "Bia",
      lastName: "Lima",
      emailVerifiedAt: verifiedAt,
      googleSub: `google-${tag}`,
    });
    const { subscription } = await subscribeUser(t.database.db, user.id, "Business");
    await addPage(user.id, [5]);
    await addShortLink(user.id, 2);
    const signIn = (event: "login" | "login_google" | "logout", at: string) => ({
      userId: user.id,
      email: user.email,
      event,
      ip: "203.0.113.9",
      createdAt: new Date(at),
    });
    await t.database.db
      .insert(accessLog)
      .values([
        signIn("login", "2026-03-01T12:00:00Z"),
        signIn("login_google", "2026-03-05T08:30:00Z"),
        signIn("logout", "2026-03-06T08:30:00Z"),
      ]);

    const response = await details(user.id);
    expect(response.statusCode, response.body).toBe(200);
    const [row] = (await listOf(`q=${tag}`)).users;
    expect(response.json()).toEqual<AdminUserDetails>({
      ...row!,
      email_verified_at: verifiedAt.toISOString(),
      last_login_at: "2026-03-05T08:30:00.000Z",
      has_password: true,
      google_linked: true,
    });
    expect(response.json().subscription).toMatchObject({
      plan_name: "Business",
      expires_at: subscription.expiresAt!.toISOString(),
    });
    expect(response.json()).toMatchObject({ link_pages_count: 1, shortened_urls_count: 1, total_clicks: 7 });
    expect(response.body).not.toContain("password_hash");
    expect(response.body).not.toContain("argon2");
  });

  it("says what is not known: never signed in, unverified, Google only", async () => {
    const user = await createUser(t.database.db, { emailVerifiedAt: null, passwordHash: null });
    const body = (await details(user.id)).json<AdminUserDetails>();
    expect(body).toMatchObject({
      email_verified_at: null,
      last_login_at: null,
      has_password: false,
      google_linked: false,
      subscription: { plan_name: "Gratuito", expires_at: null },
    });
  });

  it("answers 404 for an unknown user and 400 for a bad id, and only to an administrator", async () => {
    const unknown = await details(2_000_000_000);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(ADMIN_MESSAGES.userNotFound);
    expect((await details("abc")).statusCode).toBe(400);
    const member = await t.signIn();
    expect((await details(member.user.id, member.cookie)).statusCode).toBe(403);
  });
});

describe("PUT /api/admin/users/:id", () => {
  it("edits email, flags and custom limits, answers the user and writes the audit line", async () => {
    const tag = uniqueTag();
    const user = await createUser(t.database.db, { email: `${tag}@exemplo.com.br` });
    const response = await edit(user.id, {
      email: ` Novo${tag}@Exemplo.com.br `,
      is_admin: true,
      custom_limits: {
        max_link_pages: "7",
        max_shortened_urls: -1,
        max_clicks_per_month: "",
        max_leads_per_month: "250",
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ message: string; user: AdminUser }>();
    expect(body.message).toBe(ADMIN_MESSAGES.userUpdated);
    expect(body.user).toMatchObject({
      id: user.id,
      email: `novo${tag}@exemplo.com.br`,
      is_admin: true,
      is_active: true,
      custom_limits: {
        max_link_pages: 7,
        max_shortened_urls: -1,
        max_clicks_per_month: null,
        max_leads_per_month: 250,
      },
    });

    const [line] = await auditOf(user.id, "user.update");
    expect(line).toMatchObject({
      actorId: admin.user.id,
      actorEmail: admin.user.email,
      targetType: "user",
      targetLabel: `novo${tag}@exemplo.com.br`,
      before: {
        email: `${tag}@exemplo.com.br`,
        is_admin: false,
        is_active: true,
        plan: { id: plans.Gratuito, name: "Gratuito" },
        custom_limits: {
          max_link_pages: null,
          max_shortened_urls: null,
          max_clicks_per_month: null,
          max_leads_per_month: null,
        },
      },
      after: {
        email: `novo${tag}@exemplo.com.br`,
        is_admin: true,
        custom_limits: {
          max_link_pages: 7,
          max_shortened_urls: -1,
          max_clicks_per_month: null,
          max_leads_per_month: 250,
        },
      },
    });
    expect(JSON.stringify(line)).not.toMatch(/password|argon/i);
  });

  it("applies custom limits at once: the user's next request reads them", async () => {
    const { user, cookie } = await t.signIn();
    expect(await limitsOf(cookie)).toEqual([3, 50, 5000, 100]);
    await edit(user.id, {
      custom_limits: {
        max_link_pages: 7,
        max_shortened_urls: -1,
        max_clicks_per_month: null,
        max_leads_per_month: 300,
      },
    });
    // 7 pages, unlimited short links, the plan's clicks, 300 contacts a month.
    expect(await limitsOf(cookie)).toEqual([7, null, 5000, 300]);
    await edit(user.id, {
      custom_limits: {
        max_link_pages: 0,
        max_shortened_urls: null,
        max_clicks_per_month: null,
        max_leads_per_month: -1,
      },
    });
    expect(await limitsOf(cookie)).toEqual([0, 50, 5000, null]);
    const refused = await call("POST", "/api/link-pages", cookie, { slug: uniqueTag(), title: "Ana" });
    expect(refused.statusCode).toBe(403);
  });

  it("grants a plan with no end, replaces it, and ends it with the free plan; each with its billing event", async () => {
    const { user, cookie } = await t.signIn();
    const granted = await edit(user.id, { subscription_plan_id: plans.Pro });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().user.subscription).toEqual({
      plan_id: plans.Pro,
      plan_name: "Pro",
      status: "active",
      expires_at: null,
    });
    expect(await limitsOf(cookie)).toEqual([20, 1000, 100000, null]);

    await edit(user.id, { subscription_plan_id: plans.Business });
    expect(await limitsOf(cookie)).toEqual([100, 10000, 1000000, null]);
    const rows = await t.database.db
      .select()
      .from(userSubscriptions)
      .where(eq(userSubscriptions.userId, user.id))
      .orderBy(userSubscriptions.id);
    expect(rows.map((row) => [row.planId, row.status, row.expiresAt === null])).toEqual([
      [plans.Pro, "expired", false],
      [plans.Business, "active", true],
    ]);

    const freed = await edit(user.id, { subscription_plan_id: plans.Gratuito });
    expect(freed.json().user.subscription).toMatchObject({ plan_id: plans.Gratuito, plan_name: "Gratuito" });
    expect(await limitsOf(cookie)).toEqual([3, 50, 5000, 100]);
    const [business] = await t.database.db
      .select()
      .from(userSubscriptions)
      .where(and(eq(userSubscriptions.userId, user.id), eq(userSubscriptions.planId, plans.Business!)));
    expect(business!.status).toBe("expired");
    expect(business!.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now());

    const events = await t.database.db
      .select()
      .from(billingEvents)
      .where(eq(billingEvents.userId, user.id))
      .orderBy(billingEvents.id);
    expect(events.map((event) => [event.kind, event.cause])).toEqual([
      ["subscription.activated", `admin:${admin.user.id}`],
      ["subscription.expired", `admin:${admin.user.id}`],
      ["subscription.activated", `admin:${admin.user.id}`],
      ["subscription.expired", `admin:${admin.user.id}`],
    ]);
    const plansInAudit = (await auditOf(user.id, "user.update")).map((line) => [
      (line.before as { plan: { name: string } }).plan.name,
      (line.after as { plan: { name: string } }).plan.name,
    ]);
    expect(plansInAudit).toEqual([
      ["Gratuito", "Pro"],
      ["Pro", "Business"],
      ["Business", "Gratuito"],
    ]);
  });

  it("ends a paid subscription when the free plan is chosen, and leaves the plan alone when it is not sent", async () => {
    const { user } = await t.signIn();
    const { subscription } = await subscribeUser(t.database.db, user.id, "Pro");
    const untouched = await edit(user.id, { is_admin: false });
    expect(untouched.json().user.subscription.plan_name).toBe("Pro");
    const same = await edit(user.id, { subscription_plan_id: plans.Pro });
    expect(same.json().user.subscription.expires_at).toBe(subscription.expiresAt!.toISOString());

    await edit(user.id, { subscription_plan_id: plans.Gratuito });
    const [row] = await t.database.db
      .select()
      .from(userSubscriptions)
      .where(eq(userSubscriptions.id, subscription.id));
    expect(row!.status).toBe("expired");
  });

  it("refuses an email another account has (case-insensitive) and keeps one's own in another case", async () => {
    const tag = uniqueTag();
    await createUser(t.database.db, { email: `Outra${tag}@Exemplo.com.br` });
    const user = await createUser(t.database.db, { email: `me${tag}@exemplo.com.br` });
    const taken = await edit(user.id, { email: `outra${tag}@exemplo.com.br` });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(ADMIN_MESSAGES.emailTaken);
    const own = await edit(user.id, { email: `ME${tag}@exemplo.com.br` });
    expect(own.statusCode).toBe(200);
    expect(own.json().user.email).toBe(`me${tag}@exemplo.com.br`);
  });

  it("answers 404 for an unknown user, 400 for an unknown plan or a bad body, changing nothing", async () => {
    const missing = await call("PUT", "/api/admin/users/2147483000", admin.cookie, {
      email: "x@exemplo.com.br",
      is_admin: false,
      is_active: true,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(ADMIN_MESSAGES.userNotFound);

    const user = await createUser(t.database.db);
    const plan = await edit(user.id, { subscription_plan_id: 2147483000 });
    expect(plan.statusCode).toBe(400);
    expect(plan.json().error).toBe(ADMIN_MESSAGES.planNotFound);
    const bad = await edit(user.id, { email: "não é email", custom_limits: { max_link_pages: -5 } });
    expect(bad.statusCode).toBe(400);
    expect(await auditOf(user.id, "user.update")).toEqual([]);
  });

  it("deactivating through the edit ends the user's sessions", async () => {
    const { user, cookie } = await t.signIn();
    expect((await call("GET", "/api/auth/me", cookie)).statusCode).toBe(200);
    expect((await edit(user.id, { is_active: false })).statusCode).toBe(200);
    expect((await call("GET", "/api/auth/me", cookie)).statusCode).toBe(401);
    expect(await t.database.db.$count(sessions, eq(sessions.userId, user.id))).toBe(0);
  });
});

describe("POST /api/admin/users/:id/activate and /deactivate", () => {
  it("deactivating ends the open session at once and login says the account is inactive", async () => {
    const { user, cookie } = await t.signIn();
    const response = await call("POST", `/api/admin/users/${user.id}/deactivate`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: ADMIN_MESSAGES.userDeactivated });
    expect((await call("GET", "/api/link-pages", cookie)).statusCode).toBe(401);
    const refused = await login(user.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(AUTH_MESSAGES.inactive);
    expect(await auditOf(user.id, "user.deactivate")).toMatchObject([
      { actorId: admin.user.id, before: { is_active: true }, after: { is_active: false } },
    ]);

    const activated = await call("POST", `/api/admin/users/${user.id}/activate`);
    expect(activated.json()).toEqual({ message: ADMIN_MESSAGES.userActivated });
    expect((await login(user.email)).statusCode).toBe(200);
    expect(await auditOf(user.id, "user.activate")).toHaveLength(1);
  });

  it("keeps a deactivated user's short links working (a visitor is never refused for the owner's sake)", async () => {
    const user = await createUser(t.database.db);
    const link = await addShortLink(user.id);
    await call("POST", `/api/admin/users/${user.id}/deactivate`);
    const visit = await t.request({ method: "GET", url: `/s/${link.shortCode}` });
    expect(visit.statusCode).toBe(302);
    expect(visit.headers.location).toBe("https://exemplo.com.br/destino");
  });

  it("answers 404 for an unknown user", async () => {
    for (const action of ["activate", "deactivate"]) {
      const response = await call("POST", `/api/admin/users/2147483000/${action}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe(ADMIN_MESSAGES.userNotFound);
    }
  });
});

describe("the last active administrator", () => {
  it("cannot be demoted, deactivated or deleted, by themselves or anyone", async () => {
    const db = t.database.db;
    const me = await t.signIn({ isAdmin: true });
    // Only `me` stays an active administrator for this test; the others come back after it.
    const others = await db
      .update(users)
      .set({ isAdmin: false })
      .where(and(eq(users.isAdmin, true), eq(users.isActive, true), ne(users.id, me.user.id)))
      .returning({ id: users.id });
    try {
      for (const changes of [{ is_admin: false }, { is_active: false }]) {
        const response = await edit(me.user.id, changes, me.cookie);
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toBe(ADMIN_MESSAGES.lastAdmin);
      }
      const deactivate = await call("POST", `/api/admin/users/${me.user.id}/deactivate`, me.cookie);
      expect(deactivate.statusCode).toBe(400);
      expect(deactivate.json().error).toBe(ADMIN_MESSAGES.lastAdmin);
      const remove = await call("DELETE", `/api/admin/users/${me.user.id}`, me.cookie);
      expect(remove.statusCode).toBe(400);
      expect(remove.json().error).toBe(ADMIN_MESSAGES.cannotDeleteSelf);
      const [still] = await db.select().from(users).where(eq(users.id, me.user.id));
      expect(still).toMatchObject({ isAdmin: true, isActive: true });

      // With a second active administrator, either may step down.
      const second = await t.signIn({ isAdmin: true });
      expect((await edit(me.user.id, { is_admin: false }, me.cookie)).statusCode).toBe(200);
      const last = await edit(second.user.id, { is_active: false }, second.cookie);
      expect(last.json().error).toBe(ADMIN_MESSAGES.lastAdmin);
      await db.update(users).set({ isAdmin: false }).where(eq(users.id, second.user.id));
    } finally {
      if (others.length) {
        await db
          .update(users)
          .set({ isAdmin: true })
          .where(
            inArray(
              users.id,
              others.map((row) => row.id),
            ),
          );
      }
    }
  });
});

const fullAccount = () => createFullAccount(t, dataDir);
const rowsOf = (userId: number) => countUserRows(t.database.db, userId);

describe("DELETE /api/admin/users/:id", () => {
  it("removes all the user's data in one go, their image file, and writes the audit line", async () => {
    const { user, page } = await fullAccount();
    const before = await rowsOf(user.id);
    expect(
      Object.values(before).every((n) => n > 0),
      JSON.stringify(before),
    ).toBe(true);
    const image = path.join(dataDir, page.profile_image_url);
    expect(existsSync(image)).toBe(true);

    const response = await call("DELETE", `/api/admin/users/${user.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: ADMIN_MESSAGES.userDeleted });

    expect(Object.values(await rowsOf(user.id)).every((n) => n === 0)).toBe(true);
    expect(existsSync(image)).toBe(false);
    const [line] = await auditOf(user.id, "user.delete");
    expect(line).toMatchObject({
      actorId: admin.user.id,
      actorEmail: admin.user.email,
      targetType: "user",
      targetLabel: user.email,
      before: {
        email: user.email,
        plan: { id: plans.Business, name: "Business" },
        link_pages: 1,
        links: 1,
        shortened_urls: 1,
        total_clicks: 2,
        transactions: 1,
      },
      after: null,
    });
    expect(JSON.stringify(line)).not.toMatch(/password|argon/i);
  });

  it("stops the user's short link and public page at once (cached answers dropped)", async () => {
    const { user, code, page } = await fullAccount();
    const visit = () => t.request({ method: "GET", url: `/s/${code}` });
    const publicPage = () => t.request({ method: "GET", url: `/p/${page.slug}` });
    expect((await visit()).headers.location).toBe("https://exemplo.com.br/destino");
    expect((await publicPage()).statusCode).toBe(200);

    await call("DELETE", `/api/admin/users/${user.id}`);
    expect((await visit()).headers.location).toBe(unavailableLocation(code));
    expect((await publicPage()).statusCode).toBe(404);
  });

  it("keeps the audit lines the deleted user wrote as an administrator", async () => {
    const other = await t.signIn({ isAdmin: true });
    const target = await createUser(t.database.db);
    await call("POST", `/api/admin/users/${target.id}/deactivate`, other.cookie);
    expect((await call("DELETE", `/api/admin/users/${other.user.id}`)).statusCode).toBe(200);
    const [line] = await auditOf(target.id, "user.deactivate");
    expect(line).toMatchObject({ actorId: null, actorEmail: other.user.email });
  });

  it("refuses deleting oneself and answers 404 for an unknown user", async () => {
    const self = await call("DELETE", `/api/admin/users/${admin.user.id}`);
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toBe(ADMIN_MESSAGES.cannotDeleteSelf);
    const missing = await call("DELETE", "/api/admin/users/2147483000");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(ADMIN_MESSAGES.userNotFound);
  });
});

// Two processes on one database: the invalidation travels through Redis (REDIS_URL; the Postgres
// run sets it, a PGlite run with REDIS_URL set runs it too). Both apps share a fresh prefix.
describe.runIf(process.env.REDIS_URL)("DELETE across processes", () => {
  it("stops the user's short link at once on a second app instance sharing the database", async () => {
    await withTwoProcesses(
      t,
      async (first, second) => {
        const { user, code } = await fullAccount();
        const visitSecond = () => second.inject({ method: "GET", url: `/s/${code}` });
        // Warm the second process's redirect cache.
        expect((await visitSecond()).statusCode).toBe(302);
        expect((await visitSecond()).headers.location).toBe("https://exemplo.com.br/destino");

        const session = await createSession(t.database.db, admin.user.id);
        const deleted = await first.inject({
          method: "DELETE",
          url: `/api/admin/users/${user.id}`,
          headers: { cookie: `atalho_session=${session.token}` },
        });
        expect(deleted.statusCode).toBe(200);
        await vi.waitFor(
          async () => expect((await visitSecond()).headers.location).toBe(unavailableLocation(code)),
          { timeout: 2000, interval: 20 },
        );
      },
      { dataDir },
    );
  });
});

describe("GET /api/admin/users/export.csv", () => {
  const exportCsv = (query: string) => call("GET", `/api/admin/users/export.csv?${query}`);

  it("downloads the searched, sorted list as a UTF-8 CSV with BOM and semicolons for Excel pt-BR", async () => {
    const tag = uniqueTag();
    const ana = await createUser(t.database.db, {
      email: `a${tag}@exemplo.com.br`,
      firstName: "Ana",
      lastName: "Souza; Jr.",
      createdAt: new Date("2026-01-15T01:30:00Z"),
    });
    await subscribeUser(t.database.db, ana.id, "Pro");
    await addPage(ana.id, [5]);
    await addShortLink(ana.id, 2);
    await createUser(t.database.db, {
      email: `b${tag}@exemplo.com.br`,
      firstName: "Bruno",
      isAdmin: true,
      isActive: false,
      createdAt: new Date("2026-02-01T12:00:00Z"),
    });

    const response = await exportCsv(`q=${tag}&sort=email&order=asc&page=3&limit=1`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="usuarios_${dayOf(new Date())}.csv"`,
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(
      response.body
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n"),
    ).toEqual([
      "Nome;Email;Plano;Admin;Status;Link Bios;URLs;Cliques;Cadastro",
      `"Ana Souza; Jr.";a${tag}@exemplo.com.br;Pro;Não;Ativo;1;1;7;14/01/2026`,
      `Bruno;b${tag}@exemplo.com.br;Gratuito;Sim;Inativo;0;0;0;01/02/2026`,
    ]);
    const desc = (await exportCsv(`q=${tag}&sort=clicks&order=asc`)).body.trimEnd().split("\r\n");
    expect(desc[1]).toContain("Bruno;");
  });

  it("defuses cells a spreadsheet would run as formulas", async () => {
    const tag = uniqueTag();
    await createUser(t.database.db, {
      email: `${tag}@exemplo.com.br`,
      firstName: '=HYPERLINK("https://mal.example","x")',
      lastName: "",
    });
    await createUser(t.database.db, { email: `z${tag}@exemplo.com.br`, firstName: "@SUM(A1)", lastName: "" });
    await createUser(t.database.db, { email: `y${tag}@exemplo.com.br`, firstName: "+1+1", lastName: "-2" });
    const body = (await exportCsv(`q=${tag}`)).body;
    expect(body).toContain(`"'=HYPERLINK(""https://mal.example"",""x"")"`);
    expect(body).toContain(`"'@SUM(A1)"`);
    expect(body).toContain(`"'+1+1 -2"`);
    expect(body).not.toMatch(/(^|;)[=+@-]/m);
  });

  it("answers just the header row when nothing matches", async () => {
    const response = await exportCsv(`q=${uniqueTag()}`);
    expect(response.body).toBe("\uFEFFNome;Email;Plano;Admin;Status;Link Bios;URLs;Cliques;Cadastro\r\n");
  });
});
