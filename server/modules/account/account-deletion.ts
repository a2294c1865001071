// Deleting an account (LGPD art. 18, VI): by its owner (DELETE /api/user) or by the administrator
// (DELETE /api/admin/users/{id}), through the one function below.
import { eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { ACCOUNT_MESSAGES } from "../../../common/contract/account";
import { NOT_FOUND } from "../../../common/contract/errors";
import type { Db } from "../../../db/client";
import { transactions, users } from "../../../db/schema";
import { badRequest, notFound } from "../../lib/http-error";
import type { InvalidationBus } from "../../lib/invalidation-bus";
import { recordAccess } from "../access-log/access-log";
import { lockUserAndAdmins, lockUserHoldings } from "../admin/admin-users.queries";
import type { UserRow } from "../auth/session";
import { linkPageChanged } from "../link-pages/link-page-events";
import { SHORT_URL_TOPIC, shortUrlChanged } from "../shortened-urls/short-url-invalidation";
import { deleteUpload } from "../uploads/image-store";

/** What a deletion needs of the app (a FastifyInstance has all of it). */
export type AccountDeletionApp = { db: Db; bus: InvalidationBus; config: { dataDir: string } };

export type Holdings = Awaited<ReturnType<typeof lockUserHoldings>>;

/**
 * The parts of a payment's details that point at the payer (the Pix code and QR image, the boleto's
 * number, barcode and document, which carries the payer's name and CPF). Amounts, dates, plan,
 * status and the provider's ids stay: tax law asks for the record, not for the person.
 */
export const PAYER_DETAIL_KEYS = [
  "pix_copy_paste",
  "pix_qr_code",
  "boleto_barcode",
  "boleto_number",
  "boleto_url",
] as const;

/** Beyond this many short links, a deletion tells every process to drop its whole redirect cache. */
const INVALIDATE_ONE_BY_ONE = 1_000;

/**
 * Deletes the user and everything of theirs in one transaction:
 * 1. the access-log line "account_deletion" when the user deletes their own account (no foreign
 *    key: Marco Civil keeps it 6 months); an administrator's deletion is not an access of the
 *    account, and its audit line (below) says which administrator did it;
 * 2. `beforeDelete` (the administrator's audit line), under the same locks;
 * 3. their payments anonymised: payer details scrubbed, the row kept; the user id goes null by the
 *    foreign key (ON DELETE SET NULL), as on billing events;
 * 4. the user row, which cascades to every table holding their rows: sessions, e-mail links, Google
 *    sign-ins in progress, Link Bio pages and their links, short links, click events and both daily
 *    rollups, subscriptions (db/schema: every `references(() => users.id)`).
 * After the commit, every process drops their short links and pages from its caches (redirects and
 * /p/ stop at once) and their stored images are removed. The last active administrator is never
 * deleted.
 */
export async function deleteAccount(
  app: AccountDeletionApp,
  request: FastifyRequest,
  userId: number,
  options: {
    lastAdminMessage?: string;
    notFoundMessage?: string;
    beforeDelete?: (tx: Db, user: UserRow, holdings: Holdings) => Promise<void>;
    /** False when an administrator deletes: no access-log line under the user with their address. */
    byOwner?: boolean;
  } = {},
): Promise<{ user: UserRow; holdings: Holdings }> {
  const deleted = await app.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const { user, otherActiveAdmins } = await lockUserAndAdmins(tx, userId);
    if (!user) throw notFound(options.notFoundMessage ?? NOT_FOUND);
    // The product keeps an active administrator (admin-users.service.ts: leavesNoActiveAdmin).
    if (user.isAdmin && user.isActive && otherActiveAdmins === 0) {
      throw badRequest(options.lastAdminMessage ?? ACCOUNT_MESSAGES.lastAdmin);
    }
    const holdings = await lockUserHoldings(tx, userId, { listShortLinksUpTo: INVALIDATE_ONE_BY_ONE });
    if (options.byOwner !== false)
      await recordAccess(tx, request, { userId, email: user.email, event: "account_deletion" });
    await options.beforeDelete?.(tx, user, holdings);
    await anonymisePayments(tx, userId);
    await tx.delete(users).where(eq(users.id, userId));
    return { user, holdings };
  });

  const { shortLinks, pages } = deleted.holdings;
  if (shortLinks === null) app.bus.publish(SHORT_URL_TOPIC, "*");
  else for (const link of shortLinks) shortUrlChanged(app.bus, link.domainId, link.code);
  linkPageChanged(app.bus, ...pages);
  await Promise.all(
    [...pages.map((page) => page.image), deleted.user.profilePictureUrl].map((url) =>
      deleteUpload(app.config.dataDir, url),
    ),
  );
  return deleted;
}

/** Scrubs the payer's details from the user's payments (kept, with a null user, after the delete). */
async function anonymisePayments(tx: Db, userId: number): Promise<void> {
  await tx
    .update(transactions)
    .set({
      paymentDetails: sql`${transactions.paymentDetails} - ${sql.raw(
        `array[${PAYER_DETAIL_KEYS.map((key) => `'${key}'`).join(", ")}]::text[]`,
      )}`,
    })
    .where(eq(transactions.userId, userId));
}
