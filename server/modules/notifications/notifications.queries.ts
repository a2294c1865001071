import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { LeadMailMode } from "../../../common/contract/leads";
import { PUSH_DEVICES_MAX } from "../../../common/contract/notifications";
import { type Db, rowsOf } from "../../../db/client";
import { links, pushSubscriptions, SHORT_URL_SEARCH_TEXT, shortenedUrls, users } from "../../../db/schema";
import { lockUser } from "../billing/billing.queries";

export type DeviceRow = typeof pushSubscriptions.$inferSelect;

/** The user's devices with push on, oldest first (what the profile lists). */
export function listDevices(db: Db, userId: number): Promise<DeviceRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id))
    .limit(PUSH_DEVICES_MAX);
}

/** Where a notification goes: the user's newest PUSH_DEVICES_MAX subscriptions. */
export function devicesToPush(db: Db, userId: number) {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(PUSH_DEVICES_MAX);
}

export type NewDevice = { endpoint: string; p256dh: string; auth: string; label: string };

/**
 * Saves this browser's subscription as the user's, by its endpoint: a repeat renews its keys and
 * label, and an endpoint another account had (the same browser, signed in as someone else now)
 * moves to this user. Null when the user already has PUSH_DEVICES_MAX other devices. Under the
 * user's lock, so two browsers subscribing at once cannot pass the limit together.
 */
export async function saveDevice(
  db: Db,
  userId: number,
  device: NewDevice,
): Promise<{ row: DeviceRow; created: boolean } | null> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const others = await tx.$count(
      pushSubscriptions,
      and(eq(pushSubscriptions.userId, userId), ne(pushSubscriptions.endpoint, device.endpoint)),
    );
    if (others >= PUSH_DEVICES_MAX) return null;
    const [existing] = await tx
      .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.endpoint));
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ userId, ...device })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId,
          p256dh: device.p256dh,
          auth: device.auth,
          label: device.label,
          // Another account's device becomes a new one of this user's.
          ...(existing && existing.userId !== userId ? { createdAt: new Date() } : {}),
        },
      })
      .returning();
    return { row: row!, created: existing?.userId !== userId };
  });
}

/** Turns push off for this browser (its endpoint), only among the user's own devices. */
export async function deleteDevice(db: Db, userId: number, endpoint: string): Promise<boolean> {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return deleted.length > 0;
}

/** Subscriptions the push service said are gone. */
export async function deleteDevicesByIds(db: Db, ids: number[]): Promise<void> {
  await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
}

export async function leadMailOf(db: Db, userId: number): Promise<LeadMailMode> {
  const [row] = await db.select({ leadMail: users.leadMail }).from(users).where(eq(users.id, userId));
  return row?.leadMail ?? "off";
}

export async function setLeadMail(db: Db, userId: number, mode: LeadMailMode): Promise<void> {
  await db.update(users).set({ leadMail: mode, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** The host of a stored http(s) URL, lower-case, in SQL (userinfo and port left out). */
const hostOf = (column: unknown) =>
  sql`lower(substring(${column} from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?([^/?#:]+)'))`;

/**
 * Who has a short link or a Link Bio link whose target is on `domain` or under it (at most `max`
 * owners), and which of the two (short links first): whom a block of the domain concerns. A scan
 * off the request, run once per block.
 */
export async function ownersOfLinksTo(
  db: Db,
  domain: string,
  max = 1000,
): Promise<{ userId: number; kind: "short" | "page" }[]> {
  const escaped = domain.replace(/[\\%_]/g, (c) => `\\${c}`);
  const under = `%.${escaped}`;
  const onDomain = (column: unknown) =>
    sql`(${hostOf(column)} = ${domain} or ${hostOf(column)} like ${under})`;
  // The trigram index of the links' search narrows a million links to those naming the domain.
  const result = await db.execute(sql`
    select distinct on (user_id) user_id, kind from (
    select user_id, 'short' as kind from ${shortenedUrls}
      where ${sql.raw(SHORT_URL_SEARCH_TEXT)} ilike ${`%${escaped}%`} and ${onDomain(shortenedUrls.originalUrl)}
    union
    select p.user_id, 'page' as kind from ${links} l join link_pages p on p.id = l.link_page_id
      where l.type = 'link' and ${onDomain(sql`l.url`)}
    ) owners order by user_id, kind desc
    limit ${max}`);
  return rowsOf<{ user_id: number; kind: "short" | "page" }>(result).map((row) => ({
    userId: Number(row.user_id),
    kind: row.kind,
  }));
}
