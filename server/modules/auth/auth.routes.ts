import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { apiErrorSchema } from "../../../common/contract/api-error";
import {
  AUTH_MESSAGES,
  authResponseSchema,
  loginBodySchema,
  passwordResetConfirmBodySchema,
  passwordResetDoneSchema,
  passwordResetRequestBodySchema,
  registerBodySchema,
  type SessionResponse,
  sessionResponseSchema,
  sessionUserSchema,
  verifyEmailBodySchema,
} from "../../../common/contract/auth";
import { bodyEmail, byAddress, rateLimited } from "../../lib/rate-limits";
import { loadUser, requireUser, SESSION_COOKIE, signedInUser } from "../../lib/session-guards";
import { recordAccess } from "../access-log/access-log";
import { greetingName, passwordResetDoneMail, passwordResetMail } from "../mail/templates";
import {
  authenticate,
  findByEmail,
  PASSWORD_RESET_TTL_MS,
  registerUser,
  resetPassword,
  sendVerification,
  verifyEmail,
} from "./auth.service";
import { issueToken } from "./auth-tokens";
import { announceOutsideAccessRevoked } from "./outside-access";
import { applyDefaultPlan, assertRegistrationAllowed } from "./registration-policy";
import { clearSessionCookie, createSession, revokeSession, setSessionCookie, toSessionUser } from "./session";

const MINUTE = 60_000;

