import { describe, expect, it } from "vitest";
import { segmentAfter } from "./path-segment";

describe("segmentAfter", () => {
  it("reads the segment of /s/{code}, without the query string, percent-escapes decoded", () => {
    expect(segmentAfter("/s/", "/s/abc")).toBe("abc");
    expect(segmentAfter("/s/", "/s/abc?utm_source=x&b=/c")).toBe("abc");
    expect(segmentAfter("/s/", "/s/a%2Db")).toBe("a-b");
    expect(segmentAfter("/p/", "/p/loja-da-ana?utm_source=instagram")).toBe("loja-da-ana");
  });

  it("leaves every other URL to the router", () => {
    for (const url of [
      "/",
      "/s",
      "/s/",
      "/s/?x=1",
      "/s/a/b",
      "/s/a%2Fb",
      "/s/%E0%A4%A",
      "/api/s/abc",
      "/p/abc",
    ]) {
      expect(segmentAfter("/s/", url)).toBeNull();
    }
    expect(segmentAfter("/p/", "/p/abc/")).toBeNull();
  });
});
