import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { OutsideAccessRevoked } from "../../../common/contract/account";
import type { Db } from "../../../db/client";
import { apiKeys, webhooks } from "../../../db/schema";
import { WEBHOOKS_TOPIC } from "../webhooks/webhooks.service";

/**
 * Ends the account's access from outside the site: every API key revoked, every webhook switched
 * off (kept, with its log, for the owner to check and switch on again). A session is not the only
 * thing whoever held the account could have left behind: a key reads everything the owner creates
 * afterwards, a webhook receives their events. In the caller's transaction; after the commit the
 * caller calls `announce` so every process stops sending to the webhooks.
 */
export async function revokeOutsideAccess(db: Db, userId: number): Promise<OutsideAccessRevoked> {
  const keys = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  const hooks = await db
    .update(webhooks)
    .set({ isActive: false })
    .where(and(eq(webhooks.userId, userId), eq(webhooks.isActive, true)))
    .returning({ id: webhooks.id });
  return { api_keys_revoked: keys.length, webhooks_disabled: hooks.length };
}

/** After the commit: every process reloads the user's webhook subscriptions. */
export function announceOutsideAccessRevoked(
  app: Pick<FastifyInstance, "bus">,
  userId: number,
  revoked: OutsideAccessRevoked,
): void {
  if (revoked.webhooks_disabled > 0) app.bus.publish(WEBHOOKS_TOPIC, String(userId));
}
