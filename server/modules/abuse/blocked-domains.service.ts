import { domainToUnicode } from "node:url";
import { count, desc, eq, ilike, or } from "drizzle-orm";
import {
  ABUSE_MESSAGES,
  BLOCKED_DOMAINS_PAGE_SIZE,
  type BlockedDomain,
  type BlockedDomainCreated,
  type BlockedDomainsPage,
  type blockedDomainBodySchema,
  type blockedDomainsQuerySchema,
} from "../../../common/contract/abuse";
import type { z } from "../../../common/zod";
import type { Db } from "../../../db/client";
import { blockedDomains, users } from "../../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit-log";
import { isUniqueViolation } from "../../lib/database-errors";
import { HttpError } from "../../lib/http-error";
import { paging } from "../../lib/paging";
import { assertNotOurs, toBlockedDomain } from "./blocked-domains.names";

type Row = typeof blockedDomains.$inferSelect;

const created = (row: Row): BlockedDomainCreated => ({
  id: row.id,
  domain: row.domain,
  reason: row.reason,
  created_at: row.createdAt.toISOString(),
});

const snapshot = (row: Row) => ({ domain: row.domain, reason: row.reason });

const alreadyBlocked = () =>
  new HttpError(409, ABUSE_MESSAGES.alreadyBlocked, { domain: ABUSE_MESSAGES.alreadyBlocked });

/** `%` and `_` typed in the search are looked for as themselves. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One page, newest first; `q` matches the domain (also as typed in Unicode) or the reason. */
export async function listBlockedDomains(
  db: Db,
  query: z.output<typeof blockedDomainsQuerySchema>,
): Promise<BlockedDomainsPage> {
  const q = query.q.toLowerCase();
  let asAscii = q;
  try {
    asAscii = new URL(`http://${q}`).hostname || q;
  } catch {}
  const where = q
    ? or(
        ilike(blockedDomains.domain, `%${likeEscape(q)}%`),
        ilike(blockedDomains.domain, `%${likeEscape(asAscii)}%`),
        ilike(blockedDomains.reason, `%${likeEscape(q)}%`),
      )
    : undefined;
  const page = paging(query.page, BLOCKED_DOMAINS_PAGE_SIZE);
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: blockedDomains, email: users.email })
      .from(blockedDomains)
      .leftJoin(users, eq(users.id, blockedDomains.createdBy))
      .where(where)
      .orderBy(desc(blockedDomains.createdAt), desc(blockedDomains.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(blockedDomains).where(where),
  ]);
  const entries: BlockedDomain[] = rows.map(({ row, email }) => ({
    ...created(row),
    display_domain: domainToUnicode(row.domain) || row.domain,
    created_by_email: email,
  }));
  return { entries, ...page.envelope(total?.n ?? 0) };
}

/** Adds a domain with its audit line; 409 when it is already on the list. */
export async function blockDomain(
  db: Db,
  actor: Actor,
  ourHostNames: string[],
  body: z.output<typeof blockedDomainBodySchema>,
): Promise<BlockedDomainCreated> {
  const domain = toBlockedDomain(body.domain);
  assertNotOurs(domain, ourHostNames);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(blockedDomains)
        .values({ domain, reason: body.reason, createdBy: actor.id })
        .onConflictDoNothing()
        .returning();
      if (!row) throw alreadyBlocked();
      await recordAudit(tx, actor, {
        action: "blocked_domain.create",
        targetType: "blocked_domain",
        targetId: row.id,
        targetLabel: row.domain,
        after: snapshot(row),
      });
      return created(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyBlocked();
    throw error;
  }
}

/** Removes a domain with its audit line; 404 when there is no such row. Answers the domain removed. */
export async function unblockDomain(db: Db, actor: Actor, id: number): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(blockedDomains).where(eq(blockedDomains.id, id)).returning();
    if (!row) throw new HttpError(404, ABUSE_MESSAGES.notFound);
    await recordAudit(tx, actor, {
      action: "blocked_domain.delete",
      targetType: "blocked_domain",
      targetId: row.id,
      targetLabel: row.domain,
      before: snapshot(row),
    });
    return row.domain;
  });
}
