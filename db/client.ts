import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { parseIntoClientConfig } from "pg-connection-string";
import { projectRoot } from "./project-root";
import * as schema from "./schema";

export type Schema = typeof schema;
/**
 * The one database type the code sees, whichever driver is behind it. A transaction is a Db too:
 * `db.transaction(async (tx) => …)` passes `tx` to any function that takes a Db, with no cast.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** The rows of a raw `execute()`: both drivers answer { rows }, which the shared Db type does not say. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export type PreparedStep = { name: string; query: SQL };

/**
 * A step of a prepared transaction: a statement, or one built from the rows the step before it
 * answered (run only when there are some). A built statement's text must not depend on those rows
 * (only its parameters do): it is prepared, built from no rows, before the transaction begins.
 */
export type TransactionStep = PreparedStep | { name: string; query: (previous: Row[]) => SQL };
type Row = Record<string, unknown>;

/** The statement of a step, given the previous step's rows; null: skipped (no rows to build from). */
function statementOf(step: TransactionStep, previous: Row[] | null): SQL | null {
  if (typeof step.query !== "function") return step.query;
  return previous && previous.length > 0 ? step.query(previous) : null;
}

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * Runs statements in one transaction, each parsed and planned once per session under its name
   * (one name per statement text), for large statements on a hot path: on embedded PGlite, which
   * runs on the thread that answers requests, parsing and planning cost several times the
   * execution. The transaction forces generic plans: Postgres would otherwise plan a statement with
   * array parameters again at every execution (custom plans), ~3 ms of a ~4 ms click batch on
   * PGlite. `between` runs before each statement and before the commit, while the transaction keeps
   * the connection (PGlite: other queries wait, the event loop goes on), so that no block of work
   * is longer than one statement.
   */
  preparedTransaction(steps: TransactionStep[], between?: () => Promise<void>): Promise<void>;
  /**
   * The rows of a read prepared the same way, for a small query on a hot path (a redirect's cache
   * miss). Columns come under the names the SQL gives them, with the driver's default types.
   */
  preparedRows<T>(step: PreparedStep): Promise<T[]>;
  /**
   * Embedded PGlite only: its data directory as a gzipped tarball (the administrator's backup),
   * taken while no query runs. A Postgres server has none: it is backed up with pg_dump.
   */
  dumpDataDir?: () => Promise<Blob>;
  /** Checks that the database answers (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
};

/** For the rest of a transaction: prepared statements run their generic plan, planned once. */
const GENERIC_PLANS = "set local plan_cache_mode = force_generic_plan";

const migrationsFolder = path.join(projectRoot, "db", "migrations");
const dialect = new PgDialect();

/**
 * A value as an untyped SQL literal that the prepared statement's parameter type reads (arrays as
 * array literals). Quotes are doubled, which is the whole escaping with standard_conforming_strings
 * on (Postgres' default, checked before the first use).
 */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return "null";
  const text = Array.isArray(value) ? arrayLiteral(value) : scalarText(value);
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * An array as the text of a Postgres array literal (`{1,NULL,"a b"}`), for a parameter cast to an
 * array type on either database: the Postgres adapter sends it as the parameter's text (values),
 * and PGlite's EXECUTE quotes it (sqlLiteral). Built on the thread that answers requests (the event
 * append's ~15 columns of up to 2,000 values), so it is a single pass: numbers and booleans go bare,
 * and only an element with a character to escape is searched and replaced (node-postgres' own array
 * encoding escapes every element twice and took twice as long).
 */
export function arrayLiteral(values: readonly unknown[]): string {
  let text = "{";
  for (let i = 0; i < values.length; i++) {
    if (i > 0) text += ",";
    text += arrayElement(values[i]);
  }
  return `${text}}`;
}

function scalarText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "number" && !Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
    return String(value);
  throw new Error(`no SQL literal for ${typeof value}`);
}

