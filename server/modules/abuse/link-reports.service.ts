import { and, count, desc, eq, inArray } from "drizzle-orm";
import {
  LINK_REPORT_MESSAGES,
  LINK_REPORT_PAGE_SIZE,
  type LinkReport,
  type LinkReportBody,
  type LinkReportPage,
  type LinkReportStatus,
} from "../../../common/contract/link-reports";
import { bareHostName } from "../../../common/host-name";
import type { Db } from "../../../db/client";
import { linkReports, shortenedUrls, users } from "../../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit-log";
import { HttpError } from "../../lib/http-error";
import { paging } from "../../lib/paging";
import type { DomainRow } from "../domains/domain-registry";
import { deleteShortenedUrl } from "../shortened-urls/shortened-urls.queries";

type Hosts = {
  config: { publicUrl: string };
  domains: { hosts(): string[]; resolve(host: string | undefined): DomainRow };
};

/**
 * The short link an address names when it is one of ours: a host we serve (PUBLIC_URL's, the
 * default domain, a custom domain) and the path /s/{code}. Memory only; the caller looks the code up.
 */
export function shortLinkAddressOf(app: Hosts, address: string): { domainId: number; code: string } | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  const hostname = bareHostName(url.hostname);
  const host = url.port ? `${hostname}:${url.port}` : hostname;
  const ours = new Set(
    [new URL(app.config.publicUrl).host, ...app.domains.hosts()].map((name) => name.toLowerCase()),
  );
  if (!ours.has(host) && !ours.has(hostname)) return null;
  const match = /^\/s\/([^/]+)\/?$/.exec(url.pathname);
  if (!match) return null;
  let code: string;
  try {
    code = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  return { domainId: app.domains.resolve(host).id, code };
}

/** The id of our short link at `address`, or null (not ours, or no such code). */
export async function findReportedShortLink(db: Db, app: Hosts, address: string): Promise<number | null> {
  const named = shortLinkAddressOf(app, address);
  if (!named) return null;
  const [row] = await db
    .select({ id: shortenedUrls.id })
    .from(shortenedUrls)
    .where(and(eq(shortenedUrls.domainId, named.domainId), eq(shortenedUrls.shortCode, named.code)));
  return row?.id ?? null;
}

