import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { GOOGLE_ERRORS, GOOGLE_MESSAGES, type SessionResponse } from "../../../common/contract/auth";
import { accessLog } from "../../../db/schema/access-log";
import { oauthStates, users } from "../../../db/schema/users";
import { createUser } from "../../../tests/factories";
import { type ProviderUser, startOidcProvider, type Tamper } from "../../../tests/oidc-provider";
import { cookieFrom, setupTestApp } from "../../../tests/test-app";
import { consumeToken, issueToken } from "./auth-tokens";
import { GOOGLE_STATE_COOKIE, GoogleFlowError, GoogleOidc } from "./google-oidc";

const provider = await startOidcProvider();
afterAll(() => provider.close());

const t = setupTestApp({
  google: { clientId: provider.clientId, clientSecret: provider.clientSecret, issuer: provider.issuer },
  // Dozens of sign-ins from one address here; the limits are tested apart (auth.routes.test.ts).
  rateLimits: false,
});

let sequence = 0;
/** A Google account nobody has used here yet. */
function googleAccount(overrides: Partial<ProviderUser> = {}): ProviderUser {
  sequence++;
  return {
    sub: `10${Date.now()}${sequence}`,
    email: `google${sequence}-${process.pid}-${Date.now()}@gmail.com`,
    email_verified: true,
    given_name: "Ana",
    family_name: "Souza",
    ...overrides,
  };
}

/** The browser-binding cookie a start set, as a Cookie header ("" when it set none). */
const stateCookieFrom = (response: { cookies: { name: string; value: string }[] }) => {
  const cookie = response.cookies.find((c) => c.name === GOOGLE_STATE_COOKIE);
  return cookie ? `${GOOGLE_STATE_COOKIE}=${cookie.value}` : "";
};
/** Cookie headers joined, as a browser sends them. */
const cookies = (...headers: (string | undefined)[]) => headers.filter(Boolean).join("; ") || undefined;

/**
 * Our start, the provider's authorization endpoint (a real HTTP request), then our callback, from
 * one browser: the callback carries the cookies the start set.
 */
async function googleFlow(intent: "login" | "link" | "reauth", account: ProviderUser, cookie?: string) {
  const { start, callbackUrl, authorizeUrl, stateCookie } = await startAndAuthorize(intent, account, cookie);
  const callback = await t.request({ method: "GET", url: callbackUrl, cookie: cookies(cookie, stateCookie) });
  return { start, callback, callbackUrl, authorizeUrl, stateCookie };
}

/** Our start and the provider's authorization, stopping before our callback. */
async function startAndAuthorize(
  intent: "login" | "link" | "reauth",
  account: ProviderUser,
  cookie?: string,
) {
  provider.nextUser = account;
  const start = await t.request({ method: "GET", url: `/api/auth/google?intent=${intent}`, cookie });
  expect(start.statusCode).toBe(302);
  const stateCookie = stateCookieFrom(start);
  expect(stateCookie).not.toBe("");
  const authorizeUrl = String(start.headers.location);
  expect(authorizeUrl.startsWith(`${provider.issuer}/authorize?`)).toBe(true);
  const authorized = await fetch(authorizeUrl, { redirect: "manual" });
  expect(authorized.status).toBe(302);
  const back = new URL(authorized.headers.get("location")!);
  expect(`${back.origin}${back.pathname}`).toBe("http://localhost:3000/api/auth/google/callback");
  return { start, callbackUrl: `${back.pathname}${back.search}`, authorizeUrl, stateCookie };
}

const location = (response: { headers: Record<string, unknown> }) => String(response.headers.location);
const userBySub = async (sub: string) =>
  (await t.database.db.select().from(users).where(eq(users.googleSub, sub)))[0];
const userByEmail = async (email: string) =>
  (await t.database.db.select().from(users).where(eq(users.email, email)))[0];
