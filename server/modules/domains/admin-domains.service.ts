import { and, eq, ne, sql } from "drizzle-orm";
import {
  type CustomDomain,
  type customDomainBodySchema,
  DOMAIN_MESSAGES,
} from "../../../common/contract/domains";
import type { z } from "../../../common/zod";
import type { Db } from "../../../db/client";
import { domains, planDomains, subscriptionPlans } from "../../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit-log";
import { isUniqueViolation, sqlState } from "../../lib/database-errors";
import { HttpError } from "../../lib/http-error";
import { mainHostName, nameWithoutPort, toStoredDomain } from "./admin-domains.names";
import { findCustomDomain, usageOf } from "./admin-domains.queries";
import type { DomainRow } from "./domain-registry";

// The administrator's custom domains (spec 2 Settings, 4, 5, 7). "Default" means the domain new
// pages and links get when none is chosen and the one every plan is offered; the main host
// (PUBLIC_URL's) is where the app itself lives. They start as the same row; the default may move to
// another active domain, the main host's row stays (its name comes from PUBLIC_URL). A Host that no
// active domain claims is still served as the default domain (docs/decisions/004).

export type DomainValues = z.output<typeof customDomainBodySchema>;

const taken = () => new HttpError(409, DOMAIN_MESSAGES.domainTaken, { domain: DOMAIN_MESSAGES.domainTaken });

/** The row, locked until the transaction ends; 404 if none. */
async function lockDomain(tx: Db, id: number): Promise<DomainRow> {
  const [row] = await tx.select().from(domains).where(eq(domains.id, id)).for("update");
  if (!row) throw new HttpError(404, DOMAIN_MESSAGES.notFound);
  return row;
}

function isMainHost(row: DomainRow, publicUrl: string): boolean {
  return nameWithoutPort(row.domain) === mainHostName(publicUrl);
}

/** What the audit line keeps of a domain. */
const snapshot = (row: DomainRow) => ({
  domain: row.domain,
  display_name: row.displayName,
  is_active: row.isActive,
  is_premium: row.isPremium,
  is_default: row.isDefault,
  needs_activation: row.needsActivation,
  root_redirect_url: row.rootRedirectUrl,
});

/** Writes `changes` to a row the transaction holds locked (`before`), with its audit line. */
async function changeDomain(
  tx: Db,
  actor: Actor,
  action: "domain.update" | "domain.activate",
  before: DomainRow,
  changes: Partial<DomainRow>,
): Promise<void> {
  const [after] = await tx.update(domains).set(changes).where(eq(domains.id, before.id)).returning();
  await recordAudit(tx, actor, {
    action,
    targetType: "domain",
    targetId: before.id,
    targetLabel: after!.domain,
    before: snapshot(before),
    after: snapshot(after!),
  });
}

/** The typed name as stored, refused when it is our own host or another domain's. */
async function checkName(tx: Db, typed: string, publicUrl: string, exceptId?: number): Promise<string> {
  const stored = toStoredDomain(typed);
  if (stored === mainHostName(publicUrl)) {
    throw new HttpError(400, DOMAIN_MESSAGES.domainOwnHost, { domain: DOMAIN_MESSAGES.domainOwnHost });
  }
  const clash = await tx
    .select({ id: domains.id })
    .from(domains)
    .where(
      and(
        // A stored name may carry a port (the first default, made from PUBLIC_URL's host).
        sql`split_part(lower(${domains.domain}), ':', 1) = ${stored}`,
        exceptId === undefined ? undefined : ne(domains.id, exceptId),
      ),
    );
  if (clash.length > 0) throw taken();
  return stored;
}

async function saved(tx: Db, id: number): Promise<CustomDomain> {
  return (await findCustomDomain(tx, id))!;
}

