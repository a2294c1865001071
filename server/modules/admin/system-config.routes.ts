import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  ADMIN_MESSAGES,
  type AdminSetupStatus,
  adminSetupStatusSchema,
  type SystemStatus,
  systemConfigSavedSchema,
  systemConfigSchema,
  systemConfigUpdateSchema,
  systemStatusSchema,
} from "../../../common/contract/admin";
import { type Config, isLoopback } from "../../env";
import { HttpError } from "../../lib/http-error";
import { signedInUser } from "../../lib/session-guards";
import type { PaymentProvider } from "../billing/payment-provider";
import { findActivePlan } from "../billing/plans.queries";

/** The public status: the API's answer and the data the server-rendered screens start from. */
export function systemStatus(app: FastifyInstance): SystemStatus {
  const { maintenance_mode, registration_enabled } = app.settings.get();
  return {
    maintenance_mode,
    registration_enabled,
    google_enabled: Boolean(app.config.google),
    payments_enabled: app.payments !== null,
  };
}

/** Which integrations are set up, for the administrator's checklist: states, never values. */
export function setupStatus(
  config: Pick<Config, "publicUrl" | "smtpUrl" | "google">,
  payments: Pick<PaymentProvider, "name"> | null,
): AdminSetupStatus {
  const publicUrl = new URL(config.publicUrl);
  return {
    payments: payments?.name ?? "none",
    email: config.smtpUrl ? "smtp" : "outbox",
    https: publicUrl.protocol === "https:" && !isLoopback(publicUrl.hostname),
    google: Boolean(config.google),
  };
}

/**
 * Public: what the SPA needs before anyone signs in (the maintenance page, closed registrations,
 * 'Entrar com Google', whether /pricing sells or says 'Fale conosco').
 */
export const systemStatusRoutes: FastifyPluginAsync = async (app) => {
  app.get("/api/system/status", { schema: { response: { 200: systemStatusSchema } } }, async () =>
    systemStatus(app),
  );
};

/** The administrator's settings (inside the admin scope: one guard for every /api/admin route). */
export const systemConfigRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  // The stored settings, as the form shows them.
  app.get("/api/admin/system-config", { schema: { response: { 200: systemConfigSchema } } }, async () =>
    app.settings.get(),
  );

  // The overview's setup checklist: payments, e-mail, HTTPS, Google sign-in (booleans and kinds only).
  app.get("/api/admin/setup-status", { schema: { response: { 200: adminSetupStatusSchema } } }, async () =>
    setupStatus(app.config, app.payments),
  );

  // A partial change: only the fields sent change; written with its audit line.
  app.put(
    "/api/admin/system-config",
    { schema: { body: systemConfigUpdateSchema, response: { 200: systemConfigSavedSchema } } },
    async (request) => {
      const patch = request.body;
      if (patch.default_plan_id != null && !(await findActivePlan(app.db, patch.default_plan_id))) {
        throw new HttpError(400, ADMIN_MESSAGES.defaultPlanInvalid, {
          default_plan_id: ADMIN_MESSAGES.defaultPlanInvalid,
        });
      }
      const config = await app.settings.update(patch, signedInUser(request));
      return { ...config, message: ADMIN_MESSAGES.settingsUpdated };
    },
  );
};
