import type { FastifyInstance } from "fastify";
import { CROSS_ORIGIN } from "../../common/contract/errors";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * State-changing API requests must come from our own pages. Browsers name the page's origin in
 * Origin (or, failing that, Sec-Fetch-Site); a mismatch with the Host asked for is refused.
 * Clients that send neither (curl, server-to-server) carry no victim's cookie to abuse.
 */
export function registerCsrfProtection(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook("onRequest", async (request, reply) => {
    if (SAFE.has(request.method) || !request.url.startsWith("/api/")) return;
    // A bearer API key is not ambient authority a page could borrow, and is refused together with
    // a session cookie (server/modules/api-keys/api-key-auth.ts).
    if (/^Bearer[ \t]/i.test(request.headers.authorization ?? "")) return;
    const origin = request.headers.origin;
    if (origin) {
      if (origin === publicOrigin || sameHost(origin, request.headers.host)) return;
      return reply.code(403).send({ error: CROSS_ORIGIN });
    }
    if (request.headers["sec-fetch-site"] === "cross-site") {
      return reply.code(403).send({ error: CROSS_ORIGIN });
    }
  });
}

function sameHost(origin: string, host: string | undefined): boolean {
  try {
    return !!host && new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
}
