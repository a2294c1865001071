import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "../../../common/contract/account";
import { ADMIN_MESSAGES } from "../../../common/contract/admin";
import { AUTH_MESSAGES } from "../../../common/contract/auth";
import {
  accessLog,
  billingEvents,
  clickDaily,
  clickEvents,
  sessions,
  shortenedUrls,
  transactions,
  users,
} from "../../../db/schema";
import { createUser, FACTORY_PASSWORD, insertShortLinks, subscribeUser } from "../../../tests/factories";
import { countUserRows, createFullAccount } from "../../../tests/full-account";
import { BROWSER_USER_AGENT, setupTestApp, unavailableLocation } from "../../../tests/test-app";
import { issueToken } from "../auth/auth-tokens";
import { createSession } from "../auth/session";
import { DELETION_SLICES, finishPendingDeletions } from "./account-deletion";

const dataDir = mkdtempSync(path.join(tmpdir(), "atalho-account-deletion-"));
const t = setupTestApp({ dataDir });

let sequence = 0;
const uniqueTag = () => `del${Date.now().toString(36)}${(++sequence).toString(36)}p${process.pid}`;
let ipCounter = 0;
const fromNewIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

type Json = Record<string, unknown>;
const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, cookie?: string, payload?: Json) =>
  t.request({ method, url, cookie, remoteAddress: fromNewIp(), ...(payload ? { payload } : {}) });
const deleteMe = (cookie: string, payload: Json) => call("DELETE", "/api/user", cookie, payload);

/** The session is over and the password no longer signs in: the login's `status` and `message`. */
async function expectLockedOut(user: { email: string }, cookie: string, status: number, message: string) {
  expect((await call("GET", "/api/auth/me", cookie)).statusCode).toBe(401);
  const login = await call("POST", "/api/auth/login", undefined, {
    email: user.email,
    password: FACTORY_PASSWORD,
  });
  expect(login.statusCode).toBe(status);
  expect(login.json().message).toBe(message);
}

/** A visitor's click on a Link Bio button. */
const clickButton = (linkId: number) =>
  t.request({
    method: "POST",
    url: "/api/track-link-click",
    headers: { "user-agent": BROWSER_USER_AGENT },
    payload: { link_id: linkId },
  });

const fullAccount = () => createFullAccount(t, dataDir);
const rowsOf = (userId: number) => countUserRows(t.database.db, userId);

