import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, isNull, lt, or } from "drizzle-orm";
import {
  API_KEY_MESSAGES,
  API_KEY_PREFIX,
  API_KEYS_MAX,
  type ApiKey,
  type ApiKeyScope,
  type CreatedApiKey,
} from "../../../common/contract/api-keys";
import type { Db } from "../../../db/client";
import { apiKeys, users } from "../../../db/schema";
import { HttpError } from "../../lib/http-error";

export type ApiKeyRow = typeof apiKeys.$inferSelect;

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** 40 base62 characters ≈ 238 bits: far past guessing, so a plain SHA-256 is the right hash. */
const KEY_LENGTH = 40;
/** How much of the key is kept in the clear to tell keys apart (`atk_` and 6 more). */
const SHOWN_PREFIX = API_KEY_PREFIX.length + 6;
/** last_used_at is written at most this often per key, not on every request. */
export const LAST_USED_PRECISION_MS = 60_000;

/** A new random key: `atk_` and 40 base62 characters (rejection sampling, no modulo bias). */
export function generateApiKey(): string {
  let out = "";
  while (out.length < KEY_LENGTH) {
    for (const byte of randomBytes(64)) {
      if (byte < 248 && out.length < KEY_LENGTH) out += BASE62[byte % 62];
    }
  }
  return API_KEY_PREFIX + out;
}

/** What the table keeps of a key. Lookup is by this hash (a unique index), never by the key. */
export const hashApiKey = (key: string) => createHash("sha256").update(key).digest("hex");

/** A key as it could be: the prefix and base62 only, bounded (anything else is not looked up). */
export const looksLikeApiKey = (key: string) => /^atk_[0-9A-Za-z]{20,100}$/.test(key);

export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiKeyScope[],
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The user's active keys, newest first (at most API_KEYS_MAX of them exist). */
export async function listApiKeys(db: Db, userId: number): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(API_KEYS_MAX);
}

/**
 * Creates a key under the per-user bound: the user's row is locked for the count and the insert,
 * so two concurrent creates at the bound cannot both pass. The whole key is returned only here.
 */
export async function createApiKey(
  db: Db,
  userId: number,
  input: { name: string; scopes: ApiKeyScope[] },
): Promise<CreatedApiKey> {
  const key = generateApiKey();
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const active = await tx.$count(apiKeys, and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
    if (active >= API_KEYS_MAX) throw new HttpError(403, API_KEY_MESSAGES.tooMany);
    const [inserted] = await tx
      .insert(apiKeys)
      .values({
        userId,
        name: input.name,
        prefix: key.slice(0, SHOWN_PREFIX),
        keyHash: hashApiKey(key),
        scopes: input.scopes,
      })
      .returning();
    return inserted!;
  });
  return { ...toApiKey(row), key };
}

/** Revokes one of the user's keys; false when it is not theirs or already revoked. */
export async function revokeApiKey(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/** The active key with this value and its owner, or null (unknown, revoked). */
export async function findActiveApiKey(db: Db, key: string) {
  // Two lookups by key, never a join: with a few keys analyzed, planners may merge-join the key
  // with users' whole index up to its owner's id (as they did with sessions, loadUser).
  const [found] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, hashApiKey(key)), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!found) return null;
  const [user] = await db.select().from(users).where(eq(users.id, found.userId));
  return user ? { key: found, user } : null;
}

/**
 * Records that a key was used, at most once per LAST_USED_PRECISION_MS: the condition is in the
 * UPDATE itself, so several processes using one key at once write it once.
 */
export async function touchApiKey(db: Db, row: ApiKeyRow, now = new Date()): Promise<void> {
  if (row.lastUsedAt && now.getTime() - row.lastUsedAt.getTime() < LAST_USED_PRECISION_MS) return;
  const before = new Date(now.getTime() - LAST_USED_PRECISION_MS);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, before))));
}
