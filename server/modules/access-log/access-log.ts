import { lt } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../../db/client";
import { type AccessEvent, accessLog } from "../../../db/schema/access-log";

/** Marco Civil da Internet, art. 15: application access records are kept for 6 months. */
export const ACCESS_LOG_RETENTION_MONTHS = 6;

/**
 * The client's source port. Behind a trusted proxy the socket's port is the proxy's, so the proxy
 * must pass the client's in `X-Client-Port` (Caddy: `header_up X-Client-Port {remote_port}`).
 */
function clientPort(request: FastifyRequest): number | null {
  const header = request.server.config.trustProxy ? request.headers["x-client-port"] : undefined;
  const raw = typeof header === "string" ? Number(header) : request.socket.remotePort;
  return typeof raw === "number" && Number.isInteger(raw) && raw > 0 && raw <= 65_535 ? raw : null;
}

/**
 * Writes one line of the access log: the account, the event, the IP (request.ip honours
 * TRUST_PROXY), the source port and the time. Awaited by the caller (an event the law asks us to
 * keep is not dropped on the floor), inside the caller's transaction when it passes one.
 */
export async function recordAccess(
  db: Db,
  request: FastifyRequest,
  entry: { userId: number; email: string; event: AccessEvent },
): Promise<void> {
  await db.insert(accessLog).values({
    userId: entry.userId,
    email: entry.email,
    event: entry.event,
    ip: request.ip || "desconhecido",
    port: clientPort(request),
  });
}

/** Deletes the lines older than the retention (the scheduled job, hourly). Returns how many. */
export async function purgeAccessLog(db: Db, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - ACCESS_LOG_RETENTION_MONTHS);
  const deleted = await db
    .delete(accessLog)
    .where(lt(accessLog.createdAt, cutoff))
    .returning({ id: accessLog.id });
  return deleted.length;
}