/** Whether this reporter already has an open report of this address (a repeat is refused). */
export async function hasOpenReport(db: Db, reporterHash: string, url: string): Promise<boolean> {
  const [row] = await db
    .select({ id: linkReports.id })
    .from(linkReports)
    .where(
      and(
        eq(linkReports.reporterHash, reporterHash),
        eq(linkReports.url, url),
        eq(linkReports.status, "open"),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertReport(
  db: Db,
  report: LinkReportBody & { shortUrlId: number | null; reporterHash: string },
): Promise<number> {
  const [row] = await db
    .insert(linkReports)
    .values({
      url: report.url,
      shortUrlId: report.shortUrlId,
      reason: report.reason,
      details: report.details,
      reporterEmail: report.email ?? null,
      reporterHash: report.reporterHash,
    })
    .returning({ id: linkReports.id });
  return row!.id;
}

/**
 * The queue: one status, newest first, a page at a time, with our short links' owner and target.
 * The page's reports first, then their links and people by key: joined in one statement, a report
 * table analyzed while it pointed at old links could be merge-joined with the links' whole index
 * (as sessions were with users', session-guards.ts).
 */
export async function listReports(
  db: Db,
  shortUrlOf: (domainId: number, code: string) => string,
  query: { status: LinkReportStatus; page: number },
): Promise<LinkReportPage> {
  const where = eq(linkReports.status, query.status);
  const page = paging(query.page, LINK_REPORT_PAGE_SIZE);
  const [reportRows, [total]] = await Promise.all([
    db
      .select()
      .from(linkReports)
      .where(where)
      .orderBy(desc(linkReports.createdAt), desc(linkReports.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(linkReports).where(where),
  ]);
  const linkIds = [...new Set(reportRows.flatMap((report) => report.shortUrlId ?? []))];
  const resolverIds = [...new Set(reportRows.flatMap((report) => report.resolvedBy ?? []))];
  const [links, resolvers] = await Promise.all([
    linkIds.length === 0
      ? []
      : db
          .select({
            id: shortenedUrls.id,
            domainId: shortenedUrls.domainId,
            code: shortenedUrls.shortCode,
            target: shortenedUrls.originalUrl,
            ownerEmail: users.email,
          })
          .from(shortenedUrls)
          .leftJoin(users, eq(users.id, shortenedUrls.userId))
          .where(inArray(shortenedUrls.id, linkIds)),
    resolverIds.length === 0
      ? []
      : db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, resolverIds)),
  ]);
  const linkById = new Map(links.map((link) => [link.id, link]));
  const emailById = new Map(resolvers.map((resolver) => [resolver.id, resolver.email]));
  const reports = reportRows.map((report): LinkReport => {
    const link = report.shortUrlId === null ? null : (linkById.get(report.shortUrlId) ?? null);
    return {
      id: report.id,
      url: report.url,
      reason: report.reason,
      details: report.details,
      reporter_email: report.reporterEmail,
      status: report.status,
      created_at: report.createdAt.toISOString(),
      resolved_at: report.resolvedAt?.toISOString() ?? null,
      resolved_by_email: report.resolvedBy === null ? null : (emailById.get(report.resolvedBy) ?? null),
      short_link:
        report.shortUrlId === null
          ? null
          : {
              id: report.shortUrlId,
              exists: link !== null,
              short_url: link ? shortUrlOf(link.domainId, link.code) : null,
              original_url: link?.target ?? null,
              owner_email: link?.ownerEmail ?? null,
            },
    };
  });
  return { reports, ...page.envelope(total?.total ?? 0) };
}

async function findReport(db: Db, id: number) {
  const [row] = await db.select().from(linkReports).where(eq(linkReports.id, id));
  if (!row) throw new HttpError(404, LINK_REPORT_MESSAGES.notFound);
  return row;
}

/** 'Descartar' or 'Marcar como resolvida': the status, who and when, with its audit line. */
export async function resolveReport(
  db: Db,
  actor: Actor,
  id: number,
  status: "dismissed" | "actioned",
): Promise<void> {
  await db.transaction(async (tx) => {
    const report = await findReport(tx, id);
    await tx
      .update(linkReports)
      .set({ status, resolvedBy: actor.id, resolvedAt: new Date() })
      .where(eq(linkReports.id, id));
    await recordAudit(tx, actor, {
      action: status === "dismissed" ? "link_report.dismiss" : "link_report.action",
      targetType: "link_report",
      targetId: id,
      targetLabel: report.url,
      before: { status: report.status },
      after: { status },
    });
  });
}

/**
 * 'Excluir link': deletes the reported short link (with its clicks, as its owner's delete does) and
 * resolves every open report of it, in one transaction with the audit line. Returns the deleted
 * link's domain and code, for the redirect caches, and its owner, who is told.
 */
export async function deleteReportedLink(
  db: Db,
  actor: Actor,
  id: number,
): Promise<{ domainId: number; code: string; userId: number }> {
  return db.transaction(async (tx) => {
    const report = await findReport(tx, id);
    if (report.shortUrlId === null) throw new HttpError(400, LINK_REPORT_MESSAGES.notShortLink);
    const [link] = await tx
      .select({ userId: shortenedUrls.userId, ownerEmail: users.email })
      .from(shortenedUrls)
      .innerJoin(users, eq(users.id, shortenedUrls.userId))
      .where(eq(shortenedUrls.id, report.shortUrlId));
    const deleted = link ? await deleteShortenedUrl(tx, link.userId, report.shortUrlId) : null;
    if (!link || !deleted) throw new HttpError(404, LINK_REPORT_MESSAGES.linkGone);
    const resolved = await tx
      .update(linkReports)
      .set({ status: "actioned", resolvedBy: actor.id, resolvedAt: new Date() })
      .where(and(eq(linkReports.shortUrlId, report.shortUrlId), eq(linkReports.status, "open")))
      .returning({ id: linkReports.id });
    if (report.status !== "open") {
      await tx
        .update(linkReports)
        .set({ status: "actioned", resolvedBy: actor.id, resolvedAt: new Date() })
        .where(eq(linkReports.id, id));
    }
    await recordAudit(tx, actor, {
      action: "link_report.delete_link",
      targetType: "link_report",
      targetId: id,
      targetLabel: report.url,
      before: {
        status: report.status,
        short_url_id: deleted.id,
        short_code: deleted.shortCode,
        original_url: deleted.originalUrl,
        owner_email: link.ownerEmail,
      },
      after: { status: "actioned", reports_resolved: resolved.map((row) => row.id) },
    });
    return { domainId: deleted.domainId, code: deleted.shortCode, userId: link.userId };
  });
}
