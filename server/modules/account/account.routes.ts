import { Readable } from "node:stream";
import { verify } from "@node-rs/argon2";
import { and, desc, eq, gt, ne } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  ACCOUNT_MESSAGES,
  type AccountStatus,
  accountDeletionSchema,
  accountStatusSchema,
  emailChangeConfirmSchema,
  emailChangedSchema,
  emailChangeSchema,
  emailChangeSentSchema,
  passwordChangeSchema,
  profilePhotoSchema,
  profileUpdateSchema,
  revokedAccessWords,
  type SessionInfo,
  sessionInfoListSchema,
} from "../../../common/contract/account";
import { authResponseSchema, passwordResetDoneSchema } from "../../../common/contract/auth";
import { UNAUTHENTICATED } from "../../../common/contract/errors";
import { sessions, users } from "../../../db/schema/users";
import { HttpError } from "../../lib/http-error";
import { byAddress, rateLimited } from "../../lib/rate-limits";
import { hashToken, requireUser, SESSION_COOKIE, signedInUser } from "../../lib/session-guards";
import { recordAccess } from "../access-log/access-log";
import { hashPassword } from "../auth/auth.service";
import { consumeToken, voidMailedLinks } from "../auth/auth-tokens";
import { announceOutsideAccessRevoked, revokeOutsideAccess } from "../auth/outside-access";
import {
  clearSessionCookie,
  createSession,
  revokeUserSessions,
  setSessionCookie,
  toSessionUser,
} from "../auth/session";
import { deleteAccount } from "./account-deletion";
import { exportUserData } from "./account-export";
import {
  cancelEmailChange,
  confirmEmailChange,
  pendingEmailChange,
  requestEmailChange,
} from "./email-change";
import { setProfilePhoto } from "./profile-photo";

const MINUTE = 60_000;
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const HOUR = 60 * MINUTE;

/**
 * The signed-in user's own account (/profile): name, photo, e-mail, password, sessions, and the
 * LGPD rights: the data export and the account's deletion.
 */
