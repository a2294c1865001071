import { and, eq, isNull } from "drizzle-orm";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ADMIN_MESSAGES } from "../../../common/contract/admin";
import {
  authResponseSchema,
  GOOGLE_INTENTS,
  GOOGLE_MESSAGES,
  type GoogleErrorCode,
  type GoogleIntent,
} from "../../../common/contract/auth";
import { paths } from "../../../common/paths";
import { users } from "../../../db/schema/users";
import { isUniqueViolation } from "../../lib/database-errors";
import { HttpError } from "../../lib/http-error";
import { byAddress, rateLimited } from "../../lib/rate-limits";
import { loadUser, requireUser, signedInUser, type UserRow } from "../../lib/session-guards";
import { recordAccess } from "../access-log/access-log";
import { findByEmail } from "./auth.service";
import { issueToken } from "./auth-tokens";
import {
  GOOGLE_STATE_COOKIE,
  GoogleFlowError,
  type GoogleIdentity,
  GoogleOidc,
  OAUTH_STATE_TTL_MS,
} from "./google-oidc";
import { applyDefaultPlan, assertRegistrationAllowed } from "./registration-policy";
import { createSession, setSessionCookie, toSessionUser } from "./session";

const MINUTE = 60_000;
/** How long the token a Google re-authentication gives to the account deletion screen lives. */
export const GOOGLE_REAUTH_TTL_MS = 5 * MINUTE;
export const GOOGLE_CALLBACK_PATH = "/api/auth/google/callback";
/** Where each intent's browser returns, with `google_error=<code>` on failure. */
const RETURN_TO: Record<GoogleIntent, string> = {
  login: paths.auth,
  link: paths.profile,
  reauth: paths.profile,
};

/**
 * Google sign-in (OpenID Connect, authorization code with PKCE): GET /api/auth/google starts it,
 * GET /api/auth/google/callback finishes it for the intent the start named (sign in or up, link to
 * the signed-in account, or re-authenticate before deleting the account); POST
 * /api/user/google/unlink removes the link when the account keeps a password.
 */
