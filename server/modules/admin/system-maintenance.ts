// The administrator's 'Manutenção e dados' (spec 2's placeholder actions, made real): clearing the
// caches of every process, and a backup of an embedded database. Each writes its audit line.
import { backupFilename } from "../../../common/contract/admin";
import { dayOf } from "../../../common/time";
import type { Database, Db } from "../../../db/client";
import { type Actor, recordAudit } from "../../lib/audit-log";
import type { InvalidationBus } from "../../lib/invalidation-bus";

/**
 * Drops what every process keeps in memory (redirect targets, rendered public pages, the blog,
 * plans, domains, settings, blocked domains, webhook subscriptions): each cache is read again from
 * the database. Across processes through the invalidation bus (Redis pub/sub when configured).
 * Rate-limit counters and the click queue are not caches and stay.
 */
export async function clearCaches(app: { db: Db; bus: InvalidationBus }, actor: Actor): Promise<void> {
  const topics = app.bus.topics.sort();
  app.bus.resetEverywhere();
  await recordAudit(app.db, actor, {
    action: "system.cache_clear",
    targetType: "system",
    targetLabel: "Cache",
    after: { topics, every_process: app.bus.distributed },
  });
}

/**
 * The embedded database's data directory as a .tar.gz, with its audit line; null for a Postgres
 * server (backed up with pg_dump, which the screen explains). The archive is held in memory: an
 * embedded database is a small installation's.
 */
export async function backupDatabase(
  app: { db: Db; database: Pick<Database, "dumpDataDir"> },
  actor: Actor,
  now = new Date(),
): Promise<{ filename: string; archive: Blob } | null> {
  if (!app.database.dumpDataDir) return null;
  const archive = await app.database.dumpDataDir();
  const filename = backupFilename(dayOf(now));
  await recordAudit(app.db, actor, {
    action: "system.backup",
    targetType: "system",
    targetLabel: "Banco de dados",
    after: { filename, bytes: archive.size },
  });
  return { filename, archive };
}
