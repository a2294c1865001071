import type { FastifyPluginAsync } from "fastify";
import {
  DOMAIN_MESSAGES,
  type DomainTestResult,
  domainTestResultSchema,
} from "../../../common/contract/domains";
import { linkPageUrl, shortLinkUrl } from "../../../common/paths";
import { HttpError } from "../../lib/http-error";
import { rateLimited } from "../../lib/rate-limits";
import { requireAdmin } from "../../lib/session-guards";
import { checkDomain } from "./domain-test";
import { domainUsageSample } from "./domain-test.queries";

// The administrator's 'Testar' on a custom domain (spec 2 Settings, 3 Domain test result, 7).
// Registered in the admin scope; it does network I/O (DNS queries, a TLS handshake), so each
// administrator gets a few a minute.
export const domainTestRoutes: FastifyPluginAsync = async (app) => {
  const limits = rateLimited(app, [
    { name: "domain-test", max: 20, windowMs: 60_000, key: (request) => String(request.user?.id) },
  ]);

  app.get<{ Params: { id: string } }>(
    "/api/admin/test-domain/:id",
    { preHandler: [requireAdmin, limits], schema: { response: { 200: domainTestResultSchema } } },
    async (request, reply): Promise<DomainTestResult> => {
      const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : 0;
      const row = app.domains.get(id);
      if (!row) throw new HttpError(404, DOMAIN_MESSAGES.notFound);

      const [check, usage] = await Promise.all([
        checkDomain(row.domain.replace(/:\d+$/, ""), {
          config: app.config.domainTest,
          mainHost: new URL(app.config.publicUrl).hostname,
          appName: app.config.appName,
        }),
        domainUsageSample(app.db, row.id),
      ]);
      // The default domain's links live on the public origin (http in development).
      const onDomain = { host: row.isDefault ? null : row.domain, siteOrigin: app.config.publicUrl };
      reply.header("cache-control", "no-store");
      return {
        validation_result: check.validation_result,
        usage_stats: {
          link_pages_count: usage.linkPagesCount,
          shortened_urls_count: usage.shortenedUrlsCount,
        },
        test_urls: {
          sample_link_page: usage.sampleSlug ? linkPageUrl({ ...onDomain, slug: usage.sampleSlug }) : null,
          sample_short_url: usage.sampleCode ? shortLinkUrl({ ...onDomain, code: usage.sampleCode }) : null,
        },
        status: check.status,
        dns: check.dns,
        ssl: check.ssl,
      };
    },
  );
};
