/**
 * "Abrir no app": maps a web address (the target of a short link or a page button) to the address that
 * opens the same content in its app, for the tiny page we answer inside Instagram's/TikTok's in-app
 * browsers. Pure: no I/O, no clock, never throws from `appTargetOf`.
 *
 * Android. An `intent:` address, as Chrome reads it ("Android Intents with Chrome",
 * https://developer.chrome.com/docs/android/intents; parsing by `Intent.parseUri`,
 * https://cs.android.com/android/platform/superproject/main/+/main:frameworks/base/core/java/android/content/Intent.java):
 *
 *     intent://<host><path><?query>#Intent;scheme=<scheme>;package=<pkg>;S.browser_fallback_url=<encoded>;end
 *
 * - The part before `#Intent;` becomes the intent's data, `<scheme>://<host><path><?query>`. Most apps claim
 *   their https links (Android App Links), so we name `scheme=https` and the app's package: with the package
 *   named, no other app (nor the browser) can take the intent. WhatsApp is the exception: its https links go
 *   through a web page, so we use its own `whatsapp://send?...` scheme.
 * - `S.browser_fallback_url` is where Chrome goes when the intent resolves to nothing (app not installed, or
 *   it does not handle that address). It is always the ORIGINAL target, encoded with `encodeURIComponent`
 *   (plus `'`, which that leaves alone), so `decodeURIComponent` of it gives the target back exactly.
 * - The data part is rebuilt from the parsed address, never pasted: the fragment is dropped (a `#` there
 *   would be read as the start of the intent segment), and every character outside a conservative set is
 *   percent-encoded, notably `;` (which ends an intent segment), `'`, `"`, spaces, `<`, `>`, `#` and `\`.
 *   Every value we insert ourselves (an id, a search, a message text) is encoded as a URI component.
 * - The host is canonical (e.g. `m.youtube.com` → `www.youtube.com`): the host the app surely claims.
 *
 * iOS. There is no intent: the caller navigates to the app's own URL scheme and, after a short wait, falls
 * back to the web address itself. `ios` is null when we know no scheme form we can trust for that content
 * (the caller then offers the web address only). The forms used, and where they come from:
 * - YouTube `youtube://www.youtube.com/<path>`: the app reads `youtube://` + a youtube.com host and path as
 *   that web address, so the same form covers videos, shorts and channels. (The host-less
 *   `youtube://watch?v=ID` only works for videos; we do not use it.)
 * - Instagram `instagram://user?username=NAME` (Instagram's "iPhone Hooks" page). Posts and reels would
 *   need `instagram://media?id=` with the numeric media id, which a shortcode does not give: null.
 * - TikTok `snssdk1233://aweme/detail/ID` for a video (the numeric id of `/@user/video/ID`); the profile
 *   form needs a numeric user id, not the handle: null for profiles and short links.
 * - Spotify URIs `spotify:track:ID` etc. (developer.spotify.com, "Spotify URIs and IDs").
 * - WhatsApp `whatsapp://send?phone=NUMBER&text=TEXT` (WhatsApp's "click to chat" and custom URL scheme).
 * - Telegram `tg://resolve?domain=NAME[&post=N][&start=P]` (core.telegram.org/api/links).
 * - Amazon `com.amazon.mobile.shopping.web://<host>/dp/ASIN?<query>` (the query keeps affiliate tags).
 * - X `twitter://user?screen_name=NAME`, `twitter://status?id=ID` (Twitter's iOS URL scheme).
 * - Facebook `fb://facewebmodal/f?href=<encoded target>`: the app opens the web address in its own view.
 * - LinkedIn `linkedin://in/NAME`, `linkedin://company/NAME`.
 * - Pinterest `pinterest://pin/ID`, `pinterest://user/NAME`, `pinterest://board/USER/BOARD`
 *   (Pinterest's URL scheme list).
 * - Twitch `twitch://stream/NAME`, `twitch://video/ID` (Twitch "Mobile Deep Links").
 * - Google Maps `comgooglemaps://?q=…`, `?saddr=…&daddr=…`, `?center=LAT,LNG&zoom=Z`, and for
 *   `goo.gl/maps/` short links `comgooglemapsurl://goo.gl/maps/CODE`, which Google documents for them
 *   ("Google Maps URL Scheme for iOS", developers.google.com/maps/documentation/urls/ios-urlscheme).
 * - Waze `waze://?ll=LAT,LNG[&navigate=yes]`, `waze://?q=…` ("Waze Deep Links",
 *   developers.google.com/waze/deeplinks).
 * - Mercado Livre, Shopee, Kwai: no public scheme form known to be stable: null.
 *
 * The system browser (when no app is known): `androidBrowserIntent` is the same intent with no package and
 * the VIEW action, so Android offers its default browser; `iosSafariUrl` is `x-safari-https://…`, which
 * iOS 17+ opens in Safari (not documented by Apple; earlier versions ignore it, so the caller keeps a
 * visible link as well).
 */

/** The app a web address belongs to, and how to open it there. */
export type AppTarget = {
  /** The app's display name, pt-BR UI shows "Abrir no {name}": "YouTube", "Instagram", "TikTok", "Spotify", "WhatsApp", "Telegram", "Mercado Livre", "Shopee", "Amazon", "X", "Facebook", "LinkedIn", "Pinterest", "Twitch", "Kwai", "Google Maps", "Waze". */
  name: string;
  /** Android: the intent:// address that opens the app (package named), S.browser_fallback_url = the original target. */
  android: string;
  /** iOS: the app's own scheme address for this content, or null when the app has none we can trust for this shape. */
  ios: string | null;
};

// ---------------------------------------------------------------------------------------------------------
// Encoding