export const googleRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const google = app.config.google
    ? new GoogleOidc(app.config.google, `${app.config.publicUrl}${GOOGLE_CALLBACK_PATH}`, app.log)
    : null;

  const startLimits = rateLimited(app, [
    { name: "google-start-ip", max: 30, windowMs: 15 * MINUTE, key: byAddress },
  ]);
  const callbackLimits = rateLimited(app, [
    { name: "google-callback-ip", max: 30, windowMs: 15 * MINUTE, key: byAddress },
  ]);
  const unlinkLimits = rateLimited(app, [
    { name: "google-unlink-user", max: 10, windowMs: 15 * MINUTE, key: (r) => String(r.user?.id) },
  ]);

  /** Sends the browser back with a code the screen turns into its pt-BR message. */
  const fail = (reply: FastifyReply, intent: GoogleIntent, code: GoogleErrorCode) =>
    reply.redirect(`${RETURN_TO[intent]}?google_error=${code}`, 302);

  /** The cookie binding a sign-in to this browser: only our start and callback paths receive it. */
  const stateCookie = {
    path: "/api/auth/google",
    httpOnly: true,
    sameSite: "lax",
    secure: app.config.secureCookies,
  } as const;

  /** A rate limit answered as a redirect (the browser is navigating, not reading JSON). */
  const withinLimits = async (
    hook: ReturnType<typeof rateLimited>,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<boolean> => {
    try {
      await hook.call(app, request, reply);
      return true;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 429) return false;
      throw error;
    }
  };

  app.get("/api/auth/google", async (request, reply) => {
    reply.header("cache-control", "no-store");
    const raw = (request.query as { intent?: unknown }).intent ?? "login";
    const intent = GOOGLE_INTENTS.find((value) => value === raw);
    if (!intent) return fail(reply, "login", "failed");
    if (!(await withinLimits(startLimits, request, reply))) return fail(reply, intent, "too_many");
    if (!google) return fail(reply, intent, "disabled");
    const user = intent === "login" ? null : await loadUser(request);
    if (intent !== "login" && !user) return fail(reply, "login", "session");
    // In maintenance only signing in goes on (new accounts are refused at the callback).
    if (intent !== "login" && app.settings.get().maintenance_mode && !user?.isAdmin) {
      return fail(reply, intent, "maintenance");
    }
    try {
      const { url, state } = await google.begin(app.db, intent, user?.id ?? null);
      reply.setCookie(GOOGLE_STATE_COOKIE, state, { ...stateCookie, maxAge: OAUTH_STATE_TTL_MS / 1000 });
      return reply.redirect(url.href, 302);
    } catch (error) {
      if (error instanceof GoogleFlowError) return fail(reply, intent, error.code);
      throw error;
    }
  });

  app.get(GOOGLE_CALLBACK_PATH, async (request, reply) => {
    reply.header("cache-control", "no-store");
    // One callback per start: the binding cookie goes whatever the outcome.
    const browserState = request.cookies[GOOGLE_STATE_COOKIE];
    if (browserState !== undefined) reply.clearCookie(GOOGLE_STATE_COOKIE, stateCookie);
    if (!(await withinLimits(callbackLimits, request, reply))) return fail(reply, "login", "too_many");
    if (!google) return fail(reply, "login", "disabled");
    const query = Object.fromEntries(
      Object.entries(request.query as Record<string, unknown>).filter(
        (entry): entry is [string, string] => typeof entry[1] === "string",
      ),
    );
    let intent: GoogleIntent = "login";
    try {
      const result = await google.complete(app.db, query, browserState);
      intent = result.intent;
      if (result.intent === "login") return await signIn(request, reply, result.identity);
      // Linking and re-authenticating are for the account that started them, still signed in here.
      const user = await loadUser(request);
      if (!user || user.id !== result.userId) throw new GoogleFlowError("session", "signed-in user changed");
      if (result.intent === "link") return await link(request, reply, user, result.identity);
      return await reauthenticate(reply, user, result.identity);
    } catch (error) {
      if (!(error instanceof GoogleFlowError)) throw error;
      request.log.warn({ code: error.code, detail: error.detail, intent }, "google sign-in refused");
      return fail(reply, intent, error.code);
    }
  });

  /**
   * Sign in by Google's `sub`; else (only with an e-mail Google verified) link by a twice-verified
   * e-mail or create the account.
   */
  async function signIn(request: FastifyRequest, reply: FastifyReply, identity: GoogleIdentity) {
    let [user] = await app.db.select().from(users).where(eq(users.googleSub, identity.sub)).limit(1);
    let linked = false;
    if (!user) {
      if (!identity.email) throw new GoogleFlowError("no_email");
      // An unverified address proves nothing: it could be someone else's (pre-account takeover).
      if (!identity.emailVerified) throw new GoogleFlowError("email_unverified");
      const existing = await findByEmail(app.db, identity.email);
      if (existing) {
        // Both sides must have proved the address: otherwise whoever controls one could take the other.
        if (!existing.emailVerifiedAt || existing.googleSub) {
          throw new GoogleFlowError("email_exists");
        }
        if (!existing.isActive) throw new GoogleFlowError("inactive");
        user = await setGoogleSub(existing, identity.sub);
        linked = true;
      } else {
        user = await createGoogleUser(identity);
      }
    }
    if (!user.isActive) throw new GoogleFlowError("inactive");
    const session = await createSession(app.db, user.id);
    setSessionCookie(reply, session.token, session.expiresAt);
    if (linked)
      await recordAccess(app.db, request, { userId: user.id, email: user.email, event: "google_link" });
    await recordAccess(app.db, request, { userId: user.id, email: user.email, event: "login_google" });
    request.log.info({ userId: user.id }, "login with google");
    return reply.redirect(paths.dashboard, 302);
  }

  /**
   * A new account from a Google sign-in, under the same rules as registering (no password), only
   * for an e-mail Google verified (so the account's e-mail counts as verified).
   */
  async function createGoogleUser(identity: GoogleIdentity): Promise<UserRow> {
    const email = identity.email!;
    if (!identity.emailVerified) throw new GoogleFlowError("email_unverified");
    const isAdmin = app.config.adminEmail === email;
    const settings = app.settings.get();
    if (settings.maintenance_mode && !isAdmin) throw new GoogleFlowError("maintenance");
    try {
      await assertRegistrationAllowed(app.db, settings, isAdmin);
    } catch (error) {
      if (error instanceof HttpError && error.message === ADMIN_MESSAGES.registrationClosed) {
        throw new GoogleFlowError("registration_closed");
      }
      if (error instanceof HttpError && error.message === ADMIN_MESSAGES.freeUsersFull) {
        throw new GoogleFlowError("free_users_full");
      }
      throw error;
    }
    let created: UserRow | undefined;
    try {
      [created] = await app.db
        .insert(users)
        .values({
          email,
          passwordHash: null,
          firstName: identity.givenName,
          lastName: identity.familyName,
          isAdmin,
          googleSub: identity.sub,
          emailVerifiedAt: new Date(),
        })
        .onConflictDoNothing()
        .returning();
    } catch (error) {
      if (isUniqueViolation(error)) throw new GoogleFlowError("email_exists", "race on insert");
      throw error;
    }
    if (!created) throw new GoogleFlowError("email_exists", "race on insert");
    await applyDefaultPlan(app.db, created.id, settings);
    app.log.info({ userId: created.id }, "register with google");
    return created;
  }

  /** Sets the account's Google `sub` unless it has one already (a racing link loses). */
  async function setGoogleSub(user: UserRow, sub: string): Promise<UserRow> {
    try {
      const [updated] = await app.db
        .update(users)
        .set({ googleSub: sub, updatedAt: new Date() })
        .where(and(eq(users.id, user.id), isNull(users.googleSub)))
        .returning();
      if (!updated) throw new GoogleFlowError("already_linked", "sub set meanwhile");
      return updated;
    } catch (error) {
      if (isUniqueViolation(error)) throw new GoogleFlowError("taken", "sub linked meanwhile");
      throw error;
    }
  }

  async function link(request: FastifyRequest, reply: FastifyReply, user: UserRow, identity: GoogleIdentity) {
    if (user.googleSub === identity.sub) return reply.redirect(`${paths.profile}?google=linked`, 302);
    if (!user.emailVerifiedAt) throw new GoogleFlowError("unverified");
    if (user.googleSub) throw new GoogleFlowError("already_linked");
    const [owner] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.googleSub, identity.sub))
      .limit(1);
    if (owner) throw new GoogleFlowError("taken");
    await setGoogleSub(user, identity.sub);
    await recordAccess(app.db, request, { userId: user.id, email: user.email, event: "google_link" });
    request.log.info({ userId: user.id }, "google linked");
    return reply.redirect(`${paths.profile}?google=linked`, 302);
  }

  /** A fresh Google sign-in as the account's own Google identity: a 5-minute token for the deletion. */
  async function reauthenticate(reply: FastifyReply, user: UserRow, identity: GoogleIdentity) {
    if (!user.googleSub) throw new GoogleFlowError("not_linked");
    if (user.googleSub !== identity.sub) throw new GoogleFlowError("wrong_account");
    const token = await issueToken(app.db, user.id, "google_reauth", GOOGLE_REAUTH_TTL_MS);
    return reply.redirect(`${paths.accountDeletion}?reauth=${encodeURIComponent(token)}`, 302);
  }

  // Never leaves an account with no way in: without a password, Google is the only one.
  app.post(
    "/api/user/google/unlink",
    {
      preHandler: [requireUser, unlinkLimits],
      config: { authResponse: true },
      schema: { response: { 200: authResponseSchema } },
    },
    async (request) => {
      const user = signedInUser(request);
      if (!user.googleSub) throw new HttpError(400, GOOGLE_MESSAGES.notLinked);
      if (!user.passwordHash) throw new HttpError(400, GOOGLE_MESSAGES.noPassword);
      const [updated] = await app.db
        .update(users)
        .set({ googleSub: null, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      await recordAccess(app.db, request, { userId: user.id, email: user.email, event: "google_unlink" });
      request.log.info({ userId: user.id }, "google unlinked");
      return { success: true, message: GOOGLE_MESSAGES.unlinked, user: toSessionUser(updated!) };
    },
  );
};
