import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { SessionUser } from "../../../common/contract/auth";
import { FORBIDDEN, UNAUTHENTICATED } from "../../../common/contract/errors";
import type { Db } from "../../../db/client";
import { sessions, users } from "../../../db/schema";
import { HttpError } from "../../lib/http-error";

export const SESSION_COOKIE = "atalho_session";
const SESSION_DAYS = 30;
const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;

export type UserRow = typeof users.$inferSelect;

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, set by requireUser / loadUser. */
    user?: UserRow;
  }
}

/** What the sessions table keeps of a token (sha256): also how a session is told apart in lists. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

export async function createSession(db: Db, userId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_MS);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
  // Housekeeping: this user's expired sessions go when a new one is made.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date())));
  return { token, expiresAt };
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Every session of a user ends (deactivation, password change). */
export async function revokeUserSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: reply.server.config.secureCookies,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: reply.server.config.secureCookies,
  });
}

/** The user behind the request's cookie, or null: expired sessions and inactive users count as none. */
export async function loadUser(request: FastifyRequest): Promise<UserRow | null> {
  if (request.user) return request.user;
  const token = request.cookies[SESSION_COOKIE];
  if (!token || token.length > 100) return null;
  const [row] = await request.server.db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date())))
    .limit(1);
  if (!row?.user.isActive) return null;
  request.user = row.user;
  return row.user;
}

/** preHandler: 401 unless signed in. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  const user = await loadUser(request);
  if (!user) throw new HttpError(401, UNAUTHENTICATED);
}

/** preHandler: 401 unless signed in, 403 unless the user has the is_admin flag. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  const user = await loadUser(request);
  if (!user) throw new HttpError(401, UNAUTHENTICATED);
  if (!user.isAdmin) throw new HttpError(403, FORBIDDEN);
}

export function toSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    profile_picture_url: user.profilePictureUrl,
    is_admin: user.isAdmin,
    email_verified: user.emailVerifiedAt !== null,
    has_password: user.passwordHash !== null,
    google_linked: user.googleSub !== null,
    google_user_data: {
      given_name: user.firstName,
      family_name: user.lastName,
      picture: user.profilePictureUrl,
    },
  };
}
