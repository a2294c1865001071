import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  type CustomDomain,
  type CustomDomainSaved,
  customDomainBodySchema,
  customDomainIdParamsSchema,
  customDomainListSchema,
  customDomainSavedSchema,
  DOMAIN_MESSAGES,
} from "../../../common/contract/domains";
import { messageResponseSchema } from "../../../common/contract/wire";
import { signedInUser } from "../../lib/session-guards";
import { mainHostName, nameWithoutPort } from "./admin-domains.names";
import { findCustomDomain, listCustomDomains } from "./admin-domains.queries";
import {
  activateDomain,
  createDomain,
  deleteDomain,
  setDefaultDomain,
  updateDomain,
} from "./admin-domains.service";
import { CloudflareDomains } from "./cloudflare";
import {
  automateActivation,
  automateNewDomain,
  automateRename,
  removeFromCloudflare,
} from "./cloudflare-automation";

// The administrator's custom domain manager (spec 2 Settings, 7), inside the admin scope (one guard
// for every /api/admin route). The rules live in admin-domains.service.ts; every change writes its
// audit line, reloads this process's DomainRegistry and tells every other process to reload too.
// (Plan availability, POST/DELETE /api/admin/plans/{planId}/domains, lives with the plans.)
export const adminDomainsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  /** Delete, set as default, activate: one domain by id, answered with what the panel says. */
  const domainAction = { params: customDomainIdParamsSchema, response: { 200: messageResponseSchema } };

  /** This process answers with the change at once; the others reload through the bus. */
  const changed = () => app.domains.changed();

  // Cloudflare automation (cloudflare-automation.ts), when CLOUDFLARE_API_TOKEN and the zone are set.
  const cloudflare = app.config.cloudflare
    ? new CloudflareDomains({ ...app.config.cloudflare, mainHost: mainHostName(app.config.publicUrl) })
    : undefined;
  /** The main host's own row is never automated (the app's host is set up with the deployment). */
  const automated = (domain: string) =>
    cloudflare && nameWithoutPort(domain) !== mainHostName(app.config.publicUrl) ? cloudflare : undefined;

  // Every domain (the default first), with the plans that offer it and the pages and links on it.
  app.get(
    "/api/admin/custom-domains-with-plans",
    { schema: { response: { 200: customDomainListSchema } } },
    async (): Promise<CustomDomain[]> => listCustomDomains(app.db),
  );

  // Without Cloudflare automation the answer has no cloudflare_automation.
  app.post(
    "/api/admin/custom-domains",
    { schema: { body: customDomainBodySchema, response: { 201: customDomainSavedSchema } } },
    async (request, reply) => {
      let domain: CustomDomainSaved = await createDomain(
        app.db,
        signedInUser(request),
        app.config.publicUrl,
        request.body,
        { pending: cloudflare !== undefined },
      );
      if (cloudflare) {
        const automation = await automateNewDomain(
          app.db,
          cloudflare,
          request.log,
          signedInUser(request),
          domain,
          request.body.is_active,
        );
        domain = {
          ...((await findCustomDomain(app.db, domain.id)) ?? domain),
          cloudflare_automation: automation,
        };
      }
      await changed();
      reply.code(201);
      return domain;
    },
  );

  app.put(
    "/api/admin/custom-domains/:id",
    {
      schema: {
        params: customDomainIdParamsSchema,
        body: customDomainBodySchema,
        response: { 200: customDomainSavedSchema },
      },
    },
    async (request): Promise<CustomDomain> => {
      const before = cloudflare ? await findCustomDomain(app.db, request.params.id) : undefined;
      let domain = await updateDomain(
        app.db,
        signedInUser(request),
        app.config.publicUrl,
        request.params.id,
        request.body,
      );
      // A new name: Cloudflare follows; when it fails the answer has needs_activation (the UI offers 'Ativar').
      const renamed = before && before.domain !== domain.domain && automated(domain.domain);
      if (renamed) {
        const names = { before: before.domain, after: domain.domain };
        if (await automateRename(app.db, renamed, request.log, signedInUser(request), domain.id, names)) {
          domain = (await findCustomDomain(app.db, domain.id)) ?? domain;
        }
      }
      await changed();
      return domain;
    },
  );

  app.delete("/api/admin/custom-domains/:id", { schema: domainAction }, async (request) => {
    const before = cloudflare ? await findCustomDomain(app.db, request.params.id) : undefined;
    await deleteDomain(app.db, signedInUser(request), app.config.publicUrl, request.params.id);
    await changed();
    const cleanup = before && automated(before.domain);
    if (cleanup) await removeFromCloudflare(cleanup, request.log, before.domain);
    return { message: DOMAIN_MESSAGES.deleted };
  });

  app.post("/api/admin/custom-domains/:id/set-default", { schema: domainAction }, async (request) => {
    if (await setDefaultDomain(app.db, signedInUser(request), request.params.id)) await changed();
    return { message: DOMAIN_MESSAGES.defaultSet };
  });

  app.post("/api/admin/domains/:id/activate", { schema: domainAction }, async (request) => {
    // With automation, Cloudflare first (a retry after a failed add); its failure answers 502.
    const row = cloudflare ? await findCustomDomain(app.db, request.params.id) : undefined;
    const retry = row && (row.needs_activation || !row.is_active) && automated(row.domain);
    if (retry) await automateActivation(retry, request.log, row.domain);
    if (await activateDomain(app.db, signedInUser(request), request.params.id)) await changed();
    return { message: DOMAIN_MESSAGES.activated };
  });
};
