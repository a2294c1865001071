import http from "node:http";
import path from "node:path";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance, type FastifySchema, LogController } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import type { Redis } from "ioredis";
import { shortLinkUrl } from "../common/paths";
import type { Db } from "../db/client";
import { type Database, openDatabase } from "../db/client";
import { projectRoot } from "../db/project-root";
import type { Config } from "./env";
import { type ProxyTrust, proxyTrust } from "./lib/client-address";
import { CreationBudget } from "./lib/creation-rate";
import { DailyVisitorKey } from "./lib/daily-visitor-key";
import { InvalidationBus } from "./lib/invalidation-bus";
import { startScheduledJobs } from "./lib/job-scheduler";
import { segmentAfter } from "./lib/path-segment";
import { connectRedis, RedisWatch } from "./lib/redis";
import { responseSerializer } from "./lib/response-serializer";
import { requireAdmin } from "./lib/session-guards";
import { tableMaintenanceJob } from "./lib/table-maintenance";
import { BlockedDomainList } from "./modules/abuse/blocked-domain-list";
import { blockedDomainsRoutes } from "./modules/abuse/blocked-domains.routes";
import { blockedWarningRoutes } from "./modules/abuse/blocked-page";
import { linkReportsRoutes } from "./modules/abuse/link-reports.routes";
import { linkReportsAdminRoutes } from "./modules/abuse/link-reports-admin.routes";
import { accessLogPurgeJob } from "./modules/access-log/access-log";
import { accessLogRoutes } from "./modules/access-log/access-log.routes";
import { accountRoutes } from "./modules/account/account.routes";
import { accountDeletionJob } from "./modules/account/account-deletion";
import { adminPlansRoutes } from "./modules/admin/admin-plans.routes";
import { adminUsersRoutes } from "./modules/admin/admin-users.routes";
import { auditLogRoutes } from "./modules/admin/audit-log.routes";
import { registerMaintenanceMode } from "./modules/admin/maintenance";
import { SystemConfigStore } from "./modules/admin/system-config";
import { systemConfigRoutes, systemStatusRoutes } from "./modules/admin/system-config.routes";
import { systemMaintenanceRoutes } from "./modules/admin/system-maintenance.routes";
import { adminBillingRoutes } from "./modules/admin-billing/admin-billing.routes";
import { analyticsRoutes } from "./modules/analytics/analytics.routes";
import { analyticsPurgeJob } from "./modules/analytics/analytics-retention";
import { registerApiKeyAuth } from "./modules/api-keys/api-key-auth";
import { apiKeysRoutes } from "./modules/api-keys/api-keys.routes";
import { authRoutes } from "./modules/auth/auth.routes";
import { ensureAdmin } from "./modules/auth/auth.service";
import { authPurgeJob } from "./modules/auth/auth-purge";
import { googleRoutes } from "./modules/auth/google.routes";
import { billingRoutes } from "./modules/billing/billing.routes";
import { billingJobs } from "./modules/billing/billing-jobs";
import { DevCheckout } from "./modules/billing/dev-checkout";
import { devCheckoutRoutes } from "./modules/billing/dev-checkout.routes";
import { MercadoPagoProvider } from "./modules/billing/mercado-pago";
import type { PaymentProvider } from "./modules/billing/payment-provider";
import { PlanCache } from "./modules/billing/plan-cache";
import { webhookRoutes } from "./modules/billing/webhook.routes";
import { blogAdminRoutes } from "./modules/blog/blog-admin.routes";
import { blogFeedRoutes } from "./modules/blog/blog-feed";
import { blogPublicRoutes } from "./modules/blog/blog-public.routes";
import { BlogPublicCache } from "./modules/blog/blog-public-cache";
import { sitemapRoutes } from "./modules/blog/blog-sitemap";
import { BlogViews } from "./modules/blog/blog-views";
import { ClickQueue, PGLITE_ROWS_PER_STATEMENT } from "./modules/clicks/click-queue";
import { EventRollup } from "./modules/clicks/event-rollup";
import { adminDomainsRoutes } from "./modules/domains/admin-domains.routes";
import { DomainRegistry } from "./modules/domains/domain-registry";
import { domainTestRoutes } from "./modules/domains/domain-test.routes";
import { domainsRoutes } from "./modules/domains/domains.routes";
import { registerHostRouting } from "./modules/domains/host-routing";
import { tlsAllowedRoutes } from "./modules/domains/tls-allowed.routes";
import { fontsRoutes } from "./modules/fonts/fonts.routes";
import { healthRoutes } from "./modules/health/health.routes";
import { leadFormRoutes } from "./modules/leads/lead-form.routes";
import { leadsRoutes } from "./modules/leads/leads.routes";
import { blocksRoutes } from "./modules/link-pages/blocks.routes";
import { linkPagesRoutes } from "./modules/link-pages/link-pages.routes";
import { Mailer, outboxTransport, smtpTransport } from "./modules/mail/mailer";
import { notificationJobs } from "./modules/notifications/notification-jobs";
import { notificationsRoutes } from "./modules/notifications/notifications.routes";
import { openApiRoutes } from "./modules/openapi/openapi.routes";
import { publicApiRoutes } from "./modules/public-pages/public-api.routes";
import {
  type CachedPageAnswer,
  createPublicPages,
  publicPageRoutes,
} from "./modules/public-pages/public-page.routes";
import { createRedirect, type Redirect } from "./modules/redirect/redirect";
import { redirectLookupRoutes, redirectRoutes } from "./modules/redirect/redirect.routes";
import { shortenedUrlsRoutes } from "./modules/shortened-urls/shortened-urls.routes";
import { uploadsRoutes } from "./modules/uploads/uploads.routes";
import { WebhookEvents } from "./modules/webhooks/webhook-events";
import { webhooksRoutes } from "./modules/webhooks/webhooks.routes";
import { registerCsrfProtection } from "./plugins/csrf";
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from "./plugins/errors";
import { refuseNulCharacters } from "./plugins/nul-characters";
import { registerSecurityHeaders } from "./plugins/security";
import { registerSpa } from "./plugins/spa";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    bus: InvalidationBus;
    domains: DomainRegistry;
    clicks: ClickQueue;
    visitors: DailyVisitorKey;
    /** Mercado Pago, the dev checkout, or null (production without MP_ACCESS_TOKEN). */
    payments: PaymentProvider | null;
    /** Outgoing e-mail: queued, retried, never awaited by a request. */
    mailer: Mailer;
    /** The administrator's settings, in memory in every process. */
    settings: SystemConfigStore;
    /** Every route registered (method, path, schema): the admin guard's test, the OpenAPI document. */
    routeTable: RouteEntry[];
    /** Outgoing webhooks: the events and the worker that sends them. */
    webhooks: WebhookEvents;
    /** The commands connection to Redis (REDIS_URL), or undefined: counters and caches stay local. */
    redis: Redis | undefined;
    /** Each user's creations of the last hour, against the plan's creations_per_hour. */
    creationBudget: CreationBudget;
    /** TRUST_PROXY's rule, the one request.ip follows (server/lib/client-address.ts); false: no proxy. */
    proxyTrust: ProxyTrust | false;
  }
}

