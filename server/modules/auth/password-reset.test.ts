import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../../common/contract/auth";
import { authTokens, sessions, users } from "../../../db/schema";
import { FACTORY_PASSWORD } from "../../../tests/factories";
import { mailsTo as readMails } from "../../../tests/outbox";
import { cookieFrom, setupTestApp } from "../../../tests/test-app";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "atalho-reset-"));
const outbox = path.join(dataDir, "outbox");
const t = setupTestApp({ dataDir });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

let ipCounter = 0;
const fromNewIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const post = (url: string, payload: object, extra: { cookie?: string; ip?: string } = {}) =>
  t.request({ method: "POST", url, payload, cookie: extra.cookie, remoteAddress: extra.ip ?? fromNewIp() });

/** The mails sent to `email` so far, oldest first. */
async function mailsTo(email: string): Promise<string[]> {
  await t.app.mailer.flush();
  return readMails(outbox, email);
}
const tokenIn = (eml: string) => /redefinir-senha\?token=([\w-]+)/.exec(eml)![1]!;

async function requestToken(email: string): Promise<string> {
  const response = await post("/api/auth/password-reset/request", { email });
  expect(response.statusCode).toBe(200);
  const mails = await mailsTo(email);
  return tokenIn(mails.at(-1)!);
}

describe("POST /api/auth/password-reset/request", () => {
  it("answers the same for a known and an unknown address, and mails only the known one", async () => {
    const { user } = await t.signIn({ firstName: "Ana" });
    const unknown = `ninguem.${Date.now()}@exemplo.com.br`;
    const known = await post("/api/auth/password-reset/request", { email: user.email.toUpperCase() });
    const missing = await post("/api/auth/password-reset/request", { email: unknown });
    expect(known.statusCode).toBe(200);
    expect(missing.statusCode).toBe(200);
    expect(known.json()).toEqual(missing.json());
    expect(known.json()).toEqual({ success: true, message: AUTH_MESSAGES.passwordResetRequested });

    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/^Subject: /m);
    expect(mails[0]).toContain("http://localhost:3000/auth/redefinir-senha?token=");
    expect(await mailsTo(unknown)).toHaveLength(0);

    const [row] = await t.database.db.select().from(authTokens).where(eq(authTokens.userId, user.id));
    // Stored hashed: the mailed token is not in the table.
    expect(row!.tokenHash).not.toBe(tokenIn(mails[0]!));
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);
  });

  it("refuses a malformed address with the form's message", async () => {
    const response = await post("/api/auth/password-reset/request", { email: "nao-e-email" });
    expect(response.statusCode).toBe(400);
  });

  it("is rate limited per address, from any IP", async () => {
    const { user } = await t.signIn();
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      codes.push((await post("/api/auth/password-reset/request", { email: user.email })).statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429]);
  });

  it("is rate limited per IP", async () => {
    const ip = fromNewIp();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const email = `x${i}.${Date.now()}@exemplo.com.br`;
      codes.push((await post("/api/auth/password-reset/request", { email }, { ip })).statusCode);
    }
    expect(codes.at(-1)).toBe(429);
    expect(codes.slice(0, 10).every((code) => code === 200)).toBe(true);
  });
});

describe("POST /api/auth/password-reset/confirm", () => {
  it("sets the password, ends every session and signs in here", async () => {
    const { user, cookie: oldCookie } = await t.signIn();
    const token = await requestToken(user.email);
    const response = await post("/api/auth/password-reset/confirm", { token, password: "nova-senha-987" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: AUTH_MESSAGES.passwordResetDone,
      user: { id: user.id, email: user.email },
    });

    const me = await t.request({ method: "GET", url: "/api/auth/me", cookie: cookieFrom(response) });
    expect(me.statusCode).toBe(200);
    const old = await t.request({ method: "GET", url: "/api/auth/me", cookie: oldCookie });
    expect(old.statusCode).toBe(401);
    const remaining = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(remaining).toHaveLength(1);

    const login = await post("/api/auth/login", { email: user.email, password: "nova-senha-987" });
    expect(login.statusCode).toBe(200);
    const oldPassword = await post("/api/auth/login", { email: user.email, password: FACTORY_PASSWORD });
    expect(oldPassword.statusCode).toBe(401);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailVerifiedAt).not.toBeNull();
  });

  it("refuses a used token", async () => {
    const { user } = await t.signIn();
    const token = await requestToken(user.email);
    const first = await post("/api/auth/password-reset/confirm", { token, password: "nova-senha-987" });
    expect(first.statusCode).toBe(200);
    const again = await post("/api/auth/password-reset/confirm", { token, password: "outra-senha-987" });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ success: false, message: AUTH_MESSAGES.resetLinkUsed });
  });

  it("refuses an expired token", async () => {
    const { user, cookie } = await t.signIn();
    const token = await requestToken(user.email);
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.userId, user.id));
    const response = await post("/api/auth/password-reset/confirm", { token, password: "nova-senha-987" });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(AUTH_MESSAGES.resetLinkExpired);
    // Nothing changed: the session lives, the old password works.
    expect((await t.request({ method: "GET", url: "/api/auth/me", cookie })).statusCode).toBe(200);
  });

  it("refuses a forged token", async () => {
    const response = await post("/api/auth/password-reset/confirm", {
      token: "A".repeat(43),
      password: "nova-senha-987",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(AUTH_MESSAGES.resetLinkInvalid);
  });

  it("a new request voids the older link", async () => {
    const { user } = await t.signIn();
    const older = await requestToken(user.email);
    const newer = await requestToken(user.email);
    expect(newer).not.toBe(older);
    const stale = await post("/api/auth/password-reset/confirm", {
      token: older,
      password: "nova-senha-987",
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe(AUTH_MESSAGES.resetLinkInvalid);
    const fresh = await post("/api/auth/password-reset/confirm", {
      token: newer,
      password: "nova-senha-987",
    });
    expect(fresh.statusCode).toBe(200);
  });

  it("applies the registration's password rules before spending the token", async () => {
    const { user } = await t.signIn();
    const token = await requestToken(user.email);
    const short = await post("/api/auth/password-reset/confirm", { token, password: "curta" });
    expect(short.statusCode).toBe(400);
    expect(short.json().details).toMatchObject({ password: "A senha deve conter pelo menos 8 caracteres" });
    const ok = await post("/api/auth/password-reset/confirm", { token, password: "nova-senha-987" });
    expect(ok.statusCode).toBe(200);
  });

  it("does not reset a deactivated account", async () => {
    const { user } = await t.signIn();
    const token = await requestToken(user.email);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const response = await post("/api/auth/password-reset/confirm", { token, password: "nova-senha-987" });
    expect(response.statusCode).toBe(403);
    // And a deactivated account gets no new link.
    await post("/api/auth/password-reset/request", { email: user.email });
    expect(await mailsTo(user.email)).toHaveLength(1);
  });
});
