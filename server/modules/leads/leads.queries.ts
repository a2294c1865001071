import { and, desc, eq, getTableColumns, gte, ilike, like, lt, or, type SQL, sql } from "drizzle-orm";
import type { Lead } from "../../../common/contract/leads";
import { addDays, startOfDayInZone } from "../../../common/time";
import { type Db, rowsOf } from "../../../db/client";
import { consentTexts, leads, linkPages } from "../../../db/schema";
import { likePattern } from "../../lib/like-pattern";
import { leadsThisMonth, visibleLeads } from "./lead-quota";

export type LeadRow = typeof leads.$inferSelect;
/** A lead with the exact words its visitor agreed to. */
export type LeadWithConsent = { lead: LeadRow; consentText: string };

/** The list's and the export's filters (GET /api/leads without the page). */
export type LeadFilter = { q: string; link_page_id?: number; from?: string; to?: string };

/** A search made only of what a phone number is written with: it also searches the numbers. */
const PHONE_LIKE = /^[\d\s().+-]+$/;

/** The wire shape of a lead (GET /api/leads, the lead.created webhook). */
export function toLead({ lead, consentText }: LeadWithConsent): Lead {
  return {
    id: lead.id,
    link_page_id: lead.linkPageId,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    created_at: lead.createdAt.toISOString(),
    consent_at: lead.consentAt.toISOString(),
    consent_text: consentText,
    consent_version: lead.consentTextId,
  };
}

/**
 * The user's leads the filters pick among those the owner sees (the plan's `limit` this month,
 * lead-quota.ts): `q` in the name or e-mail (any case), or in the number by its digits ("(11)
 * 98765-4321" finds +5511987654321); a page; São Paulo days, both ends included.
 */
export function leadsMatching(
  userId: number,
  limit: number | null,
  filter: LeadFilter,
  now = new Date(),
): SQL | undefined {
  const q = filter.q.trim();
  const digits = q.replace(/\D/g, "");
  return and(
    eq(leads.userId, userId),
    visibleLeads(userId, limit, now),
    q
      ? or(
          ilike(leads.name, likePattern(q)),
          ilike(leads.email, likePattern(q)),
          digits && PHONE_LIKE.test(q) ? like(leads.phone, `%${digits}%`) : undefined,
        )
      : undefined,
    filter.link_page_id === undefined ? undefined : eq(leads.linkPageId, filter.link_page_id),
    filter.from ? gte(leads.createdAt, startOfDayInZone(filter.from)) : undefined,
    filter.to ? lt(leads.createdAt, startOfDayInZone(addDays(filter.to, 1))) : undefined,
  );
}

const withConsent = { lead: getTableColumns(leads), consentText: consentTexts.text };
const NEWEST_FIRST = [desc(leads.createdAt), desc(leads.id)];

/** One page of the matching leads, newest first, and how many match in all. */
export async function listLeads(
  db: Db,
  where: SQL | undefined,
  page: { limit: number; offset: number },
): Promise<{ rows: LeadWithConsent[]; total: number }> {
  const [rows, total] = await Promise.all([
    db
      .select(withConsent)
      .from(leads)
      .innerJoin(consentTexts, eq(consentTexts.id, leads.consentTextId))
      .where(where)
      .orderBy(...NEWEST_FIRST)
      .limit(page.limit)
      .offset(page.offset),
    db.$count(leads, where),
  ]);
  return { rows, total };
}

/**
 * A chunk of the matching leads for the CSV, newest first after `after` (a lead's creation time as
 * the database writes it, microseconds included, and its id), with its page's slug.
 */
export function leadsAfter(
  db: Db,
  where: SQL | undefined,
  after: { at: string; id: number } | null,
  limit: number,
) {
  return db
    .select({
      ...withConsent,
      pageSlug: linkPages.slug,
      cursor: sql<string>`${leads.createdAt}::text`,
    })
    .from(leads)
    .innerJoin(consentTexts, eq(consentTexts.id, leads.consentTextId))
    .leftJoin(linkPages, eq(linkPages.id, leads.linkPageId))
    .where(
      and(
        where,
        after === null
          ? undefined
          : sql`(${leads.createdAt}, ${leads.id}) < (${after.at}::timestamptz, ${after.id})`,
      ),
    )
    .orderBy(...NEWEST_FIRST)
    .limit(limit);
}

/** One lead with its consent text, whoever it belongs to (the webhook of a new lead). */
export async function findLeadWithConsent(db: Db, id: number): Promise<LeadWithConsent | null> {
  const [row] = await db
    .select(withConsent)
    .from(leads)
    .innerJoin(consentTexts, eq(consentTexts.id, leads.consentTextId))
    .where(eq(leads.id, id))
    .limit(1);
  return row ?? null;
}

/** New leads of this month beyond the plan's `limit`: kept, not shown (0 when unlimited). */
export async function hiddenLeads(db: Db, userId: number, limit: number | null, now = new Date()) {
  return limit === null ? 0 : Math.max(0, (await leadsThisMonth(db, userId, now)) - limit);
}

/** Deletes one of the user's leads; false when there is none of theirs with that id. */
export async function deleteLead(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(leads)
    .where(and(eq(leads.id, id), eq(leads.userId, userId)))
    .returning({ id: leads.id });
  return rows.length > 0;
}

/**
 * Deletes every lead of the user, hidden ones too (the owner asked for none to be kept); the consent
 * texts stay, as the versions of their forms' texts. Returns how many went.
 */
export async function deleteAllLeads(db: Db, userId: number): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`with gone as (delete from ${leads} where ${leads.userId} = ${userId} returning 1)
        select count(*)::int as n from gone`,
    ),
  );
  return row?.n ?? 0;
}
