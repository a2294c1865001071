// Account recovery, written as the attack: a squatter registers an address they do not own; the owner
// recovers it with 'Esqueceu sua senha?'. Nothing the squatter made may outlive that recovery, and
// nothing the squatter wrote may reach the owner's inbox.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "../../../common/contract/account";
import { API_KEY_MESSAGES } from "../../../common/contract/api-keys";
import { AUTH_MESSAGES } from "../../../common/contract/auth";
import { WEBHOOK_MESSAGES } from "../../../common/contract/webhooks";
import { apiKeys, webhookDeliveries, webhooks } from "../../../db/schema";
import { FACTORY_PASSWORD } from "../../../tests/factories";
import { mailsTo as readMails } from "../../../tests/outbox";
import { cookieFrom, setupTestApp } from "../../../tests/test-app";
import { createApiKey } from "../api-keys/api-keys.service";
import { createWebhook } from "../webhooks/webhooks.service";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "atalho-recovery-"));
const outbox = path.join(dataDir, "outbox");
const t = setupTestApp({
  dataDir,
  webhooks: { allowLoopback: true, pollMs: 25, clickWindowMs: 60_000, retryDelaysMs: [50], timeoutMs: 1_000 },
});

/** A webhook receiver on loopback that keeps the paths it was called on. */
const received: string[] = [];
const receiver = http.createServer((request, response) => {
  received.push(request.url ?? "/");
  request.resume().on("end", () => response.end("ok"));
});
let receiverUrl = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