describe("DELETE /api/user", () => {
  it("deletes every row of the user, their files, and ends the session; the login is refused after", async () => {
    const account = await fullAccount();
    const { user, cookie } = account;
    const before = await rowsOf(user.id);
    expect(
      Object.values(before).every((n) => n > 0),
      JSON.stringify(before),
    ).toBe(true);
    for (const file of account.files) expect(existsSync(file), file).toBe(true);

    const response = await deleteMe(cookie, { password: FACTORY_PASSWORD });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.accountDeleted });
    const cleared = response.cookies.find((c) => c.name === "atalho_session");
    expect(cleared?.value).toBe("");

    expect(await rowsOf(user.id)).toEqual(Object.fromEntries(Object.keys(before).map((key) => [key, 0])));
    for (const file of account.files) expect(existsSync(file), file).toBe(false);
    await expectLockedOut(user, cookie, 401, AUTH_MESSAGES.wrongCredentials);
  });

  it("keeps the payment with a null user, its amounts, dates and provider ids, and scrubs the payer's details", async () => {
    const { cookie, payment } = await fullAccount();
    expect((await deleteMe(cookie, { password: FACTORY_PASSWORD })).statusCode).toBe(200);
    const [kept] = await t.database.db.select().from(transactions).where(eq(transactions.id, payment.id));
    expect(kept).toMatchObject({
      userId: null,
      planId: payment.planId,
      planName: "Pro",
      status: "approved",
      amountCents: 1990,
      provider: "mercadopago",
      providerPaymentId: payment.providerPaymentId,
      paymentMethod: "boleto",
      approvedAt: payment.approvedAt,
      subscriptionStart: payment.subscriptionStart,
      subscriptionEnd: payment.subscriptionEnd,
      createdAt: payment.createdAt,
    });
    expect(kept!.paymentDetails).toEqual({ boleto_due_date: "2026-12-01", processor_response: "accredited" });
    const [event] = await t.database.db
      .select()
      .from(billingEvents)
      .where(eq(billingEvents.transactionId, payment.id));
    expect(event).toMatchObject({ userId: null, kind: "transaction.approved" });
  });

  it("stops the short link and the public page at once", async () => {
    const { cookie, code, page } = await fullAccount();
    const visit = () => t.request({ method: "GET", url: `/s/${code}` });
    const publicPage = () => t.request({ method: "GET", url: `/p/${page.slug}` });
    // Both answers cached.
    expect((await visit()).headers.location).toBe("https://exemplo.com.br/destino");
    expect((await visit()).headers.location).toBe("https://exemplo.com.br/destino");
    expect((await publicPage()).statusCode).toBe(200);
    expect((await publicPage()).statusCode).toBe(200);

    expect((await deleteMe(cookie, { password: FACTORY_PASSWORD })).statusCode).toBe(200);
    expect((await visit()).headers.location).toBe(unavailableLocation(code));
    expect((await publicPage()).statusCode).toBe(404);
  });

  it("stops every link of an account with more than a thousand, without reading their codes", async () => {
    const { cookie, code } = await fullAccount();
    const [owner] = await t.database.db
      .select({ userId: shortenedUrls.userId, domainId: shortenedUrls.domainId })
      .from(shortenedUrls)
      .where(eq(shortenedUrls.shortCode, code));
    await t.database.db.insert(shortenedUrls).values(
      Array.from({ length: 1_000 }, (_, i) => ({
        userId: owner!.userId,
        domainId: owner!.domainId,
        shortCode: `${code}-${i}`,
        originalUrl: `https://exemplo.com.br/muitos/${i}`,
      })),
    );
    const visit = (c: string) => t.request({ method: "GET", url: `/s/${c}` });
    // Cached before the deletion, a link of the account and one of someone else.
    const other = await fullAccount();
    for (const c of [code, `${code}-999`, other.code]) await visit(c);
    expect((await visit(`${code}-999`)).headers.location).toBe("https://exemplo.com.br/muitos/999");

    expect((await deleteMe(cookie, { password: FACTORY_PASSWORD })).statusCode).toBe(200);
    expect((await visit(code)).headers.location).toBe(unavailableLocation(code));
    expect((await visit(`${code}-999`)).headers.location).toBe(unavailableLocation(`${code}-999`));
    expect((await visit(other.code)).headers.location).toBe("https://exemplo.com.br/destino");
  });

  it("deletes an account of several Link Bio pages with links and clicks", async () => {
    const { user, cookie } = await t.signIn();
    await subscribeUser(t.database.db, user.id, "Business");
    for (const n of [1, 2, 3]) {
      const page = await call("POST", "/api/link-pages", cookie, { slug: uniqueTag(), title: `Página ${n}` });
      expect(page.statusCode, page.body).toBe(201);
      const pageId = page.json<{ id: number }>().id;
      for (const title of ["Instagram", "Loja"]) {
        const button = await call("POST", `/api/link-pages/${pageId}/links`, cookie, {
          title,
          url: `https://exemplo.com.br/${n}/${title}`,
        });
        expect(button.statusCode, button.body).toBe(201);
        await clickButton(button.json<{ id: number }>().id);
      }
    }
    await t.app.clicks.flush();

    const response = await deleteMe(cookie, { password: FACTORY_PASSWORD });
    expect(response.statusCode, response.body).toBe(200);
    expect(Object.values(await rowsOf(user.id)).every((n) => n === 0)).toBe(true);
  });

  it("writes the access-log line 'account_deletion', which outlives the account", async () => {
    const { user, cookie } = await fullAccount();
    const response = await t.request({
      method: "DELETE",
      url: "/api/user",
      cookie,
      remoteAddress: "203.0.113.77",
      payload: { password: FACTORY_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const lines = await t.database.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.userId, user.id), eq(accessLog.event, "account_deletion")));
    expect(lines).toMatchObject([{ email: user.email, ip: "203.0.113.77" }]);
  });

  it("a wrong password changes nothing, with a pt-BR message; a missing one is asked for", async () => {
    const { user, cookie, files } = await fullAccount();
    const before = await rowsOf(user.id);
    const wrong = await deleteMe(cookie, { password: "nao-e-a-senha" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      error: "Senha incorreta",
      details: { password: "Senha incorreta" },
    });
    const empty = await deleteMe(cookie, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBeTruthy();
    const blank = await deleteMe(cookie, { password: "" });
    expect(blank.json().error).toBe("Informe a senha atual");

    expect(await rowsOf(user.id)).toEqual(before);
    for (const file of files) expect(existsSync(file)).toBe(true);
    expect((await call("GET", "/api/auth/me", cookie)).statusCode).toBe(200);
    expect(
      await t.database.db.$count(
        accessLog,
        and(eq(accessLog.userId, user.id), eq(accessLog.event, "account_deletion")),
      ),
    ).toBe(0);
  });

  it("is rate limited per user (password guesses)", async () => {
    const { cookie } = await t.signIn();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await deleteMe(cookie, { password: `errada-${i}` })).statusCode);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses[5]).toBe(429);
  });

  it("an account without a password is deleted with a fresh Google sign-in's token, once", async () => {
    const { user, cookie } = await t.signIn({ passwordHash: null, googleSub: `sub-${uniqueTag()}` });
    const byPassword = await deleteMe(cookie, { password: "qualquer-coisa" });
    expect(byPassword.statusCode).toBe(400);
    expect(byPassword.json().error).toBe(ACCOUNT_MESSAGES.deletionNeedsGoogle);
    const forged = await deleteMe(cookie, { google_reauth_token: "B".repeat(43) });
    expect(forged.json().error).toBe(ACCOUNT_MESSAGES.googleReauthInvalid);
    // Another user's token does not delete this account.
    const other = await createUser(t.database.db);
    const othersToken = await issueToken(t.database.db, other.id, "google_reauth", 60_000);
    expect((await deleteMe(cookie, { google_reauth_token: othersToken })).statusCode).toBe(400);
    const expired = await issueToken(t.database.db, user.id, "google_reauth", -1);
    expect((await deleteMe(cookie, { google_reauth_token: expired })).json().error).toBe(
      ACCOUNT_MESSAGES.googleReauthInvalid,
    );
    expect(await t.database.db.$count(users, eq(users.id, user.id))).toBe(1);

    const token = await issueToken(t.database.db, user.id, "google_reauth", 60_000);
    const deleted = await deleteMe(cookie, { google_reauth_token: token });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.database.db.$count(users, eq(users.id, user.id))).toBe(0);
    expect(await t.database.db.$count(users, eq(users.id, other.id))).toBe(1);
  });

  it("keeps the last active administrator, and lets an administrator go while another remains", async () => {
    // The only active administrator of this database while the test runs: the others step aside.
    const db = t.database.db;
    const admins = await db
      .update(users)
      .set({ isActive: false })
      .where(and(eq(users.isAdmin, true), eq(users.isActive, true)))
      .returning({ id: users.id });
    try {
      const admin = await t.signIn({ isAdmin: true });
      const refused = await deleteMe(admin.cookie, { password: FACTORY_PASSWORD });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe(ACCOUNT_MESSAGES.lastAdmin);
      expect(await db.$count(users, eq(users.id, admin.user.id))).toBe(1);

      await t.signIn({ isAdmin: true });
      expect((await deleteMe(admin.cookie, { password: FACTORY_PASSWORD })).statusCode).toBe(200);
    } finally {
      if (admins.length) {
        await db
          .update(users)
          .set({ isActive: true })
          .where(
            inArray(
              users.id,
              admins.map((a) => a.id),
            ),
          );
      }
    }
  });

  it("is for the signed-in user only", async () => {
    const response = await call("DELETE", "/api/user", undefined, { password: FACTORY_PASSWORD });
    expect(response.statusCode).toBe(401);
    // A session that is not the account's own (another device) still works until the delete.
    const { user } = await t.signIn();
    const second = await createSession(t.database.db, user.id);
    expect(
      (await deleteMe(`atalho_session=${second.token}`, { password: FACTORY_PASSWORD })).statusCode,
    ).toBe(200);
  });
});

