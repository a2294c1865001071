import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lockDataDir } from "./client";

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
