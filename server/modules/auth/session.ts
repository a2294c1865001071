// Signing in and out: sessions made and ended, and their cookie. Who a request is (the lookup and
// the guards) lives in server/lib/session-guards.ts.
import { randomBytes } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { SessionUser } from "../../../common/contract/auth";
import type { Db } from "../../../db/client";
import { sessions } from "../../../db/schema";
import { hashToken, SESSION_COOKIE, type UserRow } from "../../lib/session-guards";

const SESSION_DAYS = 30;
const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;

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