export async function createDomain(
  db: Db,
  actor: Actor,
  publicUrl: string,
  values: DomainValues,
  /** Cloudflare automation will run next: the row starts inactive, needing activation (cloudflare-automation.ts). */
  options: { pending?: boolean } = {},
): Promise<CustomDomain> {
  try {
    return await db.transaction(async (tx) => {
      const domain = await checkName(tx, values.domain, publicUrl);
      const [row] = await tx
        .insert(domains)
        .values({
          domain,
          displayName: values.display_name,
          ...(options.pending ? { isActive: false, needsActivation: true } : { isActive: values.is_active }),
          isPremium: values.is_premium,
          rootRedirectUrl: values.root_redirect_url,
        })
        .returning();
      await recordAudit(tx, actor, {
        action: "domain.create",
        targetType: "domain",
        targetId: row!.id,
        targetLabel: row!.domain,
        after: snapshot(row!),
      });
      return saved(tx, row!.id);
    });
  } catch (error) {
    // Two administrators adding the same name at once: the unique index decides.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/**
 * The whole form again. The default stays active. A name changes only while no page or link lives
 * on the domain (their published addresses would stop working), and never for the main host's row.
 */
export async function updateDomain(
  db: Db,
  actor: Actor,
  publicUrl: string,
  id: number,
  values: DomainValues,
): Promise<CustomDomain> {
  try {
    return await db.transaction(async (tx) => {
      const before = await lockDomain(tx, id);
      let domain = before.domain;
      if (values.domain !== before.domain.toLowerCase()) {
        const stored = await checkName(tx, values.domain, publicUrl, id);
        if (stored !== before.domain.toLowerCase()) {
          if (isMainHost(before, publicUrl)) {
            throw new HttpError(409, DOMAIN_MESSAGES.mainHostFixed, {
              domain: DOMAIN_MESSAGES.mainHostFixed,
            });
          }
          const usage = (await usageOf(tx, [id])).get(id)!;
          if (usage.link_pages_count + usage.shortened_urls_count > 0) {
            const message = DOMAIN_MESSAGES.domainInUseRename(
              usage.link_pages_count,
              usage.shortened_urls_count,
            );
            throw new HttpError(409, message, { domain: message });
          }
          domain = stored;
        }
      }
      if (before.isDefault && !values.is_active) {
        throw new HttpError(400, DOMAIN_MESSAGES.defaultMustBeActive, {
          is_active: DOMAIN_MESSAGES.defaultMustBeActive,
        });
      }
      await changeDomain(tx, actor, "domain.update", before, {
        domain,
        displayName: values.display_name,
        isActive: values.is_active,
        isPremium: values.is_premium,
        rootRedirectUrl: values.root_redirect_url,
        // An administrator switching it on is the activation.
        ...(values.is_active ? { needsActivation: false } : {}),
      });
      return saved(tx, id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/** Refused for the default, the main host's row, and while pages or short links live on it. */
export async function deleteDomain(db: Db, actor: Actor, publicUrl: string, id: number): Promise<void> {
  const inUse = (usage: CustomDomain["usage"]) =>
    new HttpError(409, DOMAIN_MESSAGES.domainInUse(usage.link_pages_count, usage.shortened_urls_count));
  try {
    await db.transaction(async (tx) => {
      const row = await lockDomain(tx, id);
      if (row.isDefault) throw new HttpError(409, DOMAIN_MESSAGES.defaultNotDeletable);
      if (isMainHost(row, publicUrl)) throw new HttpError(409, DOMAIN_MESSAGES.mainHostFixed);
      const usage = (await usageOf(tx, [id])).get(id)!;
      if (usage.link_pages_count + usage.shortened_urls_count > 0) throw inUse(usage);
      // plan_domains rows go with it (on delete cascade).
      await tx.delete(domains).where(eq(domains.id, id));
      await recordAudit(tx, actor, {
        action: "domain.delete",
        targetType: "domain",
        targetId: id,
        targetLabel: row.domain,
        before: snapshot(row),
      });
    });
  } catch (error) {
    // A page or link created on it meanwhile: the foreign key refuses, the counts say why.
    if (sqlState(error) === "23503") throw inUse((await usageOf(db, [id])).get(id)!);
    throw error;
  }
}

/**
 * Makes an active domain the default: the old one stops being it in the same transaction (the
 * one-default unique index holds throughout) and the new one is offered to every plan (spec 4).
 * Setting the current default again changes nothing. Returns whether anything changed.
 */
export async function setDefaultDomain(db: Db, actor: Actor, id: number): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      const row = await lockDomain(tx, id);
      if (!row.isActive) throw new HttpError(400, DOMAIN_MESSAGES.defaultMustBeActive);
      if (row.isDefault) return false;
      const [previous] = await tx
        .update(domains)
        .set({ isDefault: false })
        .where(eq(domains.isDefault, true))
        .returning();
      await tx.update(domains).set({ isDefault: true }).where(eq(domains.id, id));
      const plans = await tx.select({ id: subscriptionPlans.id }).from(subscriptionPlans);
      if (plans.length > 0) {
        await tx
          .insert(planDomains)
          .values(plans.map((plan) => ({ planId: plan.id, domainId: id })))
          .onConflictDoNothing();
      }
      await recordAudit(tx, actor, {
        action: "domain.set_default",
        targetType: "domain",
        targetId: id,
        targetLabel: row.domain,
        before: { default_domain_id: previous?.id ?? null, default_domain: previous?.domain ?? null },
        after: { default_domain_id: id, default_domain: row.domain },
      });
      return true;
    });
  } catch (error) {
    // Another set-default committed between our two updates.
    if (isUniqueViolation(error)) throw new HttpError(409, DOMAIN_MESSAGES.setDefaultConflict);
    throw error;
  }
}

/** Switches a domain on and clears needs_activation (spec 4: activation is confirmed first). */
export async function activateDomain(db: Db, actor: Actor, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const before = await lockDomain(tx, id);
    if (before.isActive && !before.needsActivation) return false;
    await changeDomain(tx, actor, "domain.activate", before, { isActive: true, needsActivation: false });
    return true;
  });
}
