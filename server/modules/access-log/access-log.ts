import { lt } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { ACCESS_LOG_RETENTION_MONTHS } from "../../../common/contract/access-log";
import type { Db } from "../../../db/client";
import { type AccessEvent, accessLog } from "../../../db/schema/access-log";
import { viaTrustedProxy } from "../../lib/client-address";
import { HOUR, type ScheduledJob } from "../../lib/job-scheduler";

export { ACCESS_LOG_RETENTION_MONTHS };

/**
 * The client's source port (Marco Civil asks for it with the IP: behind carrier-grade NAT one IP is
 * many customers). Through a proxy TRUST_PROXY trusts (with an X-Forwarded-For) the socket's port is
 * the proxy's, so the proxy must pass the client's in `X-Client-Port` (Caddy:
 * `header_up X-Client-Port {remote_port}`; nginx: `proxy_set_header X-Client-Port $remote_port`);
 * without it the port is unknown (null), never the proxy's. A direct connection: the socket's port.
 */
export function clientPort(request: FastifyRequest): number | null {
  const proxied =
    viaTrustedProxy(request.raw, request.server.proxyTrust) &&
    request.headers["x-forwarded-for"] !== undefined;
  const header = request.headers["x-client-port"];
  const raw = proxied
    ? typeof header === "string"
      ? Number(header.trim())
      : null
    : request.socket.remotePort;
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

/** Marco Civil art. 15: access records older than 6 months are deleted, every hour. */
export const accessLogPurgeJob = (db: Db): ScheduledJob => ({
  name: "access-log-purge",
  everyMs: HOUR,
  run: () => purgeAccessLog(db),
});
