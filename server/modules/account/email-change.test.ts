import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "../../../common/contract/account";
import { accessLog, authTokens, users } from "../../../db/schema";
import { createUser, FACTORY_PASSWORD } from "../../../tests/factories";
import { mailsTo } from "../../../tests/outbox";
import { setupTestApp } from "../../../tests/test-app";
import { issueToken } from "../auth/auth-tokens";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "atalho-email-change-"));
const outbox = path.join(dataDir, "outbox");
const t = setupTestApp({ dataDir });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

let counter = 0;
const newAddress = () => `novo.${Date.now()}.${++counter}.${process.pid}@exemplo.com.br`;
let ipCounter = 0;
const fromNewIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const post = (url: string, payload: object, cookie?: string, remoteAddress = fromNewIp()) =>
  t.request({ method: "POST", url, payload, cookie, remoteAddress });
const requestChange = (cookie: string, newEmail: string, password = FACTORY_PASSWORD) =>
  post("/api/user/email", { new_email: newEmail, current_password: password }, cookie);
const confirm = (token: string, remoteAddress?: string) =>
  post("/api/user/email/confirm", { token }, undefined, remoteAddress);
const status = async (cookie: string) =>
  (await t.request({ method: "GET", url: "/api/user/account", cookie })).json();

async function changeLinks(email: string): Promise<string[]> {
  await t.app.mailer.flush();
  return mailsTo(outbox, email)
    .map((eml) => /confirmar-email\?token=([\w-]+)/.exec(eml)?.[1])
    .filter((token): token is string => !!token);
}