/** What an array element escapes with a backslash. */
const ESCAPED = /["\\]/;

/**
 * An array element: a number or boolean bare (it has no character an array literal reads), anything
 * else double-quoted, so that braces, commas, spaces and the word NULL stay data.
 */
function arrayElement(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  const text = scalarText(value);
  if (typeof value === "number" || typeof value === "boolean") return text;
  if (!ESCAPED.test(text)) return `"${text}"`;
  return `"${text.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
}

// NOTE: PGlite's defaults cost ~750 MB of memory; these keep the whole process near 200 MB.
const PGLITE_CONF = ["shared_buffers = 16MB", "max_connections = 10"];
/** The extensions the migrations create (0017: pg_trgm, for the trigram search indexes). */
const extensions = { pg_trgm };

export type DatabaseOptions = {
  /** postgres://… for a server, memory:// for an in-memory PGlite, unset for PGlite in dataDir. */
  url?: string;
  dataDir: string;
  /** A PGlite data dir dump to start from (tests: one migrated image reused per file). */
  loadDataDir?: Blob;
  /**
   * In-memory PGlite only: its compiled WebAssembly and file bundle, shared by the instances of one
   * process (tests open one per file) rather than compiled and read again for each.
   */
  pgliteBinaries?: Pick<PGliteOptions, "pgliteWasmModule" | "fsBundle">;
  /** In-memory PGlite made anew (no loadDataDir): initdb's arguments beyond PGlite's own. */
  pgliteInitdbArgs?: string[];
  migrate?: boolean;
  poolSize?: number;
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.url?.startsWith("postgres")
    ? openPostgres(options.url, options.poolSize ?? 10)
    : await openPglite(options);
  if (options.migrate !== false) await migrateDatabase(database);
  return database;
}

/** Advisory lock key of the migrations ("ATLH", 2; server/lib/fleet-guard.ts uses 1). */
const MIGRATION_LOCK = [0x41544c48, 2];

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === "postgres") {
    // Several processes starting at once (a fleet's deploy): one migrates, the others wait for it
    // and then find nothing left to apply. The lock is held on a connection of its own.
    // Not from the pool: a pool of one connection would wait on itself.
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const lock = new pg.Client(pool.options);
    lock.on("error", () => {});
    await lock.connect();
    try {
      await lock.query("select pg_advisory_lock($1::int, $2::int)", MIGRATION_LOCK);
      await migrateNodePg(database.db as never, { migrationsFolder });
    } finally {
      await lock.end().catch(() => {});
    }
  } else {
    await migratePglite(database.db as never, { migrationsFolder });
  }
}

/**
 * The pool's connection settings, with Postgres's JIT off (decision 030: it compiled the event
 * worker's generic plans again at every run). Parsed as node-postgres parses a URL (socket hosts
 * included); options from the URL, else PGOPTIONS, are kept before ours.
 */
export function parseConnectionWithoutJit(url: string): pg.ClientConfig {
  const config = parseIntoClientConfig(url);
  const given = config.options ?? process.env.PGOPTIONS;
  return { ...config, options: given ? `${given} -c jit=off` : "-c jit=off" };
}

/** The URL of another database on the same Postgres server (tests' and benches' throwaway copies). */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * A prepared statement's parameters for node-postgres, arrays written as array literals the way
 * PGlite's EXECUTE writes them (arrayLiteral), rather than by node-postgres' slower encoding.
 */
const values = (params: unknown[]) =>
  params.map((param) => (Array.isArray(param) ? arrayLiteral(param) : param));

function openPostgres(url: string, max: number): Database {
  // A host that drops packets (rather than refusing) must not hang a query: the connect gives up
  // after 5 s, and the API answers 503 (server/lib/database-errors.ts).
  const pool = new pg.Pool({ ...parseConnectionWithoutJit(url), max, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its connection must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  // Nor may a checked-out one: between the statements of a transaction (preparedTransaction's
  // `between`, drizzle's transaction()) a client is the caller's, and the pool no longer listens to
  // it; Postgres going away then emitted 'error' on the client itself, which ended the process (a
  // restart under load did). Its next statement fails instead, and the pool drops it on release.
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzleNodePg(pool, { schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    // node-postgres prepares a named statement once per pooled connection.
    preparedTransaction: async (steps, between) => {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query(`begin; ${GENERIC_PLANS}`);
        let previous: Row[] | null = null;
        for (const step of steps) {
          await between?.();
          const query = statementOf(step, previous);
          if (!query) {
            previous = [];
            continue;
          }
          const { sql: text, params } = dialect.sqlToQuery(query);
          previous = (await client.query({ name: step.name, text, values: values(params) })).rows as Row[];
        }
        await between?.();
        await client.query("commit");
      } catch (error) {
        await client.query("rollback").catch(() => {
          broken = true;
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    preparedRows: async <T>({ name, query }: PreparedStep) => {
      const { sql: text, params } = dialect.sqlToQuery(query);
      return (await pool.query({ name, text, values: values(params) })).rows as T[];
    },
    ping: async () => {
      await pool.query("select 1");
    },
    close: () => pool.end(),
  };
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  const inMemory = options.url === "memory://" || options.url === "memory";
  let releaseLock = () => {};
  let client: PGlite;
  if (inMemory) {
    client = new PGlite({
      postgresqlconf: PGLITE_CONF,
      loadDataDir: options.loadDataDir,
      initDbStartParams: options.pgliteInitdbArgs,
      extensions,
      ...options.pgliteBinaries,
    });
  } else {
    const dir = path.resolve(options.dataDir, "pglite");
    fs.mkdirSync(dir, { recursive: true });
    releaseLock = lockDataDir(options.dataDir);
    if (!fs.existsSync(path.join(dir, "PG_VERSION"))) initPgliteDir(dir);
    client = new PGlite({ dataDir: dir, postgresqlconf: PGLITE_CONF, extensions });
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema, casing: "snake_case" }) as unknown as Db;
  // Statement name -> its PREPARE (concurrent first uses share one).
  const prepared = new Map<string, Promise<void>>();
  const prepare = ({ name, sql: text }: { name: string; sql: string }): Promise<void> => {
    let done = prepared.get(name);
    if (!done) {
      done = (async () => {
        const { rows } = await client.query<Record<string, string>>("show standard_conforming_strings");
        if (rows[0]?.standard_conforming_strings !== "on")
          throw new Error("standard_conforming_strings is off");
        await client.exec(`prepare ${name} as ${text}`);
      })();
      prepared.set(name, done);
      done.catch(() => prepared.delete(name));
    }
    return done;
  };
  // A statement without parameters is executed without parentheses (`execute name()` is an error).
  const execute = ({ name, params }: { name: string; params: unknown[] }) =>
    params.length === 0 ? `execute ${name}` : `execute ${name}(${params.map(sqlLiteral).join(", ")})`;
  return {
    db,
    kind: "pglite",
    // PREPARE once (outside the transaction: a prepared statement outlives a rollback), then
    // EXECUTE with the values as literals: one protocol round trip, no planning. (PGlite's query()
    // names no statement, and EXECUTE takes no bind parameters.)
    preparedTransaction: async (steps, between) => {
      // Built steps are prepared from no rows: their text is the same whatever the rows.
      for (const step of steps) {
        const query = typeof step.query === "function" ? step.query([]) : step.query;
        await prepare({ name: step.name, ...dialect.sqlToQuery(query) });
      }
      await client.transaction(async (tx) => {
        await tx.exec(GENERIC_PLANS);
        let previous: Row[] | null = null;
        for (const step of steps) {
          await between?.();
          const query = statementOf(step, previous);
          if (!query) {
            previous = [];
            continue;
          }
          const results = await tx.exec(execute({ name: step.name, ...dialect.sqlToQuery(query) }));
          previous = (results.at(-1)?.rows ?? []) as Row[];
        }
        await between?.();
      });
    },
    preparedRows: async <T>({ name, query }: PreparedStep) => {
      const statement = { name, ...dialect.sqlToQuery(query) };
      await prepare(statement);
      const [result] = await client.exec(execute(statement));
      return (result?.rows ?? []) as T[];
    },
    dumpDataDir: async () => {
      // Written to the data files first: the copy then needs little WAL replayed when restored.
      await client.exec("checkpoint");
      return client.dumpDataDir("gzip");
    },
    ping: async () => {
      await client.query("select 1");
    },
    close: async () => {
      if (!client.closed) await client.close();
      releaseLock();
    },
  };
}

/**
 * Creates a new PGlite cluster in a child process. NOTE: initdb leaves ~500 MB behind in the WASM
 * heap of whoever runs it; run here, that memory leaves with the child.
 */
function initPgliteDir(dir: string): void {
  const script = `import { PGlite } from "@electric-sql/pglite";
    const db = new PGlite({ dataDir: process.argv[1], postgresqlconf: ${JSON.stringify(PGLITE_CONF)} });
    await db.waitReady;
    await db.close();`;
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", script, dir], {
    cwd: projectRoot,
    stdio: ["ignore", "ignore", "pipe"],
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`Não foi possível criar o banco em ${dir}: ${result.stderr}`);
}

/**
 * PGlite has no lock between processes: a second server on the same directory would silently lose
 * writes. A pid file taken with O_EXCL makes the second one refuse to start instead.
 */
export function lockDataDir(dataDir: string): () => void {
  return takePidLock(path.resolve(dataDir, "atalho.pid"), (pid) => {
    throw new Error(
      `O diretório de dados ${path.resolve(dataDir)} já está em uso pelo processo ${pid}. ` +
        "Pare o outro servidor ou use outro DATA_DIR.",
    );
  });
}

/**
 * A pid file taken with O_EXCL; one left by a process that died is taken over. `onHeld` is called
 * (and must throw or exit) when a live process holds it. Returns the release function.
 */
export function takePidLock(lockPath: string, onHeld: (pid: number) => never): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number(fs.readFileSync(lockPath, "utf8"));
      if (pid && pid !== process.pid && isAlive(pid)) onHeld(pid);
      fs.rmSync(lockPath, { force: true }); // left by a process that died
    }
  }
  throw new Error(`Não foi possível travar ${lockPath}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export { schema };
