/**
 * Recognises social apps' in-app browsers (web views) by User-Agent, for "Abrir no app".
 *
 * When a visitor opens a short link or a Link Bio page from inside Instagram, TikTok, Facebook…,
 * the page loads in that app's own web view, where logins, payments and deep links into other apps
 * work poorly. Knowing which app we are in lets the caller offer the right way out (the target's own
 * app, or the system browser).
 *
 * The tokens come from the User-Agents these apps really send (see the matrix in the test file):
 * - Threads: "Barcelona <version>" (Threads' internal name); may also carry "Instagram", so it goes first.
 * - Instagram: "Instagram <version> (iPhone…; iOS…)" / "Instagram <version> Android (…)".
 * - Messenger: "[FBAN/MessengerForiOS;…]", "[FB_IAB/Orca-Android;FBAV/…]", "MessengerLite"; it also carries
 *   FBAN/FBAV, so it goes before Facebook.
 * - Facebook: "[FBAN/FBIOS;FBAV/…]", "[FB_IAB/FB4A;FBAV/…]", Facebook Lite "[FBAN/EMA;…]".
 * - TikTok: "musical_ly_<version>" (global), "trill_<version>" (Asia), "BytedanceWebview/…", "ByteLocale/…".
 * - LinkedIn: "[LinkedInApp]/<version>".
 * - X: "Twitter for iPhone/iPad", "TwitterAndroid".
 * - Snapchat: "Snapchat/<version>".
 * - Pinterest: "[Pinterest/iOS]", "[Pinterest/Android]".
 * - Kwai: "Kwai/<version>", "com.kwai.…".
 * - LINE: "Safari Line/13.x" / "Line/13.x/IAB" — case sensitive and after a space, so "Linux" and
 *   "Outline/" do not match.
 *
 * Link-preview crawlers of the same companies (facebookexternalhit, Twitterbot, LinkedInBot, Pinterestbot,
 * TikTokSpider, TelegramBot…) are not in-app browsers: they are rejected before the table is read.
 *
 * Cost: one precompiled regex (the union of every row) rejects ordinary browsers in a single scan; only a UA
 * that hits it is checked for bots and then against the rows in order. The caller memoises per distinct UA.
 */

export const IN_APP_BROWSERS = [
  "Instagram",
  "Facebook",
  "Messenger",
  "TikTok",
  "Threads",
  "LinkedIn",
  "X",
  "Snapchat",
  "Pinterest",
  "Kwai",
  "LINE",
] as const;

export type InAppBrowserName = (typeof IN_APP_BROWSERS)[number];

export type InAppBrowser = { name: InAppBrowserName; os: "android" | "ios" | "other" };

/** In order: the first row whose test matches names the app. All tests are case sensitive. */
const TABLE: readonly { name: InAppBrowserName; test: RegExp }[] = [
  { name: "Threads", test: /\bBarcelona\b/ },
  { name: "Instagram", test: /\bInstagram\b/ },
  { name: "Messenger", test: /FBAN\/Messenger|FB_IAB\/Orca|\bOrca-|MessengerLite/ },
  { name: "Facebook", test: /FBAN|FBAV|FB_IAB|FBIOS|\[FB/ },
  { name: "TikTok", test: /musical_ly|trill_|BytedanceWebview|TikTok(?!Spider)|ByteLocale/ },
  { name: "LinkedIn", test: /LinkedInApp/ },
  { name: "X", test: /Twitter(?![Bb]ot)/ },
  { name: "Snapchat", test: /Snapchat/ },
  { name: "Pinterest", test: /Pinterest(?![Bb]ot)/ },
  { name: "Kwai", test: /\b[Kk]wai\b/ },
  { name: "LINE", test: / Line\// },
];

/** The union of every row: a UA it does not match cannot match any row. */
const ANY_ROW = new RegExp(TABLE.map((row) => `(?:${row.test.source})`).join("|"));

/**
 * Crawlers and link previews. Case sensitive on purpose: "Googlebot", "LinkedInBot" and "TikTokSpider"
 * match, a phone model such as "CUBOT X50" does not. "+http://…" is the crawlers' contact-URL convention.
 */
const BOT = /[a-z]bot\b|Bot\b|[Ss]pider|[Cc]rawler|externalhit|facebookcatalog|\+https?:\/\//;

function osOf(userAgent: string): InAppBrowser["os"] {
  if (userAgent.includes("Android")) return "android";
  if (/iPhone|iPad|iPod/.test(userAgent)) return "ios";
  return "other";
}

/** The in-app browser a User-Agent names, or null (a plain browser, a bot, anything else). */
export function inAppBrowserOf(userAgent: string): InAppBrowser | null {
  if (!ANY_ROW.test(userAgent) || BOT.test(userAgent)) return null;
  const row = TABLE.find((candidate) => candidate.test.test(userAgent));
  return row ? { name: row.name, os: osOf(userAgent) } : null;
}