export const authRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Per IP against one guesser trying many accounts; per email against many IPs guessing one account.
  const loginLimits = rateLimited(app, [
    { name: "login-ip", max: 30, windowMs: 15 * MINUTE, key: byAddress },
    { name: "login-email", max: 10, windowMs: 15 * MINUTE, key: bodyEmail },
  ]);
  const registerLimits = rateLimited(app, [
    { name: "register-ip", max: 10, windowMs: 60 * MINUTE, key: byAddress },
    { name: "register-email", max: 5, windowMs: 60 * MINUTE, key: bodyEmail },
  ]);

  // Each request sends an e-mail: per IP against a flood, per address against filling one inbox.
  const resetRequestLimits = rateLimited(app, [
    { name: "reset-ip", max: 10, windowMs: 60 * MINUTE, key: byAddress },
    { name: "reset-email", max: 3, windowMs: 60 * MINUTE, key: bodyEmail },
  ]);
  const resetConfirmLimits = rateLimited(app, [
    { name: "reset-confirm-ip", max: 30, windowMs: 15 * MINUTE, key: byAddress },
  ]);

  const resendLimits = rateLimited(app, [
    { name: "verify-resend-ip", max: 10, windowMs: 60 * MINUTE, key: byAddress },
    { name: "verify-resend-user", max: 3, windowMs: 60 * MINUTE, key: (r) => String(r.user?.id) },
  ]);
  const verifyLimits = rateLimited(app, [
    { name: "verify-ip", max: 30, windowMs: 15 * MINUTE, key: byAddress },
  ]);

  app.get(
    "/api/auth/me",
    { schema: { response: { 200: sessionUserSchema, 401: apiErrorSchema } } },
    async (request, reply) => {
      const user = await loadUser(request);
      if (!user) return reply.code(401).send({ error: "Não autenticado." });
      return toSessionUser(user);
    },
  );

  app.get(
    "/api/auth/session",
    { schema: { response: { 200: sessionResponseSchema } } },
    async (request, reply): Promise<SessionResponse> => {
      reply.header("cache-control", "private, no-store");
      const user = await loadUser(request);
      return { user: user ? toSessionUser(user) : null };
    },
  );

  app.post(
    "/api/auth/login",
    {
      schema: { body: loginBodySchema, response: { 200: authResponseSchema } },
      preHandler: loginLimits,
      config: { authResponse: true },
    },
    async (request, reply) => {
      const user = await authenticate(app.db, request.body.email, request.body.password);
      const session = await createSession(app.db, user.id);
      setSessionCookie(reply, session.token, session.expiresAt);
      await recordAccess(app.db, request, { userId: user.id, email: user.email, event: "login" });
      request.log.info({ userId: user.id }, "login");
      return { success: true, message: AUTH_MESSAGES.loggedIn, user: toSessionUser(user) };
    },
  );

  app.post(
    "/api/auth/register",
    {
      schema: { body: registerBodySchema, response: { 201: authResponseSchema } },
      preHandler: registerLimits,
      config: { authResponse: true },
    },
    async (request, reply) => {
      // ADMIN_EMAIL without ADMIN_PASSWORD: the administrator is whoever registers that address.
      const isAdmin = app.config.adminEmail === request.body.email;
      // The administrator's settings: registrations open, room for free users, the default plan.
      await assertRegistrationAllowed(app.db, app.settings.get(), isAdmin);
      const user = await registerUser(app.db, { ...request.body, isAdmin });
      await applyDefaultPlan(app.db, user.id, app.settings.get());
      if (!user.emailVerifiedAt) sendVerification(app, user);
      const session = await createSession(app.db, user.id);
      setSessionCookie(reply, session.token, session.expiresAt);
      await recordAccess(app.db, request, { userId: user.id, email: user.email, event: "login" });
      request.log.info({ userId: user.id }, "register");
      return reply
        .code(201)
        .send({ success: true, message: AUTH_MESSAGES.registered, user: toSessionUser(user) });
    },
  );

  // The same answer, after the same work (one lookup), for known and unknown addresses: the token and
  // the e-mail are made off the request, by the mailer's queue.
  app.post(
    "/api/auth/password-reset/request",
    {
      schema: { body: passwordResetRequestBodySchema, response: { 200: authResponseSchema } },
      preHandler: resetRequestLimits,
    },
    async (request) => {
      const user = await findByEmail(app.db, request.body.email);
      if (user?.isActive) {
        const { appName, publicUrl } = app.config;
        app.mailer.send(async () => {
          const token = await issueToken(app.db, user.id, "password_reset", PASSWORD_RESET_TTL_MS);
          return passwordResetMail(
            { appName, publicUrl },
            { to: user.email, firstName: greetingName(user), token },
          );
        });
      }
      request.log.info({ userId: user?.id ?? null }, "password reset requested");
      return { success: true, message: AUTH_MESSAGES.passwordResetRequested };
    },
  );

  app.post(
    "/api/auth/password-reset/confirm",
    {
      schema: { body: passwordResetConfirmBodySchema, response: { 200: passwordResetDoneSchema } },
      preHandler: resetConfirmLimits,
      config: { authResponse: true },
    },
    async (request, reply) => {
      const { user, revoked } = await resetPassword(app.db, request.body.token, request.body.password);
      announceOutsideAccessRevoked(app, user.id, revoked);
      const { appName, publicUrl } = app.config;
      app.mailer.send(
        passwordResetDoneMail({ appName, publicUrl }, { to: user.email, firstName: user.firstName, revoked }),
      );
      const session = await createSession(app.db, user.id);
      setSessionCookie(reply, session.token, session.expiresAt);
      await recordAccess(app.db, request, { userId: user.id, email: user.email, event: "password_reset" });
      request.log.info({ userId: user.id }, "password reset");
      return {
        success: true,
        message: AUTH_MESSAGES.passwordResetDone,
        user: toSessionUser(user),
        ...revoked,
      };
    },
  );

  // The link may be opened in any browser, signed in or not: the token names the account.
  app.post(
    "/api/auth/verify-email",
    {
      schema: { body: verifyEmailBodySchema, response: { 200: authResponseSchema } },
      preHandler: verifyLimits,
      config: { authResponse: true },
    },
    async (request) => {
      await verifyEmail(app.db, request.body.token);
      return { success: true, message: AUTH_MESSAGES.emailVerified };
    },
  );

  app.post(
    "/api/auth/verify-email/resend",
    {
      preHandler: [requireUser, resendLimits],
      config: { authResponse: true },
      schema: { response: { 200: authResponseSchema } },
    },
    async (request) => {
      const user = signedInUser(request);
      if (user.emailVerifiedAt) return { success: true, message: AUTH_MESSAGES.emailAlreadyVerified };
      sendVerification(app, user);
      return { success: true, message: AUTH_MESSAGES.verificationSent };
    },
  );

  app.post(
    "/api/auth/logout",
    { schema: { response: { 200: authResponseSchema } } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      const user = token ? await loadUser(request) : null;
      if (token) await revokeSession(app.db, token);
      if (user) await recordAccess(app.db, request, { userId: user.id, email: user.email, event: "logout" });
      clearSessionCookie(reply);
      return { success: true, message: AUTH_MESSAGES.loggedOut };
    },
  );
};
