// Who is asking: the session cookie's user, and the guards every module's routes put in front.
// Signing in and out (creating and ending sessions) is the auth module's; this is only the lookup.
import { createHash } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { FORBIDDEN, UNAUTHENTICATED } from "../../common/contract/errors";
import type { Db } from "../../db/client";
import { sessions, users } from "../../db/schema";
import { HttpError } from "./http-error";

export const SESSION_COOKIE = "atalho_session";

export type UserRow = typeof users.$inferSelect;

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, set by requireUser / loadUser (or an API key's owner). Read it with signedInUser. */
    user?: UserRow;
  }
}

/** What the sessions table keeps of a token (sha256): also how a session is told apart in lists. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/**
 * The user of a session token still valid, whether active or not. By primary key from the session's
 * user_id (a scalar subquery, also by primary key), never a join: with few sessions analyzed,
 * planners chose a merge join reading users' index from the first id up to the session's, ~100 ms
 * for the newest of 100k users on PGlite, on every request of theirs.
 */
export const sessionUserQuery = (db: Db, token: string) =>
  db
    .select()
    .from(users)
    .where(
      eq(
        users.id,
        sql`(${db
          .select({ userId: sessions.userId })
          .from(sessions)
          .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date())))})`,
      ),
    );

/** The user behind the request's cookie, or null: expired sessions and inactive users count as none. */
export async function loadUser(request: FastifyRequest): Promise<UserRow | null> {
  if (request.user) return request.user;
  const token = request.cookies[SESSION_COOKIE];
  if (!token || token.length > 100) return null;
  const [user] = await sessionUserQuery(request.server.db, token);
  if (!user?.isActive) return null;
  request.user = user;
  return user;
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

/**
 * The user a guard (requireUser, requireAdmin, an API key) let through, in a handler behind it.
 * Throws 401 when there is none: a route that forgot its guard refuses rather than crashes.
 */
export function signedInUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new HttpError(401, UNAUTHENTICATED);
  return request.user;
}
