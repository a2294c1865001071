import { asc, eq } from "drizzle-orm";
import type { AvailableDomain } from "../../../common/contract/domains";
import type { Db } from "../../../db/client";
import { domains } from "../../../db/schema";
import type { InvalidationBus } from "../../lib/invalidation-bus";

export type DomainRow = typeof domains.$inferSelect;

const TOPIC = "domains";

/**
 * All domains, held in memory: the redirect path resolves a Host without touching the database.
 * Any Host that no active custom domain claims is served as the default domain.
 */
export class DomainRegistry {
  private byHost = new Map<string, DomainRow>();
  private byId = new Map<number, DomainRow>();
  private defaultDomain!: DomainRow;

  constructor(
    private readonly db: Db,
    private readonly bus: InvalidationBus,
  ) {
    bus.on(TOPIC, () => {
      this.reload().catch(() => {});
    });
  }

  /** Creates the default domain from PUBLIC_URL's host on a new database, then loads them all. */
  async init(publicUrl: string): Promise<void> {
    const host = new URL(publicUrl).host.toLowerCase();
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
    const rows = await this.db.select().from(domains).orderBy(asc(domains.id));
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
  }

  /** Call after any change to the domains table: every process reloads. */
  changed(): void {
    this.bus.publish(TOPIC, "*");
  }

  /** The domain a request's Host names; unknown hosts get the default domain. */
  resolve(host: string | undefined): DomainRow {
    if (host) {
      const row = this.byHost.get(host.toLowerCase());
      if (row) return row;
    }
    return this.defaultDomain;
  }

  get(id: number): DomainRow | undefined {
    return this.byId.get(id);
  }

  get default(): DomainRow {
    return this.defaultDomain;
  }

  /** Active domains a user may choose for a page or link (plan gating comes with plans). */
  availableTo(_userId: number): DomainRow[] {
    return [...this.byId.values()].filter((row) => row.isActive);
  }

  /** The domain id a create or update asks for: the default when none, 400 when not usable. */
  isSelectable(userId: number, domainId: number): boolean {
    return this.availableTo(userId).some((row) => row.id === domainId);
  }

  /** Every host that serves our short links, to refuse shortening a short link of our own. */
  hosts(): string[] {
    return [...this.byId.values()].map((row) => row.domain.toLowerCase());
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
