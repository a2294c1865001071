import { normalizeWhatsAppPhone, whatsAppUrl } from "./whatsapp";

// The networks a social block links to: names, and what a link of each looks like. Their icons
// are in social-icons.ts (drawn by the page only).

export const SOCIAL_NETWORKS = [
  "instagram",
  "tiktok",
  "youtube",
  "x",
  "facebook",
  "linkedin",
  "threads",
  "kwai",
  "pinterest",
  "twitch",
  "spotify",
  "telegram",
  "whatsapp",
  "github",
  "email",
  "site",
] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

type Network = {
  /** The accessible name of the icon's link (aria-label) and the editor's option. */
  label: string;
  /** Hosts a link may point to (and their subdomains); none for e-mail and site. */
  hosts: readonly string[];
  /** "do Instagram", "da Twitch": how a message names the network. */
  of: string;
  /** What a link looks like, for the message. */
  example: string;
  /** A profile address for a handle ("@fulano"), and the handles the network allows. */
  handle?: { pattern: RegExp; url: (handle: string) => string };
};

const INSTAGRAM_HANDLE = /^[A-Za-z0-9._]{1,30}$/;

export const SOCIAL_NETWORK_INFO: Record<SocialNetwork, Network> = {
  instagram: {
    label: "Instagram",
    hosts: ["instagram.com", "instagr.am"],
    of: "do Instagram",
    example: "instagram.com/seu_perfil",
    handle: { pattern: INSTAGRAM_HANDLE, url: (h) => `https://www.instagram.com/${h}/` },
  },
  tiktok: {
    label: "TikTok",
    hosts: ["tiktok.com"],
    of: "do TikTok",
    example: "tiktok.com/@seu_perfil",
    handle: { pattern: /^[A-Za-z0-9._]{2,24}$/, url: (h) => `https://www.tiktok.com/@${h}` },
  },
  youtube: {
    label: "YouTube",
    hosts: ["youtube.com", "youtu.be"],
    of: "do YouTube",
    example: "youtube.com/@seu_canal",
    handle: { pattern: /^[A-Za-z0-9._-]{3,30}$/, url: (h) => `https://www.youtube.com/@${h}` },
  },
  x: {
    label: "X (Twitter)",
    hosts: ["x.com", "twitter.com"],
    of: "do X",
    example: "x.com/seu_perfil",
    handle: { pattern: /^[A-Za-z0-9_]{1,15}$/, url: (h) => `https://x.com/${h}` },
  },
  facebook: {
    label: "Facebook",
    hosts: ["facebook.com", "fb.com", "fb.me", "fb.watch"],
    of: "do Facebook",
    example: "facebook.com/sua_pagina",
  },
  linkedin: {
    label: "LinkedIn",
    hosts: ["linkedin.com", "lnkd.in"],
    of: "do LinkedIn",
    example: "linkedin.com/in/seu_perfil",
  },
  threads: {
    label: "Threads",
    hosts: ["threads.com", "threads.net"],
    of: "do Threads",
    example: "threads.com/@seu_perfil",
    handle: { pattern: INSTAGRAM_HANDLE, url: (h) => `https://www.threads.com/@${h}` },
  },
  kwai: {
    label: "Kwai",
    hosts: ["kwai.com", "kw.ai"],
    of: "do Kwai",
    example: "kwai.com/@seu_perfil",
  },
  pinterest: {
    label: "Pinterest",
    hosts: ["pinterest.com", "pinterest.com.br", "pinterest.pt", "pin.it"],
    of: "do Pinterest",
    example: "pinterest.com/seu_perfil",
    handle: { pattern: /^[A-Za-z0-9_]{3,30}$/, url: (h) => `https://www.pinterest.com/${h}/` },
  },
  twitch: {
    label: "Twitch",
    hosts: ["twitch.tv"],
    of: "da Twitch",
    example: "twitch.tv/seu_canal",
    handle: { pattern: /^[A-Za-z0-9_]{4,25}$/, url: (h) => `https://www.twitch.tv/${h}` },
  },
  spotify: {
    label: "Spotify",
    hosts: ["spotify.com", "spotify.link"],
    of: "do Spotify",
    example: "open.spotify.com/artist/…",
  },
  telegram: {
    label: "Telegram",
    hosts: ["t.me", "telegram.me"],
    of: "do Telegram",
    example: "t.me/seu_perfil",
    handle: { pattern: /^[A-Za-z0-9_]{5,32}$/, url: (h) => `https://t.me/${h}` },
  },
  whatsapp: {
    label: "WhatsApp",
    hosts: ["wa.me", "whatsapp.com"],
    of: "do WhatsApp",
    example: "wa.me/5511987654321",
  },
  github: {
    label: "GitHub",
    hosts: ["github.com"],
    of: "do GitHub",
    example: "github.com/seu_perfil",
    handle: { pattern: /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/, url: (h) => `https://github.com/${h}` },
  },
  email: { label: "E-mail", hosts: [], of: "de e-mail", example: "" },
  site: { label: "Site", hosts: [], of: "do site", example: "" },
};

