// Migrates once per run, then every test file starts from that image: a PGlite dump loaded in
// memory, or (TEST_DATABASE_URL) a copy of a Postgres template database.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrateDatabase, openDatabase, withDatabase } from "../db/client";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteDump: string;
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const onPostgres = project.config.env?.ATALHO_TEST_DB === "postgres";
  // Uncompressed: each test file's PGlite loads it, and un-gzipping cost ~0.3 s of CPU a file.
  const dumpPath = path.join(os.tmpdir(), `atalho-test-${process.pid}.tar`);
  if (!onPostgres) {
    // WAL in 1 MB segments, not 16: each file's PGlite copies the image into its memory file system
    // and reads it at start-up, and the one segment in use was 16 MB, mostly zeros (the start-up
    // went from ~1 s to ~0.45 s of CPU, ~200 files per run).
    const database = await openDatabase({
      url: "memory://",
      dataDir: "",
      migrate: true,
      pgliteInitdbArgs: ["--wal-segsize=1"],
    });
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir("none");
    fs.writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
    await database.close();
  }
  project.provide("pgliteDump", dumpPath);

  let template = "";
  const url = process.env.TEST_DATABASE_URL;
  if (url && onPostgres) {
    template = `atalho_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await dropStale(admin);
    await admin.query(`create database ${template}`);
    const tpl = await openDatabase({
      url: withDatabase(url, template),
      dataDir: "",
      migrate: false,
      poolSize: 1,
    });
    await migrateDatabase(tpl);
    await tpl.close();
    await admin.end();
  }
  project.provide("postgresTemplate", template);

  return async () => {
    fs.rmSync(dumpPath, { force: true });
    if (url && template) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    }
  };
}

/** Databases left by a run that was killed (their creator's pid is gone). */
async function dropStale(admin: pg.Client) {
  const { rows } = await admin.query<{ datname: string }>(
    "select datname from pg_database where datname ~ '^atalho_(tpl|t)_[0-9]+'",
  );
  for (const { datname } of rows) {
    const pid = Number(datname.split("_")[2]);
    if (pid && !isAlive(pid))
      await admin.query(`drop database if exists ${datname} with (force)`).catch(() => {});
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
