import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lockDataDir, sqlLiteral } from "./client";

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

describe("sqlLiteral", () => {
  it("quotes scalars and arrays so that quotes, backslashes and braces stay data", () => {
    expect(sqlLiteral(null)).toBe("null");
    expect(sqlLiteral(42)).toBe("'42'");
    expect(sqlLiteral("o'brien")).toBe("'o''brien'");
    expect(sqlLiteral([1, null, 3])).toBe(`'{"1",NULL,"3"}'`);
    expect(sqlLiteral(['a"b', "c\\d", "{x,y}", "it's"])).toBe(`'{"a\\"b","c\\\\d","{x,y}","it''s"}'`);
    expect(sqlLiteral([true, false])).toBe(`'{"true","false"}'`);
    expect(sqlLiteral(new Date(Date.UTC(2026, 0, 2)))).toBe("'2026-01-02T00:00:00.000Z'");
  });

  it("refuses what it cannot write exactly", () => {
    expect(() => sqlLiteral(Number.NaN)).toThrow();
    expect(() => sqlLiteral({ a: 1 })).toThrow();
  });
});
