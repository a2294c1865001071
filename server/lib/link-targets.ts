import { BlockList, isIP } from "node:net";
import { LINK_TARGET_MESSAGES } from "../../common/contract/urls";
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
internal.addAddress("::", "ipv6");
internal.addAddress("::1", "ipv6");
internal.addSubnet("fc00::", 7, "ipv6");
internal.addSubnet("fe80::", 10, "ipv6");

export type LinkTargetProblem = "own" | "internal";

const bare = (name: string) => name.toLowerCase().replace(/\.$/, "");

/**
 * Why a target must not be saved, or null. `url` is one httpUrlSchema accepted, so the WHATWG parser
 * has already turned odd IPv4 spellings (http://2130706433/, http://0x7f.1/) into dotted form.
 * `ourHosts` are PUBLIC_URL's host and our domains, with a port (dev) or without (any port).
 */
export function linkTargetProblem(url: string, ourHosts: Iterable<string>): LinkTargetProblem | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "internal";
  }
  const hostname = bare(parsed.hostname);
  const host = parsed.port ? `${hostname}:${parsed.port}` : hostname;
  const ours = new Set([...ourHosts].map(bare));
  if (ours.has(host) || ours.has(hostname)) return "own";
  if (hostname === "localhost" || hostname.endsWith(".localhost")) return "internal";
  const address = hostname.replace(/^\[(.*)\]$/, "$1");
  const family = isIP(address);
  if (family === 4 && internal.check(address, "ipv4")) return "internal";
  if (family === 6 && internal.check(address, "ipv6")) return "internal";
  return null;
}

type Hosts = { config: { publicUrl: string }; domains: { hosts(): string[] } };

/** Every host a target may not point to: PUBLIC_URL's and each domain's. */
export function ourHosts(app: Hosts): string[] {
  return [new URL(app.config.publicUrl).host, ...app.domains.hosts()];
}

/**
 * Throws a 400 naming `field` when the target points at us or at an internal network. Called on
 * create and on a change of the URL only: links saved before this rule keep working.
 */
export function assertLinkTarget(app: Hosts, url: string, field: string, ownMessage: string): void {
  const problem = linkTargetProblem(url, ourHosts(app));
  if (!problem) return;
  const message = problem === "own" ? ownMessage : LINK_TARGET_MESSAGES.internal;
  throw new HttpError(400, message, { [field]: message });
}
