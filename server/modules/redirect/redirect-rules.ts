import type { IncomingMessage } from "node:http";
import type { RedirectRule } from "../../../db/schema";
import { boundedMemo } from "../../lib/bounded-memo";
import { countryOf, userAgentClass } from "../clicks/click-info";

/** A rule as the redirect keeps it in memory: its target already serialised for Location. */
export type CompiledRule = { type: RedirectRule["type"]; value: string; location: string };

/** A link's rules, ready to match: which request parts they read, and the Vary header they imply. */
export type CompiledRules = {
  list: CompiledRule[];
  byDevice: boolean;
  byCountry: boolean;
  byLanguage: boolean;
  /** User-Agent and/or Accept-Language; null when only the country (the address) is read. */
  vary: string | null;
};

type Headers = IncomingMessage["headers"];

const header = (headers: Headers, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** The stored rules (jsonb) compiled once, at cache load; null when the link has none. */
export function compileRules(rules: RedirectRule[] | null | undefined): CompiledRules | null {
  if (!rules || rules.length === 0) return null;
  const list: CompiledRule[] = [];
  for (const rule of rules) {
    let location: string;
    try {
      location = new URL(rule.url).href;
    } catch {
      continue; // the contract validates every URL; a broken row is skipped rather than answered
    }
    const value = rule.type === "country" ? rule.value.toUpperCase() : rule.value.toLowerCase();
    list.push({ type: rule.type, value, location });
  }
  if (list.length === 0) return null;
  const byDevice = list.some((rule) => rule.type === "device");
  const byLanguage = list.some((rule) => rule.type === "language");
  const vary = [byDevice ? "User-Agent" : "", byLanguage ? "Accept-Language" : ""].filter(Boolean).join(", ");
  return {
    list,
    byDevice,
    byCountry: list.some((rule) => rule.type === "country"),
    byLanguage,
    vary: vary || null,
  };
}

/**
 * ios | android | desktop | null (tablets and phones of other systems, TVs, consoles): what a device
 * rule matches. iPads that announce themselves as a Mac are desktops: the User-Agent cannot tell.
 */
export function deviceOf(userAgent: string): "ios" | "android" | "desktop" | null {
  const agent = userAgentClass(userAgent);
  if (agent.os === "iOS") return "ios";
  if (agent.os === "Android") return "android";
  return agent.device === "desktop" ? "desktop" : null;
}

/** The primary tag (lowercase) of Accept-Language's preferred language: highest q, first on ties. */
export function preferredLanguage(acceptLanguage: string | undefined): string | null {
  return acceptLanguage ? preferredLanguageOf(acceptLanguage) : null;
}

/**
 * Accept-Language values repeat (each browser sends its user's settings, and most people share a
 * few): each is parsed once; longer values are parsed every time, so that what is kept stays small.
 */
const preferredLanguageOf = boundedMemo(parsePreferredLanguage, { max: 1000, maxKeyLength: 256 });

function parsePreferredLanguage(acceptLanguage: string): string | null {
  let best: string | null = null;
  let bestQ = 0;
  for (const part of acceptLanguage.slice(0, 1024).split(",")) {
    const semicolon = part.indexOf(";");
    const tag = (semicolon === -1 ? part : part.slice(0, semicolon)).trim();
    if (!tag || tag === "*") continue;
    let q = 1;
    if (semicolon !== -1) {
      const match = /q\s*=\s*([0-9.]+)/i.exec(part.slice(semicolon + 1));
      if (match) q = Number(match[1]);
      if (!Number.isFinite(q)) q = 0;
    }
    if (q > bestQ) {
      bestQ = q;
      const dash = tag.indexOf("-");
      best = (dash === -1 ? tag : tag.slice(0, dash)).toLowerCase();
      if (q >= 1) break; // nothing later can beat the first full-weight choice
    }
  }
  return best;
}

/**
 * The Location of the first rule the visitor matches, or `fallback` (the link's own target). Only
 * what the rules read is computed: the User-Agent is parsed for device rules only, the country
 * (the one the click records: CF-IPCountry behind our proxy, else GeoIP) for country rules only.
 */
export function chooseLocation(
  rules: CompiledRules,
  fallback: string,
  headers: Headers,
  ip: () => string,
  viaProxy: boolean,
): string {
  const device = rules.byDevice ? deviceOf(header(headers, "user-agent") ?? "") : null;
  const country = rules.byCountry
    ? countryOf(viaProxy ? header(headers, "cf-ipcountry") : undefined, ip())
    : null;
  const language = rules.byLanguage ? preferredLanguage(header(headers, "accept-language")) : null;
  for (const rule of rules.list) {
    const seen = rule.type === "device" ? device : rule.type === "country" ? country : language;
    if (seen !== null && seen === rule.value) return rule.location;
  }
  return fallback;
}
