import { BlockList, isIP } from "node:net";
import { ABUSE_MESSAGES } from "../../common/contract/abuse";
import { LINK_TARGET_MESSAGES } from "../../common/contract/urls";
import { bareHostName } from "../../common/host-name";
import { isOtherShortener } from "../modules/abuse/shorteners";
import { HttpError } from "./http-error";

/**
 * Addresses a link target may not name: private, loopback, link-local, unspecified, shared (CGNAT)
 * and unique-local. BlockList also matches IPv4-mapped IPv6 (::ffff:127.0.0.1) against the IPv4 rules.
 */
const internal = new BlockList();
internal.addSubnet("0.0.0.0", 8, "ipv4");
internal.addSubnet("10.0.0.0", 8, "ipv4");
internal.addSubnet("100.64.0.0", 10, "ipv4");
internal.addSubnet("127.0.0.0", 8, "ipv4");
internal.addSubnet("169.254.0.0", 16, "ipv4");
internal.addSubnet("172.16.0.0", 12, "ipv4");
internal.addSubnet("192.168.0.0", 16, "ipv4");
// IETF protocol assignments, benchmarking, multicast, reserved and broadcast.
internal.addSubnet("192.0.0.0", 24, "ipv4");
internal.addSubnet("198.18.0.0", 15, "ipv4");
internal.addSubnet("224.0.0.0", 4, "ipv4");
internal.addSubnet("240.0.0.0", 4, "ipv4");
internal.addAddress("::", "ipv6");
internal.addAddress("::1", "ipv6");
internal.addSubnet("fc00::", 7, "ipv6");
internal.addSubnet("fe80::", 10, "ipv6");
internal.addSubnet("ff00::", 8, "ipv6");

/** The 8 groups of an IPv6 address (a trailing dotted IPv4 counts as two), or null. */
function groupsOf(address: string): number[] | null {
  const [head = "", tail] = address.split("::");
  const part = (text: string) => {
    if (!text) return [];
    const out: number[] = [];
    for (const group of text.split(":")) {
      if (group.includes(".")) {
        const bytes = group.split(".").map(Number);
        out.push((bytes[0]! << 8) | bytes[1]!, (bytes[2]! << 8) | bytes[3]!);
      } else out.push(Number.parseInt(group, 16));
    }
    return out;
  };
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const groups = [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : null;
}

const dotted = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/**
 * The IPv4 address an IPv6 one carries for translation or tunnelling: NAT64 (64:ff9b::/96 and
 * 64:ff9b:1::/48), 6to4 (2002::/16) and the old IPv4-compatible ::a.b.c.d. A gateway connects to
 * that IPv4 address, so it is judged by the IPv4 rules. (IPv4-mapped ::ffff: is BlockList's own.)
 */
function embeddedIPv4(address: string): string | null {
  const g = groupsOf(address);
  if (!g) return null;
  // 64:ff9b::/96 and 64:ff9b:1::/48 (RFC 6052, 8215): the IPv4 address in the last 32 bits.
  if (g[0] === 0x64 && g[1] === 0xff9b) return dotted(g[6]!, g[7]!);
  if (g[0] === 0x2002) return dotted(g[1]!, g[2]!);
  if (g.slice(0, 6).every((x) => x === 0) && (g[6] !== 0 || g[7]! > 1)) return dotted(g[6]!, g[7]!);
  return null;
}

/** Whether an IP address (either family, no brackets) is one no link or webhook may reach. */
export function isInternalIp(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return internal.check(address, "ipv4");
  if (family !== 6) return false;
  if (internal.check(address, "ipv6")) return true;
  const v4 = embeddedIPv4(address.split("%")[0]!.toLowerCase());
  return v4 !== null && internal.check(v4, "ipv4");
}

export type LinkTargetProblem = "own" | "internal" | "blocked" | "shortener";

/** The administrator's rules on public hosts: the block list, and whether other shorteners are refused. */
export type TargetPolicy = {
  /** Whether the host (or a parent domain of it) is on the block list. */
  blocked?: (hostname: string) => boolean;
  shortenersRefused?: boolean;
};

/**
 * Why a target must not be saved, or null. `url` is one httpUrlSchema accepted, so the WHATWG parser
 * has already turned odd IPv4 spellings (http://2130706433/, http://0x7f.1/) into dotted form.
 * `ourHosts` are PUBLIC_URL's host and our domains, with a port (dev) or without (any port).
 */
export function linkTargetProblem(
  url: string,
  ourHosts: Iterable<string>,
  policy: TargetPolicy = {},
): LinkTargetProblem | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "internal";
  }
  const hostname = bareHostName(parsed.hostname);
  const host = parsed.port ? `${hostname}:${parsed.port}` : hostname;
  const ours = new Set([...ourHosts].map(bareHostName));
  if (ours.has(host) || ours.has(hostname)) return "own";
  if (hostname === "localhost" || hostname.endsWith(".localhost")) return "internal";
  const address = hostname.replace(/^\[(.*)\]$/, "$1");
  if (isInternalIp(address)) return "internal";
  if (policy.blocked?.(hostname)) return "blocked";
  if (policy.shortenersRefused && isOtherShortener(hostname)) return "shortener";
  return null;
}

type OurHosts = { config: { publicUrl: string }; domains: { hosts(): string[] } };

/** What the save check reads: our hosts, the block list and the administrator's settings. */
type Hosts = OurHosts & {
  /** The block list (server/modules/abuse/blocked-domain-list.ts). */
  blockedDomains: { blocks(hostname: string): boolean };
  settings: { get(): { block_other_shorteners: boolean } };
};

/** Every host a target may not point to: PUBLIC_URL's and each domain's. */
export function ourHosts(app: OurHosts): string[] {
  return [new URL(app.config.publicUrl).host, ...app.domains.hosts()];
}

const MESSAGES: Record<Exclude<LinkTargetProblem, "own">, string> = {
  internal: LINK_TARGET_MESSAGES.internal,
  blocked: ABUSE_MESSAGES.blockedTarget,
  shortener: ABUSE_MESSAGES.shortenerTarget,
};

/**
 * Throws a 400 naming `field` when the target points at us, at an internal network, at a blocked
 * domain or (when the administrator says so) at another shortener. Called on create and on a
 * change of the URL only: links saved before a rule keep their target (a blocked domain's links
 * answer the warning page instead of redirecting, see the redirect and the Link Bio page).
 */
export function assertLinkTarget(app: Hosts, url: string, field: string, ownMessage: string): void {
  const problem = linkTargetProblem(url, ourHosts(app), {
    blocked: (hostname) => app.blockedDomains.blocks(hostname),
    shortenersRefused: app.settings.get().block_other_shorteners,
  });
  if (!problem) return;
  const message = problem === "own" ? ownMessage : MESSAGES[problem];
  throw new HttpError(400, message, { [field]: message });
}
