import { describe, expect, it } from "vitest";
import type { Click } from "./click-queue";
import { type EventRow, FoldedRows, toEventRow } from "./event-rows";

// The queue's rows: an event folds into the row it shares every field with, and no other.

const SECOND = 1_764_460_800;

const view = (fields: Partial<Click> = {}): Click => ({
  userId: 7,
  targetType: "link_page",
  targetId: 3,
  linkPageId: 3,
  occurredAt: new Date(SECOND * 1000),
  country: "BR",
  referrerHost: "instagram.com",
  device: "mobile",
  browser: "Chrome",
  os: "Android",
  isBot: false,
  visitor: "-4611686018427387904",
  inApp: "instagram",
  opened: null,
  ...fields,
});

/** Folds `click` as the queue does: into the row found, else a row of its own. */
function push(rows: FoldedRows, click: Click, second = SECOND): void {
  const row = rows.find(click, second);
  if (row) row.clicks++;
  else rows.add(toEventRow(click, second));
}

const counts = (rows: EventRow[]) => rows.map((row) => `${row.targetId}:${row.clicks}`);

describe("FoldedRows", () => {
  it("folds a visitor's events of one target and second into one row, in the order first queued", () => {
    const rows = new FoldedRows();
    push(rows, view());
    push(rows, view({ targetType: "link", targetId: 11 }));
    push(rows, view());
    push(rows, view({ visitor: "12345" }));
    push(rows, view());
    expect(rows.size).toBe(3);
    const taken = rows.take();
    expect(taken.map((row) => [row.visitor, row.targetId, row.clicks])).toEqual([
      ["-4611686018427387904", 3, 3],
      ["-4611686018427387904", 11, 1],
      ["12345", 3, 1],
    ]);
    expect(rows.size).toBe(0);
    expect(rows.take()).toEqual([]);
  });

  it("keeps apart events that differ in any field but the count", () => {
    const rows = new FoldedRows();
    const variants: Partial<Click>[] = [
      {},
      { userId: 8 },
      { targetType: "link" },
      { targetId: 4, linkPageId: 4 },
      { linkPageId: null, targetType: "short_url" },
      { country: null },
      { referrerHost: null },
      { device: "desktop" },
      { browser: null },
      { os: "iOS" },
      { isBot: true, visitor: null },
      { inApp: null },
      { opened: "browser" },
    ];
    for (const fields of variants) push(rows, view(fields));
    push(rows, view(), SECOND + 1);
    expect(rows.size).toBe(variants.length + 1);
    for (const fields of variants) push(rows, view(fields));
    push(rows, view(), SECOND + 1);
    expect(rows.take().every((row) => row.clicks === 2)).toBe(true);
  });

  it("still folds a visitor's events on many targets at once, past the few compared one by one", () => {
    const rows = new FoldedRows();
    for (let round = 0; round < 3; round++) {
      for (let id = 1; id <= 40; id++)
        push(rows, view({ targetType: "short_url", targetId: id, linkPageId: null }));
    }
    const taken = rows.take();
    expect(taken).toHaveLength(40);
    expect(counts(taken)).toEqual(Array.from({ length: 40 }, (_, i) => `${i + 1}:3`));
  });

  it("folds events without a visitor (bots, no salt) by all their fields", () => {
    const rows = new FoldedRows();
    const bot = { isBot: true, visitor: null, inApp: null, device: "desktop", browser: null };
    push(rows, view(bot));
    push(rows, view({ ...bot, targetId: 5, linkPageId: 5 }));
    push(rows, view(bot));
    push(rows, view({ ...bot, isBot: false }));
    expect(counts(rows.take())).toEqual(["3:2", "5:1", "3:1"]);
  });

  it("files a row under its own fields, whichever event missed before it", () => {
    const rows = new FoldedRows();
    const bot = { isBot: true, visitor: null, inApp: null, device: "desktop", browser: null };
    expect(rows.find(view(bot), SECOND)).toBeUndefined();
    // Not the event that missed: its row must not take that event's key.
    rows.add(toEventRow(view({ ...bot, targetId: 5, linkPageId: 5 }), SECOND));
    push(rows, view({ ...bot, targetId: 5, linkPageId: 5 }));
    push(rows, view(bot));
    push(rows, view(bot));
    expect(counts(rows.take())).toEqual(["5:2", "3:2"]);
  });
});
