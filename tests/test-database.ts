import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { type Database, type DatabaseOptions, openDatabase, withDatabase } from "../db/client";

/** Which database the API tests of this project run on (vitest.config.ts sets it per project). */
export const testDatabaseKind = process.env.ATALHO_TEST_DB === "postgres" ? "postgres" : "pglite";

const require = createRequire(import.meta.url);
let counter = 0;

/**
 * In-memory PGlite: the migrated image and PGlite's binaries, read and compiled once per worker
 * (the API projects share one module graph per worker) rather than once per file.
 */
let pgliteStart: Promise<Pick<DatabaseOptions, "loadDataDir" | "pgliteBinaries">> | undefined;
function pgliteStartOnce() {
  pgliteStart ??= (async () => {
    const dist = path.dirname(require.resolve("@electric-sql/pglite"));
    const [wasm, bundle, dump] = await Promise.all([
      fs.promises.readFile(path.join(dist, "pglite.wasm")),
      fs.promises.readFile(path.join(dist, "pglite.data")),
      fs.promises.readFile(inject("pgliteDump")),
    ]);
    return {
      loadDataDir: new Blob([dump]),
      pgliteBinaries: { pgliteWasmModule: await WebAssembly.compile(wasm), fsBundle: new Blob([bundle]) },
    };
  })();
  return pgliteStart;
}

/** A fresh, migrated database for one test file; close() drops it. */
export async function openTestDatabase(): Promise<Database> {
  if (testDatabaseKind === "pglite") {
    return openDatabase({ url: "memory://", dataDir: "", migrate: false, ...(await pgliteStartOnce()) });
  }
  const url = process.env.TEST_DATABASE_URL!;
  const name = `atalho_t_${process.ppid}_${process.pid}_${++counter}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database ${name} template ${inject("postgresTemplate")}`);
      break;
    } catch (error) {
      // Two files copying the template at once: Postgres asks the second to wait its turn.
      if (attempt > 20 || !/being accessed by other users/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
  await admin.end();
  const database = await openDatabase({
    url: withDatabase(url, name),
    dataDir: "",
    migrate: false,
    poolSize: 5,
  });
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