const events = async (userId: number) =>
  (await t.database.db.select().from(accessLog).where(eq(accessLog.userId, userId))).map((row) => row.event);
const session = async (cookie: string) =>
  (await t.request({ method: "GET", url: "/api/auth/session", cookie })).json<SessionResponse>().user;

beforeEach(() => {
  provider.tamper = {};
  provider.down = false;
});

describe("a provider that cannot be reached", () => {
  it("sends the browser back with a pt-BR message, and is tried again on the next sign-in", async () => {
    provider.down = true;
    const start = await t.request({ method: "GET", url: "/api/auth/google?intent=login" });
    expect(start.statusCode).toBe(302);
    expect(location(start)).toBe("/auth?google_error=unavailable");
    provider.down = false;
    const account = googleAccount();
    const { callback } = await googleFlow("login", account);
    expect(location(callback)).toBe("/dashboard");
  });

  it("says 'unavailable' when nothing listens at the issuer (the client alone)", async () => {
    const client = new GoogleOidc(
      { clientId: "x", clientSecret: "y", issuer: "http://127.0.0.1:9" },
      "http://localhost:3000/api/auth/google/callback",
      t.app.log,
    );
    const refused = await client.begin(t.database.db, "login", null).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(GoogleFlowError);
    expect((refused as GoogleFlowError).code).toBe("unavailable");
    expect(GOOGLE_ERRORS.unavailable).toMatch(/Google/);
  });
});

describe("GET /api/auth/google (start)", () => {
  it("stores the state hashed, with nonce and PKCE verifier, and sends S256 PKCE, state and nonce", async () => {
    const start = await t.request({ method: "GET", url: "/api/auth/google?intent=login" });
    const params = new URL(location(start)).searchParams;
    expect(params.get("client_id")).toBe(provider.clientId);
    expect(params.get("redirect_uri")).toBe("http://localhost:3000/api/auth/google/callback");
    expect(params.get("response_type")).toBe("code");
    expect(params.get("scope")).toBe("openid email profile");
    expect(params.get("code_challenge_method")).toBe("S256");
    const state = params.get("state")!;
    const nonce = params.get("nonce")!;
    expect(state.length).toBeGreaterThan(20);
    // The state is bound to this browser by a short-lived cookie only our Google paths receive.
    const bound = start.cookies.find((c) => c.name === GOOGLE_STATE_COOKIE);
    expect(bound).toMatchObject({
      value: state,
      path: "/api/auth/google",
      httpOnly: true,
      sameSite: "Lax",
      maxAge: 600,
    });
    expect(bound!.secure).toBeFalsy(); // http:// PUBLIC_URL here; Secure with https (below)
    const rows = await t.database.db.select().from(oauthStates);
    expect(rows.some((row) => row.stateHash === state)).toBe(false); // never stored in the clear
    const row = rows.find((r) => r.nonce === nonce)!;
    expect(row.intent).toBe("login");
    expect(row.codeVerifier.length).toBeGreaterThanOrEqual(43);
    const ttl = row.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);
  });

  it("refuses link and reauth without a session, and an unknown intent", async () => {
    for (const intent of ["link", "reauth"]) {
      const start = await t.request({ method: "GET", url: `/api/auth/google?intent=${intent}` });
      expect(location(start)).toBe("/auth?google_error=session");
    }
    const odd = await t.request({ method: "GET", url: "/api/auth/google?intent=admin" });
    expect(location(odd)).toBe("/auth?google_error=failed");
  });

  it("deletes expired states of abandoned sign-ins", async () => {
    await t.database.db.insert(oauthStates).values({
      stateHash: `abandoned-${Date.now()}`,
      nonce: "n",
      codeVerifier: "v",
      intent: "login",
      expiresAt: new Date(Date.now() - 1000),
    });
    await t.request({ method: "GET", url: "/api/auth/google?intent=login" });
    const left = await t.database.db.select().from(oauthStates);
    expect(left.every((row) => row.expiresAt.getTime() > Date.now())).toBe(true);
  });
});

