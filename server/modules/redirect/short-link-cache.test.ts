import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ShortenedUrl } from "../../../common/contract/shortened-urls";
import { setupTestApp } from "../../../tests/test-app";
import { testDatabaseKind } from "../../../tests/test-database";
import { redirectCacheKey } from "../shortened-urls/short-url-invalidation";
import { entryBytes, ShortLinkCache, shortLinkCacheOf } from "./short-link-cache";

const t = setupTestApp();

async function createLinks(count: number, url: (i: number) => string): Promise<ShortenedUrl[]> {
  const { cookie } = await t.signIn();
  const links: ShortenedUrl[] = [];
  for (let i = 0; i < count; i++) {
    const response = await t.request({
      method: "POST",
      url: "/api/shortened-urls",
      payload: { original_url: url(i) },
      cookie,
    });
    expect(response.statusCode).toBe(201);
    links.push(response.json<ShortenedUrl>());
  }
  return links;
}

describe("ShortLinkCache", () => {
  it("is bounded by the bytes its entries hold, dropping the least recently used", async () => {
    const domainId = t.app.domains.resolve(undefined).id;
    const links = await createLinks(6, (i) => `https://exemplo.com.br/${"a".repeat(400)}/${i}`);
    const key = (link: ShortenedUrl) => redirectCacheKey(domainId, link.short_code);
    const cache = new ShortLinkCache(t.app.database, t.app.bus);
    const first = await cache.load(domainId, links[0]!.short_code);
    const perLink = entryBytes(key(links[0]!), first);
    expect(perLink).toBeGreaterThan(800); // the URL alone is ~420 characters

    // Room for three such links: the fourth pushes out the first.
    const small = new ShortLinkCache(t.app.database, t.app.bus, { maxBytes: perLink * 3 + 10 });
    for (const link of links.slice(0, 4)) await small.load(domainId, link.short_code);
    const now = Date.now();
    expect(small.get(key(links[0]!), now)).toBeUndefined();
    for (const link of links.slice(1, 4)) expect(small.get(key(link), now)?.id).toBe(link.id);
  });

  it("weighs a link by its URLs and rules, so long ones take more room than short ones", async () => {
    const domainId = t.app.domains.resolve(undefined).id;
    const [short] = await createLinks(1, () => "https://exemplo.com.br/a");
    const [long] = await createLinks(1, () => `https://exemplo.com.br/${"b".repeat(1500)}`);
    const cache = new ShortLinkCache(t.app.database, t.app.bus);
    const shortTarget = await cache.load(domainId, short!.short_code);
    const longTarget = await cache.load(domainId, long!.short_code);
    const shortBytes = entryBytes(redirectCacheKey(domainId, short!.short_code), shortTarget);
    const longBytes = entryBytes(redirectCacheKey(domainId, long!.short_code), longTarget);
    expect(longBytes - shortBytes).toBeGreaterThan(2 * 1400);
    // An unknown code is remembered too, and weighs only its key.
    const missing = await cache.load(domainId, "nao-existe-peso");
    expect(missing).toBeNull();
    expect(entryBytes(redirectCacheKey(domainId, "nao-existe-peso"), missing)).toBeLessThan(shortBytes);
  });

  it("gathers the misses that come while a lookup runs into the next statement", async () => {
    const domainId = t.app.domains.resolve(undefined).id;
    const links = await createLinks(6, (i) => `https://exemplo.com.br/lote-${i}`);
    const statements: number[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The real database, with the first statement held until the others have been asked for.
    const database = {
      preparedRows: async <T>(step: Parameters<typeof t.app.database.preparedRows>[0]) => {
        statements.push(statements.length);
        if (statements.length === 1) await held;
        return t.app.database.preparedRows<T>(step);
      },
    };
    const cache = new ShortLinkCache(database, t.app.bus, { lookupsInFlight: 1 });
    const first = cache.load(domainId, links[0]!.short_code);
    await new Promise((resolve) => setImmediate(resolve));
    const rest: Promise<unknown>[] = [];
    for (const link of links.slice(1)) {
      rest.push(cache.load(domainId, link.short_code));
      await new Promise((resolve) => setImmediate(resolve)); // each in its own turn
    }
    rest.push(cache.load(domainId, "nao-existe-lote"));
    expect(statements).toHaveLength(1);
    release();
    const found = await Promise.all([first, ...rest]);
    expect(statements).toHaveLength(2);
    expect(found.map((target) => (target as { id: number } | null)?.id ?? null)).toEqual([
      ...links.map((link) => link.id),
      null,
    ]);
  });

  it("frees the lookup's place when it fails: the next misses are looked up", async () => {
    const domainId = t.app.domains.resolve(undefined).id;
    const [link] = await createLinks(1, () => "https://exemplo.com.br/depois-da-falha");
    let fail = true;
    const database = {
      preparedRows: async <T>(step: Parameters<typeof t.app.database.preparedRows>[0]) => {
        if (fail) {
          fail = false;
          throw new Error("connection terminated");
        }
        return t.app.database.preparedRows<T>(step);
      },
    };
    const cache = new ShortLinkCache(database, t.app.bus, { lookupsInFlight: 1 });
    await expect(cache.load(domainId, link!.short_code)).rejects.toThrow("connection terminated");
    expect((await cache.load(domainId, link!.short_code))?.id).toBe(link!.id);
  });

  it.skipIf(testDatabaseKind !== "pglite")(
    "on PGlite, looks up the misses that came during a click transaction right after it, before the next one",
    async () => {
      const domainId = t.app.domains.resolve(undefined).id;
      const [early, late] = await createLinks(2, (i) => `https://exemplo.com.br/entre-lotes-${i}`);
      const cache = shortLinkCacheOf(t.app);
      const done: string[] = [];
      const turn = () => new Promise((resolve) => setImmediate(resolve));
      // A click batch's transaction, held open between its statements as a long one would be.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const transaction = (name: string, hold: boolean) =>
        t.app.database
          .preparedTransaction(
            [{ name: `entre_lotes_${name.replace(" ", "_")}`, query: sql`select ${1}::int` }],
            () => (hold ? held : Promise.resolve()),
          )
          .then(() => done.push(name));
      const first = transaction("first batch", true);
      await turn();
      // A miss during it, then another in a later turn, while the first lookup still waits.
      const lookups = [cache.load(domainId, early!.short_code).then(() => done.push("early miss"))];
      await turn();
      await turn();
      lookups.push(cache.load(domainId, late!.short_code).then(() => done.push("late miss")));
      await turn();
      await turn();
      // The writer's next batch, queued after both misses came.
      const next = transaction("next batch", false);
      release();
      await Promise.all([first, next, ...lookups]);
      // With one lookup at a time the late miss was looked up only after the next batch.
      expect(done).toEqual(["first batch", "early miss", "late miss", "next batch"]);
    },
  );
});
