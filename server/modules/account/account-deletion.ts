// Deleting an account (LGPD art. 18, VI): by its owner (DELETE /api/user) or by the administrator
// (DELETE /api/admin/users/{id}), through the one function below.
import { asc, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { ACCOUNT_MESSAGES } from "../../../common/contract/account";
import { NOT_FOUND } from "../../../common/contract/errors";
import { type Db, rowsOf } from "../../../db/client";
import { linkPages, transactions, users } from "../../../db/schema";
import { sqlState } from "../../lib/database-errors";
import { badRequest, notFound } from "../../lib/http-error";
import type { InvalidationBus } from "../../lib/invalidation-bus";
import { MINUTE, type ScheduledJob } from "../../lib/job-scheduler";
import type { UserRow } from "../../lib/session-guards";
import { recordAccess } from "../access-log/access-log";
import { revokeUserSessions } from "../auth/session";
import { linkPageChanged } from "../link-pages/link-page-events";
import { SHORT_URL_TOPIC, shortUrlChanged } from "../shortened-urls/short-url-invalidation";
import { deleteUpload } from "../uploads/image-store";
import { countUserHoldings, lockUserAndAdmins, lockUserPages } from "./account.queries";

/** What a deletion needs of the app (a FastifyInstance has all of it). */
export type AccountDeletionApp = { db: Db; bus: InvalidationBus; config: { dataDir: string } };

export type Holdings = Awaited<ReturnType<typeof countUserHoldings>>;

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
 * Rows deleted per statement once the account is closed. Each slice is its own short transaction:
 * on PGlite the database runs on the thread that answers redirects, and deleting a million links
 * with their clicks in one transaction held it for seconds.
 */
export const DELETION_SLICES = { shortLinks: 2_000, clickRows: 10_000, leads: 5_000 };

/**
 * Deletes the user and everything of theirs. First, in one transaction, the account is closed:
 * 1. the access-log line "account_deletion" when the user deletes their own account (no foreign
 *    key: Marco Civil keeps it 6 months); an administrator's deletion is not an access of the
 *    account, and its audit line (below) says which administrator did it;
 * 2. `beforeDelete` (the administrator's audit line), under the same locks;
 * 3. their payments anonymised: payer details scrubbed, the row kept; the user id goes null by the
 *    foreign key (ON DELETE SET NULL), as on billing events;
 * 4. the account marked (`deletion_started_at`), deactivated and its sessions ended: no sign-in,
 *    session or API key of it works from here, and no administrator action finds it.
 * Then its rows go in slices (finishAccountDeletion), and the user row last, which cascades to
 * every table holding their rows (db/schema: every reference to users.id). The request
 * waits for all of it. A deletion cut short by a restart is finished by the scheduled job
 * (finishPendingDeletions). The last active administrator is never deleted.
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
  const closed = await app.db.transaction(async (tx) => {
    const { user, otherActiveAdmins } = await lockUserAndAdmins(tx, userId);
    if (!user) throw notFound(options.notFoundMessage ?? NOT_FOUND);
    // The product keeps an active administrator (admin-users.service.ts: leavesNoActiveAdmin).
    if (user.isAdmin && user.isActive && otherActiveAdmins === 0) {
      throw badRequest(options.lastAdminMessage ?? ACCOUNT_MESSAGES.lastAdmin);
    }
    const holdings = await countUserHoldings(tx, userId);
    if (options.byOwner !== false)
      await recordAccess(tx, request, { userId, email: user.email, event: "account_deletion" });
    await options.beforeDelete?.(tx, user, holdings);
    await anonymisePayments(tx, userId);
    await tx
      .update(users)
      .set({ isActive: false, deletionStartedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, userId));
    await revokeUserSessions(tx, userId);
    return { user, holdings };
  });
  await finishAccountDeletion(app, userId);
  return closed;
}

/**
 * Deletes the rows of an account whose deletion began (deleteAccount), slice by slice: its short
 * links, then its click events and daily rollups, then its leads, then, in one transaction, its Link Bio pages'
 * links and pages locked in the order a click batch locks them and the user row, which cascades to
 * the rest. Clicks of a link already deleted are dropped by the click batch (it writes only rows
 * of targets it holds locked); the trigger on users takes any written meanwhile. After the commit,
 * every process drops the short links and pages from its caches and the stored images go.
 * Safe to run twice at once (two processes finishing the same deletion): each slice deletes what
 * is left. Cached codes of a large account redirect until the end, a few seconds.
 * NOTE: on Postgres a rollup row that a click batch updates while its slice runs can make the two
 * wait on each other in a circle; Postgres then fails one of them, and either is run again (the
 * click batch by its queue, the slice here).
 */
export async function finishAccountDeletion(
  app: AccountDeletionApp,
  userId: number,
  { resumed = false } = {},
): Promise<void> {
  running.add(userId);
  try {
    await deleteRowsOf(app, userId, resumed);
  } finally {
    running.delete(userId);
  }
}

/** The deletions this process is finishing now (by user id). */
const running = new Set<number>();

async function deleteRowsOf(app: AccountDeletionApp, userId: number, resumed: boolean): Promise<void> {
  const { db } = app;
  const codes: { domainId: number; code: string }[] = [];
  // A deletion resumed after a restart does not know the codes deleted before it: every cache goes.
  let tooManyCodes = resumed;
  // Each slice starts where the one before it started, in an index's order: it reads again only
  // the index entries of the rows that slice deleted, and marks them dead, so that neither the
  // next slices nor the user's delete below, which cascades through the same indexes, reads them
  // again. Measured on PGlite, the bench's account of a million links: 4.1 s in all and 0.16 s for
  // the user's delete, against 5.3 s and 0.3 s when each slice started where the last one ended.
  await inSlices(db, DELETION_SLICES.shortLinks, ["-infinity", 0], ([createdAt, id]) => {
    const wantCodes = !tooManyCodes;
    return {
      statement: sql`
        with slice as (
          select id, created_at from shortened_urls
          where user_id = ${userId} and (created_at, id) >= (${createdAt}::timestamptz, ${id}::int)
          order by created_at, id limit ${DELETION_SLICES.shortLinks}),
        -- An index scan of the ids in ascending order: rows are locked in the order a click batch
        -- locks them, so neither can wait on the other in a circle.
        gone as (
          delete from shortened_urls where id = any(array(select id from slice))
          returning domain_id, short_code)
        select (select count(*)::int from slice) as n,
          (select json_build_array(created_at::text, id) from slice order by created_at, id limit 1) as first,
          case when ${wantCodes} then (select json_agg(json_build_array(domain_id, short_code)) from gone) end
            as codes`,
      onRow: (row: { codes: [number, string][] | null }) => {
        if (!wantCodes) return;
        codes.push(...(row.codes ?? []).map(([domainId, code]) => ({ domainId, code })));
        tooManyCodes = codes.length > INVALIDATE_ONE_BY_ONE;
      },
    };
  });
  await inSlices(db, DELETION_SLICES.clickRows, ["-infinity"], ([occurredAt]) => ({
    statement: sql`
      with slice as (
        select id, occurred_at from click_events
        where user_id = ${userId} and occurred_at >= ${occurredAt}::timestamptz
        order by occurred_at limit ${DELETION_SLICES.clickRows}),
      gone as (delete from click_events where id = any(array(select id from slice)))
      select (select count(*)::int from slice) as n,
        (select json_build_array(min(occurred_at)::text) from slice) as first`,
  }));
  // By the key; ctid, since the rollup has no id (a row an update moved meanwhile is left to the
  // user's delete below, whose trigger takes what remains).
  await inSlices(db, DELETION_SLICES.clickRows, ["", 0, "", "", "-infinity"], (after) => ({
    statement: sql`
      with slice as (
        select ctid as row, target_type, target_id, dimension, value, day from click_daily
        where user_id = ${userId}
          and (target_type, target_id, dimension, value, day)
            >= (${after[0]}, ${after[1]}::int, ${after[2]}, ${after[3]}, ${after[4]}::date)
        order by target_type, target_id, dimension, value, day limit ${DELETION_SLICES.clickRows}),
      gone as (delete from click_daily where ctid = any(array(select row from slice)))
      select (select count(*)::int from slice) as n,
        (select json_build_array(target_type, target_id, dimension, value, day::text) from slice
          order by target_type, target_id, dimension, value, day limit 1) as first`,
  }));

  // The contacts their forms received, before the pages: deleting a page sets its leads' page to
  // null, row by row. Their consent texts and push subscriptions, a few rows, go with the user row.
  await inSlices(db, DELETION_SLICES.leads, ["-infinity", 0], ([createdAt, id]) => ({
    statement: sql`
      with slice as (
        select id, created_at from leads
        where user_id = ${userId} and (created_at, id) >= (${createdAt}::timestamptz, ${id}::int)
        order by created_at, id limit ${DELETION_SLICES.leads}),
      gone as (delete from leads where id = any(array(select id from slice)))
      select (select count(*)::int from slice) as n,
        (select json_build_array(created_at::text, id) from slice order by created_at, id limit 1) as first`,
  }));

  const gone = await app.db.transaction(async (tx) => {
    const { pages, images } = await lockUserPages(tx, userId);
    // Before the user row: their triggers update the user's counts (user_usage), whose foreign key
    // is checked against a user row still there. Cascaded from the user's delete, an account of
    // several pages failed that check.
    await tx.delete(linkPages).where(eq(linkPages.userId, userId));
    const [user] = await tx
      .delete(users)
      .where(eq(users.id, userId))
      .returning({ profilePictureUrl: users.profilePictureUrl });
    return user ? { pages, images, profilePictureUrl: user.profilePictureUrl } : null;
  });

  if (tooManyCodes) app.bus.publish(SHORT_URL_TOPIC, "*");
  else for (const link of codes) shortUrlChanged(app.bus, link.domainId, link.code);
  if (!gone) return;
  linkPageChanged(app.bus, ...gone.pages);
  await Promise.all(
    [...gone.images, gone.profilePictureUrl].map((url) => deleteUpload(app.config.dataDir, url)),
  );
}

/**
 * Finishes the deletions that a restart cut short (the scheduled job, every minute). Those this
 * process is running now are left to it. Returns how many were finished.
 */
export async function finishPendingDeletions(app: AccountDeletionApp): Promise<number> {
  const pending = await app.db
    .select({ id: users.id })
    .from(users)
    .where(isNotNull(users.deletionStartedAt))
    .orderBy(asc(users.deletionStartedAt))
    .limit(10);
  let finished = 0;
  for (const { id } of pending) {
    if (running.has(id)) continue;
    await finishAccountDeletion(app, id, { resumed: true });
    finished++;
  }
  return finished;
}

/** The deletions a restart cut short, finished every minute. */
export const accountDeletionJob = (app: AccountDeletionApp): ScheduledJob => ({
  name: "account-deletions",
  everyMs: MINUTE,
  run: () => finishPendingDeletions(app),
});

/**
 * Runs a slice's statement, each time from the key where the one before it started, until one
 * finds fewer rows than a slice; the event loop turns between them. The statement answers one row:
 * `n`, the rows it deleted, and `first`, the key of the first one.
 */
async function inSlices<Key extends unknown[], Row>(
  db: Db,
  size: number,
  first: Key,
  slice: (after: Key) => { statement: SQL; onRow?: (row: Row) => void },
): Promise<void> {
  let after = first;
  for (;;) {
    const { statement, onRow } = slice(after);
    const [row] = rowsOf<Row & { n: number; first: Key | null }>(
      await runAgainOnDeadlock(() => db.execute(statement)),
    );
    if (!row) return;
    onRow?.(row);
    if (row.n < size || !row.first) return;
    after = row.first;
    await nextTurn();
  }
}

/** Runs a statement again, up to twice, when Postgres failed it for a deadlock (SQLSTATE 40P01). */
async function runAgainOnDeadlock<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt === 3 || sqlState(error) !== "40P01") throw error;
    }
  }
}

/** Lets waiting requests run between slices (on PGlite a statement holds the event loop's thread). */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

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