describe("sign in with Google", () => {
  it("creates the account on a good id token, signs in, and signs in again by sub", async () => {
    const account = googleAccount();
    const { callback } = await googleFlow("login", account);
    expect(callback.statusCode).toBe(302);
    expect(location(callback)).toBe("/dashboard");
    const cookie = cookieFrom(callback);
    expect(cookie).not.toBe("");
    const user = await userBySub(account.sub);
    expect(user).toMatchObject({
      email: account.email,
      firstName: "Ana",
      lastName: "Souza",
      passwordHash: null,
      isAdmin: false,
    });
    expect(user!.emailVerifiedAt).not.toBeNull();
    expect(await session(cookie)).toMatchObject({
      id: user!.id,
      email_verified: true,
      has_password: false,
      google_linked: true,
    });
    expect(await events(user!.id)).toEqual(["login_google"]);

    const again = await googleFlow("login", { ...account, email: "outro@gmail.com" });
    expect(location(again.callback)).toBe("/dashboard");
    expect((await session(cookieFrom(again.callback)))?.id).toBe(user!.id);
    expect(await events(user!.id)).toEqual(["login_google", "login_google"]);
  });

  it("creates no account when Google has not verified the e-mail", async () => {
    const account = googleAccount({ email_verified: false });
    const { callback } = await googleFlow("login", account);
    expect(location(callback)).toBe("/auth?google_error=email_unverified");
    expect(GOOGLE_ERRORS.email_unverified).toBe(
      "Seu email no Google não está verificado. Verifique-o no Google ou cadastre-se com email e senha.",
    );
    expect(cookieFrom(callback)).toBe("");
    expect(await userBySub(account.sub)).toBeUndefined();
    expect(await userByEmail(account.email!)).toBeUndefined();
  });

  it("still signs in by sub an account already linked, whatever Google says of the e-mail now", async () => {
    const account = googleAccount({ email_verified: false });
    const owner = await createUser(t.database.db, { googleSub: account.sub });
    const { callback } = await googleFlow("login", account);
    expect(location(callback)).toBe("/dashboard");
    expect((await session(cookieFrom(callback)))?.id).toBe(owner.id);
  });

  const refusals: [string, Tamper][] = [
    ["a bad signature", { foreignKey: true }],
    ["a wrong audience", { aud: "someone-else.apps.example" }],
    ["an expired token", { expIn: -600 }],
    ["a wrong issuer", { iss: "https://accounts.example.com" }],
    ["a wrong nonce", { nonce: "not-the-nonce-we-sent" }],
  ];
  for (const [name, tamper] of refusals) {
    it(`refuses ${name}: no session, no account`, async () => {
      provider.tamper = tamper;
      const account = googleAccount();
      const { callback } = await googleFlow("login", account);
      expect(location(callback)).toBe("/auth?google_error=failed");
      expect(cookieFrom(callback)).toBe("");
      expect(await userBySub(account.sub)).toBeUndefined();
      expect(await userByEmail(account.email!)).toBeUndefined();
    });
  }

  it("refuses a replayed state without asking the provider again", async () => {
    const account = googleAccount();
    const { callback, callbackUrl, stateCookie } = await googleFlow("login", account);
    expect(location(callback)).toBe("/dashboard");
    // The callback cleared the binding cookie.
    const cleared = callback.cookies.find((c) => c.name === GOOGLE_STATE_COOKIE);
    expect(cleared).toMatchObject({ value: "", path: "/api/auth/google" });
    const tokenCalls = provider.requests.filter((r) => r === "POST /token").length;
    // Replayed even with the old cookie kept: the state row was spent.
    const replay = await t.request({ method: "GET", url: callbackUrl, cookie: stateCookie });
    expect(location(replay)).toBe("/auth?google_error=expired");
    expect(cookieFrom(replay)).toBe("");
    expect(provider.requests.filter((r) => r === "POST /token").length).toBe(tokenCalls);
  });

  it("refuses a missing, unknown or expired state", async () => {
    const missing = await t.request({ method: "GET", url: "/api/auth/google/callback?code=abc" });
    expect(location(missing)).toBe("/auth?google_error=expired");
    const unknown = await t.request({
      method: "GET",
      url: "/api/auth/google/callback?code=abc&state=nao-existe",
      cookie: `${GOOGLE_STATE_COOKIE}=nao-existe`,
    });
    expect(location(unknown)).toBe("/auth?google_error=expired");

    provider.nextUser = googleAccount();
    const start = await t.request({ method: "GET", url: "/api/auth/google?intent=login" });
    const nonce = new URL(location(start)).searchParams.get("nonce")!;
    await t.database.db
      .update(oauthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthStates.nonce, nonce));
    const authorized = await fetch(location(start), { redirect: "manual" });
    const back = new URL(authorized.headers.get("location")!);
    const late = await t.request({
      method: "GET",
      url: `${back.pathname}${back.search}`,
      cookie: stateCookieFrom(start),
    });
    expect(location(late)).toBe("/auth?google_error=expired");
  });

  it("says the sign-in was cancelled when the person declines at the provider", async () => {
    const start = await t.request({ method: "GET", url: "/api/auth/google?intent=login" });
    const state = new URL(location(start)).searchParams.get("state")!;
    const declined = await t.request({
      method: "GET",
      url: `/api/auth/google/callback?error=access_denied&state=${encodeURIComponent(state)}`,
      cookie: stateCookieFrom(start),
    });
    expect(location(declined)).toBe("/auth?google_error=cancelled");
  });

  it("does not link an unverified Google e-mail to a password account with that address", async () => {
    const owner = await createUser(t.database.db);
    const account = googleAccount({ email: owner.email.toUpperCase(), email_verified: false });
    const { callback } = await googleFlow("login", account);
    expect(location(callback)).toBe("/auth?google_error=email_unverified");
    expect(GOOGLE_ERRORS.email_exists).toMatch(/senha/);
    expect(cookieFrom(callback)).toBe("");
    expect((await userByEmail(owner.email))!.googleSub).toBeNull();
    expect(await events(owner.id)).toEqual([]);
  });

  it("does not link a verified Google e-mail to an account whose e-mail we have not verified", async () => {
    const owner = await createUser(t.database.db, { emailVerifiedAt: null });
    const { callback } = await googleFlow("login", googleAccount({ email: owner.email }));
    expect(location(callback)).toBe("/auth?google_error=email_exists");
    expect((await userByEmail(owner.email))!.googleSub).toBeNull();
  });

  it("links when both Google and we verified the e-mail, and signs in", async () => {
    const owner = await createUser(t.database.db);
    const account = googleAccount({ email: owner.email });
    const { callback } = await googleFlow("login", account);
    expect(location(callback)).toBe("/dashboard");
    expect((await userByEmail(owner.email))!.googleSub).toBe(account.sub);
    expect(await session(cookieFrom(callback))).toMatchObject({
      id: owner.id,
      has_password: true,
      google_linked: true,
    });
    expect(await events(owner.id)).toEqual(["google_link", "login_google"]);
  });

  it("refuses an inactive account like the password login", async () => {
    const account = googleAccount();
    await createUser(t.database.db, { googleSub: account.sub, isActive: false });
    const { callback } = await googleFlow("login", account);
    expect(location(callback)).toBe("/auth?google_error=inactive");
    expect(cookieFrom(callback)).toBe("");
  });

  it("refuses a new Google account while registrations are closed, and still signs in existing ones", async () => {
    const admin = await createUser(t.database.db, { isAdmin: true });
    const known = googleAccount();
    await createUser(t.database.db, { googleSub: known.sub });
    await t.app.settings.update({ registration_enabled: false }, admin);
    try {
      const account = googleAccount();
      const { callback } = await googleFlow("login", account);
      expect(location(callback)).toBe("/auth?google_error=registration_closed");
      expect(await userByEmail(account.email!)).toBeUndefined();
      const again = await googleFlow("login", known);
      expect(location(again.callback)).toBe("/dashboard");
    } finally {
      await t.app.settings.update({ registration_enabled: true }, admin);
    }
  });

  it("refuses a new Google account in maintenance", async () => {
    const admin = await createUser(t.database.db, { isAdmin: true });
    await t.app.settings.update({ maintenance_mode: true }, admin);
    try {
      const account = googleAccount();
      const { callback } = await googleFlow("login", account);
      expect(location(callback)).toBe("/auth?google_error=maintenance");
      expect(await userByEmail(account.email!)).toBeUndefined();
    } finally {
      await t.app.settings.update({ maintenance_mode: false }, admin);
    }
  });
});

