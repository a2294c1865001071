// What a seed (or its copy) leaves to be written, written before anything is timed. After the
// bench's bulk load, Postgres checkpoints the gigabytes of WAL it wrote and the kernel writes back
// the dirty pages of the files; both run on the cores the comparisons are timed on, and both were
// still at it when the page's rounds began (Postgres's log of run AN, 30 Nov 2026: a checkpoint of
// the seed from 12 s before the first round to 4 minutes after it). A copied PGlite data dir leaves
// its pages to the kernel the same way.
import { spawnSync } from "node:child_process";
import pg from "pg";

/** Checkpoints Postgres (when given its URL), then `sync`s the machine; says what it did. */
export async function settleWrites(databaseUrl: string | undefined): Promise<string> {
  const started = performance.now();
  const done: string[] = [];
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    try {
      await client.connect();
      await client.query("checkpoint");
      done.push("checkpoint");
    } catch (error) {
      // CHECKPOINT needs a superuser or pg_checkpoint: without it, the kernel's writeback only.
      done.push(`no checkpoint (${error instanceof Error ? error.message : error})`);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  const sync = spawnSync("sync");
  done.push(sync.status === 0 ? "sync" : "no sync");
  return `${done.join(", ")} in ${((performance.now() - started) / 1000).toFixed(1)} s`;
}
