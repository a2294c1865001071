import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ADMIN_MESSAGES, systemConfigUpdateSchema } from "../../../common/contract/admin";
import { HttpError } from "../../lib/http-error";
import { findActivePlan } from "../billing/plans.queries";

/** Public: what the SPA needs before anyone signs in (the maintenance page, closed registrations). */
export const systemStatusRoutes: FastifyPluginAsync = async (app) => {
  app.get("/api/system/status", async () => {
    const { maintenance_mode, registration_enabled } = app.settings.get();
    return { maintenance_mode, registration_enabled, google_enabled: Boolean(app.config.google) };
  });
};

/** The administrator's settings (inside the admin scope: one guard for every /api/admin route). */
export const systemConfigRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  // The stored settings, as the form shows them.
  app.get("/api/admin/system-config", async () => app.settings.get());

  // A partial change: only the fields sent change; written with its audit line.
  app.put("/api/admin/system-config", { schema: { body: systemConfigUpdateSchema } }, async (request) => {
    const patch = request.body;
    if (patch.default_plan_id != null && !(await findActivePlan(app.db, patch.default_plan_id))) {
      throw new HttpError(400, ADMIN_MESSAGES.defaultPlanInvalid, {
        default_plan_id: ADMIN_MESSAGES.defaultPlanInvalid,
      });
    }
    const config = await app.settings.update(patch, request.user!);
    return { ...config, message: ADMIN_MESSAGES.settingsUpdated };
  });
};