describe("login CSRF: the callback must come back to the browser that started the sign-in", () => {
  it("refuses a callback URL started in another browser, signs nobody in and leaves the state unspent", async () => {
    // The attacker starts with their own Google account and stops before our callback...
    const attacker = googleAccount();
    const { callbackUrl, stateCookie } = await startAndAuthorize("login", attacker);
    const tokenCalls = provider.requests.filter((r) => r === "POST /token").length;
    // ...then has the victim's browser open it: without the cookie, or with one of its own sign-in.
    const victimStart = await t.request({ method: "GET", url: "/api/auth/google?intent=login" });
    for (const cookie of [undefined, stateCookieFrom(victimStart)]) {
      const callback = await t.request({ method: "GET", url: callbackUrl, cookie });
      expect(location(callback)).toBe("/auth?google_error=state");
      expect(cookieFrom(callback)).toBe("");
    }
    expect(GOOGLE_ERRORS.state).toMatch(/navegador/);
    expect(provider.requests.filter((r) => r === "POST /token").length).toBe(tokenCalls);
    expect(await userBySub(attacker.sub)).toBeUndefined();
    expect(await userByEmail(attacker.email!)).toBeUndefined();
    // The browser that started it still finishes it.
    const own = await t.request({ method: "GET", url: callbackUrl, cookie: stateCookie });
    expect(location(own)).toBe("/dashboard");
  });

  it("refuses a link callback carried to another signed-in browser", async () => {
    const { cookie: attackerSession } = await t.signIn();
    const account = googleAccount();
    const { callbackUrl } = await startAndAuthorize("link", account, attackerSession);
    const { user: victim, cookie: victimSession } = await t.signIn();
    const callback = await t.request({ method: "GET", url: callbackUrl, cookie: victimSession });
    expect(location(callback)).toBe("/auth?google_error=state");
    expect((await userByEmail(victim.email))!.googleSub).toBeNull();
    expect(await userBySub(account.sub)).toBeUndefined();
  });

  const secure = setupTestApp({
    google: { clientId: provider.clientId, clientSecret: provider.clientSecret, issuer: provider.issuer },
    publicUrl: "https://atalho.example.com.br",
    secureCookies: true,
    rateLimits: false,
  });
  it("marks the binding cookie Secure when PUBLIC_URL is https", async () => {
    const start = await secure.request({ method: "GET", url: "/api/auth/google?intent=login" });
    expect(start.cookies.find((c) => c.name === GOOGLE_STATE_COOKIE)?.secure).toBe(true);
  });
});

