import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  AUTH_MESSAGES,
  loginBodySchema,
  registerBodySchema,
  type SessionResponse,
} from "../../../common/contract/auth";
import { bodyEmail, rateLimited } from "../../lib/rate-limits";
import { applyDefaultPlan, assertRegistrationAllowed } from "../admin/registration-policy";
import { authenticate, registerUser } from "./auth.service";
import {
  clearSessionCookie,
  createSession,
  loadUser,
  revokeSession,
  SESSION_COOKIE,
  setSessionCookie,
  toSessionUser,
} from "./session";

const MINUTE = 60_000;

export const authRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Per IP against one guesser trying many accounts; per email against many IPs guessing one account.
  const loginLimits = rateLimited(app, [
    { name: "login-ip", max: 30, windowMs: 15 * MINUTE, key: (r) => r.ip },
    { name: "login-email", max: 10, windowMs: 15 * MINUTE, key: bodyEmail },
  ]);
  const registerLimits = rateLimited(app, [
    { name: "register-ip", max: 10, windowMs: 60 * MINUTE, key: (r) => r.ip },
    { name: "register-email", max: 5, windowMs: 60 * MINUTE, key: bodyEmail },
  ]);

  app.get("/api/auth/me", async (request, reply) => {
    const user = await loadUser(request);
    if (!user) return reply.code(401).send({ error: "Não autenticado." });
    return toSessionUser(user);
  });

  app.get("/api/auth/session", async (request, reply): Promise<SessionResponse> => {
    reply.header("cache-control", "private, no-store");
    const user = await loadUser(request);
    return { user: user ? toSessionUser(user) : null };
  });

  app.post(
    "/api/auth/login",
    { schema: { body: loginBodySchema }, preHandler: loginLimits, config: { authResponse: true } },
    async (request, reply) => {
      const user = await authenticate(app.db, request.body.email, request.body.password);
      const session = await createSession(app.db, user.id);
      setSessionCookie(reply, session.token, session.expiresAt);
      request.log.info({ userId: user.id }, "login");
      return { success: true, message: AUTH_MESSAGES.loggedIn, user: toSessionUser(user) };
    },
  );

  app.post(
    "/api/auth/register",
    { schema: { body: registerBodySchema }, preHandler: registerLimits, config: { authResponse: true } },
    async (request, reply) => {
      // ADMIN_EMAIL without ADMIN_PASSWORD: the administrator is whoever registers that address.
      const isAdmin = app.config.adminEmail === request.body.email;
      // The administrator's settings: registrations open, room for free users, the default plan.
      await assertRegistrationAllowed(app.db, app.settings.get(), isAdmin);
      const user = await registerUser(app.db, { ...request.body, isAdmin });
      await applyDefaultPlan(app.db, user.id, app.settings.get());
      const session = await createSession(app.db, user.id);
      setSessionCookie(reply, session.token, session.expiresAt);
      request.log.info({ userId: user.id }, "register");
      return reply
        .code(201)
        .send({ success: true, message: AUTH_MESSAGES.registered, user: toSessionUser(user) });
    },
  );

  app.post("/api/auth/logout", async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await revokeSession(app.db, token);
    clearSessionCookie(reply);
    return { success: true, message: AUTH_MESSAGES.loggedOut };
  });
};
