import type { FastifyInstance } from "fastify";
import { ADMIN_MESSAGES } from "../../../common/contract/admin";
import { loadUser } from "../../lib/session-guards";

/** API paths that keep answering in maintenance: signing in, what visitors reach, the providers. */
const OPEN_IN_MAINTENANCE = [
  "/api/auth/login",
  "/api/auth/logout",
  "/api/auth/google", // signing in; new accounts are refused in maintenance by the callback
  "/api/auth/password-reset/",
  "/api/auth/verify-email",
  "/api/auth/me",
  "/api/auth/session",
  "/api/system/status",
  "/api/public/",
  "/api/blog/", // the public blog (its pages are server-rendered and stay up too)
  "/api/track-link-click",
  "/api/shortened-urls/redirect/",
  "/api/subscription-plans",
  "/api/webhooks/mercadopago", // the payment provider (the users' own webhooks are /api/webhooks/{id})
  "/api/admin/",
];

/**
 * Maintenance mode: the API answers 503 with a pt-BR message to everyone but the administrator,
 * except the paths above; the SPA shows its maintenance page from GET /api/system/status. Public
 * pages and redirects are answered outside this scope and never stop.
 */
export function registerMaintenanceMode(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    if (!app.settings.get().maintenance_mode) return;
    // The route Fastify matched, not the raw URL: "/%61pi/..." is routed as "/api/...".
    const path = request.routeOptions.url ?? safeDecode(request.url.split("?")[0]!);
    if (!path.startsWith("/api/") || OPEN_IN_MAINTENANCE.some((open) => path.startsWith(open))) return;
    const user = await loadUser(request);
    if (user?.isAdmin) return;
    return reply.code(503).header("retry-after", "300").send({ error: ADMIN_MESSAGES.maintenance });
  });
}

const safeDecode = (path: string) => {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};