describe("a Google link made before the e-mail was proved (pre-account takeover)", () => {
  const post = (url: string, payload: object) => t.request({ method: "POST", url, payload });

  it("goes when a password reset first proves the address, and stays when it was proved before", async () => {
    const squatted = await createUser(t.database.db, {
      passwordHash: null,
      emailVerifiedAt: null,
      googleSub: googleAccount().sub,
    });
    const token = await issueToken(t.database.db, squatted.id, "password_reset", 60_000);
    const reset = await post("/api/auth/password-reset/confirm", { token, password: "Senha-nova-123" });
    expect(reset.statusCode).toBe(200);
    const after = await userByEmail(squatted.email);
    expect(after!.googleSub).toBeNull();
    expect(after!.emailVerifiedAt).not.toBeNull();

    const sub = googleAccount().sub;
    const proved = await createUser(t.database.db, { googleSub: sub });
    const again = await issueToken(t.database.db, proved.id, "password_reset", 60_000);
    expect(
      (await post("/api/auth/password-reset/confirm", { token: again, password: "Senha-nova-123" }))
        .statusCode,
    ).toBe(200);
    expect((await userByEmail(proved.email))!.googleSub).toBe(sub);
  });

  it("goes when the e-mail verification link is followed, and stays on an account verified before", async () => {
    const squatted = await createUser(t.database.db, {
      emailVerifiedAt: null,
      googleSub: googleAccount().sub,
    });
    const token = await issueToken(t.database.db, squatted.id, "email_verification", 60_000);
    expect((await post("/api/auth/verify-email", { token })).statusCode).toBe(200);
    const after = await userByEmail(squatted.email);
    expect(after!.googleSub).toBeNull();
    expect(after!.emailVerifiedAt).not.toBeNull();

    const sub = googleAccount().sub;
    const proved = await createUser(t.database.db, { googleSub: sub });
    const again = await issueToken(t.database.db, proved.id, "email_verification", 60_000);
    expect((await post("/api/auth/verify-email", { token: again })).statusCode).toBe(200);
    expect((await userByEmail(proved.email))!.googleSub).toBe(sub);
  });
});

