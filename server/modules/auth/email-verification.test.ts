import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../../common/contract/auth";
import { authTokens, subscriptionPlans, users } from "../../../db/schema";
import { mailsTo } from "../../../tests/outbox";
import { cookieFrom, setupTestApp } from "../../../tests/test-app";
import { ensureAdmin } from "./auth.service";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "atalho-verify-"));
const outbox = path.join(dataDir, "outbox");
const t = setupTestApp({ dataDir });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

let ipCounter = 0;
const fromNewIp = () => `10.8.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const post = (url: string, payload: object, cookie?: string) =>
  t.request({ method: "POST", url, payload, cookie, remoteAddress: fromNewIp() });

async function verifyLinks(email: string): Promise<string[]> {
  await t.app.mailer.flush();
  return mailsTo(outbox, email)
    .map((eml) => /verificar-email\?token=([\w-]+)/.exec(eml)?.[1])
    .filter((token): token is string => !!token);
}

async function register() {
  const email = `nova.${Date.now()}.${Math.random().toString(36).slice(2)}@exemplo.com.br`;
  const response = await post("/api/auth/register", { email, password: "12345678", first_name: "Nina" });
  expect(response.statusCode).toBe(201);
  await t.app.mailer.flush();
  return { email, cookie: cookieFrom(response), user: response.json().user };
}

describe("e-mail verification", () => {
  it("a new account is unverified and gets a link that verifies it once", async () => {
    const { email, cookie, user } = await register();
    expect(user.email_verified).toBe(false);
    const [token] = await verifyLinks(email);
    expect(token).toBeTruthy();

    const verified = await post("/api/auth/verify-email", { token: token! });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ success: true, message: AUTH_MESSAGES.emailVerified });
    const me = await t.request({ method: "GET", url: "/api/auth/me", cookie });
    expect(me.json().email_verified).toBe(true);

    const again = await post("/api/auth/verify-email", { token: token! });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(AUTH_MESSAGES.verifyLinkUsed);
  });

  it("refuses forged and expired links", async () => {
    const forged = await post("/api/auth/verify-email", { token: "B".repeat(43) });
    expect(forged.json()).toMatchObject({ success: false, message: AUTH_MESSAGES.verifyLinkInvalid });

    const { email, cookie } = await register();
    const [token] = await verifyLinks(email);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.userId, row!.id));
    const expired = await post("/api/auth/verify-email", { token: token! });
    expect(expired.json().message).toBe(AUTH_MESSAGES.verifyLinkExpired);
    const me = await t.request({ method: "GET", url: "/api/auth/me", cookie });
    expect(me.json().email_verified).toBe(false);
  });

  it("resend: signed in only, a new link voids the old, rate limited per user", async () => {
    const signedOut = await post("/api/auth/verify-email/resend", {});
    expect(signedOut.statusCode).toBe(401);

    const { email, cookie } = await register();
    const resent = await post("/api/auth/verify-email/resend", {}, cookie);
    expect(resent.json()).toEqual({ success: true, message: AUTH_MESSAGES.verificationSent });
    const [first, second] = await verifyLinks(email);
    expect(second).toBeTruthy();
    expect((await post("/api/auth/verify-email", { token: first! })).json().message).toBe(
      AUTH_MESSAGES.verifyLinkInvalid,
    );
    const codes: number[] = [];
    for (let i = 0; i < 3; i++)
      codes.push((await post("/api/auth/verify-email/resend", {}, cookie)).statusCode);
    expect(codes).toEqual([200, 200, 429]);
  });

  it("an already verified user is told so", async () => {
    const { cookie } = await t.signIn();
    const response = await post("/api/auth/verify-email/resend", {}, cookie);
    expect(response.json().message).toBe(AUTH_MESSAGES.emailAlreadyVerified);
  });

  it("an unverified account cannot start a paid checkout", async () => {
    const { cookie } = await t.signIn({ emailVerifiedAt: null });
    const [pro] = await t.database.db
      .select()
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.name, "Pro"));
    const response = await post(
      "/api/subscriptions/create",
      { plan_id: pro!.id, interval_type: "monthly" },
      cookie,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe(AUTH_MESSAGES.verifyBeforeCheckout);
  });

  it("the administrator of ADMIN_EMAIL/ADMIN_PASSWORD counts as verified", async () => {
    const email = `admin.${Date.now()}@exemplo.com.br`;
    await ensureAdmin(t.database.db, email, "senha-admin-123");
    const [admin] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(admin!.emailVerifiedAt).not.toBeNull();
  });
});