let counter = 0;
const newAddress = (name = "dona") => `${name}.${Date.now()}.${++counter}.${process.pid}@exemplo.com.br`;
let ipCounter = 0;
const fromNewIp = () => `10.31.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const call = (method: "GET" | "POST", url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.request({ method, url, payload, headers, remoteAddress: fromNewIp() });
const post = (url: string, payload: object, cookie = "") =>
  call("POST", url, payload, cookie ? { cookie } : {});

async function mailsTo(email: string): Promise<string[]> {
  await t.app.mailer.flush();
  return readMails(outbox, email);
}

/**
 * The token of the newest mail to `email` that carries `page`'s link. Mails queued together are
 * written in the order they finish composing, not the order they were asked for (a registration's
 * verification can land after a reset asked for later), so the newest mail is not always the one.
 */
async function newestLink(email: string, page: "redefinir-senha" | "verificar-email"): Promise<string> {
  const tokens = (await mailsTo(email)).flatMap((mail) => {
    const found = new RegExp(`${page}\\?token=([\\w-]+)`).exec(mail);
    return found ? [found[1]!] : [];
  });
  expect(tokens.length, `no ${page} mail to ${email}`).toBeGreaterThan(0);
  return tokens.at(-1)!;
}

async function resetLinkFor(email: string): Promise<string> {
  await t.app.mailer.flush(); // what was asked before is written before this reset's mail
  expect((await post("/api/auth/password-reset/request", { email })).statusCode).toBe(200);
  return newestLink(email, "redefinir-senha");
}

const register = (email: string, firstName = "Squatter") =>
  post("/api/auth/register", {
    email,
    password: "senha-do-invasor-1",
    first_name: firstName,
    last_name: "X",
  });

const listWithKey = (key: string) =>
  call("GET", "/api/shortened-urls", undefined, { authorization: `Bearer ${key}` });

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  const until = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("an unconfirmed account", () => {
  it("cannot create API keys or webhooks: 403 with the reason, and nothing is created", async () => {
    const registered = await register(newAddress("invasor"));
    expect(registered.statusCode).toBe(201);
    const cookie = cookieFrom(registered);
    const key = await post("/api/api-keys", { name: "Minha", scopes: ["links:read"] }, cookie);
    expect(key.statusCode).toBe(403);
    expect(key.json().error).toBe(API_KEY_MESSAGES.verifyFirst);
    const hook = await post("/api/webhooks", { url: `${receiverUrl}/x`, events: ["link.created"] }, cookie);
    expect(hook.statusCode).toBe(403);
    expect(hook.json().error).toBe(WEBHOOK_MESSAGES.verifyFirst);
    const userId = registered.json().user.id as number;
    expect(await t.database.db.$count(apiKeys, eq(apiKeys.userId, userId))).toBe(0);
    expect(await t.database.db.$count(webhooks, eq(webhooks.userId, userId))).toBe(0);

    // Once the address is proven, both work.
    const token = await newestLink(registered.json().user.email, "verificar-email");
    expect((await post("/api/auth/verify-email", { token })).statusCode).toBe(200);
    expect((await post("/api/api-keys", { name: "Minha", scopes: ["links:read"] }, cookie)).statusCode).toBe(
      201,
    );
  });
});

describe("the owner's recovery", () => {
  it("kills the squatter's API key and switches off their webhook; the owner's events no longer reach it", async () => {
    const email = newAddress();
    const squatter = await register(email);
    expect(squatter.statusCode).toBe(201);
    const squatterId = squatter.json().user.id as number;
    // Made before confirmation was required (accounts from before this rule have them).
    const { key } = await createApiKey(t.database.db, squatterId, { name: "x", scopes: ["links:read"] });
    const hook = await createWebhook(t.database.db, squatterId, {
      url: `${receiverUrl}/squatter`,
      events: ["link.created"],
    });
    expect((await listWithKey(key)).statusCode).toBe(200);

    // The owner cannot register the address, and recovers it.
    expect((await register(email, "Dona")).statusCode).toBe(409);
    const token = await resetLinkFor(email);
    const reset = await post("/api/auth/password-reset/confirm", { token, password: "senha-da-dona-1" });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({
      message: AUTH_MESSAGES.passwordResetDone,
      api_keys_revoked: 1,
      webhooks_disabled: 1,
    });
    const owner = cookieFrom(reset);

    // The key answers 401; the webhook is off.
    const listed = await listWithKey(key);
    expect(listed.statusCode).toBe(401);
    expect(listed.json().error).toBe(API_KEY_MESSAGES.invalidKey);
    const [row] = await t.database.db.select().from(webhooks).where(eq(webhooks.id, hook.id));
    expect(row!.isActive).toBe(false);

    // The owner's own webhook (the address is proven now) gets the owner's next link; the
    // squatter's gets nothing.
    const own = await post("/api/webhooks", { url: `${receiverUrl}/owner`, events: ["link.created"] }, owner);
    expect(own.statusCode, own.body).toBe(201);
    const link = await post("/api/shortened-urls", { original_url: "https://exemplo.com.br/loja" }, owner);
    expect(link.statusCode).toBe(201);
    await waitFor(async () => received.includes("/owner"), "the owner's delivery");
    expect(received).not.toContain("/squatter");
    expect(await t.database.db.$count(webhookDeliveries, eq(webhookDeliveries.webhookId, hook.id))).toBe(0);

    // The mail that confirms the reset says what it took away.
    const done = (await mailsTo(email)).find((eml) => eml.includes("foi redefinida"));
    expect(done).toContain("1 chave de API foi revogada e 1 webhook foi desligado");
  });

  it("revokes an owner's own keys too: whoever held a session for a minute keeps nothing", async () => {
    const { user, cookie } = await t.signIn();
    const created = await post("/api/api-keys", { name: "Roubada", scopes: ["links:read"] }, cookie);
    expect(created.statusCode).toBe(201);
    const key = created.json().key as string;
    const token = await resetLinkFor(user.email);
    const reset = await post("/api/auth/password-reset/confirm", { token, password: "outra-senha-forte-1" });
    expect(reset.statusCode).toBe(200);
    expect((await listWithKey(key)).statusCode).toBe(401);
    // The sessions ended with it.
    expect((await call("GET", "/api/auth/me", undefined, { cookie })).statusCode).toBe(401);
  });
});

describe("a password change", () => {
  const change = (cookie: string, body: object = {}) =>
    post(
      "/api/user/password",
      { current_password: FACTORY_PASSWORD, new_password: "nova-senha-forte-1", ...body },
      cookie,
    );

  it("revokes the API keys and switches off the webhooks unless asked not to", async () => {
    const first = await t.signIn();
    const { key } = await createApiKey(t.database.db, first.user.id, { name: "a", scopes: ["links:read"] });
    await createWebhook(t.database.db, first.user.id, { url: `${receiverUrl}/a`, events: ["link.created"] });
    const changed = await change(first.cookie);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ api_keys_revoked: 1, webhooks_disabled: 1 });
    expect(changed.json().message).toBe(
      `${ACCOUNT_MESSAGES.passwordChanged} 1 chave de API foi revogada e 1 webhook foi desligado.`,
    );
    expect((await listWithKey(key)).statusCode).toBe(401);

    const second = await t.signIn();
    const kept = await createApiKey(t.database.db, second.user.id, { name: "b", scopes: ["links:read"] });
    const unticked = await change(second.cookie, { revoke_api_keys: false });
    expect(unticked.json()).toMatchObject({
      message: ACCOUNT_MESSAGES.passwordChanged,
      api_keys_revoked: 0,
      webhooks_disabled: 0,
    });
    expect((await listWithKey(kept.key)).statusCode).toBe(200);
  });

  it("refuses a revoke_api_keys that is not a boolean, and changes nothing", async () => {
    const { cookie } = await t.signIn();
    const response = await change(cookie, { revoke_api_keys: "sim" });
    expect(response.statusCode).toBe(400);
    expect((await call("GET", "/api/auth/me", undefined, { cookie })).statusCode).toBe(200);
  });

  it("voids a reset link sent before it: the old link cannot replace the new password", async () => {
    const { user, cookie } = await t.signIn();
    const token = await resetLinkFor(user.email);
    expect((await change(cookie)).statusCode).toBe(200);
    const replay = await post("/api/auth/password-reset/confirm", { token, password: "senha-do-ladrao-1" });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe(AUTH_MESSAGES.resetLinkInvalid);
    const login = await post("/api/auth/login", { email: user.email, password: "nova-senha-forte-1" });
    expect(login.statusCode).toBe(200);
  });

  it("voids a verification link sent before it", async () => {
    const { cookie } = await t.signIn({ emailVerifiedAt: null });
    const me = (await call("GET", "/api/auth/me", undefined, { cookie })).json();
    expect((await post("/api/auth/verify-email/resend", {}, cookie)).statusCode).toBe(200);
    const token = await newestLink(me.email, "verificar-email");
    expect((await change(cookie)).statusCode).toBe(200);
    const followed = await post("/api/auth/verify-email", { token });
    expect(followed.statusCode).toBe(400);
    expect(followed.json().error).toBe(AUTH_MESSAGES.verifyLinkInvalid);
  });
});

describe("a reset", () => {
  it("voids the other links sent before it (a verification, a second reset)", async () => {
    const { user, cookie } = await t.signIn({ emailVerifiedAt: null });
    expect((await post("/api/auth/verify-email/resend", {}, cookie)).statusCode).toBe(200);
    const verification = await newestLink(user.email, "verificar-email");
    const token = await resetLinkFor(user.email);
    expect(
      (await post("/api/auth/password-reset/confirm", { token, password: "senha-nova-forte-1" })).statusCode,
    ).toBe(200);
    expect((await post("/api/auth/verify-email", { token: verification })).statusCode).toBe(400);
  });
});

describe("mail to an address nobody has proven", () => {
  const LURE = "seu Pix de R$ 950 expira hoje. Resgate em https://golpe.example/pix";

  it("carries no text the registrant wrote: no lure URL, no host name", async () => {
    const email = newAddress("vitima");
    const registered = await register(email, LURE);
    expect(registered.statusCode).toBe(201);
    const cookie = cookieFrom(registered);
    // The verification mail, the reset mail to the unproven address, the e-mail change's two mails.
    await resetLinkFor(email);
    const target = newAddress("outra");
    const asked = await post(
      "/api/user/email",
      { new_email: target, current_password: "senha-do-invasor-1" },
      cookie,
    );
    expect(asked.statusCode, asked.body).toBe(200);
    const mails = [...(await mailsTo(email)), ...(await mailsTo(target))];
    expect(mails).toHaveLength(4);
    for (const mail of mails) {
      expect(mail).not.toContain("golpe.example");
      expect(mail).not.toContain("Pix de R$");
    }
    // Nor the new address, which the registrant typed, in the notice to the unproven old one.
    const notice = (await mailsTo(email)).find((eml) => eml.includes("Pedido de troca de email"))!;
    expect(notice).not.toContain(target);
  });

  it("greets by name, and names the new address, once the address is proven", async () => {
    const { user, cookie } = await t.signIn({ firstName: "Joana" });
    await resetLinkFor(user.email);
    expect((await mailsTo(user.email)).at(-1)).toContain("Joana!");
    const target = newAddress("nova");
    expect(
      (await post("/api/user/email", { new_email: target, current_password: FACTORY_PASSWORD }, cookie))
        .statusCode,
    ).toBe(200);
    const notice = (await mailsTo(user.email)).find((eml) => eml.includes("Pedido de troca de email"))!;
    expect(notice).toContain(target);
    expect(notice).toContain("Joana!");
  });
});