describe("link a Google account from the profile", () => {
  it("links the signed-in account and logs it", async () => {
    const { user, cookie } = await t.signIn();
    const account = googleAccount({ email: "outro-endereco@gmail.com" });
    const { start, callback } = await googleFlow("link", account, cookie);
    expect(new URL(location(start)).searchParams.get("prompt")).toBe("select_account");
    expect(location(callback)).toBe("/profile?google=linked");
    expect((await userBySub(account.sub))!.id).toBe(user.id);
    expect(await events(user.id)).toEqual(["google_link"]);
    expect((await session(cookie))?.google_linked).toBe(true);
  });

  it("refuses an account whose e-mail is not verified", async () => {
    const { user, cookie } = await t.signIn({ emailVerifiedAt: null });
    const { callback } = await googleFlow("link", googleAccount(), cookie);
    expect(location(callback)).toBe("/profile?google_error=unverified");
    expect((await userByEmail(user.email))!.googleSub).toBeNull();
  });

  it("refuses a Google account already linked to another user", async () => {
    const account = googleAccount();
    const other = await createUser(t.database.db, { googleSub: account.sub });
    const { user, cookie } = await t.signIn();
    const { callback } = await googleFlow("link", account, cookie);
    expect(location(callback)).toBe("/profile?google_error=taken");
    expect((await userByEmail(user.email))!.googleSub).toBeNull();
    expect((await userBySub(account.sub))!.id).toBe(other.id);
  });

  it("refuses when the session ended between the start and the callback", async () => {
    const { cookie } = await t.signIn();
    provider.nextUser = googleAccount();
    const start = await t.request({ method: "GET", url: "/api/auth/google?intent=link", cookie });
    const authorized = await fetch(location(start), { redirect: "manual" });
    const back = new URL(authorized.headers.get("location")!);
    const { cookie: otherCookie } = await t.signIn();
    const callback = await t.request({
      method: "GET",
      url: `${back.pathname}${back.search}`,
      cookie: cookies(otherCookie, stateCookieFrom(start)),
    });
    expect(location(callback)).toBe("/profile?google_error=session");
  });
});

