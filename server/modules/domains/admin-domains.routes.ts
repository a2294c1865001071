import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  type CustomDomain,
  type CustomDomainSaved,
  customDomainBodySchema,
  customDomainIdParamsSchema,
  DOMAIN_MESSAGES,
} from "../../../common/contract/domains";
import { listCustomDomains } from "./admin-domains.queries";
import {
  activateDomain,
  createDomain,
  deleteDomain,
  setDefaultDomain,
  updateDomain,
} from "./admin-domains.service";

// The administrator's custom domain manager (spec 2 Settings, 7), inside the admin scope (one guard
// for every /api/admin route). The rules live in admin-domains.service.ts; every change writes its
// audit line, reloads this process's DomainRegistry and tells every other process to reload too.
// (Plan availability, POST/DELETE /api/admin/plans/{planId}/domains, lives with the plans.)
export const adminDomainsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /** This process answers with the change at once; the others reload through the bus. */
  const changed = async () => {
    await app.domains.reload();
    app.domains.changed();
  };

  // Every domain (the default first), with the plans that offer it and the pages and links on it.
  app.get(
    "/api/admin/custom-domains-with-plans",
    async (): Promise<CustomDomain[]> => listCustomDomains(app.db),
  );

  // Cloudflare automation is not configured yet: the answer has no cloudflare_automation.
  app.post(
    "/api/admin/custom-domains",
    { schema: { body: customDomainBodySchema } },
    async (request, reply) => {
      const domain: CustomDomainSaved = await createDomain(
        app.db,
        request.user!,
        app.config.publicUrl,
        request.body,
      );
      await changed();
      reply.code(201);
      return domain;
    },
  );

  app.put(
    "/api/admin/custom-domains/:id",
    { schema: { params: customDomainIdParamsSchema, body: customDomainBodySchema } },
    async (request): Promise<CustomDomain> => {
      const domain = await updateDomain(
        app.db,
        request.user!,
        app.config.publicUrl,
        request.params.id,
        request.body,
      );
      await changed();
      return domain;
    },
  );

  app.delete(
    "/api/admin/custom-domains/:id",
    { schema: { params: customDomainIdParamsSchema } },
    async (request) => {
      await deleteDomain(app.db, request.user!, app.config.publicUrl, request.params.id);
      await changed();
      return { message: DOMAIN_MESSAGES.deleted };
    },
  );

  app.post(
    "/api/admin/custom-domains/:id/set-default",
    { schema: { params: customDomainIdParamsSchema } },
    async (request) => {
      if (await setDefaultDomain(app.db, request.user!, request.params.id)) await changed();
      return { message: DOMAIN_MESSAGES.defaultSet };
    },
  );

  app.post(
    "/api/admin/domains/:id/activate",
    { schema: { params: customDomainIdParamsSchema } },
    async (request) => {
      if (await activateDomain(app.db, request.user!, request.params.id)) await changed();
      return { message: DOMAIN_MESSAGES.activated };
    },
  );
};
