import { and, eq, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Lead } from "../../../common/contract/leads";
import type { WebhookEvent } from "../../../common/contract/webhooks";
import type { Db } from "../../../db/client";
import { shortenedUrls, webhooks } from "../../../db/schema";
import type { WebhooksConfig } from "../../env";
import type { InvalidationBus } from "../../lib/invalidation-bus";
import type { WrittenClicks } from "../clicks/click-queue";
import { WebhookWorker } from "./webhook-worker";
import { enqueueForUsers, WEBHOOKS_TOPIC } from "./webhooks.service";

/** Links listed in one link.clicked delivery (the most clicked first); the rest are only counted. */
export const CLICKED_LINKS_MAX = 1_000;

type ShortLink = {
  id: number;
  userId: number;
  domainId: number;
  shortCode: string;
  originalUrl: string;
  title: string | null;
  expiresAt: Date | null;
  createdAt: Date;
};

/** A user's clicks gathered since the last link.clicked delivery. */
type Gathered = { from: number; to: number; links: Map<number, number> };

/**
 * The events webhooks receive (link.created, link.clicked, lead.created). Which users have an
 * active webhook for which event is held in memory in every process (reloaded per user over the bus
 * on every change), so a written click batch costs a map lookup per row and nothing for users
 * without webhooks.
 *
 * link.clicked: the short-link clicks (bots left out, as in click_count) of each batch the click
 * queue commits are summed per user and link for config.clickWindowMs, then sent as one delivery
 * per webhook: link id, code, address, clicks, and the window. Each process sends its own share.
 */
