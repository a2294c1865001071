import { describe, expect, it } from "vitest";
import { type BlockSchedule, isBlockShown, nextBlockChange } from "./block-window";

const at = (iso: string) => Date.parse(iso);
const block = (over: Partial<BlockSchedule> = {}): BlockSchedule => ({
  is_active: true,
  starts_at: null,
  ends_at: null,
  ...over,
});

describe("isBlockShown", () => {
  it("shows a switched-on block without a window, never a switched-off one", () => {
    expect(isBlockShown(block(), at("2026-05-04T12:00:00Z"))).toBe(true);
    expect(isBlockShown(block({ is_active: false }), at("2026-05-04T12:00:00Z"))).toBe(false);
  });

  it("shows a block from its start (included) until its end (excluded)", () => {
    const scheduled = block({ starts_at: "2026-05-04T12:00:00.000Z", ends_at: "2026-05-04T13:00:00.000Z" });
    expect(isBlockShown(scheduled, at("2026-05-04T11:59:59.999Z"))).toBe(false);
    expect(isBlockShown(scheduled, at("2026-05-04T12:00:00.000Z"))).toBe(true);
    expect(isBlockShown(scheduled, at("2026-05-04T12:59:59.999Z"))).toBe(true);
    expect(isBlockShown(scheduled, at("2026-05-04T13:00:00.000Z"))).toBe(false);
  });

  it("hides a switched-off block even inside its window", () => {
    const scheduled = block({ is_active: false, starts_at: "2026-05-04T12:00:00.000Z" });
    expect(isBlockShown(scheduled, at("2026-05-05T00:00:00Z"))).toBe(false);
  });
});

describe("nextBlockChange", () => {
  const now = at("2026-05-04T12:00:00Z");

  it("is the earliest bound still ahead among switched-on blocks", () => {
    const blocks = [
      block({ starts_at: "2026-05-04T11:00:00.000Z", ends_at: "2026-05-04T15:00:00.000Z" }),
      block({ starts_at: "2026-05-04T12:00:02.000Z" }),
      block({ is_active: false, starts_at: "2026-05-04T12:00:01.000Z" }),
      block(),
    ];
    expect(nextBlockChange(blocks, now)).toBe(at("2026-05-04T12:00:02.000Z"));
  });

  it("is null when nothing will change", () => {
    expect(nextBlockChange([block(), block({ ends_at: "2026-05-04T12:00:00.000Z" })], now)).toBeNull();
    expect(nextBlockChange([], now)).toBeNull();
  });
});
