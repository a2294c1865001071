import { asc, count, desc, eq, inArray } from "drizzle-orm";
import type { CustomDomain } from "../../../common/contract/domains";
import type { Db } from "../../../db/client";
import { domains, linkPages, planDomains, shortenedUrls, subscriptionPlans } from "../../../db/schema";
import { unicodeOf } from "./admin-domains.names";
import type { DomainRow } from "./domain-registry";

/** Domains are few (an administrator adds them by hand); the list stops here all the same. */
export const CUSTOM_DOMAINS_CAP = 500;

export type DomainUsage = CustomDomain["usage"];

/** How many pages and short links live on each of these domains (one grouped count per table). */
export async function usageOf(db: Db, ids: number[]): Promise<Map<number, DomainUsage>> {
  const usage = new Map<number, DomainUsage>(
    ids.map((id) => [id, { link_pages_count: 0, shortened_urls_count: 0 }]),
  );
  if (ids.length === 0) return usage;
  // One after the other: this also runs inside transactions (one connection, one query at a time).
  const pages = await db
    .select({ domainId: linkPages.domainId, n: count() })
    .from(linkPages)
    .where(inArray(linkPages.domainId, ids))
    .groupBy(linkPages.domainId);
  const links = await db
    .select({ domainId: shortenedUrls.domainId, n: count() })
    .from(shortenedUrls)
    .where(inArray(shortenedUrls.domainId, ids))
    .groupBy(shortenedUrls.domainId);
  for (const row of pages) usage.get(row.domainId)!.link_pages_count = Number(row.n);
  for (const row of links) usage.get(row.domainId)!.shortened_urls_count = Number(row.n);
  return usage;
}

/**
 * The manager's list (spec 7 GET /api/admin/custom-domains-with-plans): the default first, then by
 * id, with the plans that offer each and its usage. The default domain is offered to every plan
 * whatever plan_domains holds (DomainRegistry.availableTo), so its plan_ids are every plan.
 */
export async function listCustomDomains(db: Db): Promise<CustomDomain[]> {
  const rows = await db
    .select()
    .from(domains)
    .orderBy(desc(domains.isDefault), asc(domains.id))
    .limit(CUSTOM_DOMAINS_CAP);
  return toCustomDomains(db, rows);
}

export async function findCustomDomain(db: Db, id: number): Promise<CustomDomain | null> {
  const rows = await db.select().from(domains).where(eq(domains.id, id));
  return (await toCustomDomains(db, rows))[0] ?? null;
}

async function toCustomDomains(db: Db, rows: DomainRow[]): Promise<CustomDomain[]> {
  const ids = rows.map((row) => row.id);
  // One after the other (also used inside transactions).
  const links =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(planDomains)
          .where(inArray(planDomains.domainId, ids))
          .orderBy(asc(planDomains.planId));
  const plans = await db
    .select({ id: subscriptionPlans.id })
    .from(subscriptionPlans)
    .orderBy(asc(subscriptionPlans.id));
  const usage = await usageOf(db, ids);
  const allPlans = plans.map((plan) => plan.id);
  const planIds = new Map<number, number[]>();
  for (const { planId, domainId } of links) planIds.set(domainId, [...(planIds.get(domainId) ?? []), planId]);
  return rows
    .map(
      (row): CustomDomain => ({
        id: row.id,
        domain: row.domain,
        domain_unicode: unicodeOf(row.domain),
        display_name: row.displayName,
        is_active: row.isActive,
        is_premium: row.isPremium,
        is_default: row.isDefault,
        created_at: row.createdAt.toISOString(),
        needs_activation: row.needsActivation,
        root_redirect_url: row.rootRedirectUrl,
        plan_ids: row.isDefault ? allPlans : (planIds.get(row.id) ?? []),
        usage: usage.get(row.id)!,
      }),
    )
    .sort((a, b) => Number(b.is_default) - Number(a.is_default) || a.id - b.id);
}
