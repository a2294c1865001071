import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  ADMIN_MESSAGES,
  type AdminPlan,
  adminIdParamsSchema,
  adminPlanListSchema,
  adminPlanSavedSchema,
  planBodySchema,
  planDomainBodySchema,
  planDomainParamsSchema,
  planDomainsSavedSchema,
  planIdParamsSchema,
} from "../../../common/contract/admin";
import { messageResponseSchema } from "../../../common/contract/wire";

import { signedInUser } from "../../lib/session-guards";
import { PLANS_TOPIC } from "../billing/plan-cache";
import { createPlan, deletePlan, listAdminPlans, setPlanDomain, updatePlan } from "./admin-plans.service";

// The administrator's plans tab (spec 2, 7), inside the admin scope (one guard for every /api/admin
// route). The rules live in admin-plans.service.ts; every change writes its audit line.
export const adminPlansRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  // Every plan, active and inactive, cheapest first, with its subscribers and custom domains.
  app.get(
    "/api/admin/subscription-plans",
    { schema: { response: { 200: adminPlanListSchema } } },
    async (): Promise<AdminPlan[]> => listAdminPlans(app.db),
  );

  // A new plan from the form (spec 5: empty max is unlimited, retention 30 when empty or 0).
  app.post(
    "/api/admin/subscription-plans",
    { schema: { body: planBodySchema, response: { 201: adminPlanSavedSchema } } },
    async (request, reply) => {
      const plan = await createPlan(app.db, signedInUser(request), request.body);
      app.bus.publish(PLANS_TOPIC, String(plan.id));
      reply.code(201);
      return { message: ADMIN_MESSAGES.planCreated, plan };
    },
  );

  // The whole form again (activate / deactivate included); subscribers get the new limits at once.
  app.put(
    "/api/admin/subscription-plans/:id",
    {
      schema: { params: adminIdParamsSchema, body: planBodySchema, response: { 200: adminPlanSavedSchema } },
    },
    async (request) => {
      const plan = await updatePlan(app.db, signedInUser(request), request.params.id, request.body);
      app.bus.publish(PLANS_TOPIC, String(plan.id));
      return { message: ADMIN_MESSAGES.planUpdated, plan };
    },
  );

  // Only a plan nobody has and no payment remembers; otherwise 409 with the reason.
  app.delete(
    "/api/admin/subscription-plans/:id",
    { schema: { params: adminIdParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await deletePlan(app.db, signedInUser(request), request.params.id);
      app.bus.publish(PLANS_TOPIC, String(request.params.id));
      return { message: ADMIN_MESSAGES.planDeleted };
    },
  );

  // Makes a custom domain available to a plan's subscribers (every process's registry reloads).
  app.post(
    "/api/admin/plans/:planId/domains",
    {
      schema: {
        params: planIdParamsSchema,
        body: planDomainBodySchema,
        response: { 200: planDomainsSavedSchema },
      },
    },
    async (request) => {
      const { planId } = request.params;
      const result = await setPlanDomain(
        app.db,
        signedInUser(request),
        planId,
        request.body.custom_domain_id,
        true,
      );
      if (result.changed) await app.domains.changed();
      return { message: ADMIN_MESSAGES.planDomainUpdated, domain_ids: result.domainIds };
    },
  );

  // Takes a custom domain away from a plan; pages and links already on it stay where they are.
  app.delete(
    "/api/admin/plans/:planId/domains/:domainId",
    { schema: { params: planDomainParamsSchema, response: { 200: planDomainsSavedSchema } } },
    async (request) => {
      const { planId, domainId } = request.params;
      const result = await setPlanDomain(app.db, signedInUser(request), planId, domainId, false);
      if (result.changed) await app.domains.changed();
      return { message: ADMIN_MESSAGES.planDomainUpdated, domain_ids: result.domainIds };
    },
  );
};
