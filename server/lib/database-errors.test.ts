import pg from "pg";
import { describe, expect, it } from "vitest";
import { freePort } from "../../bench/app-server";
import { isDatabaseUnavailable, isUniqueViolation } from "./database-errors";

/** The error node-postgres really throws for a query on a port where nothing listens. */
async function refusedError(): Promise<unknown> {
  const pool = new pg.Pool({ connectionString: `postgres://x@127.0.0.1:${await freePort()}/x` });
  pool.on("error", () => {});
  try {
    await pool.query("select 1");
    throw new Error("the query should have failed");
  } catch (error) {
    return error;
  } finally {
    await pool.end();
  }
}

describe("isDatabaseUnavailable", () => {
  it("recognises a refused connection, bare or wrapped as Drizzle wraps it", async () => {
    const error = await refusedError();
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(new Error("Failed query: select 1", { cause: error }))).toBe(true);
  });

  it("recognises a server going away or starting", () => {
    const state = (code: string) => Object.assign(new Error("x"), { code });
    for (const code of ["57P01", "57P03", "08006", "08003", "53300"]) {
      expect(isDatabaseUnavailable(state(code))).toBe(true);
    }
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
  });

  it("leaves query errors alone", () => {
    for (const code of ["23505", "22P02", "42P01", "40001"]) {
      expect(isDatabaseUnavailable(Object.assign(new Error("x"), { code }))).toBe(false);
    }
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

describe("isUniqueViolation", () => {
  const violation = () => Object.assign(new Error("duplicate key"), { code: "23505" });

  it("recognises 23505, bare or wrapped as Drizzle wraps it", () => {
    expect(isUniqueViolation(violation())).toBe(true);
    expect(isUniqueViolation(new Error("Failed query: insert", { cause: violation() }))).toBe(true);
  });

  it("leaves every other error alone", () => {
    expect(isUniqueViolation(Object.assign(new Error("x"), { code: "23503" }))).toBe(false);
    expect(isUniqueViolation(new Error("boom"))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});