describe("DELETE /api/admin/users/:id (the same deletion)", () => {
  it("anonymises the payment like the owner's deletion, but writes no access-log line (not the user's access)", async () => {
    const admin = await t.signIn({ isAdmin: true });
    const { user, payment, files } = await fullAccount();
    const response = await call("DELETE", `/api/admin/users/${user.id}`, admin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const [kept] = await t.database.db.select().from(transactions).where(eq(transactions.id, payment.id));
    expect(kept).toMatchObject({ userId: null, amountCents: 1990 });
    expect(kept!.paymentDetails).not.toHaveProperty("boleto_url");
    for (const file of files) expect(existsSync(file)).toBe(false);
    expect(
      await t.database.db.$count(
        accessLog,
        and(eq(accessLog.userId, user.id), eq(accessLog.event, "account_deletion")),
      ),
    ).toBe(0);
  });
});

describe("a large account's deletion, in slices", () => {
  /** Short links and click rows past several slices (the slices made small for the test). */
  async function largeAccount() {
    const account = await fullAccount();
    const db = t.database.db;
    const [short] = await db
      .select({ domainId: shortenedUrls.domainId })
      .from(shortenedUrls)
      .where(eq(shortenedUrls.shortCode, account.code));
    await insertShortLinks(db, {
      userId: account.user.id,
      domainId: short!.domainId,
      from: 1,
      to: 25,
      title: "Lote",
    });
    const occurredAt = new Date();
    await db.insert(clickEvents).values(
      Array.from({ length: 25 }, (_, i) => ({
        userId: account.user.id,
        targetType: "short_url" as const,
        targetId: 1_000_000 + i,
        occurredAt,
      })),
    );
    await db.insert(clickDaily).values(
      Array.from({ length: 25 }, (_, i) => ({
        userId: account.user.id,
        day: "2026-11-01",
        targetType: "short_url" as const,
        targetId: 1_000_000 + i,
        dimension: "total" as const,
        clicks: 1,
      })),
    );
    return { ...account, bulkCode: `f-${account.user.id}-25` };
  }

  const withSmallSlices = async (run: () => Promise<void>) => {
    const saved = { ...DELETION_SLICES };
    Object.assign(DELETION_SLICES, { shortLinks: 10, clickRows: 10 });
    try {
      await run();
    } finally {
      Object.assign(DELETION_SLICES, saved);
    }
  };

  const visit = (code: string) => t.request({ method: "GET", url: `/s/${code}` });

  it("deletes every row, slice after slice, and stops the cached links", async () => {
    const admin = await t.signIn({ isAdmin: true });
    const { user, code, bulkCode, files } = await largeAccount();
    expect((await visit(bulkCode)).headers.location).toBe("https://links.com.br/25");
    await withSmallSlices(async () => {
      const response = await call("DELETE", `/api/admin/users/${user.id}`, admin.cookie);
      expect(response.statusCode, response.body).toBe(200);
    });
    expect(Object.values(await rowsOf(user.id)).every((n) => n === 0)).toBe(true);
    for (const file of files) expect(existsSync(file)).toBe(false);
    expect((await visit(bulkCode)).headers.location).toBe(unavailableLocation(bulkCode));
    expect((await visit(code)).headers.location).toBe(unavailableLocation(code));
  });

  it("a deletion cut short by a restart: the account stays closed, and the scheduled job finishes it", async () => {
    const admin = await t.signIn({ isAdmin: true });
    const { user, cookie, bulkCode, files } = await largeAccount();
    const db = t.database.db;
    // What the first step leaves (the account closed), and a slice of its links already gone.
    await db
      .update(users)
      .set({ isActive: false, deletionStartedAt: new Date() })
      .where(eq(users.id, user.id));
    await db.delete(sessions).where(eq(sessions.userId, user.id));
    await db.execute(
      sql`delete from shortened_urls where id in (select id from shortened_urls where user_id = ${user.id} order by id limit 10)`,
    );

    await expectLockedOut(user, cookie, 403, AUTH_MESSAGES.inactive);
    for (const [method, url] of [
      ["POST", `/api/admin/users/${user.id}/activate`],
      ["DELETE", `/api/admin/users/${user.id}`],
    ] as const) {
      const refused = await call(method, url, admin.cookie);
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json().error).toBe(ADMIN_MESSAGES.userNotFound);
    }
    expect(await db.$count(users, eq(users.id, user.id))).toBe(1);

    await withSmallSlices(async () => {
      expect(await finishPendingDeletions(t.app)).toBeGreaterThanOrEqual(1);
    });
    expect(Object.values(await rowsOf(user.id)).every((n) => n === 0)).toBe(true);
    for (const file of files) expect(existsSync(file)).toBe(false);
    expect((await visit(bulkCode)).headers.location).toBe(unavailableLocation(bulkCode));
    expect(await finishPendingDeletions(t.app)).toBe(0);
  });
});
