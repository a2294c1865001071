import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import proxyAddr from "@fastify/proxy-addr";

/**
 * TRUST_PROXY, parsed. `false`: no proxy, the socket's address is the client's. A number: that many
 * reverse proxies in front (`true` is one). A list of addresses and CIDRs (or loopback, linklocal,
 * uniquelocal): the proxies that are ours.
 */
export type TrustProxy = boolean | number | string[];

/**
 * Whether the address at `hop` is a proxy of ours: hop 0 is the socket's peer, then X-Forwarded-For
 * from right to left. The client is the first hop that is not. Fastify's trustProxy takes it as is.
 */
export type ProxyTrust = (address: string, hop: number) => boolean;

const RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An address or CIDR as node writes them, or a range name (proxy-addr alone takes "1.2.3" as IPv4). */
function isProxyEntry(item: string): boolean {
  if (RANGE_NAMES.has(item)) return true;
  const [address = "", bits, ...rest] = item.split("/");
  if (rest.length > 0 || isIP(address) === 0 || (bits !== undefined && !/^\d{1,3}$/.test(bits))) return false;
  try {
    proxyAddr.compile(item);
    return true;
  } catch {
    return false;
  }
}

/** TRUST_PROXY's text as a setting; throws an Error saying what is wrong (loadConfig names the variable). */
export function parseTrustProxy(text: string | undefined): TrustProxy {
  const value = (text ?? "").trim();
  if (value === "" || value === "false" || value === "0") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  const list = value.split(",").map((item) => item.trim());
  const bad = list.find((item) => !isProxyEntry(item));
  if (bad !== undefined) {
    throw new Error(
      `"${bad}" is not true, false, a number of proxies, nor an IP address, a CIDR or loopback/linklocal/uniquelocal`,
    );
  }
  return list;
}

/** An IPv4-mapped IPv6 address as the IPv4 (a socket's peer is often written one way, XFF the other). */
const plain = (address: string | undefined) => {
  // A closed socket has no remoteAddress.
  const lower = (address ?? "").toLowerCase();
  return lower.startsWith("::ffff:") && lower.includes(".") ? lower.slice(7) : lower;
};

/**
 * The trust rule of a setting, or false (no proxy). A number trusts that many hops, and past them
 * any X-Forwarded-For entry equal to the socket's peer: a proxy that lists itself is not the client.
 * Only the right-most entries count: a client writes whatever it likes on the left.
 */
export function proxyTrust(setting: TrustProxy): ProxyTrust | false {
  if (setting === false || setting === 0) return false;
  if (Array.isArray(setting)) return proxyAddr.compile(setting);
  const hops = setting === true ? 1 : setting;
  // NOTE: proxy-addr asks hop 0 first and the next hops right after, synchronously, one request at
  // a time (Fastify's own calls are hop 0 with the socket's peer): the peer kept here is that request's.
  let peer = "";
  return (address, hop) => {
    if (hop === 0) peer = plain(address);
    return hop < hops || plain(address) === peer;
  };
}

/** The client's address: the socket's, or the right-most X-Forwarded-For entry that is no proxy of ours. */
export function clientAddress(request: IncomingMessage, trust: ProxyTrust | false): string {
  return trust ? proxyAddr(request, trust) : (request.socket.remoteAddress ?? "");
}

/**
 * Whether the request came through a proxy of ours (its socket's peer is one): only then are the
 * headers it sets (CF-IPCountry, X-Client-Port) the proxy's word and not the client's.
 */
export function viaTrustedProxy(request: IncomingMessage, trust: ProxyTrust | false): boolean {
  return trust !== false && trust(request.socket.remoteAddress ?? "", 0);
}
