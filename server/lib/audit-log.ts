import type { AuditAction } from "../../common/contract/admin";
import type { Db } from "../../db/client";
import { auditLog } from "../../db/schema";

export type Actor = { id: number; email: string };

/**
 * Writes one line of the audit log: who did what to which record, before and after. Call it with the
 * transaction that makes the change, so the line exists exactly when the change does.
 */
export async function recordAudit(
  db: Db,
  actor: Actor,
  entry: {
    action: AuditAction;
    targetType:
      | "user"
      | "plan"
      | "settings"
      | "payment"
      | "domain"
      | "blog_post"
      | "blog_category"
      | "blocked_domain"
      | "link_report"
      | "system";
    targetId?: string | number | null;
    targetLabel?: string | null;
    before?: Record<string, unknown> | null;
    after?: Record<string, unknown> | null;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId == null ? null : String(entry.targetId),
    targetLabel: entry.targetLabel ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
