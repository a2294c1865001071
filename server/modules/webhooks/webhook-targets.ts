import dns from "node:dns";
import type { LookupFunction } from "node:net";
import { isIP } from "node:net";
import { WEBHOOK_MESSAGES } from "../../../common/contract/webhooks";
import { HttpError } from "../../lib/http-error";
import { isInternalIp, linkTargetProblem } from "../../lib/link-targets";

const LOOPBACK_NAME = /^(localhost|.+\.localhost)$/i;
const LOOPBACK_V4 = /^127(\.\d{1,3}){3}$/;

/** 127.0.0.0/8, ::1 (and their IPv4-mapped spelling). */
export function isLoopbackAddress(address: string): boolean {
  const bare = address.replace(/^\[(.*)\]$/, "$1").replace(/^::ffff:/i, "");
  return LOOPBACK_V4.test(bare) || bare === "::1";
}

/** Whether an IP address is one a webhook may not reach (private, loopback, link-local…). */
export function isInternalAddress(address: string): boolean {
  return isIP(address) === 0 || isInternalIp(address);
}

/**
 * Throws a 400 on `url` when the webhook would call us or an internal network. With the loopback
 * allowance (WEBHOOKS_ALLOW_LOOPBACK, tests and development only), localhost and 127.0.0.1 pass.
 */
export function assertWebhookTarget(url: string, ourHosts: string[], allowLoopback: boolean): void {
  const parsed = new URL(url);
  const hostname = parsed.hostname.toLowerCase();
  const loopback = LOOPBACK_NAME.test(hostname) || isLoopbackAddress(hostname);
  if (!parsed.protocol.startsWith("https") && !(allowLoopback && loopback)) {
    throw new HttpError(400, WEBHOOK_MESSAGES.urlNotHttps, { url: WEBHOOK_MESSAGES.urlNotHttps });
  }
  const problem = linkTargetProblem(url, ourHosts);
  if (problem === "own") throw new HttpError(400, WEBHOOK_MESSAGES.urlOwn, { url: WEBHOOK_MESSAGES.urlOwn });
  if (problem === "internal" && !(allowLoopback && loopback)) {
    throw new HttpError(400, WEBHOOK_MESSAGES.urlInternal, { url: WEBHOOK_MESSAGES.urlInternal });
  }
}

export class InternalAddressError extends Error {
  readonly code = "WEBHOOK_INTERNAL_ADDRESS";
}

/**
 * The lookup the sender connects with: the name is resolved once, and refused when any of its
 * addresses is internal (a name that resolved to a public address at save time may point inward
 * now: DNS rebinding). The connection goes to the address checked, never to a second resolution.
 */
export function guardedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses) => {
      if (error) return callback(error, "", 4);
      const refused = addresses.find(
        (a) => isInternalAddress(a.address) && !(allowLoopback && isLoopbackAddress(a.address)),
      );
      if (refused || addresses.length === 0) {
        return callback(new InternalAddressError(refused?.address ?? hostname), "", 4);
      }
      if (options.all) return (callback as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