describe("e-mail change", () => {
  it("mails a link to the new address and a notice to the old; following it changes and verifies the e-mail", async () => {
    const { user, cookie } = await t.signIn({ emailVerifiedAt: null });
    // A reset link mailed to the old address earlier: it must not outlive the change.
    const oldReset = await issueToken(t.database.db, user.id, "password_reset", 60 * 60_000);
    const target = newAddress();
    const response = await requestChange(cookie, `  ${target.toUpperCase()} `);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: ACCOUNT_MESSAGES.emailChangeSent,
      pending_email_change: { new_email: target },
    });
    // Nothing changes until the link is followed; the profile shows the pending change.
    const [still] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(still!.email).toBe(user.email);
    expect((await status(cookie)).pending_email_change).toMatchObject({ new_email: target });

    const [token] = await changeLinks(target);
    expect(token).toBeTruthy();
    const notice = mailsTo(outbox, user.email).find((eml) => eml.includes("Pedido de troca de email"));
    // The old address was never proven: the notice names no address the account holder typed.
    expect(notice).toContain("para outro endere"); // "endereço", quoted-printable after it
    expect(notice).not.toContain(target);
    expect(notice).not.toMatch(/confirmar-email\?token/);

    const confirmed = await confirm(token!, "198.51.100.9");
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ message: ACCOUNT_MESSAGES.emailChanged, email: target });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe(target);
    expect(row!.emailVerifiedAt).toBeInstanceOf(Date);
    const me = await t.request({ method: "GET", url: "/api/auth/me", cookie });
    expect(me.json()).toMatchObject({ email: target, email_verified: true });
    expect((await status(cookie)).pending_email_change).toBeNull();
    const [line] = await t.database.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.userId, user.id), eq(accessLog.event, "email_change")));
    expect(line).toMatchObject({ email: target, ip: "198.51.100.9" });

    // The new address signs in; the old one no longer does.
    const login = (email: string) =>
      post("/api/auth/login", { email, password: FACTORY_PASSWORD }, undefined, fromNewIp());
    expect((await login(target)).statusCode).toBe(200);
    expect((await login(user.email)).statusCode).toBe(401);

    const reset = await post("/api/auth/password-reset/confirm", {
      token: oldReset,
      password: "outra-senha-9",
    });
    expect(reset.statusCode).toBe(400);

    const again = await confirm(token!);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(ACCOUNT_MESSAGES.emailChangeLinkUsed);
  });

  it("refuses forged and expired links, and a new request voids the older link", async () => {
    const forged = await confirm("C".repeat(43));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error).toBe(ACCOUNT_MESSAGES.emailChangeLinkInvalid);
    const empty = await confirm("");
    expect(empty.statusCode).toBe(400);

    const { user, cookie } = await t.signIn();
    const first = newAddress();
    await requestChange(cookie, first);
    const [firstToken] = await changeLinks(first);
    const second = newAddress();
    await requestChange(cookie, second);
    const [secondToken] = await changeLinks(second);
    expect((await confirm(firstToken!)).json().error).toBe(ACCOUNT_MESSAGES.emailChangeLinkInvalid);

    await t.database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(authTokens.userId, user.id), eq(authTokens.purpose, "email_change")));
    expect((await confirm(secondToken!)).json().error).toBe(ACCOUNT_MESSAGES.emailChangeLinkExpired);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe(user.email);
    expect((await status(cookie)).pending_email_change).toBeNull();
  });

  it("needs the current password, a different and free address, and an account with a password", async () => {
    const { user, cookie } = await t.signIn();
    const wrong = await requestChange(cookie, newAddress(), "errada");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details.current_password).toBe(ACCOUNT_MESSAGES.wrongCurrentPassword);
    const same = await requestChange(cookie, user.email.toUpperCase());
    expect(same.json().details.new_email).toBe(ACCOUNT_MESSAGES.emailSameAsCurrent);
    const other = await createUser(t.database.db);
    const taken = await requestChange(cookie, other.email.toUpperCase());
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details.new_email).toBe(ACCOUNT_MESSAGES.emailTaken);
    const invalid = await requestChange(cookie, "nao-e-email");
    expect(invalid.json().details.new_email).toBe("Email inválido");
    expect(await t.database.db.$count(authTokens, eq(authTokens.userId, user.id))).toBe(0);

    const google = await t.signIn({ passwordHash: null });
    const refused = await requestChange(google.cookie, newAddress(), "qualquer");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(ACCOUNT_MESSAGES.emailNoPassword);
    expect((await status(google.cookie)).has_password).toBe(false);

    expect((await requestChange("", newAddress())).statusCode).toBe(401);
  });

  it("refuses the link when the address was taken meanwhile (case-insensitively), changing nothing", async () => {
    const { user, cookie } = await t.signIn();
    const target = newAddress();
    await requestChange(cookie, target);
    const [token] = await changeLinks(target);
    await createUser(t.database.db, { email: target.toUpperCase() });
    const refused = await confirm(token!);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(ACCOUNT_MESSAGES.emailChangeTakenMeanwhile);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe(user.email);
    // Rolled back with the refusal: the link is not spent.
    const [link] = await t.database.db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, user.id), eq(authTokens.purpose, "email_change")));
    expect(link!.usedAt).toBeNull();
  });

  it("can be canceled from the profile: the mailed link stops working", async () => {
    const { cookie } = await t.signIn();
    const target = newAddress();
    await requestChange(cookie, target);
    const [token] = await changeLinks(target);
    const canceled = await t.request({ method: "DELETE", url: "/api/user/email", cookie });
    expect(canceled.json()).toMatchObject({ message: ACCOUNT_MESSAGES.emailChangeCanceled });
    expect((await status(cookie)).pending_email_change).toBeNull();
    expect((await confirm(token!)).json().error).toBe(ACCOUNT_MESSAGES.emailChangeLinkInvalid);
  });

  it("a password change voids the pending change: the earlier link is refused and the address stays", async () => {
    const { user, cookie } = await t.signIn();
    const target = newAddress();
    await requestChange(cookie, target);
    const [token] = await changeLinks(target);
    const changed = await post(
      "/api/user/password",
      { current_password: FACTORY_PASSWORD, new_password: "outra-senha-987" },
      cookie,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const refused = await confirm(token!);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(ACCOUNT_MESSAGES.emailChangeLinkInvalid);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe(user.email);
  });

  it("a password reset voids the pending change: the earlier link is refused and the address stays", async () => {
    const { user, cookie } = await t.signIn();
    const target = newAddress();
    await requestChange(cookie, target);
    const [token] = await changeLinks(target);
    const resetToken = await issueToken(t.database.db, user.id, "password_reset", 60 * 60_000);
    const reset = await post("/api/auth/password-reset/confirm", {
      token: resetToken,
      password: "outra-senha-987",
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const refused = await confirm(token!);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(ACCOUNT_MESSAGES.emailChangeLinkInvalid);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe(user.email);
  });

  it("is rate limited per user", async () => {
    const { cookie } = await t.signIn();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await requestChange(cookie, newAddress())).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("the confirmation is rate limited per IP", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await confirm(`x${i}`, "192.0.2.200")).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