export const accountRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const perUser = (name: string, max: number, windowMs: number) =>
    rateLimited(app, [{ name, max, windowMs, key: (request) => String(signedInUser(request).id) }]);
  const exportLimit = perUser("account-export-user", 10, HOUR);
  // Against guessing the current password with a stolen session.
  const passwordLimit = perUser("account-password-user", 10, 15 * MINUTE);
  // Each request mails both addresses and checks the password.
  const emailChangeLimit = rateLimited(app, [
    { name: "email-change-user", max: 5, windowMs: HOUR, key: (request) => String(signedInUser(request).id) },
    { name: "email-change-ip", max: 20, windowMs: HOUR, key: byAddress },
  ]);
  const emailConfirmLimit = rateLimited(app, [
    { name: "email-confirm-ip", max: 30, windowMs: 15 * MINUTE, key: byAddress },
  ]);
  const photoLimit = perUser("account-photo-user", 30, HOUR);
  const deletionLimit = rateLimited(app, [
    {
      name: "account-delete-user",
      max: 5,
      windowMs: 15 * MINUTE,
      key: (request) => String(signedInUser(request).id),
    },
    { name: "account-delete-ip", max: 20, windowMs: 15 * MINUTE, key: byAddress },
  ]);

  const currentTokenHash = (cookie: string | undefined) => (cookie ? hashToken(cookie) : "");

  app.put(
    "/api/user/profile",
    { preHandler: requireUser, schema: { body: profileUpdateSchema, response: { 200: authResponseSchema } } },
    async (request) => {
      const [user] = await app.db
        .update(users)
        .set({ firstName: request.body.first_name, lastName: request.body.last_name, updatedAt: new Date() })
        .where(eq(users.id, signedInUser(request).id))
        .returning();
      return { success: true, message: ACCOUNT_MESSAGES.profileSaved, user: toSessionUser(user!) };
    },
  );

  // What the profile shows beyond the session user: how the account proves itself, a pending change.
  app.get(
    "/api/user/account",
    { preHandler: requireUser, schema: { response: { 200: accountStatusSchema } } },
    async (request, reply): Promise<AccountStatus> => {
      const user = signedInUser(request);
      reply.header("cache-control", "private, no-store");
      return {
        has_password: user.passwordHash !== null,
        google_linked: user.googleSub !== null,
        pending_email_change: await pendingEmailChange(app.db, user.id),
      };
    },
  );

  // The profile photo: uploaded (a data URL stored as a file) or a URL; null removes it.
  app.put(
    "/api/user/photo",
    {
      preHandler: [requireUser, photoLimit],
      schema: { body: profilePhotoSchema, response: { 200: authResponseSchema } },
    },
    async (request) => {
      const user = await setProfilePhoto(app, signedInUser(request), request.body.profile_picture_url);
      const message = user.profilePictureUrl ? ACCOUNT_MESSAGES.photoSaved : ACCOUNT_MESSAGES.photoRemoved;
      return { success: true, message, user: toSessionUser(user) };
    },
  );

  // An e-mail change: the password proves the owner; the link to the new address makes the change.
  app.post(
    "/api/user/email",
    {
      preHandler: [requireUser, emailChangeLimit],
      schema: { body: emailChangeSchema, response: { 200: emailChangeSentSchema } },
    },
    async (request) => {
      await requestEmailChange(app, signedInUser(request), {
        newEmail: request.body.new_email,
        currentPassword: request.body.current_password,
      });
      return {
        success: true,
        message: ACCOUNT_MESSAGES.emailChangeSent,
        pending_email_change: await pendingEmailChange(app.db, signedInUser(request).id),
      };
    },
  );

  app.delete(
    "/api/user/email",
    { preHandler: requireUser, schema: { response: { 200: authResponseSchema } } },
    async (request) => {
      await cancelEmailChange(app.db, signedInUser(request).id);
      return { success: true, message: ACCOUNT_MESSAGES.emailChangeCanceled };
    },
  );

  // The link of the e-mail sent to the new address; it may be opened in any browser, signed in or
  // not: the token names the account.
  app.post(
    "/api/user/email/confirm",
    {
      preHandler: emailConfirmLimit,
      schema: { body: emailChangeConfirmSchema, response: { 200: emailChangedSchema } },
    },
    async (request) => {
      const user = await confirmEmailChange(app, request, request.body.token);
      request.log.info({ userId: user.id }, "email changed");
      return { success: true, message: ACCOUNT_MESSAGES.emailChanged, email: user.email };
    },
  );

  // The account's deletion (LGPD): proven by the password, or by a fresh Google sign-in for an
  // account without one. Everything goes at once (account-deletion.ts) and the session ends.
  app.delete(
    "/api/user",
    {
      preHandler: [requireUser, deletionLimit],
      schema: { body: accountDeletionSchema, response: { 200: authResponseSchema } },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const body = request.body;
      if ("password" in body) {
        if (!user.passwordHash) throw new HttpError(400, ACCOUNT_MESSAGES.deletionNeedsGoogle);
        const ok = await verify(user.passwordHash, body.password).catch(() => false);
        if (!ok) {
          throw new HttpError(400, ACCOUNT_MESSAGES.wrongPassword, {
            password: ACCOUNT_MESSAGES.wrongPassword,
          });
        }
      } else {
        const spent = await consumeToken(app.db, body.google_reauth_token, "google_reauth");
        if (!spent.ok || spent.userId !== user.id)
          throw new HttpError(400, ACCOUNT_MESSAGES.googleReauthInvalid);
      }
      await deleteAccount(app, request, user.id);
      clearSessionCookie(reply);
      request.log.info({ userId: user.id }, "account deleted by its owner");
      return { success: true, message: ACCOUNT_MESSAGES.accountDeleted };
    },
  );

  // A new password ends every session, then signs this device in again: whoever else held a
  // session (the reason to change it, often) is out.
  app.post(
    "/api/user/password",
    {
      preHandler: [requireUser, passwordLimit],
      schema: { body: passwordChangeSchema, response: { 200: passwordResetDoneSchema } },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      if (!user.passwordHash) throw new HttpError(400, ACCOUNT_MESSAGES.noPassword);
      const ok = await verify(user.passwordHash, request.body.current_password).catch(() => false);
      if (!ok) {
        throw new HttpError(400, ACCOUNT_MESSAGES.wrongCurrentPassword, {
          current_password: ACCOUNT_MESSAGES.wrongCurrentPassword,
        });
      }
      const passwordHash = await hashPassword(request.body.new_password);
      // With the sessions, every link mailed before ends too (a pending e-mail change asked by
      // whoever knew the old password, a reset link that would replace the new one), and unless
      // the owner unticks it, every API key and webhook: a key outlives any session.
      const revokeOutside = request.body.revoke_api_keys ?? true;
      const revoked = await app.db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
        await revokeUserSessions(tx, user.id);
        await voidMailedLinks(tx, user.id);
        return revokeOutside
          ? revokeOutsideAccess(tx, user.id)
          : { api_keys_revoked: 0, webhooks_disabled: 0 };
      });
      announceOutsideAccessRevoked(app, user.id, revoked);
      const session = await createSession(app.db, user.id);
      setSessionCookie(reply, session.token, session.expiresAt);
      await recordAccess(app.db, request, { userId: user.id, email: user.email, event: "password_change" });
      request.log.info({ userId: user.id, ...revoked }, "password changed");
      const words = revokedAccessWords(revoked);
      return {
        success: true,
        message: words
          ? `${ACCOUNT_MESSAGES.passwordChanged} ${capitalized(words)}.`
          : ACCOUNT_MESSAGES.passwordChanged,
        ...revoked,
      };
    },
  );

  app.get(
    "/api/user/sessions",
    { preHandler: requireUser, schema: { response: { 200: sessionInfoListSchema } } },
    async (request): Promise<SessionInfo[]> => {
      const current = currentTokenHash(request.cookies[SESSION_COOKIE]);
      const rows = await app.db
        .select({
          tokenHash: sessions.tokenHash,
          createdAt: sessions.createdAt,
          expiresAt: sessions.expiresAt,
        })
        .from(sessions)
        .where(and(eq(sessions.userId, signedInUser(request).id), gt(sessions.expiresAt, new Date())))
        .orderBy(desc(sessions.createdAt))
        .limit(100);
      return rows.map((row) => ({
        id: row.tokenHash.slice(0, 12),
        created_at: row.createdAt.toISOString(),
        expires_at: row.expiresAt.toISOString(),
        current: row.tokenHash === current,
      }));
    },
  );

  // 'Sair dos outros dispositivos': every session of the user but this one.
  app.post(
    "/api/user/sessions/revoke-others",
    { preHandler: requireUser, schema: { response: { 200: authResponseSchema } } },
    async (request) => {
      const current = currentTokenHash(request.cookies[SESSION_COOKIE]);
      await app.db
        .delete(sessions)
        .where(and(eq(sessions.userId, signedInUser(request).id), ne(sessions.tokenHash, current)));
      return { success: true, message: ACCOUNT_MESSAGES.othersSignedOut };
    },
  );

  // Everything we hold about the user, as a JSON file to download (LGPD art. 18, access and
  // portability). Sent as it is read: a large account's file does not fit in the heap.
  app.get("/api/user/export", { preHandler: [requireUser, exportLimit] }, async (request, reply) => {
    const data = await exportUserData(app.db, signedInUser(request).id);
    if (!data) throw new HttpError(401, UNAUTHENTICATED);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header("cache-control", "private, no-store")
      .header("content-disposition", `attachment; filename="meus-dados-${day}.json"`)
      .type("application/json; charset=utf-8")
      .send(Readable.from(data));
  });
};