describe("POST /api/user/google/unlink", () => {
  const unlink = (cookie: string) =>
    t.request({ method: "POST", url: "/api/user/google/unlink", cookie, payload: {} });

  it("refuses an account without a password (it would have no way in)", async () => {
    const account = googleAccount();
    const { callback } = await googleFlow("login", account);
    const refused = await unlink(cookieFrom(callback));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ success: false, message: GOOGLE_MESSAGES.noPassword });
    expect(GOOGLE_MESSAGES.noPassword).toMatch(/Esqueceu sua senha\?/);
    expect((await userBySub(account.sub))!.passwordHash).toBeNull();
  });

  it("unlinks an account with a password, and logs it", async () => {
    const account = googleAccount();
    const { user, cookie } = await t.signIn({ googleSub: account.sub });
    const done = await unlink(cookie);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ success: true, message: GOOGLE_MESSAGES.unlinked });
    expect(done.json().user.google_linked).toBe(false);
    expect((await userByEmail(user.email))!.googleSub).toBeNull();
    expect(await events(user.id)).toEqual(["google_unlink"]);
    const again = await unlink(cookie);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(GOOGLE_MESSAGES.notLinked);
  });

  it("needs a session", async () => {
    expect((await unlink("")).statusCode).toBe(401);
  });
});

describe("re-authentication before deleting the account", () => {
  it("gives a 5-minute google_reauth token for the account's own Google identity", async () => {
    const account = googleAccount();
    const signedIn = await googleFlow("login", account);
    const cookie = cookieFrom(signedIn.callback);
    const { callback } = await googleFlow("reauth", account, cookie);
    const target = new URL(location(callback), "http://localhost");
    expect(target.pathname).toBe("/profile/excluir-conta");
    const token = target.searchParams.get("reauth")!;
    const user = await userBySub(account.sub);
    const spent = await consumeToken(t.database.db, token, "google_reauth");
    expect(spent).toMatchObject({ ok: true, userId: user!.id });
    expect(await consumeToken(t.database.db, token, "google_reauth")).toEqual({ ok: false, reason: "used" });
  });

  it("refuses another Google account", async () => {
    const account = googleAccount();
    const { cookie } = await t.signIn({ googleSub: account.sub });
    const { callback } = await googleFlow("reauth", googleAccount(), cookie);
    expect(location(callback)).toBe("/profile?google_error=wrong_account");
  });
});

describe("access log", () => {
  afterEach(() => {
    provider.tamper = {};
  });
  it("writes the IP and time of each Google event", async () => {
    const account = googleAccount();
    const { callback } = await googleFlow("login", account);
    const user = await userBySub(account.sub);
    const [line] = await t.database.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.userId, user!.id), eq(accessLog.event, "login_google")));
    expect(line).toMatchObject({ email: account.email, ip: "127.0.0.1" });
    expect(Date.now() - line!.createdAt.getTime()).toBeLessThan(60_000);
    expect(location(callback)).toBe("/dashboard");
  });
});

describe("rate limits", () => {
  // An app of its own, with the limits on.
  const limited = setupTestApp({
    google: { clientId: provider.clientId, clientSecret: provider.clientSecret, issuer: provider.issuer },
  });

  it("sends a callback flood from one IP back with 'too_many' before touching the states", async () => {
    const hit = () =>
      limited.request({
        method: "GET",
        url: "/api/auth/google/callback?code=x&state=y",
        remoteAddress: "203.0.113.9",
      });
    for (let i = 0; i < 30; i++) expect(location(await hit())).toBe("/auth?google_error=state");
    expect(location(await hit())).toBe("/auth?google_error=too_many");
    const elsewhere = await limited.request({
      method: "GET",
      url: "/api/auth/google/callback?code=x&state=y",
      remoteAddress: "203.0.113.10",
    });
    expect(location(elsewhere)).toBe("/auth?google_error=state");
    expect(GOOGLE_ERRORS.too_many).toMatch(/tentativas/);
  });
});
