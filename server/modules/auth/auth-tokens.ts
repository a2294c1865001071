import { createHash, randomBytes } from "node:crypto";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { authTokens } from "../../../db/schema";

export type TokenPurpose = "password_reset" | "email_verification" | "email_change" | "google_reauth";

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/**
 * A new single-use link token for the user (returned once, stored hashed); the user's older unused
 * tokens of the same purpose stop working.
 */
export async function issueToken(
  db: Db,
  userId: number,
  purpose: TokenPurpose,
  ttlMs: number,
  /** email_change: the address that becomes the account's when the link is followed. */
  newEmail?: string,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.transaction(async (tx) => {
    await tx
      .delete(authTokens)
      .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
    await tx.insert(authTokens).values({
      userId,
      purpose,
      newEmail: newEmail ?? null,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + ttlMs),
    });
  });
  return token;
}

export type ConsumeResult =
  | { ok: true; userId: number; newEmail: string | null }
  | { ok: false; reason: "invalid" | "expired" | "used" };

/** Spends a token: once only (two requests racing for it: one wins), and only before it expires. */
export async function consumeToken(db: Db, token: string, purpose: TokenPurpose): Promise<ConsumeResult> {
  const [row] = await db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.purpose, purpose)))
    .limit(1);
  if (!row) return { ok: false, reason: "invalid" };
  if (row.usedAt) return { ok: false, reason: "used" };
  if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: "expired" };
  const [spent] = await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.id, row.id), isNull(authTokens.usedAt)))
    .returning({ userId: authTokens.userId, newEmail: authTokens.newEmail });
  return spent ? { ok: true, userId: spent.userId, newEmail: spent.newEmail } : { ok: false, reason: "used" };
}

/** The links mailed for the account's access: a reset, the address's proof, an e-mail change. */
const MAILED_LINKS: TokenPurpose[] = ["password_reset", "email_verification", "email_change"];

/**
 * Voids every link mailed before now that has not been followed: after a password change, a reset
 * or an e-mail change, a link sent before it (to an address, or by a person, it has just shut out)
 * must not undo it.
 */
export async function voidMailedLinks(db: Db, userId: number): Promise<void> {
  await db
    .delete(authTokens)
    .where(
      and(
        eq(authTokens.userId, userId),
        inArray(authTokens.purpose, MAILED_LINKS),
        isNull(authTokens.usedAt),
      ),
    );
}
