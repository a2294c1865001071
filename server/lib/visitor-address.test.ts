import { describe, expect, it } from "vitest";
import { visitorAddress } from "./visitor-address";

describe("visitorAddress", () => {
  it("names a visitor by IP, an IPv6 by its /64", () => {
    expect(visitorAddress("203.0.113.5")).toBe("203.0.113.5");
    expect(visitorAddress("::ffff:203.0.113.5")).toBe("203.0.113.5");
    expect(visitorAddress("2001:db8:1:2::10")).toBe("2001:db8:1:2::/64");
    expect(visitorAddress("2001:0DB8:0001:0002:ffff:0:0:99")).toBe("2001:db8:1:2::/64");
    expect(visitorAddress("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(visitorAddress("::1")).toBe("0:0:0:0::/64");
    expect(visitorAddress("64:ff9b:1:2:3:4:192.0.2.1")).toBe("64:ff9b:1:2::/64");
  });

  it("drops an IPv6 zone and treats addresses in one /64 as one visitor", () => {
    expect(visitorAddress("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(visitorAddress("2001:db8:1:2:aaaa::1")).toBe(visitorAddress("2001:db8:1:2:bbbb::2"));
    expect(visitorAddress("2001:db8:1:2::1")).not.toBe(visitorAddress("2001:db8:1:3::1"));
  });
});
