import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { Redis } from "ioredis";
import {
  LINK_REPORT_MESSAGES,
  LINK_REPORT_PATH,
  LINK_REPORTS_PER_HOUR,
  linkReportBodySchema,
} from "../../../common/contract/link-reports";
import {
  type LinkReportForm,
  linkReportFormHtml,
  linkReportThanksHtml,
  THANKS_PATH,
} from "./link-reports.page";
import { findReportedShortLink, hasOpenReport, insertReport } from "./link-reports.service";
import { ReporterHasher } from "./link-reports-reporter";

const HOUR = 60 * 60_000;
/** A link (2048), details (1000 characters, up to 9 bytes each once percent-encoded) and an e-mail fit. */
const BODY_LIMIT = 32 * 1024;
const FIELDS = ["url", "reason", "details", "email"] as const;
type Field = (typeof FIELDS)[number];

/**
 * 'Denunciar link' (abuse reports): GET /denunciar?url= shows a plain HTML form (no script), POST
 * /denunciar takes it urlencoded, and /denunciar/enviada thanks. The reporter is kept only as an
 * HMAC of their address: at most LINK_REPORTS_PER_HOUR reports an hour, and one open report per link.
 * Outside /api the app's CSRF hook does not run: a post from another site (its Origin, or
 * Sec-Fetch-Site: cross-site) is refused here.
 */
export const linkReportsRoutes: FastifyPluginAsync<{ redis?: Redis }> = async (app, options) => {
  const hasher = new ReporterHasher({
    redis: options.redis,
    prefix: app.config.redisPrefix,
    dataDir: app.config.dataDir,
  });
  const publicOrigin = new URL(app.config.publicUrl).origin;
  const reporterOf = new WeakMap<FastifyRequest, string>();
  // Per reporter (their HMAC, never the IP), in the app's shared store (Redis when configured).
  const perHour = app.createRateLimit({
    max: LINK_REPORTS_PER_HOUR,
    timeWindow: HOUR,
    keyGenerator: (request) => `link-report:${reporterOf.get(request) ?? ""}`,
  });

  // This context alone reads form posts, small ones.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: BODY_LIMIT },
    (_request, body, done) => done(null, new URLSearchParams(body as string)),
  );

  const page = (reply: FastifyReply, status: number, html: string) =>
    reply
      .code(status)
      .header("cache-control", "no-store")
      .header("x-robots-tag", "noindex")
      // Not helmet's no-referrer: under it a browser sends "Origin: null" with the form's post.
      .header("referrer-policy", "same-origin")
      .type("text/html; charset=utf-8")
      .send(html);
  const form = (reply: FastifyReply, status: number, content: LinkReportForm) =>
    page(reply, status, linkReportFormHtml(app.config.appName, content));

  app.get(LINK_REPORT_PATH, async (request, reply) => {
    const url = (request.query as { url?: unknown }).url;
    const prefill = typeof url === "string" ? url.slice(0, 4096) : "";
    return form(reply, 200, { values: { url: prefill, reason: "", details: "", email: "" } });
  });

  app.get(THANKS_PATH, async (_request, reply) => page(reply, 200, linkReportThanksHtml(app.config.appName)));

  app.post(LINK_REPORT_PATH, async (request, reply) => {
    const body = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
    const values = Object.fromEntries(FIELDS.map((field) => [field, body.get(field) ?? ""])) as Record<
      Field,
      string
    >;
    if (crossSite(request, publicOrigin)) {
      return form(reply, 403, { values, alert: LINK_REPORT_MESSAGES.crossOrigin });
    }
    const parsed = linkReportBodySchema.safeParse(values);
    if (!parsed.success) {
      const errors: LinkReportForm["errors"] = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        if (FIELDS.includes(field)) errors[field] ??= issue.message;
      }
      return form(reply, 400, { values, errors });
    }
    const report = { ...parsed.data, url: new URL(parsed.data.url).href };

    let reporterHash: string;
    try {
      reporterHash = await hasher.hash(request.ip);
    } catch (error) {
      request.log.error({ err: error }, "link report: reporter secret unavailable");
      return form(reply, 503, { values, alert: LINK_REPORT_MESSAGES.failed });
    }
    // The limit first: a flood of posts costs no query.
    if (app.config.rateLimits) {
      reporterOf.set(request, reporterHash);
      const result = await perHour(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header("retry-after", String(Math.max(1, result.ttlInSeconds ?? 1)));
        return form(reply, 429, { values, alert: LINK_REPORT_MESSAGES.tooMany });
      }
    }
    if (await hasOpenReport(app.db, reporterHash, report.url)) {
      return form(reply, 409, { values, alert: LINK_REPORT_MESSAGES.duplicate });
    }
    const shortUrlId = await findReportedShortLink(app.db, app, report.url);
    await insertReport(app.db, { ...report, shortUrlId, reporterHash });
    // Post/redirect/get: a reload of the thanks page sends nothing again.
    return reply.header("cache-control", "no-store").redirect(THANKS_PATH, 303);
  });
};

/** A post another site made: its Origin is not ours, or the browser says cross-site. */
function crossSite(request: FastifyRequest, publicOrigin: string): boolean {
  const origin = request.headers.origin;
  // An opaque origin (a sandboxed frame, a no-referrer page): only the browser's word will do.
  if (origin === "null") return request.headers["sec-fetch-site"] !== "same-origin";
  if (origin) {
    if (origin === publicOrigin) return false;
    try {
      return new URL(origin).host !== (request.headers.host ?? "").toLowerCase();
    } catch {
      return true;
    }
  }
  return request.headers["sec-fetch-site"] === "cross-site";
}
