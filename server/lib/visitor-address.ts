import { isIPv6 } from "node:net";

/**
 * The address that names a visitor: an IPv4 address as it is, an IPv6 address by its /64 prefix
 * (one subscriber's network: its 2^64 addresses are one visitor), an IPv4-mapped IPv6 as the IPv4.
 * Used wherever one visitor is counted or limited (blog views, link reports, per-visitor limits).
 */
export function visitorAddress(ip: string): string {
  const address = ip.split("%")[0]!.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const groups = (part: string) => (part ? part.split(":") : []);
  const [head = "", tail] = address.split("::");
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  // An embedded IPv4 (last 32 bits) is two groups; it is past the prefix anyway.
  const width = (list: string[]) => list.reduce((n, g) => n + (g.includes(".") ? 2 : 1), 0);
  const full = [...left, ...Array<string>(8 - width(left) - width(right)).fill("0"), ...right];
  return `${full
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}
