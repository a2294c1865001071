import { verify } from "@node-rs/argon2";
import { and, desc, eq, gt, ne } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  ACCOUNT_MESSAGES,
  passwordChangeSchema,
  profileUpdateSchema,
  type SessionInfo,
} from "../../../common/contract/account";
import { sessions, users } from "../../../db/schema/users";
import { HttpError } from "../../lib/http-error";
import { rateLimited } from "../../lib/rate-limits";
import { recordAccess } from "../access-log/access-log";
import { hashPassword } from "../auth/auth.service";
import {
  createSession,
  hashToken,
  requireUser,
  revokeUserSessions,
  SESSION_COOKIE,
  setSessionCookie,
  toSessionUser,
} from "../auth/session";
import { exportUserData } from "./account-export";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The signed-in user's own account (/profile): name, password, sessions, the LGPD data export. */
export const accountRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const perUser = (name: string, max: number, windowMs: number) =>
    rateLimited(app, [{ name, max, windowMs, key: (request) => String(request.user!.id) }]);
  const exportLimit = perUser("account-export-user", 10, HOUR);
  // Against guessing the current password with a stolen session.
  const passwordLimit = perUser("account-password-user", 10, 15 * MINUTE);

  const currentTokenHash = (cookie: string | undefined) => (cookie ? hashToken(cookie) : "");

  app.put(
    "/api/user/profile",
    { preHandler: requireUser, schema: { body: profileUpdateSchema } },
    async (request) => {
      const [user] = await app.db
        .update(users)
        .set({ firstName: request.body.first_name, lastName: request.body.last_name, updatedAt: new Date() })
        .where(eq(users.id, request.user!.id))
        .returning();
      return { success: true, message: ACCOUNT_MESSAGES.profileSaved, user: toSessionUser(user!) };
    },
  );

  // A new password ends every session, then signs this device in again: whoever else held a
  // session (the reason to change it, often) is out.
  app.post(
    "/api/user/password",
    { preHandler: [requireUser, passwordLimit], schema: { body: passwordChangeSchema } },
    async (request, reply) => {
      const user = request.user!;
      if (!user.passwordHash) throw new HttpError(400, ACCOUNT_MESSAGES.noPassword);
      const ok = await verify(user.passwordHash, request.body.current_password).catch(() => false);
      if (!ok) {
        throw new HttpError(400, ACCOUNT_MESSAGES.wrongCurrentPassword, {
          current_password: ACCOUNT_MESSAGES.wrongCurrentPassword,
        });
      }
      const passwordHash = await hashPassword(request.body.new_password);
      await app.db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
      await revokeUserSessions(app.db, user.id);
      const session = await createSession(app.db, user.id);
      setSessionCookie(reply, session.token, session.expiresAt);
      await recordAccess(app.db, request, { userId: user.id, email: user.email, event: "password_change" });
      request.log.info({ userId: user.id }, "password changed");
      return { success: true, message: ACCOUNT_MESSAGES.passwordChanged };
    },
  );

  app.get("/api/user/sessions", { preHandler: requireUser }, async (request): Promise<SessionInfo[]> => {
    const current = currentTokenHash(request.cookies[SESSION_COOKIE]);
    const rows = await app.db
      .select({ tokenHash: sessions.tokenHash, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(and(eq(sessions.userId, request.user!.id), gt(sessions.expiresAt, new Date())))
      .orderBy(desc(sessions.createdAt))
      .limit(100);
    return rows.map((row) => ({
      id: row.tokenHash.slice(0, 12),
      created_at: row.createdAt.toISOString(),
      expires_at: row.expiresAt.toISOString(),
      current: row.tokenHash === current,
    }));
  });

  // 'Sair dos outros dispositivos': every session of the user but this one.
  app.post("/api/user/sessions/revoke-others", { preHandler: requireUser }, async (request) => {
    const current = currentTokenHash(request.cookies[SESSION_COOKIE]);
    await app.db
      .delete(sessions)
      .where(and(eq(sessions.userId, request.user!.id), ne(sessions.tokenHash, current)));
    return { success: true, message: ACCOUNT_MESSAGES.othersSignedOut };
  });

  // Everything we hold about the user, as a JSON file to download (LGPD art. 18, access and
  // portability).
  app.get("/api/user/export", { preHandler: [requireUser, exportLimit] }, async (request, reply) => {
    const data = await exportUserData(app.db, request.user!.id);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header("cache-control", "private, no-store")
      .header("content-disposition", `attachment; filename="meus-dados-${day}.json"`)
      .type("application/json; charset=utf-8")
      .send(JSON.stringify(data, null, 2));
  });
};
