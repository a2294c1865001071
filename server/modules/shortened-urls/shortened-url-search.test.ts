import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../../db/client";
import { insertShortLinks } from "../../../tests/factories";
import { setupTestApp } from "../../../tests/test-app";
import {
  amongNewest,
  fromTrigramIndex,
  type SearchResult,
  searchShortenedUrls,
} from "./shortened-url-search";

const t = setupTestApp();
let userId: number;

const insertLinks = (owner: number, from: number, to: number, title: string) =>
  insertShortLinks(t.database.db, { userId: owner, domainId: t.app.domains.default.id, from, to, title });

const titles = (result: SearchResult | null) => result?.rows.map((row) => row.title);
const inTransaction = <T>(step: (tx: Db) => Promise<T>) => t.database.db.transaction(step);

// Each step of the search, on the same links, whichever one the planner's estimate would pick first:
// 21,000 old links say "Antigo" and the 25,000 newer ones "Recente", more than the 20,000 newest
// links the first step reads.
beforeAll(async () => {
  userId = (await t.signIn()).user.id;
  await insertLinks(userId, 1, 21_000, "Antigo");
  await insertLinks(userId, 21_001, 46_000, "Recente");
}, 60_000);

describe("a common word, among the newest links", () => {
  it("answers the first page uncounted past 10,000 matches", async () => {
    const page = await inTransaction((tx) => amongNewest(tx, userId, { q: "recente", limit: 2, offset: 0 }));
    expect(page?.total).toBeNull();
    expect(titles(page)).toEqual(["Recente 46000", "Recente 45999"]);
  });

  it("reads on past the first 10,001 matches, and the last page tells the count", async () => {
    const deep = await inTransaction((tx) =>
      amongNewest(tx, userId, { q: "recente", limit: 3, offset: 10_000 }),
    );
    expect(deep?.total).toBeNull();
    expect(titles(deep)).toEqual(["Recente 36000", "Recente 35999", "Recente 35998"]);
    const last = await inTransaction((tx) =>
      amongNewest(tx, userId, { q: "recente", limit: 5, offset: 24_998 }),
    );
    expect(titles(last)).toEqual(["Recente 21002", "Recente 21001"]);
    expect(last?.total).toBe(25_000);
  });

  it("gives way when the newest links hold fewer than 10,001 matches and there are older ones", async () => {
    expect(
      await inTransaction((tx) => amongNewest(tx, userId, { q: "antigo", limit: 2, offset: 0 })),
    ).toBeNull();
  });

  it("counts exactly when the newest links are all the user has", async () => {
    const few = (await t.signIn()).user.id;
    await insertLinks(few, 1, 30, "Recente");
    const page = await inTransaction((tx) => amongNewest(tx, few, { q: "recente 2", limit: 5, offset: 0 }));
    expect(page?.total).toBe(11); // 2 and 20–29
    expect(titles(page)).toEqual(["Recente 29", "Recente 28", "Recente 27", "Recente 26", "Recente 25"]);
  });
});

describe("the trigram index", () => {
  it("finds matches that none of the newest links hold, uncounted past 10,000", async () => {
    const page = await inTransaction((tx) =>
      fromTrigramIndex(tx, userId, { q: "antigo", limit: 2, offset: 0 }),
    );
    expect(page.total).toBeNull();
    expect(titles(page)).toEqual(["Antigo 21000", "Antigo 20999"]);
    const last = await inTransaction((tx) =>
      fromTrigramIndex(tx, userId, { q: "antigo", limit: 2, offset: 20_999 }),
    );
    expect(titles(last)).toEqual(["Antigo 1"]);
    expect(last.total).toBe(21_000);
  });

  it("counts a rarer term exactly, and past its end answers no rows with the count", async () => {
    const page = await inTransaction((tx) =>
      fromTrigramIndex(tx, userId, { q: "antigo 17", limit: 2, offset: 0 }),
    );
    expect(page.total).toBe(1_111); // 17, 170–179, 1700–1799, 17000–17999
    expect(titles(page)).toEqual(["Antigo 17999", "Antigo 17998"]);
    const past = await inTransaction((tx) =>
      fromTrigramIndex(tx, userId, { q: "antigo 17", limit: 2, offset: 5_000 }),
    );
    expect(past).toEqual({ rows: [], total: 1_111 });
  });
});

describe("searchShortenedUrls", () => {
  it.each([
    ["recente", 0, ["Recente 46000", "Recente 45999"], null],
    ["antigo", 0, ["Antigo 21000", "Antigo 20999"], null],
    ["antigo 17", 1_109, ["Antigo 170", "Antigo 17"], 1_111],
    ["nada disso", 0, [], 0],
  ] as const)("answers %s from offset %i whichever step comes first", async (q, offset, expected, total) => {
    const result = await searchShortenedUrls(t.database.db, userId, { q, limit: 2, offset });
    expect(titles(result)).toEqual(expected);
    expect(result.total).toBe(total);
  });
});