export type RouteEntry = { method: string; url: string; schema?: FastifySchema };

export type BuildOptions = {
  /** An already open database (tests share one migrated image); otherwise opened from config. */
  database?: Database;
  /** Where the SPA build lives; unset: ./dist next to the project. */
  distDir?: string;
  /** A payment provider to use instead of the one the config names (tests). */
  payments?: PaymentProvider | null;
};

// Logs never hold passwords, tokens, cookies or raw IPs.
const REDACT = [
  "req.headers.cookie",
  "req.headers.authorization",
  "req.headers['x-forwarded-for']",
  "req.headers['cf-connecting-ip']",
  'res.headers["set-cookie"]',
  "body.password",
];

/** What the listening server answers before Fastify's routing (docs/decisions/006). */
type BeforeRouting = { redirect: Redirect; page: CachedPageAnswer };

/**
 * The HTTP server Fastify listens with: GET and HEAD /s/{code} and cached /p/{slug} pages, the hot
 * paths, are answered before Fastify's routing (docs/decisions/006); everything else goes to Fastify
 * as usual.
 */
function serverAnsweringHotPaths(hot: () => BeforeRouting | undefined) {
  return (handler: http.RequestListener, options: Record<string, unknown>) => {
    const server = http.createServer((request, response) => {
      const answers = hot();
      if (answers && (request.method === "GET" || request.method === "HEAD")) {
        const url = request.url ?? "";
        const code = segmentAfter("/s/", url);
        if (code !== null) return answers.redirect(request, response, code);
        const slug = segmentAfter("/p/", url);
        if (slug !== null && answers.page(request, response, slug)) return;
      }
      handler(request, response);
    });
    // What Fastify sets on a server it creates itself.
    server.keepAliveTimeout = options.keepAliveTimeout as number;
    server.requestTimeout = options.requestTimeout as number;
    server.setTimeout(options.connectionTimeout as number);
    return server;
  };
}

