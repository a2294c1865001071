import { Readable } from "node:stream";
import type { ReadableStream } from "node:stream/web";
import type { FastifyPluginAsync } from "fastify";
import { ADMIN_MESSAGES, type SystemInfo, systemInfoSchema } from "../../../common/contract/admin";
import { messageResponseSchema } from "../../../common/contract/wire";
import { conflict } from "../../lib/http-error";
import { signedInUser } from "../../lib/session-guards";
import { backupDatabase, clearCaches } from "./system-maintenance";

// 'Manutenção e dados' in the settings tab, inside the admin scope (one guard for every /api/admin
// route). The rules live in system-maintenance.ts.
export const systemMaintenanceRoutes: FastifyPluginAsync = async (app) => {
  // What the screen offers here: the backup download (PGlite) or the pg_dump instructions (Postgres).
  app.get(
    "/api/admin/system/info",
    { schema: { response: { 200: systemInfoSchema } } },
    async (): Promise<SystemInfo> => ({ database: app.database.kind, shared_cache: app.bus.distributed }),
  );

  // 'Limpar cache': every process drops its caches and reads them again from the database.
  app.post(
    "/api/admin/system/cache/clear",
    { schema: { response: { 200: messageResponseSchema } } },
    async (request) => {
      await clearCaches(app, signedInUser(request));
      return { message: ADMIN_MESSAGES.cacheCleared };
    },
  );

  // 'Backup manual': the embedded database as a .tar.gz download; 409 on a Postgres server.
  app.get("/api/admin/system/backup", async (request, reply) => {
    const backup = await backupDatabase(app, signedInUser(request));
    if (!backup) throw conflict(ADMIN_MESSAGES.backupUsePgDump);
    reply
      .header("content-type", "application/gzip")
      .header("content-disposition", `attachment; filename="${backup.filename}"`)
      .header("content-length", backup.archive.size)
      .header("cache-control", "no-store");
    return reply.send(Readable.fromWeb(backup.archive.stream() as ReadableStream));
  });
};
