import { describe, expect, it } from "vitest";
import { redirectCodeOf } from "./redirect";

describe("redirectCodeOf", () => {
  it("reads the code of /s/{code}, without the query string, percent-escapes decoded", () => {
    expect(redirectCodeOf("/s/abc")).toBe("abc");
    expect(redirectCodeOf("/s/abc?utm_source=x&b=/c")).toBe("abc");
    expect(redirectCodeOf("/s/a%2Db")).toBe("a-b");
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
      expect(redirectCodeOf(url)).toBeNull();
    }
  });
});