export const SOCIAL_MESSAGES = {
  email: "Informe um e-mail válido, como contato@exemplo.com.br.",
  whatsapp: "Informe um número de WhatsApp com DDD, como (11) 98765-4321, ou um link wa.me.",
  site: "Informe uma URL válida começando com http:// ou https://",
} as const;

/** Why a link does not fit its network, in pt-BR. */
export function socialUrlMessage(network: SocialNetwork): string {
  if (network === "email" || network === "whatsapp" || network === "site") return SOCIAL_MESSAGES[network];
  const info = SOCIAL_NETWORK_INFO[network];
  return info.handle
    ? `Use um link ${info.of} (${info.example}) ou o seu @.`
    : `Use um link ${info.of} (${info.example}).`;
}

export type SocialUrlResult = { ok: true; url: string } | { ok: false; message: string };

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

/**
 * The address an icon of this network links to, from what the owner typed: a link of the network
 * (https:// added when missing), a handle ("@fulano") for networks with profile addresses, an
 * e-mail address (-> mailto:) or a phone number (-> wa.me). The server then checks http(s) links
 * as it checks any link target.
 */
export function normalizeSocialUrl(network: SocialNetwork, input: string): SocialUrlResult {
  const text = input.trim();
  const refuse = { ok: false as const, message: socialUrlMessage(network) };
  if (!text || text.length > 2048) return refuse;

  if (network === "email") {
    const address = text.replace(/^mailto:/i, "");
    return EMAIL.test(address) && address.length <= 254 ? { ok: true, url: `mailto:${address}` } : refuse;
  }

  const info = SOCIAL_NETWORK_INFO[network];
  const handle = text.startsWith("@") ? text.slice(1) : /^[^./:]+$/.test(text) ? text : null;
  if (handle !== null && network !== "whatsapp") {
    return info.handle?.pattern.test(handle) ? { ok: true, url: info.handle.url(handle) } : refuse;
  }

  const link = httpUrl(text);
  if (link && (network === "site" || (onHosts(link.url, info.hosts) && link.url.pathname.length > 1))) {
    return { ok: true, url: link.text };
  }
  if (network === "whatsapp") {
    const phone = normalizeWhatsAppPhone(text);
    if (phone) return { ok: true, url: whatsAppUrl(phone) };
  }
  return refuse;
}

/** An http(s) address as typed (https:// added when missing, as link targets are), and its parts. */
function httpUrl(text: string): { text: string; url: URL } | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    const httpish = (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
    return httpish ? { text: withScheme, url } : null;
  } catch {
    return null;
  }
}

function onHosts(url: URL, hosts: readonly string[]): boolean {
  const host = url.hostname.toLowerCase().replace(/\.+$/, "");
  return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}