export class WebhookEvents {
  readonly worker: WebhookWorker;
  private subscribed = new Map<number, ReadonlySet<string>>();
  private gathered = new Map<number, Gathered>();
  private gatherTimer: NodeJS.Timeout | undefined;
  private pending = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly config: WebhooksConfig,
    private readonly shortUrlOf: (domainId: number, code: string) => string,
    bus: InvalidationBus,
  ) {
    this.worker = new WebhookWorker(db, log, config, () => this.subscribed.size > 0);
    bus.on(WEBHOOKS_TOPIC, (key) => this.track(key === "*" ? this.reload() : this.reload(Number(key))));
  }

  /** Loads the subscriptions and starts sending (the purge too, with the scheduled jobs). */
  async start(scheduledJobs: boolean): Promise<void> {
    await this.reload();
    this.worker.start(scheduledJobs);
  }

  /** Whether the user has an active webhook for the event (memory only). */
  wants(userId: number, event: WebhookEvent): boolean {
    return this.subscribed.get(userId)?.has(event) ?? false;
  }

  /** Reloads every user's subscriptions, or one user's. */
  private async reload(userId?: number): Promise<void> {
    const rows = await this.db
      .select({ userId: webhooks.userId, events: webhooks.events })
      .from(webhooks)
      .where(
        userId === undefined
          ? eq(webhooks.isActive, true)
          : and(eq(webhooks.isActive, true), eq(webhooks.userId, userId)),
      );
    const next = userId === undefined ? new Map<number, Set<string>>() : new Map(this.subscribed);
    if (userId !== undefined) next.delete(userId);
    for (const row of rows) {
      const events = new Set(next.get(row.userId) ?? []);
      for (const event of row.events) events.add(event);
      next.set(row.userId, events);
    }
    this.subscribed = next;
  }

  /** Short links were created (one, or an import): one delivery per link to each link.created webhook. */
  linksCreated(links: readonly ShortLink[]): void {
    const payloads = links
      .filter((link) => this.wants(link.userId, "link.created"))
      .map(
        (link) =>
          [
            link.userId,
            {
              link: {
                id: link.id,
                short_code: link.shortCode,
                short_url: this.shortUrlOf(link.domainId, link.shortCode),
                original_url: link.originalUrl,
                title: link.title,
                expires_at: link.expiresAt?.toISOString() ?? null,
                created_at: link.createdAt.toISOString(),
              },
            },
          ] as const,
      );
    if (payloads.length === 0) return;
    this.track(
      enqueueForUsers(this.db, "link.created", payloads).then((queued) => {
        if (queued > 0) this.worker.nudge();
      }),
    );
  }

  /**
   * A page's form received a new contact (not a merged repeat): one delivery, the contact as
   * `GET /api/leads` answers it, to each of its owner's lead.created webhooks.
   */
  leadCreated(userId: number, lead: Lead): void {
    if (!this.wants(userId, "lead.created")) return;
    this.track(
      enqueueForUsers(this.db, "lead.created", [[userId, lead]]).then((queued) => {
        if (queued > 0) this.worker.nudge();
      }),
    );
  }

  /**
   * The click queue committed a batch (ClickQueue.onWritten): a map lookup per row, the rest in
   * memory until the window closes.
   */
  clicksWritten(rows: WrittenClicks): void {
    for (const row of rows) {
      if (row.targetType !== "short_url" || row.isBot || !this.wants(row.userId, "link.clicked")) continue;
      let gathered = this.gathered.get(row.userId);
      if (!gathered) {
        gathered = { from: row.second, to: row.second, links: new Map() };
        this.gathered.set(row.userId, gathered);
      }
      gathered.from = Math.min(gathered.from, row.second);
      gathered.to = Math.max(gathered.to, row.second);
      gathered.links.set(row.targetId, (gathered.links.get(row.targetId) ?? 0) + row.clicks);
    }
    if (this.gathered.size > 0 && !this.gatherTimer) {
      this.gatherTimer = setTimeout(() => this.track(this.flushClicks()), this.config.clickWindowMs);
      this.gatherTimer.unref();
    }
  }

  /** Turns the clicks gathered so far into link.clicked deliveries (the window's end; tests; shutdown). */
  async flushClicks(): Promise<number> {
    clearTimeout(this.gatherTimer);
    this.gatherTimer = undefined;
    const gathered = this.gathered;
    this.gathered = new Map();
    if (gathered.size === 0) return 0;
    const ids = [...gathered.values()].flatMap((g) => [...g.links.keys()]);
    const links = await this.db
      .select({
        id: shortenedUrls.id,
        userId: shortenedUrls.userId,
        domainId: shortenedUrls.domainId,
        shortCode: shortenedUrls.shortCode,
      })
      .from(shortenedUrls)
      .where(inArray(shortenedUrls.id, ids));
    const byId = new Map(links.map((link) => [link.id, link]));
    const payloads: [number, Record<string, unknown>][] = [];
    for (const [userId, g] of gathered) {
      const clicked = [...g.links]
        .map(([id, clicks]) => ({ link: byId.get(id), clicks }))
        .filter((c) => c.link?.userId === userId)
        .sort((a, b) => b.clicks - a.clicks);
      if (clicked.length === 0) continue;
      payloads.push([
        userId,
        {
          window: {
            from: new Date(g.from * 1000).toISOString(),
            to: new Date(g.to * 1000 + 999).toISOString(),
          },
          total_clicks: clicked.reduce((n, c) => n + c.clicks, 0),
          links_count: clicked.length,
          links: clicked.slice(0, CLICKED_LINKS_MAX).map(({ link, clicks }) => ({
            id: link!.id,
            short_code: link!.shortCode,
            short_url: this.shortUrlOf(link!.domainId, link!.shortCode),
            clicks,
          })),
        },
      ]);
    }
    const queued = await enqueueForUsers(this.db, "link.clicked", payloads);
    if (queued > 0) this.worker.nudge();
    return queued;
  }

  /** Waits for the work started by events (tests). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /** Shutdown: the gathered clicks are queued, the sends in progress finish. */
  async close(): Promise<void> {
    await this.settled();
    await this.flushClicks().catch((error) => this.log.error({ err: error }, "link.clicked not queued"));
    await this.worker.stop();
  }

  private track(work: Promise<unknown>): void {
    const tracked = work
      .catch((error) => this.log.error({ err: error }, "webhook event failed"))
      .finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }
}