/** A URI component: `encodeURIComponent`, plus `'` (a quote must never appear raw). Throws on lone surrogates. */
function component(value: string): string {
  return encodeURIComponent(value).replace(/'/g, "%27");
}

function encodeChar(char: string): string {
  try {
    return component(char);
  } catch {
    return "%EF%BF%BD"; // a lone surrogate: U+FFFD, as the URL parser would
  }
}

/**
 * A path or query as parsed by `URL`, made safe to sit in an intent's data part or a scheme address: keeps
 * unreserved characters, `!$&()*+,=:@/?` and valid `%XX` escapes; percent-encodes everything else (`;`,
 * `'`, `#`, quotes, spaces, `\`, `[`, `]`, `|`, `^`, backticks, braces, a stray `%`, non-ASCII).
 */
function safeText(text: string): string {
  return text.replace(/%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~!$&()*+,=:@/?%]/gu, encodeChar);
}

/** A host from `URL` for an intent: WHATWG hosts may hold `;`, `'`, `$`… which must not reach the intent. */
function safeHost(host: string): string {
  return host.replace(/[^A-Za-z0-9.\-:[\]]/gu, encodeChar);
}

/** A path segment decoded, or null when its escapes are not valid UTF-8. */
function decoded(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** A name segment (channel, board, company…): letters of any script, digits, `_`, `.`, `-`; re-encoded. */
function nameSegment(raw: string | undefined, min = 1, max = 100): string | null {
  if (raw === undefined) return null;
  const name = decoded(raw);
  if (name === null || name.length < min || name.length > max) return null;
  return /^[\p{L}\p{N}\p{M}_.-]+$/u.test(name) ? component(name) : null;
}

// ---------------------------------------------------------------------------------------------------------
// Parsing

function parseHttp(target: string): URL | null {
  if (typeof target !== "string") return null;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  return url.hostname ? url : null;
}

/** What a matcher sees: the parsed address, its lowercased host (no trailing dot) and its path segments. */
type Parts = {
  url: URL;
  host: string;
  /** Path segments as in the address (still percent-encoded), empty ones (`//`, trailing `/`) left out. */
  segs: string[];
  query: URLSearchParams;
  target: string;
};

/** A matcher's answer: the iOS address, and the Android intent's data part (default: host + original path + query). */
type Shape = {
  ios: string | null;
  /** `<host><path><?query>` for the https intent, already safe. */
  address?: string;
  /** A whole intent, for apps opened through their own scheme (WhatsApp). */
  android?: string;
};

type App = {
  name: string;
  pkg: string;
  /** The canonical host for the https intent, or undefined when `host` is not this app's. */
  host: (host: string, segs: string[]) => string | undefined;
  match: (parts: Parts, canonicalHost: string) => Shape | null;
};

const COMMON_SUBDOMAINS = ["", "www.", "m.", "mobile."] as const;

function hostOf(host: string, base: string, subdomains: readonly string[] = COMMON_SUBDOMAINS): boolean {
  return subdomains.some((sub) => host === sub + base);
}

/** Path + query of the original address, made safe (the fragment is dropped). */
function originalPath(parts: Parts): string {
  return safeText(parts.url.pathname) + safeText(parts.url.search);
}

function intent(address: string, scheme: string, pkg: string | null, target: string): string {
  const who = pkg ? `package=${pkg}` : "action=android.intent.action.VIEW";
  return `intent://${address}#Intent;scheme=${scheme};${who};S.browser_fallback_url=${component(target)};end`;
}

/** `segs` has exactly `length` segments. */
function only(segs: string[], length: number): boolean {
  return segs.length === length;
}

// ---------------------------------------------------------------------------------------------------------
// Apps

const YOUTUBE_VIDEO = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_TIME = /^(?:\d+|(?:\d+h)?(?:\d+m)?(?:\d+s)?)$/;

function youtubeWatch(id: string, time: string | null): string {
  const t = time && YOUTUBE_TIME.test(time) ? `&t=${time}` : "";
  return `youtube://www.youtube.com/watch?v=${id}${t}`;
}

const youtube: App = {
  name: "YouTube",
  pkg: "com.google.android.youtube",
  host: (host) => {
    if (hostOf(host, "youtube.com")) return "www.youtube.com";
    if (hostOf(host, "youtu.be", ["", "www."])) return "youtu.be";
    return undefined;
  },
  match: ({ segs, query }, host) => {
    const [first, second] = segs;
    if (host === "youtu.be") {
      return only(segs, 1) && YOUTUBE_VIDEO.test(first!)
        ? { ios: youtubeWatch(first!, query.get("t")) }
        : null;
    }
    if (only(segs, 1) && first === "watch") {
      const id = query.get("v");
      return id && YOUTUBE_VIDEO.test(id) ? { ios: youtubeWatch(id, query.get("t")) } : null;
    }
    if (only(segs, 2) && (first === "shorts" || first === "live") && YOUTUBE_VIDEO.test(second!)) {
      return {
        ios: first === "shorts" ? `youtube://www.youtube.com/shorts/${second}` : youtubeWatch(second!, null),
      };
    }
    if (only(segs, 1) && first!.startsWith("@")) {
      const handle = nameSegment(first!.slice(1), 3, 30);
      return handle ? { ios: `youtube://www.youtube.com/@${handle}` } : null;
    }
    if (only(segs, 2) && first === "channel" && /^UC[A-Za-z0-9_-]{22}$/.test(second!)) {
      return { ios: `youtube://www.youtube.com/channel/${second}` };
    }
    if (only(segs, 2) && first === "c") {
      const name = nameSegment(second);
      return name ? { ios: `youtube://www.youtube.com/c/${name}` } : null;
    }
    return null;
  },
};

/** First path segments of instagram.com that are pages of the site, not profiles. */
const INSTAGRAM_RESERVED = new Set([
  "about",
  "accounts",
  "api",
  "ar",
  "challenge",
  "create",
  "developer",
  "direct",
  "directory",
  "download",
  "emails",
  "explore",
  "graphql",
  "legal",
  "lite",
  "oauth",
  "p",
  "press",
  "privacy",
  "reel",
  "reels",
  "session",
  "static",
  "stories",
  "terms",
  "topics",
  "tv",
  "web",
  "your_activity",
]);
const INSTAGRAM_USER = /^[A-Za-z0-9._]{1,30}$/;
const INSTAGRAM_CODE = /^[A-Za-z0-9_-]{5,64}$/;
const INSTAGRAM_MEDIA = new Set(["p", "reel", "reels", "tv"]);

function instagramUser(seg: string | undefined): string | null {
  if (!seg || !INSTAGRAM_USER.test(seg) || INSTAGRAM_RESERVED.has(seg.toLowerCase())) return null;
  return seg;
}

const instagram: App = {
  name: "Instagram",
  pkg: "com.instagram.android",
  host: (host) => (hostOf(host, "instagram.com") ? "www.instagram.com" : undefined),
  match: ({ segs }) => {
    const [first, second, third] = segs;
    if (only(segs, 1)) {
      const user = instagramUser(first);
      return user ? { ios: `instagram://user?username=${user}` } : null;
    }
    // A post or reel: /p/CODE/, /reel/CODE/ (and /reels/, /tv/), or /USER/p/CODE/ as the app now shares them.
    if (only(segs, 2) && INSTAGRAM_MEDIA.has(first!) && INSTAGRAM_CODE.test(second!)) return { ios: null };
    if (
      only(segs, 3) &&
      instagramUser(first) &&
      INSTAGRAM_MEDIA.has(second!) &&
      INSTAGRAM_CODE.test(third!)
    ) {
      return { ios: null };
    }
    return null;
  },
};

const TIKTOK_USER = /^@[A-Za-z0-9_.]{2,24}$/;

const tiktok: App = {
  name: "TikTok",
  pkg: "com.zhiliaoapp.musically",
  host: (host) => {
    if (hostOf(host, "tiktok.com")) return "www.tiktok.com";
    if (host === "vm.tiktok.com" || host === "vt.tiktok.com") return host;
    return undefined;
  },
  match: ({ segs }, host) => {
    const [first, second, third] = segs;
    if (host !== "www.tiktok.com") {
      return only(segs, 1) && /^[A-Za-z0-9]{5,20}$/.test(first!) ? { ios: null } : null;
    }
    if (only(segs, 1) && TIKTOK_USER.test(first!)) return { ios: null };
    if (only(segs, 3) && TIKTOK_USER.test(first!) && second === "video" && /^\d{5,25}$/.test(third!)) {
      return { ios: `snssdk1233://aweme/detail/${third}` };
    }
    return null;
  },
};

const SPOTIFY_TYPES = new Set(["track", "album", "playlist", "artist", "show", "episode"]);

const spotify: App = {
  name: "Spotify",
  pkg: "com.spotify.music",
  host: (host) => (host === "open.spotify.com" ? host : undefined),
  match: (parts, host) => {
    // An optional locale segment first: /intl-pt/track/ID, /intl-es/…; the app is given the address without it.
    const segs = /^intl-[a-z]{2}(?:-[a-z]{2})?$/i.test(parts.segs[0] ?? "")
      ? parts.segs.slice(1)
      : parts.segs;
    const [type, id] = segs;
    if (!only(segs, 2) || !SPOTIFY_TYPES.has(type!) || !/^[A-Za-z0-9]{22}$/.test(id!)) return null;
    return { ios: `spotify:${type}:${id}`, address: `${host}/${type}/${id}${safeText(parts.url.search)}` };
  },
};

/** A phone number for WhatsApp: country code and number, digits only (`+`, spaces, dashes, dots, parentheses dropped). */
function whatsappPhone(raw: string): string | null {
  const digits = raw.replace(/[\s+().-]/g, "");
  return /^\d{7,15}$/.test(digits) ? digits : null;
}

/** The `whatsapp://send` shape: an optional phone and an optional text (at least one). */
function whatsappSend(phone: string | null, text: string | null, target: string): Shape | null {
  const params = [
    ...(phone ? [`phone=${phone}`] : []),
    ...(text !== null && text !== "" ? [`text=${component(text)}`] : []),
  ];
  if (params.length === 0) return null;
  const query = params.join("&");
  return {
    ios: `whatsapp://send?${query}`,
    android: intent(`send?${query}`, "whatsapp", "com.whatsapp", target),
  };
}

const whatsapp: App = {
  name: "WhatsApp",
  pkg: "com.whatsapp",
  host: (host) => {
    if (host === "wa.me" || host === "www.wa.me") return "wa.me";
    if (host === "api.whatsapp.com" || host === "chat.whatsapp.com") return host;
    return undefined;
  },
  match: ({ segs, query, target }, host) => {
    const [first, second] = segs;
    // `text` as wa.me reads it: form-encoded, so `+` is a space.
    const text = query.get("text");
    if (host === "chat.whatsapp.com") {
      return only(segs, 1) && /^[A-Za-z0-9]{10,40}$/.test(first!) ? { ios: null } : null;
    }
    if (host === "api.whatsapp.com") {
      if (!only(segs, 1) || first !== "send") return null;
      const rawPhone = query.get("phone") ?? "";
      const phone = rawPhone.trim() === "" ? null : whatsappPhone(rawPhone);
      if (rawPhone.trim() !== "" && phone === null) return null;
      return whatsappSend(phone, text, target);
    }
    if (only(segs, 0)) return whatsappSend(null, text, target);
    if (only(segs, 2) && first === "message" && /^[A-Za-z0-9]{6,40}$/.test(second!)) return { ios: null };
    if (only(segs, 1)) {
      const phone = whatsappPhone(decoded(first!) ?? "");
      return phone ? whatsappSend(phone, text, target) : null;
    }
    return null;
  },
};

/** t.me paths that are not user or channel names. */
const TELEGRAM_RESERVED = new Set([
  "addemoji",
  "addlist",
  "addstickers",
  "addtheme",
  "boost",
  "confirmphone",
  "contact",
  "invoice",
  "joinchat",
  "login",
  "proxy",
  "setlanguage",
  "share",
  "socks",
]);
const TELEGRAM_NAME = /^[A-Za-z][A-Za-z0-9_]{3,31}$/;

const telegram: App = {
  name: "Telegram",
  pkg: "org.telegram.messenger",
  host: (host) =>
    hostOf(host, "t.me", ["", "www."]) || hostOf(host, "telegram.me", ["", "www."]) ? "t.me" : undefined,
  match: ({ segs, query }) => {
    const [first, second] = segs;
    // Invite links (t.me/+HASH, t.me/joinchat/HASH): the app takes the https intent; no scheme form we trust.
    if (only(segs, 1) && /^\+[A-Za-z0-9_-]{5,64}$/.test(first!)) return { ios: null };
    if (only(segs, 2) && first === "joinchat" && /^[A-Za-z0-9_-]{5,64}$/.test(second!)) return { ios: null };
    if (!first || !TELEGRAM_NAME.test(first) || TELEGRAM_RESERVED.has(first.toLowerCase())) return null;
    if (only(segs, 1)) {
      const start = query.get("start");
      const startParam = start && /^[A-Za-z0-9_-]{1,64}$/.test(start) ? `&start=${start}` : "";
      return { ios: `tg://resolve?domain=${first}${startParam}` };
    }
    if (only(segs, 2) && /^\d{1,12}$/.test(second!))
      return { ios: `tg://resolve?domain=${first}&post=${second}` };
    return null;
  },
};

/** Mercado Livre's sites: Brazil's mercadolivre.com.br and Mercado Libre's other countries. */
const MERCADO_LIVRE_SITES = [
  "mercadolivre.com.br",
  "mercadolibre.com",
  "mercadolibre.com.ar",
  "mercadolibre.com.mx",
  "mercadolibre.com.co",
  "mercadolibre.cl",
  "mercadolibre.com.uy",
  "mercadolibre.com.pe",
  "mercadolibre.com.ve",
  "mercadolibre.com.ec",
  "mercadolibre.com.bo",
  "mercadolibre.com.py",
  "mercadolibre.com.do",
  "mercadolibre.com.pa",
  "mercadolibre.co.cr",
  "mercadolibre.com.gt",
  "mercadolibre.com.hn",
  "mercadolibre.com.ni",
  "mercadolibre.com.sv",
];
/** An item id as its page starts: MLB-1234567890-… (site code, optional dash, digits). */
const MERCADO_LIVRE_ITEM = /^M[A-Z]{2}-?\d{6,}(?:-|$)/;

const mercadoLivre: App = {
  name: "Mercado Livre",
  pkg: "com.mercadolibre",
  host: (host) => {
    if (host === "meli.la") return host;
    const site = MERCADO_LIVRE_SITES.some((base) =>
      hostOf(host, base, ["", "www.", "produto.", "articulo.", "m."]),
    );
    return site ? host.replace(/^m\./, "www.") : undefined;
  },
  match: ({ segs }, host) => {
    if (host === "meli.la")
      return only(segs, 1) && /^[A-Za-z0-9]{4,20}$/.test(segs[0]!) ? { ios: null } : null;
    if (only(segs, 0))
      return host.startsWith("produto.") || host.startsWith("articulo.") ? null : { ios: null };
    // An item page: produto.mercadolivre.com.br/MLB-1234567890-nome-_JM
    if (only(segs, 1) && MERCADO_LIVRE_ITEM.test(segs[0]!)) return { ios: null };
    // A catalogue product: www.mercadolivre.com.br/nome-do-produto/p/MLB12345678 (…/up/MLBU123 too).
    const last = segs.length - 1;
    if (segs.length >= 2 && (segs[last - 1] === "p" || segs[last - 1] === "up")) {
      if (/^M[A-Z]{2}U?\d{4,}$/.test(segs[last]!)) return { ios: null };
    }
    return null;
  },
};

/** shopee.com.br first segments that are pages of the site, not shops. */
const SHOPEE_RESERVED = new Set([
  "buyer",
  "cart",
  "checkout",
  "daily_discover",
  "flash_sale",
  "help",
  "login",
  "m",
  "mall",
  "product",
  "search",
  "seller",
  "shop",
  "signup",
  "user",
  "verify",
]);

const shopee: App = {
  name: "Shopee",
  pkg: "com.shopee.br",
  host: (host) => {
    if (hostOf(host, "shopee.com.br", ["", "www.", "m."])) return "shopee.com.br";
    if (host === "s.shopee.com.br") return host;
    return undefined;
  },
  match: ({ segs }, host) => {
    const [first, second, third] = segs;
    if (host === "s.shopee.com.br")
      return only(segs, 1) && /^[A-Za-z0-9]{4,20}$/.test(first!) ? { ios: null } : null;
    // A product: /Nome-do-produto-i.SHOPID.ITEMID, or /product/SHOPID/ITEMID.
    if (only(segs, 1) && /-i\.\d+\.\d+$/.test(first!)) return { ios: null };
    if (only(segs, 3) && first === "product" && /^\d+$/.test(second!) && /^\d+$/.test(third!))
      return { ios: null };
    // A shop: /shop/SHOPID, or /USERNAME (letters, digits, `.` and `_`: category slugs have dashes).
    if (only(segs, 2) && first === "shop" && /^\d+$/.test(second!)) return { ios: null };
    if (only(segs, 1) && /^[A-Za-z0-9._]{3,30}$/.test(first!) && !SHOPEE_RESERVED.has(first!.toLowerCase())) {
      return { ios: null };
    }
    return null;
  },
};

const AMAZON_TLDS = [
  "com",
  "com.br",
  "ca",
  "com.mx",
  "co.uk",
  "de",
  "fr",
  "it",
  "es",
  "nl",
  "se",
  "pl",
  "com.be",
  "com.tr",
  "ae",
  "sa",
  "eg",
  "in",
  "co.jp",
  "sg",
  "com.au",
];
const AMAZON_ASIN = /^[A-Z0-9]{10}$/i;

/** The ASIN of an Amazon product path: /dp/ASIN, /Nome/dp/ASIN, /gp/product/ASIN, /gp/aw/d/ASIN (then anything, e.g. /ref=…). */
function amazonAsin(segs: string[]): string | null {
  const candidates = [
    segs[0] === "dp" ? segs[1] : undefined,
    segs[1] === "dp" ? segs[2] : undefined,
    segs[0] === "gp" && segs[1] === "product" ? segs[2] : undefined,
    segs[0] === "gp" && segs[1] === "aw" && segs[2] === "d" ? segs[3] : undefined,
  ];
  const asin = candidates.find((candidate) => candidate !== undefined && AMAZON_ASIN.test(candidate));
  return asin ? asin.toUpperCase() : null;
}

const amazon: App = {
  name: "Amazon",
  pkg: "com.amazon.mShop.android.shopping",
  host: (host) => {
    if (host === "amzn.to" || host === "a.co") return host;
    const tld = AMAZON_TLDS.find((candidate) => hostOf(host, `amazon.${candidate}`, ["", "www.", "m."]));
    return tld ? `www.amazon.${tld}` : undefined;
  },
  match: ({ segs, url }, host) => {
    if (host === "amzn.to")
      return only(segs, 1) && /^[A-Za-z0-9]{4,20}$/.test(segs[0]!) ? { ios: null } : null;
    if (host === "a.co") {
      return only(segs, 2) && segs[0] === "d" && /^[A-Za-z0-9]{4,20}$/.test(segs[1]!) ? { ios: null } : null;
    }
    const asin = amazonAsin(segs);
    if (!asin) return null;
    // The product's plain address, with the original query: it carries the affiliate `tag`.
    const address = `${host}/dp/${asin}${safeText(url.search)}`;
    return { ios: `com.amazon.mobile.shopping.web://${address}`, address };
  },
};

/** x.com / twitter.com first segments that are pages of the site, not profiles. */
const X_RESERVED = new Set([
  "about",
  "account",
  "compose",
  "download",
  "explore",
  "hashtag",
  "help",
  "home",
  "i",
  "intent",
  "jobs",
  "login",
  "logout",
  "messages",
  "notifications",
  "privacy",
  "search",
  "settings",
  "share",
  "signup",
  "tos",
]);
const X_NAME = /^[A-Za-z0-9_]{1,15}$/;
const X_STATUS = /^\d{1,25}$/;

const x: App = {
  name: "X",
  pkg: "com.twitter.android",
  host: (host) => {
    if (hostOf(host, "x.com")) return "x.com";
    if (hostOf(host, "twitter.com")) return "twitter.com";
    return undefined;
  },
  match: ({ segs }) => {
    const [first, second, third, fourth] = segs;
    if (only(segs, 4) && first === "i" && second === "web" && third === "status" && X_STATUS.test(fourth!)) {
      return { ios: `twitter://status?id=${fourth}` };
    }
    if (!first || !X_NAME.test(first) || X_RESERVED.has(first.toLowerCase())) return null;
    if (only(segs, 1)) return { ios: `twitter://user?screen_name=${first}` };
    if (only(segs, 3) && second === "status" && X_STATUS.test(third!))
      return { ios: `twitter://status?id=${third}` };
    return null;
  },
};

/** facebook.com first segments that are pages of the site, not profiles or pages. */
const FACEBOOK_RESERVED = new Set([
  "about",
  "ads",
  "bookmarks",
  "business",
  "careers",
  "checkpoint",
  "dialog",
  "events",
  "friends",
  "gaming",
  "groups",
  "hashtag",
  "help",
  "home.php",
  "l.php",
  "legal",
  "login",
  "login.php",
  "logout",
  "marketplace",
  "media",
  "messages",
  "notifications",
  "pages",
  "permalink.php",
  "photo.php",
  "plugins",
  "policies",
  "privacy",
  "profile.php",
  "recover",
  "reel",
  "saved",
  "search",
  "settings",
  "share",
  "sharer",
  "sharer.php",
  "stories",
  "story.php",
  "terms",
  "video.php",
  "watch",
]);
const FACEBOOK_NAME = /^[A-Za-z0-9.-]{2,80}$/;
const FACEBOOK_ID = /^[A-Za-z0-9_-]{1,80}$/;

function facebookShape(segs: string[], query: URLSearchParams): boolean {
  const [first, second, third] = segs;
  if (only(segs, 1) && first === "profile.php") return /^\d{1,25}$/.test(query.get("id") ?? "");
  if (only(segs, 1) && (first === "permalink.php" || first === "story.php")) {
    return FACEBOOK_ID.test(query.get("story_fbid") ?? "") && /^\d{1,25}$/.test(query.get("id") ?? "");
  }
  if (only(segs, 1) && first === "watch") return /^\d{1,25}$/.test(query.get("v") ?? "");
  if (only(segs, 2) && first === "reel") return /^\d{1,25}$/.test(second!);
  if (only(segs, 2) && first === "groups") return FACEBOOK_NAME.test(second!);
  // Share links: /share/CODE/, /share/p/CODE/, /share/r/CODE/, /share/v/CODE/
  if (first === "share") {
    if (only(segs, 2)) return FACEBOOK_ID.test(second!);
    return only(segs, 3) && /^[prvg]$/.test(second!) && FACEBOOK_ID.test(third!);
  }
  if (!first || !FACEBOOK_NAME.test(first) || FACEBOOK_RESERVED.has(first.toLowerCase())) return false;
  if (only(segs, 1)) return true;
  return only(segs, 3) && (second === "posts" || second === "videos") && FACEBOOK_ID.test(third!);
}

const facebook: App = {
  name: "Facebook",
  pkg: "com.facebook.katana",
  host: (host) => {
    if (hostOf(host, "facebook.com", ["", "www.", "m.", "mobile.", "web.", "touch.", "mbasic."])) {
      return "www.facebook.com";
    }
    if (host === "fb.watch" || host === "fb.me") return host;
    return undefined;
  },
  match: ({ segs, query, target }, host) => {
    const ios = `fb://facewebmodal/f?href=${component(target)}`;
    if (host === "fb.watch") return only(segs, 1) && FACEBOOK_ID.test(segs[0]!) ? { ios } : null;
    if (host === "fb.me")
      return segs.length >= 1 && segs.every((seg) => FACEBOOK_NAME.test(seg)) ? { ios } : null;
    return facebookShape(segs, query) ? { ios } : null;
  },
};

const linkedin: App = {
  name: "LinkedIn",
  pkg: "com.linkedin.android",
  host: (host) => {
    if (host === "lnkd.in") return host;
    if (hostOf(host, "linkedin.com", ["", "www.", "m."]) || /^[a-z]{2}\.linkedin\.com$/.test(host)) {
      return "www.linkedin.com";
    }
    return undefined;
  },
  match: ({ segs }, host) => {
    const [first, second, third] = segs;
    if (host === "lnkd.in")
      return only(segs, 1) && /^[A-Za-z0-9_-]{4,20}$/.test(first!) ? { ios: null } : null;
    if (only(segs, 2) && (first === "in" || first === "company")) {
      const name = nameSegment(second);
      return name ? { ios: `linkedin://${first}/${name}` } : null;
    }
    if (only(segs, 2) && first === "posts") return decoded(second!) !== null ? { ios: null } : null;
    // A feed post as its share menu gives it: /feed/update/urn:li:activity:7123…/
    if (only(segs, 3) && first === "feed" && second === "update" && /^urn:li:[a-zA-Z]+:\d+$/.test(third!)) {
      return { ios: null };
    }
    return null;
  },
};

const PINTEREST_DOMAINS = [
  "pinterest.com",
  "pinterest.co.uk",
  "pinterest.ca",
  "pinterest.de",
  "pinterest.fr",
  "pinterest.es",
  "pinterest.it",
  "pinterest.pt",
  "pinterest.com.mx",
  "pinterest.com.au",
  "pinterest.at",
  "pinterest.ch",
  "pinterest.cl",
  "pinterest.jp",
  "pinterest.nz",
  "pinterest.ie",
  "pinterest.dk",
  "pinterest.se",
];
/** pinterest.com first segments that are pages of the site, not profiles. */
const PINTEREST_RESERVED = new Set([
  "about",
  "business",
  "categories",
  "discover",
  "explore",
  "help",
  "homefeed",
  "ideas",
  "login",
  "news_hub",
  "oauth",
  "password",
  "pin",
  "pin-builder",
  "resource",
  "search",
  "settings",
  "shopping",
  "signup",
  "today",
  "topics",
  "videos",
]);
/** Second segments of a profile that are its tabs, not boards. */
const PINTEREST_PROFILE_TABS = new Set(["boards", "pins", "followers", "following"]);

const pinterest: App = {
  name: "Pinterest",
  pkg: "com.pinterest",
  host: (host) => {
    if (host === "pin.it") return host;
    if (PINTEREST_DOMAINS.some((base) => hostOf(host, base, ["", "www.", "m."]))) return "www.pinterest.com";
    return /^[a-z]{2}\.pinterest\.com$/.test(host) ? "www.pinterest.com" : undefined;
  },
  match: ({ segs }, host) => {
    const [first, second] = segs;
    if (host === "pin.it") return only(segs, 1) && /^[A-Za-z0-9]{4,20}$/.test(first!) ? { ios: null } : null;
    if (only(segs, 2) && first === "pin") {
      // /pin/123456/, or the newer /pin/some-title--123456/
      const id = /^(?:[A-Za-z0-9_-]*--)?(\d{1,25})$/.exec(second!)?.[1];
      return id ? { ios: `pinterest://pin/${id}` } : null;
    }
    if (!first || !/^[A-Za-z0-9_]{3,30}$/.test(first) || PINTEREST_RESERVED.has(first.toLowerCase()))
      return null;
    if (only(segs, 1)) return { ios: `pinterest://user/${first}` };
    if (only(segs, 2) && !second!.startsWith("_") && !PINTEREST_PROFILE_TABS.has(second!.toLowerCase())) {
      const board = nameSegment(second);
      return board ? { ios: `pinterest://board/${first}/${board}` } : null;
    }
    return null;
  },
};

/** twitch.tv first segments that are pages of the site, not channels. */
const TWITCH_RESERVED = new Set([
  "activate",
  "bits",
  "broadcast",
  "dashboard",
  "directory",
  "downloads",
  "drops",
  "embed",
  "following",
  "friends",
  "inventory",
  "jobs",
  "legal",
  "login",
  "messages",
  "moderator",
  "p",
  "popout",
  "prime",
  "privacy",
  "products",
  "search",
  "settings",
  "signup",
  "store",
  "subscriptions",
  "team",
  "turbo",
  "user",
  "videos",
  "wallet",
]);

const twitch: App = {
  name: "Twitch",
  pkg: "tv.twitch.android.app",
  host: (host) => (hostOf(host, "twitch.tv", ["", "www.", "m."]) ? "www.twitch.tv" : undefined),
  match: ({ segs }) => {
    const [first, second] = segs;
    if (only(segs, 2) && first === "videos" && /^\d{1,20}$/.test(second!))
      return { ios: `twitch://video/${second}` };
    if (only(segs, 1) && /^[A-Za-z0-9_]{3,25}$/.test(first!) && !TWITCH_RESERVED.has(first!.toLowerCase())) {
      return { ios: `twitch://stream/${first}` };
    }
    return null;
  },
};

const KWAI_USER = /^@[A-Za-z0-9_.-]{1,40}$/;

const kwai: App = {
  name: "Kwai",
  pkg: "com.kwai.video",
  host: (host) => {
    if (hostOf(host, "kwai.com", ["", "www.", "m."])) return "www.kwai.com";
    if (host === "k.kwai.com" || host === "kw.ai") return host;
    return undefined;
  },
  match: ({ segs }, host) => {
    const [first, second, third] = segs;
    if (host !== "www.kwai.com") {
      // Share links: k.kwai.com/p/CODE, kw.ai/p/CODE, …
      return segs.length >= 1 && segs.every((seg) => /^[A-Za-z0-9_.-]{1,64}$/.test(seg))
        ? { ios: null }
        : null;
    }
    if (only(segs, 1) && KWAI_USER.test(first!)) return { ios: null };
    if (only(segs, 3) && KWAI_USER.test(first!) && second === "video" && /^\d{1,25}$/.test(third!)) {
      return { ios: null };
    }
    return null;
  },
};

/** Google's country domains as they follow `google.`: com, com.br, co.uk, de… */
const GOOGLE_TLD = String.raw`(?:com|com\.[a-z]{2}|co\.[a-z]{2}|[a-z]{2})`;
const GOOGLE_MAPS_HOST = new RegExp(`^maps\\.google\\.${GOOGLE_TLD}$`);
const GOOGLE_HOST = new RegExp(`^(?:www\\.)?google\\.${GOOGLE_TLD}$`);

/** `LAT,LNG` when both are numbers in range, as written (no float rewriting), else null. */
function latLng(value: string | null | undefined): string | null {
  const match = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(value ?? "");
  if (!match) return null;
  const [, lat, lng] = match;
  return Math.abs(Number(lat)) <= 90 && Math.abs(Number(lng)) <= 180 ? `${lat},${lng}` : null;
}

/** A place in a Maps path segment: `+` stands for a space. */
function mapsPlace(raw: string): string | null {
  const place = decoded(raw.replace(/\+/g, " "));
  return place !== null && place.trim() !== "" ? place.trim() : null;
}

/** The `@LAT,LNG,ZOOMz` view segment of a Maps path, as `center=…[&zoom=…]`. */
function mapsView(seg: string | undefined): string | null {
  const match = /^@(-?\d{1,3}(?:\.\d+)?,-?\d{1,3}(?:\.\d+)?)(?:,(\d{1,2})(?:\.\d+)?z)?/.exec(seg ?? "");
  const center = latLng(match?.[1]);
  if (!match || !center) return null;
  return match[2] ? `center=${center}&zoom=${match[2]}` : `center=${center}`;
}

function mapsDirections(origin: string | null, destination: string | null): string | null {
  if (!destination) return null;
  const from = origin ? `saddr=${component(origin)}&` : "";
  return `comgooglemaps://?${from}daddr=${component(destination)}`;
}

/**
 * iOS for a Maps address whose path after `/maps` is `rest` (raw segments, empty ones kept: an empty
 * origin in `/dir//DESTINATION` matters); undefined when the shape is not one we know.
 */
function googleMapsIos(rest: string[], query: URLSearchParams): string | null | undefined {
  const [kind = "", ...tail] = rest;
  // A trailing slash leaves one empty segment; views (@…) and opaque state (data=…) are not places.
  const args = (tail.at(-1) === "" ? tail.slice(0, -1) : tail).filter((seg) => !/^(?:@|data=)/.test(seg));
  const view = tail.find((seg) => seg.startsWith("@"));
  if (kind === "") {
    if (tail.some((seg) => seg !== "")) return undefined;
    const q = query.get("q")?.trim();
    if (q) return `comgooglemaps://?q=${component(q)}`;
    const daddr = query.get("daddr")?.trim();
    if (daddr) return mapsDirections(query.get("saddr")?.trim() || null, daddr);
    const center = latLng(query.get("ll"));
    return center ? `comgooglemaps://?center=${center}` : undefined;
  }
  if (kind.startsWith("@")) {
    const center = args.length === 0 ? mapsView(kind) : null;
    return center ? `comgooglemaps://?${center}` : undefined;
  }
  if (kind === "place" || kind === "search") {
    if (kind === "search" && args.length === 0 && query.get("api") === "1") {
      const q = query.get("query")?.trim();
      return q ? `comgooglemaps://?q=${component(q)}` : undefined;
    }
    const place = args.length === 1 ? mapsPlace(args[0]!) : null;
    if (!place) return undefined;
    const center = mapsView(view)?.replace(/&zoom=\d+$/, "");
    return `comgooglemaps://?q=${component(place)}${center ? `&${center}` : ""}`;
  }
  if (kind === "dir") {
    if (args.length === 0) {
      if (query.get("api") !== "1") return undefined;
      const destination = query.get("destination")?.trim();
      return destination ? mapsDirections(query.get("origin")?.trim() || null, destination) : undefined;
    }
    // /maps/dir/ORIGIN/DESTINATION, /maps/dir//DESTINATION (no origin: from where the visitor is). A
    // route with stops, or with no destination yet, is still the app's, but the scheme cannot say it.
    if (args.length > 2) return null;
    const [origin, destination] = args.length === 2 ? args : ["", args[0]!];
    if (destination === "" || destination === undefined) return null;
    const to = mapsPlace(destination);
    const from = origin ? mapsPlace(origin) : null;
    if (!to || (origin && !from)) return undefined;
    return mapsDirections(from, to);
  }
  return undefined;
}

const googleMaps: App = {
  name: "Google Maps",
  pkg: "com.google.android.apps.maps",
  host: (host, segs) => {
    if (host === "maps.app.goo.gl") return host;
    if (host === "goo.gl" && segs[0] === "maps") return host;
    if (GOOGLE_MAPS_HOST.test(host)) return "maps.google.com";
    if (GOOGLE_HOST.test(host) && segs[0] === "maps") return "www.google.com";
    return undefined;
  },
  match: ({ segs, url, query }, host) => {
    const code = /^[A-Za-z0-9_-]{4,40}$/;
    if (host === "maps.app.goo.gl") return only(segs, 1) && code.test(segs[0]!) ? { ios: null } : null;
    if (host === "goo.gl") {
      return only(segs, 2) && code.test(segs[1]!)
        ? { ios: `comgooglemapsurl://goo.gl/maps/${segs[1]}` }
        : null;
    }
    const raw = url.pathname.split("/").slice(1);
    const rest = raw[0] === "maps" ? raw.slice(1) : raw;
    const ios = googleMapsIos(rest, query);
    return ios === undefined ? null : { ios };
  },
};

const waze: App = {
  name: "Waze",
  pkg: "com.waze",
  host: (host) => (host === "waze.com" || host === "www.waze.com" ? host : undefined),
  match: ({ segs, query }) => {
    const navigate = query.get("navigate") === "yes" ? "&navigate=yes" : "";
    if (only(segs, 1) && segs[0] === "ul") {
      const ll = latLng(query.get("ll"));
      if (ll) return { ios: `waze://?ll=${ll}${navigate}` };
      const q = query.get("q")?.trim();
      return q ? { ios: `waze://?q=${component(q)}${navigate}` } : null;
    }
    // A shared place: /ul/h<geohash>
    if (only(segs, 2) && segs[0] === "ul" && /^h[0-9a-z]{4,20}$/i.test(segs[1]!)) return { ios: null };
    // The live map's directions, with an optional locale first: /pt-BR/live-map/directions?to=ll.LAT,LNG
    const path = /^[a-z]{2}(?:-[A-Za-z]{2})?$/.test(segs[0] ?? "") ? segs.slice(1) : segs;
    if (only(path, 2) && path[0] === "live-map" && path[1] === "directions") {
      const to = query.get("to") ?? "";
      const ll = to.startsWith("ll.") ? latLng(to.slice(3)) : null;
      return { ios: ll ? `waze://?ll=${ll}&navigate=yes` : null };
    }
    return null;
  },
};

const APPS: readonly App[] = [
  youtube,
  instagram,
  tiktok,
  spotify,
  whatsapp,
  telegram,
  mercadoLivre,
  shopee,
  amazon,
  x,
  facebook,
  linkedin,
  pinterest,
  twitch,
  kwai,
  googleMaps,
  waze,
];

// ---------------------------------------------------------------------------------------------------------
// API

/** The app of `target` (an absolute http(s) URL) when its host AND path shape are known; null otherwise (the caller then offers the system browser). Never throws. */
export function appTargetOf(target: string): AppTarget | null {
  try {
    const url = parseHttp(target);
    // Credentials or a port: not an address the apps' sites give out.
    if (!url || url.username || url.password || url.port) return null;
    const host = url.hostname.replace(/\.$/, "");
    const segs = url.pathname.split("/").filter((seg) => seg !== "");
    const parts: Parts = { url, host, segs, query: url.searchParams, target };
    for (const app of APPS) {
      const canonical = app.host(host, segs);
      if (canonical === undefined) continue;
      const shape = app.match(parts, canonical);
      if (!shape) return null;
      const android =
        shape.android ?? intent(shape.address ?? canonical + originalPath(parts), "https", app.pkg, target);
      return { name: app.name, android, ios: shape.ios };
    }
    return null;
  } catch {
    return null;
  }
}

function requireHttp(target: string): URL {
  const url = parseHttp(target);
  if (!url) throw new TypeError("Not an absolute http(s) address");
  return url;
}

/**
 * Android: an intent that opens `target` in the system's default browser (no package): `intent://<host><path><query>#Intent;scheme=https;action=android.intent.action.VIEW;S.browser_fallback_url=<encoded target>;end` (scheme http for http targets).
 * @throws TypeError when `target` is not an absolute http(s) URL.
 */
export function androidBrowserIntent(target: string): string {
  const url = requireHttp(target);
  const scheme = url.protocol === "http:" ? "http" : "https";
  const address = safeHost(url.host) + safeText(url.pathname) + safeText(url.search);
  return intent(address, scheme, null, target);
}

/**
 * iOS 17+: the address that opens `target` in Safari: `x-safari-https://…` (or x-safari-http). Credentials
 * are left out; path, query and fragment are kept, made safe as for the intents.
 * @throws TypeError when `target` is not an absolute http(s) URL.
 */
export function iosSafariUrl(target: string): string {
  const url = requireHttp(target);
  const fragment = url.hash ? `#${safeText(url.hash.slice(1))}` : "";
  return `x-safari-${url.protocol}//${safeHost(url.host)}${safeText(url.pathname)}${safeText(url.search)}${fragment}`;
}