/** Events a second above which the rollup worker steps back (see buildApp). */
const BUSY_EVENTS_PER_SECOND = 1_000;

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  let hotPaths: BeforeRouting | undefined;
  const trust = proxyTrust(config.trustProxy);
  const app = Fastify({
    serverFactory: serverAnsweringHotPaths(() => hotPaths),
    logger: {
      level: config.logLevel,
      redact: { paths: REDACT, censor: "[redacted]" },
      serializers: {
        req: (request) => ({
          method: request.method,
          url: request.url.split("?")[0],
          host: request.headers?.host,
        }),
      },
    },
    trustProxy: trust,
    bodyLimit: 8 * 1024 * 1024, // a 5 MB image sent as a data URL, with room for base64
    // Per-request lines would cost the redirect path; failures are logged by the hooks below.
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: true,
    // What Fastify answers itself, before any route, in the API's shape and in pt-BR.
    clientErrorHandler,
    frameworkErrors: frameworkErrors((request, reply) => {
      // `/s/%`: a malformed escape is an unknown code, sent to the unavailable-link notice.
      const code = request.url.slice(3).split("?")[0] ?? "";
      if (!redirect || code.length === 0 || code.includes("/")) return false;
      reply.hijack();
      redirect(request.raw, reply.raw, code);
      return true;
    }),
  });
  app.setValidatorCompiler(validatorCompiler);
  // Response schemas document and check answers; they never reshape them (server/lib/response-serializer.ts).
  app.setSerializerCompiler(responseSerializer(config.env, app.log));

  const database =
    options.database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  let redis: { pub: Redis; sub: Redis } | undefined;
  if (config.redisUrl) {
    // One line when Redis goes away, one when it is back (see RedisWatch, InvalidationBus).
    const watch = new RedisWatch(app.log);
    redis = {
      pub: connectRedis(config.redisUrl, watch),
      sub: connectRedis(config.redisUrl, watch, "subscriber"),
    };
  }

  const bus = new InvalidationBus(redis?.pub, redis?.sub, `${config.redisPrefix}invalidate`);
  const domains = new DomainRegistry(database.db, bus);
  await domains.init(config.publicUrl);
  if (config.adminEmail) await ensureAdmin(database.db, config.adminEmail, config.adminPassword);
  const clicks = new ClickQueue(database, app.log, config.clickBatchSize, config.clickFlushMs, {
    rowsPerStatement: database.kind === "pglite" ? PGLITE_ROWS_PER_STATEMENT : undefined,
  });
  // Appended events are summed into the figures by this worker, off the request's path; on PGlite
  // it shares the thread that answers requests, so it takes a quarter of each second at most. Under
  // a burst (over BUSY_EVENTS_PER_SECOND) it takes 60 ms of each second on average, on either
  // database (on Postgres its runs take the cores the burst's lookups need): the burst is answered
  // first, summed after.
  const underBurst = { busyBudgetMs: 60, busy: () => clicks.recentRate > BUSY_EVENTS_PER_SECOND };
  clicks.rollups = new EventRollup(
    database,
    app.log,
    database.kind === "pglite"
      ? { batchesPerRun: 1, budgetMs: 250, soleWriter: true, ...underBurst }
      : { batchesPerRun: 3, budgetMs: 700, ...underBurst },
  );
  clicks.rollups.start();
  const payments =
    options.payments !== undefined
      ? options.payments
      : config.mercadoPago
        ? new MercadoPagoProvider(config.mercadoPago)
        : config.devCheckout
          ? new DevCheckout(config.publicUrl)
          : null;
  if (!payments) app.log.warn("no payment provider: set MP_ACCESS_TOKEN and MP_WEBHOOK_SECRET to sell plans");
  // Each module's scheduled jobs, run once per period across the processes on one database.
  const stopJobs = config.scheduledJobs
    ? startScheduledJobs({ db: database.db, log: app.log, everyMs: config.jobsEveryMs }, [
        ...billingJobs({ db: database.db, bus, payments, config, log: app.log }),
        accountDeletionJob({ db: database.db, bus, config }),
        analyticsPurgeJob(database.db),
        accessLogPurgeJob(database.db),
        authPurgeJob(database.db),
        // Run after start, once `app` has its db and mailer.
        ...notificationJobs(app),
        ...(database.kind === "pglite" ? [tableMaintenanceJob(database.db)] : []),
      ])
    : () => {};

  app.decorate("config", config);
  app.decorate<ProxyTrust | false>("proxyTrust", trust);
  app.decorate("database", database);
  app.decorate("db", database.db);
  app.decorate("bus", bus);
  app.decorate("domains", domains);
  app.decorate("clicks", clicks);
  // Who a visitor is for a day (page views, clicks, blog views): the day's salt, kept in the database.
  const visitors = new DailyVisitorKey(database.db, app.log);
  await visitors.start();
  app.decorate("visitors", visitors);
  const blogViews = new BlogViews(database, bus, app.log, {
    redis: redis?.pub,
    prefix: config.redisPrefix,
    visitors,
  });
  app.decorate("blogViews", blogViews);
  app.decorate("blogCache", new BlogPublicCache(bus));
  app.decorate("payments", payments);
  const mailer = new Mailer(
    config.smtpUrl
      ? smtpTransport(config.smtpUrl, app.log)
      : outboxTransport(path.join(config.dataDir, "outbox"), app.log),
    config.mailFrom,
    app.log,
  );
  app.decorate("mailer", mailer);
  const settings = new SystemConfigStore(database.db, bus);
  await settings.reload();
  // The administrator's blocked target domains, in memory (saves, redirects, Link Bio).
  const blockedDomains = new BlockedDomainList(database.db, bus);
  await blockedDomains.reload();
  app.decorate("blockedDomains", blockedDomains);
  app.decorate("redis", redis?.pub);
  app.decorate("creationBudget", new CreationBudget(redis?.pub, config.redisPrefix));
  app.decorate("planCache", new PlanCache(database.db, bus));
  app.decorate("settings", settings);
  const shortUrlOf = (domainId: number, code: string) =>
    shortLinkUrl({
      host: domains.publicHostOf(domainId),
      siteOrigin: new URL(config.publicUrl).origin,
      code,
    });
  const webhooks = new WebhookEvents(database.db, app.log, config.webhooks, shortUrlOf, bus);
  clicks.onWritten = (rows) => webhooks.clicksWritten(rows);
  await webhooks.start(config.scheduledJobs);
  app.decorate("webhooks", webhooks);
  const routeTable: RouteEntry[] = [];
  app.decorate("routeTable", routeTable);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat())
      routeTable.push({ method, url: route.url, schema: route.schema });
  });

  app.addHook("onClose", async () => {
    stopJobs();
    visitors.stop();
    await clicks.close();
    await webhooks.close();
    await blogViews.close();
    await mailer.close();
    redis?.pub.disconnect();
    redis?.sub.disconnect();
    if (!options.database) await database.close();
  });

  registerErrorHandling(app);
  await app.register(rateLimit, {
    global: false,
    redis: redis?.pub,
    nameSpace: `${config.redisPrefix}rl:`,
    skipOnError: true,
  });

  // Hot paths, at the root: no cookie parsing, CSP building, compression plugin or CSRF hook runs
  // for them. Each sets the few headers it needs itself.
  // (registered by their modules: /s/{code} redirects, /p/{slug} public pages; the listening server
  // answers /s/ and cached pages before routing, see serverAnsweringHotPaths)
  const redirect = createRedirect(app);
  const publicPages = createPublicPages(app);
  hotPaths = { redirect, page: publicPages.answer };
  await app.register(redirectRoutes, { redirect });
  await app.register(publicPageRoutes, { cache: publicPages.cache, recordView: publicPages.recordView });
  await app.register(leadFormRoutes);
  await app.register(blockedWarningRoutes);
  await app.register(uploadsRoutes);
  await app.register(fontsRoutes);
  // Caddy's on-demand TLS ask: memory only, outside session, CSRF and maintenance.
  await app.register(tlsAllowedRoutes);

  // Everything else: the JSON API and the SPA, with the cross-cutting plugins.
  await app.register(async (web) => {
    // On an active custom domain, only its pages and links: the app answers on the main host.
    registerHostRouting(web);
    // A line per failed request (every request at debug); the hot paths log only their errors.
    web.addHook("onResponse", async (request, reply) => {
      if (reply.statusCode >= 500 || config.logLevel === "debug") {
        request.log.info(
          { req: request, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
          "request",
        );
      }
    });
    await registerSecurityHeaders(web, config.secureCookies);
    await web.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });
    await web.register(cookie);
    // JSON only: a text/plain body is refused (415) rather than parsed into a string.
    web.removeContentTypeParser("text/plain");
    registerCsrfProtection(web, config.publicUrl);
    refuseNulCharacters(web);
    registerMaintenanceMode(web);
    // Authorization: Bearer (personal API keys) on the short-link and Link Bio calls only.
    registerApiKeyAuth(web);

    // The modules, in a readable list.
    await web.register(healthRoutes);
    await web.register(authRoutes);
    await web.register(googleRoutes);
    await web.register(accountRoutes);
    await web.register(apiKeysRoutes);
    await web.register(webhooksRoutes);
    await web.register(leadsRoutes);
    await web.register(notificationsRoutes);
    await web.register(openApiRoutes);
    await web.register(domainsRoutes);
    await web.register(linkPagesRoutes);
    await web.register(blocksRoutes);
    await web.register(publicApiRoutes);
    await web.register(shortenedUrlsRoutes);
    await web.register(redirectLookupRoutes);
    await web.register(analyticsRoutes);
    await web.register(billingRoutes);
    await web.register(webhookRoutes);
    if (payments instanceof DevCheckout) await web.register(devCheckoutRoutes);
    await web.register(systemStatusRoutes);
    await web.register(blogPublicRoutes);
    await web.register(blogFeedRoutes);
    await web.register(sitemapRoutes);
    // 'Denunciar link' (abuse reports): a public form outside /api, with its own origin check.
    await web.register(linkReportsRoutes, { redis: redis?.pub });
    // Every /api/admin route, behind one guard: 401 signed out, 403 unless an active administrator.
    await web.register(async (admin) => {
      admin.addHook("onRequest", requireAdmin);
      await admin.register(adminBillingRoutes);
      await admin.register(adminPlansRoutes);
      await admin.register(systemConfigRoutes);
      await admin.register(systemMaintenanceRoutes);
      await admin.register(adminUsersRoutes);
      await admin.register(auditLogRoutes);
      await admin.register(blogAdminRoutes);
      await admin.register(accessLogRoutes);
      await admin.register(domainTestRoutes);
      await admin.register(adminDomainsRoutes);
      await admin.register(linkReportsAdminRoutes);
      await admin.register(blockedDomainsRoutes);
    });

    await registerSpa(web, options.distDir ?? config.distDir ?? path.join(projectRoot, "dist"));
  });
  return app;
}
