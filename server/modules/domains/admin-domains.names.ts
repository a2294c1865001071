import { domainToASCII, domainToUnicode } from "node:url";
import { DOMAIN_MESSAGES } from "../../../common/contract/domains";
import { HttpError } from "../../lib/http-error";

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * A domain as the administrator typed it (the contract already trimmed and lowercased it), as we
 * store it: a host name with at least one dot, labels of 1 to 63 letters, digits and inner hyphens,
 * a top-level label that is not a number (no IP addresses), at most 253 characters. No scheme, path,
 * port, user or spaces. An IDN ("café.com.br") is stored as punycode ("xn--caf-dma.com.br").
 * Anything else: 400 with DOMAIN_MESSAGES.domainInvalid on the domain field.
 */
export function toStoredDomain(typed: string): string {
  const invalid = () =>
    new HttpError(400, DOMAIN_MESSAGES.domainInvalid, { domain: DOMAIN_MESSAGES.domainInvalid });
  if (/[\s/\\:?#@%*]/.test(typed)) throw invalid();
  const ascii = domainToASCII(typed);
  if (!ascii || ascii.length > 253) throw invalid();
  const labels = ascii.split(".");
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) throw invalid();
  if (/^\d+$/.test(labels.at(-1)!)) throw invalid();
  return ascii;
}

/** The Unicode form of a stored (punycode) domain; the domain itself when it is plain ASCII. */
export function unicodeOf(stored: string): string {
  return domainToUnicode(stored) || stored;
}

/** The name (without port) of the host where the app lives: PUBLIC_URL's. */
export function mainHostName(publicUrl: string): string {
  return new URL(publicUrl).hostname.toLowerCase();
}

/** A stored domain's name without a port (the default domain made from PUBLIC_URL may keep one). */
export function nameWithoutPort(stored: string): string {
  return stored.toLowerCase().replace(/:\d+$/, "");
}
