import { and, eq } from "drizzle-orm";
import {
  POWER_LINK_MESSAGES,
  SHORT_URL_MESSAGES,
  type shortenedUrlUpdateSchema,
} from "../../../common/contract/shortened-urls";
import type { z } from "../../../common/zod";
import type { Db } from "../../../db/client";
import { shortenedUrls } from "../../../db/schema";
import { isUniqueViolation } from "../../lib/database-errors";
import { HttpError } from "../../lib/http-error";
import { savedTargets } from "./shortened-url-targets";
import { findOwnShortenedUrl, type ShortenedUrlRow } from "./shortened-urls.queries";
import { hashLinkPassword } from "./shortened-urls.service";

export type ShortenedUrlChanges = z.output<typeof shortenedUrlUpdateSchema>;

const codeLocked = () =>
  new HttpError(409, POWER_LINK_MESSAGES.codeLocked, { custom_code: POWER_LINK_MESSAGES.codeLocked });

/**
 * PUT /api/shortened-urls/{id}: absent fields are kept, null clears (title, expiry, click limit,
 * expiry target, password). The code changes only while nobody has clicked the link: the update
 * itself asserts click_count = 0 and limit_used = 0, so a click landing meanwhile wins (409). The
 * domain never changes. Changing click_limit keeps limit_used: clicks already served still count.
 * Returns the row before and after (the caller drops both codes from the redirect caches).
 */
export async function updateShortenedUrl(
  db: Db,
  userId: number,
  id: number,
  changes: ShortenedUrlChanges,
  assertTargets: (targets: ShortenedUrlChanges, saved: ReadonlySet<string>) => void,
): Promise<{ before: ShortenedUrlRow; after: ShortenedUrlRow }> {
  const before = await findOwnShortenedUrl(db, userId, id);
  if (!before) throw new HttpError(404, SHORT_URL_MESSAGES.notFound);
  // Every new target gets the create checks; the ones the link already has are left alone.
  assertTargets(changes, savedTargets(before));
  const newCode = changes.custom_code !== undefined && changes.custom_code !== before.shortCode;
  if (newCode && (before.clickCount > 0 || before.limitUsed > 0)) throw codeLocked();
  const passwordHash = await hashLinkPassword(changes.password);
  const values: Partial<typeof shortenedUrls.$inferInsert> = {
    originalUrl: changes.original_url,
    title: changes.title,
    expiresAt: changes.expires_at,
    rules: changes.rules,
    clickLimit: changes.click_limit,
    expiredUrl: changes.expired_url,
    passwordHash,
    openInApp: changes.open_in_app,
    shortCode: newCode ? changes.custom_code : undefined,
    updatedAt: new Date(),
  };
  const where = [eq(shortenedUrls.id, id), eq(shortenedUrls.userId, userId)];
  if (newCode) where.push(eq(shortenedUrls.clickCount, 0), eq(shortenedUrls.limitUsed, 0));
  let after: ShortenedUrlRow | undefined;
  try {
    [after] = await db
      .update(shortenedUrls)
      .set(values)
      .where(and(...where))
      .returning();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new HttpError(409, SHORT_URL_MESSAGES.codeTaken, { custom_code: SHORT_URL_MESSAGES.codeTaken });
  }
  if (after) return { before, after };
  // Gone meanwhile (deleted), or clicked between the read and the update.
  if (!newCode || !(await findOwnShortenedUrl(db, userId, id)))
    throw new HttpError(404, SHORT_URL_MESSAGES.notFound);
  throw codeLocked();
}
