import { isIP } from "node:net";
import { ABUSE_MESSAGES } from "../../../common/contract/abuse";
import { bareHostName } from "../../../common/host-name";
import { HttpError } from "../../lib/http-error";
import { hostIsIn } from "./blocked-domain-list";

const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

const invalid = () =>
  new HttpError(400, ABUSE_MESSAGES.domainInvalid, { domain: ABUSE_MESSAGES.domainInvalid });

/**
 * The domain an administrator typed or pasted, as the block list stores it: the host of a pasted
 * URL ("https://www.exemplo.com/pagina?x=1" -> "exemplo.com": a leading "www." is dropped, so the
 * whole site is covered), lower-case, without port or trailing dots, an IDN as punycode
 * ("café.com.br" -> "xn--caf-dma.com.br"). At least two labels, the last not a number (no IP
 * addresses: private ones are refused anyway, public ones are not domains). Anything else: 400.
 */
export function toBlockedDomain(typed: string): string {
  const text = typed.trim();
  if (text.length === 0 || /\s/.test(text)) throw invalid();
  let hostname: string;
  try {
    hostname = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`).hostname;
  } catch {
    throw invalid();
  }
  hostname = bareHostName(hostname).replace(/^\*\./, "");
  if (hostname.startsWith("www.") && hostname.split(".").length > 2) hostname = hostname.slice(4);
  if (hostname.startsWith("[") || isIP(hostname) || hostname.length > 253) throw invalid();
  const labels = hostname.split(".");
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) throw invalid();
  if (/^\d+$/.test(labels.at(-1)!)) throw invalid();
  return hostname;
}

/**
 * Refuses a domain that would block us: one of our hosts, or a parent of one ("com.br" when we are
 * atalho.com.br), which would also take every link of ours with it.
 */
export function assertNotOurs(domain: string, ourHostNames: Iterable<string>): void {
  const blocked = new Set([domain]);
  for (const host of ourHostNames) {
    const name = bareHostName(host.replace(/:\d+$/, ""));
    if (hostIsIn(blocked, name)) {
      throw new HttpError(400, ABUSE_MESSAGES.domainOwn, { domain: ABUSE_MESSAGES.domainOwn });
    }
  }
}
