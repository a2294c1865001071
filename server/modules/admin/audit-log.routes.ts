import { and, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  AUDIT_PAGE_SIZE,
  type AuditEntry,
  type AuditLogPage,
  auditLogPageSchema,
  auditLogQuerySchema,
} from "../../../common/contract/admin";
import type { z } from "../../../common/zod";
import type { Db } from "../../../db/client";
import { auditLog } from "../../../db/schema";
import { likePattern } from "../../lib/like-pattern";
import { paging } from "../../lib/paging";

type AuditLogQuery = z.output<typeof auditLogQuerySchema>;

function toAuditEntry(row: typeof auditLog.$inferSelect): AuditEntry {
  return {
    id: row.id,
    actor_id: row.actorId,
    actor_email: row.actorEmail,
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    target_label: row.targetLabel,
    before: row.before,
    after: row.after,
    created_at: row.createdAt.toISOString(),
  };
}

/** One page of the audit log, newest first, by action and by who (the actor's or the target's email). */
export async function listAuditLog(db: Db, query: AuditLogQuery): Promise<AuditLogPage> {
  const filters: SQL[] = [];
  if (query.action) filters.push(eq(auditLog.action, query.action));
  if (query.user) {
    const pattern = likePattern(query.user);
    filters.push(or(ilike(auditLog.actorEmail, pattern), ilike(auditLog.targetLabel, pattern))!);
  }
  const where = filters.length ? and(...filters) : undefined;
  const page = paging(query.page, AUDIT_PAGE_SIZE);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db.$count(auditLog, where),
  ]);
  return { entries: rows.map(toAuditEntry), ...page.envelope(total) };
}

// The audit log: every administrator change, who, what, when, before and after.
// Inside the admin scope (app.ts): behind the one requireAdmin guard.
export const auditLogRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  // One page, newest first, filtered by action and by user (actor or target, part of the email).
  app.get(
    "/api/admin/audit-log",
    { schema: { querystring: auditLogQuerySchema, response: { 200: auditLogPageSchema } } },
    async (request): Promise<AuditLogPage> => listAuditLog(app.db, request.query),
  );
};
