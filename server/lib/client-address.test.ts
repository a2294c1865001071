import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import {
  clientAddress,
  parseTrustProxy,
  proxyTrust,
  type TrustProxy,
  viaTrustedProxy,
} from "./client-address";

const request = (remoteAddress: string, forwardedFor?: string) =>
  ({
    headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor },
    socket: { remoteAddress },
  }) as unknown as IncomingMessage;

/** The client's address under a setting, as request.ip and the redirect read it. */
const client = (setting: TrustProxy, remoteAddress: string, forwardedFor?: string) =>
  clientAddress(request(remoteAddress, forwardedFor), proxyTrust(setting));

describe("parseTrustProxy", () => {
  it("reads off, one proxy, a number of proxies and a list of proxies", () => {
    for (const off of [undefined, "", " ", "false", "0"]) expect(parseTrustProxy(off)).toBe(false);
    expect(parseTrustProxy("true")).toBe(true);
    expect(parseTrustProxy("1")).toBe(1);
    expect(parseTrustProxy("3")).toBe(3);
    expect(parseTrustProxy("127.0.0.1, 10.0.0.0/8,::1,loopback")).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
      "::1",
      "loopback",
    ]);
  });

  it("refuses what is no address, range or count, naming it", () => {
    for (const bad of [
      "yes",
      "-1",
      "10.0.0.0/33",
      "127.0.0.1,,::1",
      "proxy.internal",
      "1.2.3",
      "0x7f000001",
      "10.0.0.1,5",
      "10.0.0.0/8/8",
    ]) {
      expect(() => parseTrustProxy(bad), bad).toThrow(/is not true, false/);
    }
    expect(() => parseTrustProxy("127.0.0.1,proxy.internal")).toThrow(/"proxy\.internal"/);
  });
});

describe("the client's address", () => {
  it("is the socket's without a proxy, whatever X-Forwarded-For says", () => {
    expect(client(false, "203.0.113.7", "198.51.100.9")).toBe("203.0.113.7");
    expect(client(0, "203.0.113.7", "198.51.100.9")).toBe("203.0.113.7");
  });

  it("behind one proxy (true, 1) is the right-most entry: the left ones are the client's own words", () => {
    for (const one of [true, 1] as const) {
      expect(client(one, "127.0.0.1", "198.51.100.9")).toBe("198.51.100.9");
      expect(client(one, "127.0.0.1", "192.0.2.1, 198.51.100.9")).toBe("198.51.100.9");
      expect(client(one, "127.0.0.1", "192.0.2.1,192.0.2.2,  198.51.100.9")).toBe("198.51.100.9");
      // No header: the peer itself (a health check from the proxy's host).
      expect(client(one, "127.0.0.1")).toBe("127.0.0.1");
    }
  });

  it("skips entries equal to the proxy itself, in either spelling of an IPv4", () => {
    expect(client(true, "10.0.0.2", "198.51.100.9, 10.0.0.2")).toBe("198.51.100.9");
    expect(client(true, "::ffff:10.0.0.2", "192.0.2.1, 198.51.100.9, 10.0.0.2, 10.0.0.2")).toBe(
      "198.51.100.9",
    );
    expect(client(true, "10.0.0.2", "198.51.100.9, ::ffff:10.0.0.2")).toBe("198.51.100.9");
    // Another address is the client even when it is private: only the peer is known to be the proxy.
    expect(client(true, "10.0.0.2", "198.51.100.9, 10.0.0.3")).toBe("10.0.0.3");
  });

  it("behind N proxies is the N-th entry from the right", () => {
    expect(client(2, "127.0.0.1", "192.0.2.1, 198.51.100.9, 10.0.0.5")).toBe("198.51.100.9");
    expect(client(3, "127.0.0.1", "192.0.2.1, 198.51.100.9, 10.0.0.5")).toBe("192.0.2.1");
    // Fewer entries than proxies: the left-most there is.
    expect(client(3, "127.0.0.1", "198.51.100.9")).toBe("198.51.100.9");
  });

  it("behind listed proxies is the right-most entry that is not one of them", () => {
    const list = ["127.0.0.1", "10.0.0.0/8", "::1"];
    expect(client(list, "127.0.0.1", "192.0.2.1, 198.51.100.9, 10.1.2.3")).toBe("198.51.100.9");
    expect(client(list, "::1", "198.51.100.9")).toBe("198.51.100.9");
    expect(client(list, "::ffff:127.0.0.1", "198.51.100.9")).toBe("198.51.100.9");
    // A peer that is no proxy of ours is the client, whatever it forwards.
    expect(client(list, "203.0.113.7", "198.51.100.9")).toBe("203.0.113.7");
    expect(client(["loopback"], "127.0.0.1", "198.51.100.9")).toBe("198.51.100.9");
  });
});

describe("viaTrustedProxy", () => {
  it("is whether the socket's peer is a proxy of ours", () => {
    const via = (setting: TrustProxy, remoteAddress: string) =>
      viaTrustedProxy(request(remoteAddress, "198.51.100.9"), proxyTrust(setting));
    expect(via(false, "127.0.0.1")).toBe(false);
    expect(via(true, "203.0.113.7")).toBe(true);
    expect(via(2, "203.0.113.7")).toBe(true);
    expect(via(["10.0.0.0/8"], "10.0.0.2")).toBe(true);
    expect(via(["10.0.0.0/8"], "203.0.113.7")).toBe(false);
  });
});
