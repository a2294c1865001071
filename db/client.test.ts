import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { openTestDatabase, testDatabaseKind } from "../tests/test-database";
import {
  arrayLiteral,
  type Database,
  lockDataDir,
  openDatabase,
  parseConnectionWithoutJit,
  sqlLiteral,
} from "./client";
import { users } from "./schema";

describe("lockDataDir", () => {
  const dir = () => fs.mkdtempSync(path.join(os.tmpdir(), "atalho-lock-"));

  it("refuses a data dir that a live process holds, naming it", () => {
    const dataDir = dir();
    // The test runner's parent process is alive and is not us.
    fs.writeFileSync(path.join(dataDir, "atalho.pid"), String(process.ppid));
    expect(() => lockDataDir(dataDir)).toThrow(`já está em uso pelo processo ${process.ppid}`);
  });

  it("takes over a lock left by a dead process, and releases it", () => {
    const dataDir = dir();
    const lockPath = path.join(dataDir, "atalho.pid");
    fs.writeFileSync(lockPath, "2147483646");
    const release = lockDataDir(dataDir);
    expect(fs.readFileSync(lockPath, "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockPath)).toBe(false);
  });
});

// `npm start` on a fresh machine: the embedded database is created (in a child process), migrated,
// and found again on the next start. The database kind of the project does not matter here.
describe.skipIf(testDatabaseKind === "postgres")("openDatabase on an empty data directory", () => {
  it("creates the PGlite cluster, migrates it, and opens it again with what was written", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "atalho-first-start-"));
    try {
      const first = await openDatabase({ dataDir });
      await first.db.insert(users).values({ email: "primeira@exemplo.com", firstName: "Primeira" });
      await first.close();
      expect(fs.existsSync(path.join(dataDir, "pglite", "PG_VERSION"))).toBe(true);

      const again = await openDatabase({ dataDir });
      const rows = await again.db.select({ email: users.email }).from(users);
      await again.close();
      expect(rows).toEqual([{ email: "primeira@exemplo.com" }]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

// Postgres restarted while a transaction waits between two statements (the event worker's does,
// to let requests through): the transaction fails, the process stays up, the pool serves the next.
describe.skipIf(testDatabaseKind !== "postgres")("a connection lost in the middle of a transaction", () => {
  it("fails that transaction only; the pool answers afterwards", async () => {
    const database = await openTestDatabase();
    try {
      const tag = `lost-${Date.now()}`;
      let calls = 0;
      const between = async () => {
        if (++calls !== 2) return;
        // Before the commit: the transaction's connection is ended by the server while idle.
        await database.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and state = 'idle in transaction'`,
        );
        // The connection's end reaches the client while it waits here, with no statement running:
        // the case that emitted 'error' on the client itself.
        await new Promise((resolve) => setTimeout(resolve, 300));
      };
      await expect(
        database.preparedTransaction(
          [
            {
              name: "lost_insert",
              query: sql`insert into users (email, first_name) values (${`${tag}@exemplo.com.br`}, 'Perdida')`,
            },
          ],
          between,
        ),
      ).rejects.toThrow();
      expect(calls).toBe(2);
      expect(await emails(database, `${tag}%`)).toEqual([]);
      await database.ping();
    } finally {
      await database.close();
    }
  });
  const emails = async (database: Database, like: string) =>
    (
      await database.db.select({ email: users.email }).from(users).where(sql`${users.email} like ${like}`)
    ).map((row) => row.email);
});

describe("parseConnectionWithoutJit", () => {
  it("turns Postgres's JIT off after the options a URL or PGOPTIONS gives, and reads socket URLs", () => {
    expect(parseConnectionWithoutJit("postgres://app@db.internal:5432/atalho")).toMatchObject({
      host: "db.internal",
      port: 5432,
      database: "atalho",
      options: "-c jit=off",
    });
    const given = parseConnectionWithoutJit(
      "postgresql://app:p%40ss@db.internal/atalho?sslmode=require&options=-c%20search_path%3Dapp",
    );
    expect(given).toMatchObject({ password: "p@ss", options: "-c search_path=app -c jit=off" });
    expect(given.ssl).toBeTruthy();
    // WHATWG URL refuses credentials without a host; node-postgres reads the socket from ?host=.
    expect(parseConnectionWithoutJit("postgres://app:pw@/atalho?host=/var/run/postgresql")).toMatchObject({
      host: "/var/run/postgresql",
      database: "atalho",
      options: "-c jit=off",
    });
    vi.stubEnv("PGOPTIONS", "-c statement_timeout=5s");
    try {
      expect(parseConnectionWithoutJit("postgres://app@db/atalho").options).toBe(
        "-c statement_timeout=5s -c jit=off",
      );
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe.skipIf(testDatabaseKind !== "postgres")("the pool's connections", () => {
  it("run without JIT, which compiled the event worker's generic plans again at every run, and keep the URL's options", async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set("options", "-c statement_timeout=1234");
    const database = await openDatabase({ url: url.toString(), dataDir: "", migrate: false, poolSize: 1 });
    try {
      const rows = await database.preparedRows<{ jit: string; timeout: string }>({
        name: "jit_setting_test",
        query: sql`select current_setting('jit') as jit, current_setting('statement_timeout') as timeout`,
      });
      expect(rows).toEqual([{ jit: "off", timeout: "1234ms" }]);
    } finally {
      await database.close();
    }
  });
});

describe("sqlLiteral", () => {
  it("quotes scalars and arrays so that quotes, backslashes and braces stay data", () => {
    expect(sqlLiteral(null)).toBe("null");
    expect(sqlLiteral(42)).toBe("'42'");
    expect(sqlLiteral("o'brien")).toBe("'o''brien'");
    expect(sqlLiteral([1, null, -3, 2.5])).toBe(`'{1,NULL,-3,2.5}'`);
    expect(sqlLiteral(["NULL", "a b", ""])).toBe(`'{"NULL","a b",""}'`);
    expect(sqlLiteral(['a"b', "c\\d", "{x,y}", "it's"])).toBe(`'{"a\\"b","c\\\\d","{x,y}","it''s"}'`);
    expect(sqlLiteral([true, false])).toBe(`'{true,false}'`);
    expect(sqlLiteral(new Date(Date.UTC(2026, 0, 2)))).toBe("'2026-01-02T00:00:00.000Z'");
  });

  it("writes an array literal's text with only the array's own escapes (a parameter's text on Postgres)", () => {
    expect(arrayLiteral([])).toBe("{}");
    expect(arrayLiteral([1, null, "a b", true])).toBe(`{1,NULL,"a b",true}`);
    expect(arrayLiteral(['a"b', "c\\d", "it's"])).toBe(`{"a\\"b","c\\\\d","it's"}`);
    expect(() => arrayLiteral([[1]])).toThrow();
  });

  it("refuses what it cannot write exactly", () => {
    expect(() => sqlLiteral(Number.NaN)).toThrow();
    expect(() => sqlLiteral({ a: 1 })).toThrow();
  });

  it("lets the database read back exactly the values it was given", async () => {
    const database = await openTestDatabase();
    try {
      const texts = ['a"b', "c\\d", "{x,y}", "it's", "NULL", "a b", "", null, "ação"];
      const numbers = [1, null, -3, 2_147_483_647];
      const flags = [true, false, null];
      const [row] = await database.preparedRows<{ t: unknown; n: unknown; f: unknown; s: unknown }>({
        name: "literal_round_trip",
        query: sql`select ${sql.param(texts)}::text[] as t, ${sql.param(numbers)}::int[] as n,
          ${sql.param(flags)}::bool[] as f, ${"o'brien \\ {}"}::text as s`,
      });
      expect(row).toEqual({ t: texts, n: numbers, f: flags, s: "o'brien \\ {}" });
    } finally {
      await database.close();
    }
  });
});

describe("preparedTransaction", () => {
  const insertUser = (email: string) => sql`insert into users (email) values (${email})`;

  it("builds a step from the rows of the one before, skips it without rows, and runs one without parameters", async () => {
    const database = await openTestDatabase();
    try {
      const tag = `built-${Date.now()}`;
      const steps = (count: number) => [
        { name: "tx_built_none", query: sql`select set_config('application_name', 'atalho-teste', true)` },
        { name: "tx_built_rows", query: sql`select n from generate_series(1, ${count}::int) as n` },
        {
          name: "tx_built_insert",
          query: (rows: Record<string, unknown>[]) =>
            sql`insert into users (email) select ${tag} || '-' || n || '@exemplo.com.br'
              from unnest(${sql.param(rows.map((row) => Number(row.n)))}::int[]) as n`,
        },
      ];
      await database.preparedTransaction(steps(2));
      await database.preparedTransaction(steps(0));
      expect(await emails(database, `${tag}-%`)).toEqual([
        `${tag}-1@exemplo.com.br`,
        `${tag}-2@exemplo.com.br`,
      ]);
    } finally {
      await database.close();
    }
  });
  const emails = async (database: Database, like: string) =>
    (
      await database.db
        .select({ email: users.email })
        .from(users)
        .where(sql`${users.email} like ${like}`)
        .orderBy(users.email)
    ).map((row) => row.email);

  it("runs its statements in one transaction, calling `between` before each and before the commit", async () => {
    const database = await openTestDatabase();
    try {
      const between = vi.fn(async () => {});
      const steps = (n: number) => [
        { name: "tx_test_a", query: insertUser(`tx-a${n}@exemplo.com.br`) },
        { name: "tx_test_b", query: insertUser(`tx-b${n}@exemplo.com.br`) },
      ];
      await database.preparedTransaction(steps(1), between);
      // The second run reuses the statements prepared by the first, with its own values.
      await database.preparedTransaction(steps(2), between);
      expect(between).toHaveBeenCalledTimes(6);
      expect(await emails(database, "tx-%")).toEqual([
        "tx-a1@exemplo.com.br",
        "tx-a2@exemplo.com.br",
        "tx-b1@exemplo.com.br",
        "tx-b2@exemplo.com.br",
      ]);
    } finally {
      await database.close();
    }
  });

  it("runs its statements with generic plans and leaves other queries' planning alone", async () => {
    const database = await openTestDatabase();
    try {
      const insertMode = sql`insert into users (email) values (current_setting('plan_cache_mode') || ${"@exemplo.com.br"})`;
      await database.preparedTransaction([{ name: "plan_mode_test", query: insertMode }]);
      await database.db.execute(insertMode);
      expect(await emails(database, "%generic%")).toEqual(["force_generic_plan@exemplo.com.br"]);
      expect(await emails(database, "auto@%")).toEqual(["auto@exemplo.com.br"]);
    } finally {
      await database.close();
    }
  });

  it("writes nothing when a later statement fails, and works again afterwards", async () => {
    const database = await openTestDatabase();
    try {
      const failing = [
        { name: "rb_test_insert", query: insertUser("rb-1@exemplo.com.br") },
        { name: "rb_test_fail", query: sql`select 1 / ${0}::int` },
      ];
      await expect(database.preparedTransaction(failing)).rejects.toThrow();
      expect(await emails(database, "rb-%")).toEqual([]);
      await database.preparedTransaction([
        { name: "rb_test_insert", query: insertUser("rb-2@exemplo.com.br") },
      ]);
      expect(await emails(database, "rb-%")).toEqual(["rb-2@exemplo.com.br"]);
    } finally {
      await database.close();
    }
  });
});

describe("preparedRows", () => {
  it("answers concurrent first uses of a statement, with the driver's types", async () => {
    const database = await openTestDatabase();
    try {
      const read = (n: number) =>
        database.preparedRows<{ n: number; at: Date | null; text: string }>({
          name: "rows_test",
          query: sql`select ${n}::int as n, case when ${n}::int > 2 then null else timestamptz '2026-01-02T03:04:05Z' end as at, 'it''s' as text`,
        });
      const results = await Promise.all([1, 2, 3].map(read));
      expect(results).toEqual([
        [{ n: 1, at: new Date("2026-01-02T03:04:05Z"), text: "it's" }],
        [{ n: 2, at: new Date("2026-01-02T03:04:05Z"), text: "it's" }],
        [{ n: 3, at: null, text: "it's" }],
      ]);
    } finally {
      await database.close();
    }
  });
});
