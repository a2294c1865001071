import { hash, verify } from "@node-rs/argon2";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { OutsideAccessRevoked } from "../../../common/contract/account";
import { AUTH_MESSAGES } from "../../../common/contract/auth";
import type { Db } from "../../../db/client";
import { users } from "../../../db/schema";
import { HttpError } from "../../lib/http-error";
import type { UserRow } from "../../lib/session-guards";
import { emailVerificationMail } from "../mail/templates";
import { consumeToken, issueToken, voidMailedLinks } from "./auth-tokens";
import { revokeOutsideAccess } from "./outside-access";
import { revokeUserSessions } from "./session";

// argon2id with the library's defaults (m=19456, t=2, p=1: OWASP's recommendation).
export const hashPassword = (password: string) => hash(password);

// Verified against when the email is unknown, so a wrong email takes as long as a wrong password.
let dummyHash: Promise<string> | undefined;

export const findByEmail = async (db: Db, email: string) =>
  (
    await db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .limit(1)
  )[0];

export async function registerUser(
  db: Db,
  input: { email: string; password: string; first_name: string; last_name: string; isAdmin?: boolean },
): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  const [created] = await db
    .insert(users)
    .values({
      email: input.email,
      passwordHash,
      firstName: input.first_name,
      lastName: input.last_name,
      isAdmin: input.isAdmin ?? false,
    })
    .onConflictDoNothing()
    .returning();
  if (!created) throw new HttpError(409, AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });
  return created;
}

export async function authenticate(db: Db, email: string, password: string): Promise<UserRow> {
  const user = await findByEmail(db, email);
  if (!user?.passwordHash) {
    dummyHash ??= hashPassword("not-a-real-password");
    await verify(await dummyHash, password).catch(() => false);
    throw new HttpError(401, AUTH_MESSAGES.wrongCredentials);
  }
  const ok = await verify(user.passwordHash, password).catch(() => false);
  if (!ok) throw new HttpError(401, AUTH_MESSAGES.wrongCredentials);
  // Said only to whoever proved the password: it reveals nothing to a guesser.
  if (!user.isActive) throw new HttpError(403, AUTH_MESSAGES.inactive);
  return user;
}

/** ADMIN_EMAIL (+ ADMIN_PASSWORD) at start: create the administrator, or promote the account. */
export async function ensureAdmin(db: Db, email: string, password: string | undefined): Promise<void> {
  const existing = await findByEmail(db, email);
  if (existing) {
    const changes: Partial<typeof users.$inferInsert> = {
      isAdmin: true,
      isActive: true,
      // The operator chose this address: it counts as verified.
      emailVerifiedAt: existing.emailVerifiedAt ?? new Date(),
      updatedAt: new Date(),
    };
    if (password) changes.passwordHash = await hashPassword(password);
    await db.update(users).set(changes).where(eq(users.id, existing.id));
    return;
  }
  if (!password) return; // promoted when that address registers (auth.routes.ts)
  // Several processes starting at once on a new database all get here: the first one's row stands.
  await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(password),
      firstName: "Administrador",
      isAdmin: true,
      emailVerifiedAt: new Date(),
    })
    .onConflictDoNothing();
}

export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

const RESET_REFUSALS = {
  invalid: AUTH_MESSAGES.resetLinkInvalid,
  expired: AUTH_MESSAGES.resetLinkExpired,
  used: AUTH_MESSAGES.resetLinkUsed,
} as const;

/**
 * When a reset or verification link is what first proves the address (e-mail not verified before),
 * a Google identity linked before that proof goes: it may be someone else's who used this address
 * unverified. (SET reads the row as it was, so the case sees emailVerifiedAt before this update.)
 */
const googleSubOnceVerified = sql`case when ${users.emailVerifiedAt} is null then null else ${users.googleSub} end`;

/**
 * Spends a reset token and sets the new password, in one transaction: following the link proved
 * the address (the e-mail counts as verified), and what whoever held the account before that proof
 * left behind ends with it: every session, every link mailed before, every API key, every webhook
 * (switched off). The caller opens a new session and announces the webhooks' change.
 */
export async function resetPassword(
  db: Db,
  token: string,
  password: string,
): Promise<{ user: UserRow; revoked: OutsideAccessRevoked }> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const result = await consumeToken(tx, token, "password_reset");
    if (!result.ok) throw new HttpError(400, RESET_REFUSALS[result.reason]);
    const [owner] = await tx.select().from(users).where(eq(users.id, result.userId)).limit(1);
    if (!owner) throw new HttpError(400, AUTH_MESSAGES.resetLinkInvalid);
    if (!owner.isActive) throw new HttpError(403, AUTH_MESSAGES.inactive);
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        googleSub: googleSubOnceVerified,
        updatedAt: new Date(),
      })
      .where(eq(users.id, owner.id))
      .returning();
    await revokeUserSessions(tx, owner.id);
    await voidMailedLinks(tx, owner.id);
    const revoked = await revokeOutsideAccess(tx, owner.id);
    return { user: user!, revoked };
  });
}

export const EMAIL_VERIFICATION_TTL_MS = 48 * 60 * 60 * 1000;

/** Queues the verification e-mail (a new link voids the user's older ones). */
export function sendVerification(app: FastifyInstance, user: UserRow): void {
  const { appName, publicUrl } = app.config;
  app.mailer.send(async () => {
    const token = await issueToken(app.db, user.id, "email_verification", EMAIL_VERIFICATION_TTL_MS);
    return emailVerificationMail({ appName, publicUrl }, { to: user.email, token });
  });
}

const VERIFY_REFUSALS = {
  invalid: AUTH_MESSAGES.verifyLinkInvalid,
  expired: AUTH_MESSAGES.verifyLinkExpired,
  used: AUTH_MESSAGES.verifyLinkUsed,
} as const;

/** Spends a verification token: the user's e-mail counts as verified from now on. */
export async function verifyEmail(db: Db, token: string): Promise<void> {
  const result = await consumeToken(db, token, "email_verification");
  if (!result.ok) throw new HttpError(400, VERIFY_REFUSALS[result.reason]);
  await db
    .update(users)
    .set({
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
      googleSub: googleSubOnceVerified,
      updatedAt: new Date(),
    })
    .where(eq(users.id, result.userId));
}
