import { describe, expect, it } from "vitest";
import { DailyVisitorKey } from "./daily-visitor-key";

describe("DailyVisitorKey (this process's secret)", () => {
  it("names one network the same all day, another network or another day differently", async () => {
    const visitors = new DailyVisitorKey();
    const today = await visitors.keyOf("2026-11-28", "203.0.113.8");
    expect(await visitors.keyOf("2026-11-28", "203.0.113.8")).toBe(today);
    expect(await visitors.keyOf("2026-11-28", "203.0.113.9")).not.toBe(today);
    // One IPv6 /64 is one visitor; an IPv4-mapped address is its IPv4.
    expect(await visitors.keyOf("2026-11-28", "2001:db8:7::1")).toBe(
      await visitors.keyOf("2026-11-28", "2001:db8:7:0:ffff::2"),
    );
    expect(await visitors.keyOf("2026-11-28", "::ffff:203.0.113.8")).toBe(today);
    // A new day has a new secret: the same network is no longer recognisable.
    expect(await visitors.keyOf("2026-11-29", "203.0.113.8")).not.toBe(today);
    expect(await visitors.keyOf("2026-11-28", "203.0.113.8")).not.toBe(today);
  });

  it("keeps no address in the key, and two processes without Redis do not share keys", async () => {
    const [one, two] = [new DailyVisitorKey(), new DailyVisitorKey()];
    const key = await one.keyOf("2026-11-28", "203.0.113.8");
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(key).not.toContain("203");
    expect(await two.keyOf("2026-11-28", "203.0.113.8")).not.toBe(key);
    expect(one.isShared).toBe(false);
  });
});
