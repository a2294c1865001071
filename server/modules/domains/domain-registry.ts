import { asc, eq } from "drizzle-orm";
import type { AvailableDomain } from "../../../common/contract/domains";
import { bareHostName } from "../../../common/host-name";
import type { Db } from "../../../db/client";
import { domains, planDomains } from "../../../db/schema";
import type { InvalidationBus } from "../../lib/invalidation-bus";

export type DomainRow = typeof domains.$inferSelect;
/** What of a plan decides its domains (a subscription_plans row has these). */
export type DomainAccess = { id: number; customDomains: boolean; premiumDomains: boolean };

const TOPIC = "domains";

/**
 * All domains, held in memory: the redirect path resolves a Host without touching the database.
 * Any Host that no active custom domain claims is served as the default domain.
 */
export class DomainRegistry {
  private byHost = new Map<string, DomainRow>();
  private byId = new Map<number, DomainRow>();
  private defaultDomain!: DomainRow;
  /** plan id -> the custom domains the administrator made available to it. */
  private byPlan = new Map<number, Set<number>>();
  /** The reload a change started, for changed() to wait on. */
  private reloading: Promise<void> = Promise.resolve();
  /** PUBLIC_URL's host: the app is served there whatever the domains table says. */
  private mainHost = "";

  constructor(
    private readonly db: Db,
    private readonly bus: InvalidationBus,
  ) {
    bus.on(TOPIC, () => {
      this.reloading = this.reload().catch(() => {});
    });
  }

  /** Creates the default domain from PUBLIC_URL's host on a new database, then loads them all. */
  async init(publicUrl: string): Promise<void> {
    const host = new URL(publicUrl).host.toLowerCase();
    this.mainHost = host;
    const existing = await this.db
      .select({ id: domains.id })
      .from(domains)
      .where(eq(domains.isDefault, true));
    if (existing.length === 0) {
      await this.db
        .insert(domains)
        .values({ domain: host, displayName: host, isDefault: true, isActive: true })
        .onConflictDoNothing();
    }
    await this.reload();
  }

  async reload(): Promise<void> {
    const [rows, planRows] = await Promise.all([
      this.db.select().from(domains).orderBy(asc(domains.id)),
      this.db.select().from(planDomains),
    ]);
    const byPlan = new Map<number, Set<number>>();
    for (const { planId, domainId } of planRows) {
      const set = byPlan.get(planId) ?? new Set<number>();
      set.add(domainId);
      byPlan.set(planId, set);
    }
    const byHost = new Map<string, DomainRow>();
    const byId = new Map<number, DomainRow>();
    for (const row of rows) {
      byId.set(row.id, row);
      if (row.isActive) byHost.set(row.domain.toLowerCase(), row);
    }
    const fallback = rows.find((row) => row.isDefault) ?? rows[0];
    if (!fallback) throw new Error("no domain: init() creates the default one");
    this.byHost = byHost;
    this.byId = byId;
    this.defaultDomain = fallback;
    this.byPlan = byPlan;
  }

  /**
   * Call after any change to the domains or plan_domains tables: every process reloads. Resolves
   * once this process has (the caller's answer then reflects the change; on Postgres the next
   * request could otherwise read the old maps).
   */
  async changed(): Promise<void> {
    this.bus.publish(TOPIC, "*");
    await this.reloading;
  }

  /** The domain a request's Host names; unknown hosts get the default domain. */
  resolve(host: string | undefined): DomainRow {
    return (host && this.lookup(host)) || this.defaultDomain;
  }

  /**
   * The active domain a Host names, with or without a port (a proxy on a non-standard port) and
   * trailing dots ("exemplo.com." is the same host to a browser).
   */
  private lookup(host: string): DomainRow | undefined {
    const name = host.toLowerCase();
    const row = this.byHost.get(name);
    if (row) return row;
    const colon = name.lastIndexOf(":");
    const bare = bareHostName(colon > 0 && !name.endsWith("]") ? name.slice(0, colon) : name);
    return bare === name ? undefined : this.byHost.get(bare);
  }

  /**
   * The active custom domain a Host names, or undefined: the main host (PUBLIC_URL's), the default
   * domain and any host no active domain claims serve the app itself (host-routing.ts).
   */
  customDomain(host: string | undefined): DomainRow | undefined {
    if (!host) return undefined;
    const row = this.lookup(host);
    return row && !row.isDefault && row.domain.toLowerCase() !== this.mainHost ? row : undefined;
  }

  get(id: number): DomainRow | undefined {
    return this.byId.get(id);
  }

  /**
   * The host a domain's public links live on, for common/paths.ts's builders: a custom domain's
   * name, or null for the default domain (and an unknown id): the site itself, PUBLIC_URL.
   */
  publicHostOf(id: number): string | null {
    const domain = this.byId.get(id);
    return domain && !domain.isDefault ? domain.domain : null;
  }

  get default(): DomainRow {
    return this.defaultDomain;
  }

  /**
   * The domains a plan may choose for a page or link: the default domain always; another active
   * domain when the plan includes custom domains, the administrator made it available to the plan,
   * and, for a premium domain, the plan allows premium ones.
   */
  availableTo(plan: DomainAccess): DomainRow[] {
    const allowed = this.byPlan.get(plan.id);
    return [...this.byId.values()].filter(
      (row) =>
        row.isActive &&
        (row.id === this.defaultDomain.id ||
          (plan.customDomains && !!allowed?.has(row.id) && (!row.isPremium || plan.premiumDomains))),
    );
  }

  /** Whether a create or update may put a page or link on this domain. */
  isSelectable(plan: DomainAccess, domainId: number): boolean {
    return this.availableTo(plan).some((row) => row.id === domainId);
  }

  /** Every host that serves our short links, to refuse shortening a short link of our own. */
  hosts(): string[] {
    return [...this.byId.values()].map((row) => row.domain.toLowerCase());
  }

  /**
   * The active domain with exactly this name, or undefined (no fallback to the default): whether
   * a certificate may be issued for it (Caddy's on-demand TLS ask). Memory only.
   */
  activeNamed(name: string): DomainRow | undefined {
    return this.byHost.get(bareHostName(name));
  }
}

export function toAvailableDomain(row: DomainRow): AvailableDomain {
  return {
    id: row.id,
    domain: row.domain,
    display_name: row.displayName,
    is_active: row.isActive,
    is_default: row.isDefault,
    is_premium: row.isPremium,
  };
}
