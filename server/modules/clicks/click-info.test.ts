import { describe, expect, it } from "vitest";
import type { ShortenedUrl } from "../../../common/contract/shortened-urls";
import { rollupClicks } from "../../../tests/click-events";
import { BROWSER_USER_AGENT, setupTestApp } from "../../../tests/test-app";
import { clickFrom } from "./click-info";

const target = { userId: 1, targetType: "short_url" as const, targetId: 1, linkPageId: null };
const noVisitors = { visitorOf: () => null };

describe("clickFrom: the visitor's country", () => {
  it("ignores CF-IPCountry when the request did not come through our proxy: the address decides", () => {
    expect(clickFrom({ "cf-ipcountry": "US" }, "127.0.0.1", target, false, noVisitors).country).toBeNull();
    expect(clickFrom({ "cf-ipcountry": "US" }, "::ffff:177.0.0.1", target, false, noVisitors).country).toBe(
      "BR",
    );
  });

  it("takes CF-IPCountry through our proxy, unless it names no country", () => {
    expect(clickFrom({ "cf-ipcountry": "us" }, "127.0.0.1", target, true, noVisitors).country).toBe("US");
    expect(clickFrom({ "cf-ipcountry": "XX" }, "8.8.8.8", target, true, noVisitors).country).toBe("US");
    expect(clickFrom({ "cf-ipcountry": "T1" }, "127.0.0.1", target, true, noVisitors).country).toBeNull();
    expect(clickFrom({}, "8.8.8.8", target, true, noVisitors).country).toBe("US");
  });
});

async function countries(
  t: ReturnType<typeof setupTestApp>,
  headers: Record<string, string>,
  remoteAddress: string,
) {
  const { cookie } = await t.signIn();
  const created = await t.request({
    method: "POST",
    url: "/api/shortened-urls",
    payload: { original_url: "https://exemplo.com.br/destino" },
    cookie,
  });
  expect(created.statusCode).toBe(201);
  const link = created.json<ShortenedUrl>();
  const visit = await t.request({
    method: "GET",
    url: `/s/${link.short_code}`,
    headers: { "user-agent": BROWSER_USER_AGENT, ...headers },
    remoteAddress,
  });
  expect(visit.statusCode).toBe(302);
  await t.app.clicks.flush();
  return rollupClicks(t.database.db, link.id, "country");
}

describe("a short link visit with TRUST_PROXY off", () => {
  const t = setupTestApp({ trustProxy: false });
  it("ignores a visitor's CF-IPCountry: US and counts the address's country", async () => {
    expect(await countries(t, { "cf-ipcountry": "US" }, "177.0.0.1")).toEqual({ BR: 1 });
  });
});

describe("a short link visit with TRUST_PROXY on", () => {
  const t = setupTestApp({ trustProxy: true });
  it("counts the proxy's CF-IPCountry: US", async () => {
    expect(await countries(t, { "cf-ipcountry": "US" }, "177.0.0.1")).toEqual({ US: 1 });
  });

  it("counts the country of the address the proxy saw, not of a left-most entry the visitor wrote", async () => {
    // A visitor in the US writes a Brazilian address into X-Forwarded-For; the proxy appends theirs.
    expect(await countries(t, { "x-forwarded-for": "177.0.0.1, 8.8.8.8" }, "127.0.0.1")).toEqual({ US: 1 });
    expect(await countries(t, { "x-forwarded-for": "8.8.8.8, 177.0.0.1" }, "127.0.0.1")).toEqual({ BR: 1 });
  });
});

describe("a short link visit with TRUST_PROXY naming the proxies", () => {
  const t = setupTestApp({ trustProxy: ["127.0.0.1", "10.0.0.0/8"] });
  it("reads X-Forwarded-For and CF-IPCountry through a listed proxy only", async () => {
    expect(await countries(t, { "x-forwarded-for": "8.8.8.8, 177.0.0.1, 10.1.2.3" }, "127.0.0.1")).toEqual({
      BR: 1,
    });
    expect(await countries(t, { "cf-ipcountry": "US" }, "10.0.0.9")).toEqual({ US: 1 });
    // Straight from a visitor: its own address decides, whatever it claims.
    expect(await countries(t, { "x-forwarded-for": "8.8.8.8", "cf-ipcountry": "US" }, "177.0.0.1")).toEqual({
      BR: 1,
    });
  });
});
