import { createRequire } from "node:module";
import { isbot } from "isbot";
import UAParser from "ua-parser-js";
import type { EventTarget } from "../../../db/schema";
import { boundedMemo } from "../../lib/bounded-memo";
import { type InAppBrowser, inAppBrowserOf } from "../open-in-app/in-app-browser";
import type { Click } from "./click-queue";

const require = createRequire(import.meta.url);
// The bundled GeoLite2 country database (MaxMind, attribution in the README): ~17 ms to load.
const geoip = require("geoip-country") as { lookup(ip: string): { country: string } | null };

/** What a click keeps of a visitor: classes, never the IP (LGPD). */
export type ClickInfo = {
  country: string | null;
  referrerHost: string | null;
  device: string;
  browser: string | null;
  os: string | null;
  isBot: boolean;
  /** The social app whose in-app browser the visitor is in (InAppBrowser's name), or null. */
  inApp: string | null;
};

/** What a user agent says of its visitor, parsed once per distinct agent (userAgentClass). */
export type AgentClass = Pick<ClickInfo, "device" | "browser" | "os" | "isBot"> & {
  inAppBrowser: InAppBrowser | null;
};

type Headers = Record<string, string | string[] | undefined>;

const header = (headers: Headers, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Keys each memo below keeps at most (boundedMemo). */
const MEMO_MAX = 5000;

/** Names a visitor for the day (DailyVisitorKey), or null when it cannot. */
export type VisitorNamer = { visitorOf(ip: string, agent: string): string | null };

/**
 * A click on one target (or a page's view), now, from the visitor the request describes; the IP is
 * never stored, only the day's hash of it with the agent (`visitors`), for people.
 * `viaProxy` (viaTrustedProxy): only through our proxy is a CF-IPCountry header the CDN's, not the
 * visitor's own; otherwise the country comes from the address alone. `referrer`: where the visitor
 * came from when the request's Referer is not it (a Link Bio's beacon is sent by the page itself).
 * `agent`: the User-Agent's class when the caller has it already (userAgentClass).
 */
export function clickFrom(
  headers: Headers,
  ip: string,
  target: { userId: number; targetType: EventTarget; targetId: number; linkPageId: number | null },
  viaProxy: boolean,
  visitors: VisitorNamer,
  referrer: string | null | undefined = header(headers, "referer"),
  agent?: AgentClass,
): Click {
  const userAgent = header(headers, "user-agent") ?? "";
  agent ??= userAgentClass(userAgent);
  // NOTE: fields written out, not spread: on the redirect path an object spread cost ~4 µs a click.
  return {
    userId: target.userId,
    targetType: target.targetType,
    targetId: target.targetId,
    linkPageId: target.linkPageId,
    occurredAt: new Date(),
    country: countryOf(viaProxy ? header(headers, "cf-ipcountry") : undefined, ip),
    referrerHost: referrerHostOf(referrer),
    device: agent.device,
    browser: agent.browser,
    os: agent.os,
    isBot: agent.isBot,
    visitor: agent.isBot ? null : visitors.visitorOf(ip, userAgent),
    inApp: agent.inAppBrowser?.name ?? null,
    opened: null,
  };
}

export function countryOf(cdnCountry: string | undefined, ip: string): string | null {
  const fromCdn = cdnCountry?.toUpperCase();
  if (fromCdn && /^[A-Z]{2}$/.test(fromCdn) && fromCdn !== "XX" && fromCdn !== "T1") return fromCdn;
  return countryOfAddress(ip);
}

// Recent addresses and their country: NAT, carriers and returning visitors repeat them, and the
// lookup is a third of a click's cost. Never written anywhere.
const countryOfAddress = boundedMemo(
  (ip) => geoip.lookup(ip.startsWith("::ffff:") ? ip.slice(7) : ip)?.country ?? null,
  { max: MEMO_MAX },
);

// Pages are visited from a few places (Instagram, TikTok, WhatsApp): each parsed once.
const referrerHost = boundedMemo(hostOf, { max: MEMO_MAX, maxKeyLength: 512 });

function referrerHostOf(referrer: string | null | undefined): string | null {
  return referrer ? referrerHost(referrer) : null;
}

function hostOf(referrer: string): string | null {
  try {
    const host = new URL(referrer).hostname.toLowerCase();
    return host ? host.slice(0, 255) : null;
  } catch {
    return null;
  }
}

export function userAgentClass(userAgent: string): AgentClass {
  // The header's own string when it fits: its hash, computed by the first lookup, serves the next
  // (the page's answer, its view and the visitor's key read the same User-Agent).
  return agentClassOf(userAgent.length > 512 ? userAgent.slice(0, 512) : userAgent);
}

// User agents repeat a lot, and parsing is the costly part of a click.
const agentClassOf = boundedMemo(
  (agent): AgentClass => {
    const parsed = new UAParser(agent).getResult();
    const type = parsed.device.type;
    const isBot = !agent || isbot(agent);
    return {
      device: type === "mobile" || type === "tablet" ? type : type ? "other" : "desktop",
      browser: parsed.browser.name ?? null,
      os: parsed.os.name ?? null,
      isBot,
      // A bot is never a person inside an app (facebookexternalhit is Facebook's crawler).
      inAppBrowser: isBot ? null : inAppBrowserOf(agent),
    };
  },
  { max: MEMO_MAX },
);
