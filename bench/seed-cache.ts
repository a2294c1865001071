// Where a seeded PGlite data dir is kept between bench runs (bench/run.ts seeds it and copies it
// for each run; bench/cold.ts reuses it).
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { dayOf } from "../common/time";
import { ROOT } from "./app-server";

/** Bumped when what the seed writes changes in a way the hashed files do not show. */
const SEED_CACHE_VERSION = "4: 1M short links, 10M clicks, 10k pages, known values only, analyzed";

/**
 * Where a seeded PGlite data dir is kept between runs: keyed by the migrations, the seed code, a
 * version and the month in São Paulo (the seed's "this month" figures, signups, cancellations and
 * pending payments, are relative to when it ran).
 */
export function seedCacheDir(): string {
  const hash = createHash("sha256").update(SEED_CACHE_VERSION).update(dayOf(Date.now()).slice(0, 7));
  const add = (file: string) => {
    if (fs.statSync(file).isDirectory())
      for (const entry of fs.readdirSync(file).sort()) add(path.join(file, entry));
    else hash.update(file).update(fs.readFileSync(file));
  };
  for (const file of ["db/migrations", "bench/seed.ts", "bench/fixtures.ts"]) add(path.join(ROOT, file));
  return path.join(os.tmpdir(), `atalho-bench-seed-${hash.digest("hex").slice(0, 12)}`);
}

/** What bench/run.ts keeps beside the data dir: the port it was seeded for (the default domain's host). */
const SEEDED_META = "seeded.json";

/** The seeded data dir kept by an earlier run, with what its seed wrote, or undefined. */
export function savedSeed<T>(): { dataDir: string; saved: T } | undefined {
  const cache = seedCacheDir();
  const meta = path.join(cache, SEEDED_META);
  if (!fs.existsSync(meta)) return undefined;
  return { dataDir: path.join(cache, "data"), saved: JSON.parse(fs.readFileSync(meta, "utf8")) as T };
}

/** Keeps a freshly seeded data dir, and what its seed wrote, for the next runs. */
export function saveSeed(dataDir: string, saved: unknown): void {
  const cache = seedCacheDir();
  fs.rmSync(cache, { recursive: true, force: true });
  fs.cpSync(dataDir, path.join(cache, "data"), { recursive: true });
  fs.writeFileSync(path.join(cache, SEEDED_META), JSON.stringify(saved));
}
