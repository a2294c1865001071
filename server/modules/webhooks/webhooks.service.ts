import { randomBytes } from "node:crypto";
import { and, count, desc, eq, inArray, lt, sql } from "drizzle-orm";
import {
  type CreatedWebhook,
  WEBHOOK_DELIVERIES_KEPT_DAYS,
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  WEBHOOK_MESSAGES,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOKS_MAX,
  type Webhook,
  type WebhookDeliveriesPage,
  type WebhookDelivery,
  type WebhookDeliveryEvent,
  type WebhookEvent,
} from "../../../common/contract/webhooks";
import type { Db } from "../../../db/client";
import { users, webhookDeliveries, webhooks } from "../../../db/schema";
import { HttpError } from "../../lib/http-error";
import { paging } from "../../lib/paging";

export type WebhookRow = typeof webhooks.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Bus topic: a user's webhooks changed (key: the user id, or "*"). */
export const WEBHOOKS_TOPIC = "webhooks";

/** How much of the secret the list shows (`whsec_` and 4 more). */
const SHOWN_SECRET = WEBHOOK_SECRET_PREFIX.length + 4;

/** `whsec_` and 32 random bytes in base64url (256 bits). */
export const generateWebhookSecret = () => WEBHOOK_SECRET_PREFIX + randomBytes(32).toString("base64url");

export function toWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    is_active: row.isActive,
    secret_prefix: row.secret.slice(0, SHOWN_SECRET),
    created_at: row.createdAt.toISOString(),
  };
}

export function toWebhookDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event: row.event as WebhookDeliveryEvent,
    status: row.status,
    attempts: row.attempts,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    next_attempt_at: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The user's webhooks, oldest first (at most WEBHOOKS_MAX exist). */
export async function listWebhooks(db: Db, userId: number): Promise<WebhookRow[]> {
  return db
    .select()
    .from(webhooks)
    .where(eq(webhooks.userId, userId))
    .orderBy(webhooks.createdAt, webhooks.id)
    .limit(WEBHOOKS_MAX);
}

export async function findOwnWebhook(db: Db, userId: number, id: number): Promise<WebhookRow | null> {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * Creates a webhook under the per-user bound (the user's row locked for the count and the insert,
 * so two creates at the bound cannot both pass). The whole secret is returned only here.
 */
export async function createWebhook(
  db: Db,
  userId: number,
  input: { url: string; events: WebhookEvent[] },
): Promise<CreatedWebhook> {
  const secret = generateWebhookSecret();
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const existing = await tx.$count(webhooks, eq(webhooks.userId, userId));
    if (existing >= WEBHOOKS_MAX) throw new HttpError(403, WEBHOOK_MESSAGES.tooMany);
    const [inserted] = await tx
      .insert(webhooks)
      .values({ userId, url: input.url, secret, events: input.events })
      .returning();
    return inserted!;
  });
  return { ...toWebhook(row), secret };
}

export async function updateWebhook(
  db: Db,
  userId: number,
  id: number,
  changes: { url?: string; events?: WebhookEvent[]; is_active?: boolean },
): Promise<WebhookRow | null> {
  const [row] = await db
    .update(webhooks)
    .set({ url: changes.url, events: changes.events, isActive: changes.is_active })
    .where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)))
    .returning();
  return row ?? null;
}

/** Deletes the webhook and (cascade) its deliveries; false when it is not the user's. */
export async function deleteWebhook(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)))
    .returning({ id: webhooks.id });
  return rows.length > 0;
}

/** One page of a webhook's deliveries, newest first. */
export async function listDeliveries(
  db: Db,
  webhookId: number,
  pageNumber: number,
): Promise<WebhookDeliveriesPage> {
  const page = paging(pageNumber, WEBHOOK_DELIVERIES_PAGE_SIZE);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, webhookId))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId)),
  ]);
  return { deliveries: rows.map(toWebhookDelivery), ...page.envelope(total?.n ?? 0) };
}

/** Queues each payload to every active webhook of its user subscribed to `event`, in one insert. */
export async function enqueueForUsers(
  db: Db,
  event: WebhookEvent,
  payloads: ReadonlyArray<readonly [userId: number, payload: Record<string, unknown>]>,
): Promise<number> {
  if (payloads.length === 0) return 0;
  const targets = await db
    .select({ id: webhooks.id, userId: webhooks.userId })
    .from(webhooks)
    .where(
      and(
        inArray(webhooks.userId, [...new Set(payloads.map(([userId]) => userId))]),
        eq(webhooks.isActive, true),
        sql`${webhooks.events} @> ${JSON.stringify([event])}::jsonb`,
      ),
    );
  const rows = payloads.flatMap(([userId, payload]) =>
    targets.filter((t) => t.userId === userId).map((t) => ({ webhookId: t.id, event, payload })),
  );
  if (rows.length === 0) return 0;
  await db.insert(webhookDeliveries).values(rows);
  return rows.length;
}

/** Queues a test delivery ("ping") to one webhook. */
export async function enqueuePing(db: Db, webhook: WebhookRow): Promise<WebhookDeliveryRow> {
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      webhookId: webhook.id,
      event: "ping",
      payload: { webhook_id: webhook.id, url: webhook.url, events: webhook.events },
    })
    .returning();
  return row!;
}

/** Forgets delivered and failed deliveries older than WEBHOOK_DELIVERIES_KEPT_DAYS (an hourly job). */
export async function purgeWebhookDeliveries(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - WEBHOOK_DELIVERIES_KEPT_DAYS * 86_400_000);
  const purged = await db
    .delete(webhookDeliveries)
    .where(
      and(
        inArray(webhookDeliveries.status, ["delivered", "failed"]),
        lt(webhookDeliveries.createdAt, before),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return purged.length;
}
