/**
 * The players an embed block can show, recognised from the URL alone: nothing here (nor on the
 * server) contacts the provider. The page shows a facade of ours and loads `embedUrl` in an iframe
 * only when the visitor taps it; until then no request leaves our origin.
 */

export const EMBED_PROVIDERS = ["youtube", "vimeo", "spotify", "soundcloud", "tiktok"] as const;
export type EmbedProvider = (typeof EMBED_PROVIDERS)[number];

export const EMBED_PROVIDER_NAMES: Record<EmbedProvider, string> = {
  youtube: "YouTube",
  vimeo: "Vimeo",
  spotify: "Spotify",
  soundcloud: "SoundCloud",
  tiktok: "TikTok",
};

/** The origins the players load from: what the public page's CSP `frame-src` must allow. */
export const EMBED_FRAME_ORIGINS = [
  "https://www.youtube-nocookie.com",
  "https://player.vimeo.com",
  "https://open.spotify.com",
  "https://w.soundcloud.com",
  "https://www.tiktok.com",
] as const;

export const EMBED_MESSAGES = {
  unsupported: "Use um link de vídeo ou música do YouTube, Vimeo, Spotify, SoundCloud ou TikTok.",
  shortLink:
    "Este é um link encurtado: abra-o no navegador e cole aqui o endereço completo do vídeo ou da música.",
} as const;

/** The player's box: a video's aspect ratio, or an audio player's fixed height in pixels. */
export type EmbedFrame = { aspectRatio: "16 / 9" | "9 / 16" } | { height: number };

export type Embed = {
  provider: EmbedProvider;
  /** The provider's name, for the facade ("YouTube"). */
  providerName: string;
  /** What the provider calls the content: a video id, "track/…", a SoundCloud path. */
  contentId: string;
  /** The player the facade's iframe loads after the tap (asked to start playing at once). */
  embedUrl: string;
  /** The content's own page, for a link that works without the player. */
  pageUrl: string;
  frame: EmbedFrame;
  /** The iframe's `allow` attribute. */
  allow: string;
};

const VIDEO_ALLOW = "autoplay; encrypted-media; fullscreen; picture-in-picture";
const AUDIO_ALLOW = "autoplay; encrypted-media; clipboard-write";

/** Short links name no content until they are followed, which the server never does. */
const SHORT_LINK_HOSTS = ["vm.tiktok.com", "vt.tiktok.com", "on.soundcloud.com", "spotify.link"];

/** The player for a URL of a supported provider, or null. */
export function recognizeEmbed(input: string): Embed | null {
  const url = parseHttpUrl(input);
  if (!url) return null;
  const host = url.hostname.toLowerCase().replace(/^(www|m)\./, "");
  const segments = url.pathname.split("/").filter(Boolean);
  if (host === "youtube.com" || host === "music.youtube.com" || host === "youtube-nocookie.com")
    return youtube(url, segments);
  if (host === "youtu.be") return segments[0] ? youtubeVideo(segments[0], url, false) : null;
  if (host === "vimeo.com" || host === "player.vimeo.com") return vimeo(url, segments);
  if (host === "open.spotify.com") return spotify(segments);
  if (host === "soundcloud.com") return soundcloud(segments);
  if (host === "tiktok.com") return tiktok(segments);
  return null;
}

/** Why a URL gives no player, in pt-BR. */
export function embedProblem(input: string): string {
  const host = parseHttpUrl(input)?.hostname.toLowerCase();
  return host && SHORT_LINK_HOSTS.includes(host) ? EMBED_MESSAGES.shortLink : EMBED_MESSAGES.unsupported;
}

// ---- YouTube: watch, youtu.be, shorts, embed, live; played from youtube-nocookie.com.

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_LIST = /^[A-Za-z0-9_-]{10,64}$/;

function youtube(url: URL, segments: string[]): Embed | null {
  const [first, second] = segments;
  if (first === "watch") {
    const id = url.searchParams.get("v");
    return id ? youtubeVideo(id, url, false) : null;
  }
  if (first === "shorts" && second) return youtubeVideo(second, url, true);
  if ((first === "embed" || first === "live" || first === "v") && second) {
    if (first === "embed" && second === "videoseries") return youtubePlaylist(url);
    return youtubeVideo(second, url, false);
  }
  if (first === "playlist") return youtubePlaylist(url);
  return null;
}

function youtubeVideo(id: string, url: URL, vertical: boolean): Embed | null {
  if (!YOUTUBE_ID.test(id)) return null;
  const start = startSeconds(url.searchParams.get("t") ?? url.searchParams.get("start"));
  const query = new URLSearchParams({ autoplay: "1" });
  if (start) query.set("start", String(start));
  return {
    provider: "youtube",
    providerName: EMBED_PROVIDER_NAMES.youtube,
    contentId: id,
    embedUrl: `https://www.youtube-nocookie.com/embed/${id}?${query}`,
    pageUrl: vertical
      ? `https://www.youtube.com/shorts/${id}`
      : `https://www.youtube.com/watch?v=${id}${start ? `&t=${start}s` : ""}`,
    frame: { aspectRatio: vertical ? "9 / 16" : "16 / 9" },
    allow: VIDEO_ALLOW,
  };
}

function youtubePlaylist(url: URL): Embed | null {
  const list = url.searchParams.get("list");
  if (!list || !YOUTUBE_LIST.test(list)) return null;
  return {
    provider: "youtube",
    providerName: EMBED_PROVIDER_NAMES.youtube,
    contentId: `list/${list}`,
    embedUrl: `https://www.youtube-nocookie.com/embed/videoseries?list=${list}&autoplay=1`,
    pageUrl: `https://www.youtube.com/playlist?list=${list}`,
    frame: { aspectRatio: "16 / 9" },
    allow: VIDEO_ALLOW,
  };
}

/** YouTube's t/start: "90", "90s", "1m30s", "1h2m3s" -> seconds; anything else none. */
function startSeconds(value: string | null): number {
  if (!value) return 0;
  if (/^\d+s?$/.test(value)) return Number.parseInt(value, 10);
  const parts = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(value);
  if (!parts) return 0;
  const [, h = "0", m = "0", s = "0"] = parts;
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
}

// ---- Vimeo: vimeo.com/ID, /ID/HASH (unlisted), channels, groups, player.vimeo.com/video/ID.

function vimeo(url: URL, segments: string[]): Embed | null {
  const at = segments.findIndex((segment) => /^\d{1,12}$/.test(segment));
  if (at < 0) return null;
  const first = segments[0];
  // Only where a video's id can stand: vimeo.com/ID, channels/x/ID, groups/x/videos/ID, video/ID.
  const where = at === 0 || first === "channels" || first === "groups" || first === "video";
  if (!where) return null;
  const id = segments[at]!;
  const next = segments[at + 1];
  const hash = url.searchParams.get("h") ?? (next && /^[0-9a-f]{6,20}$/i.test(next) ? next : null);
  const query = new URLSearchParams({ autoplay: "1", dnt: "1" });
  if (hash) query.set("h", hash);
  return {
    provider: "vimeo",
    providerName: EMBED_PROVIDER_NAMES.vimeo,
    contentId: id,
    embedUrl: `https://player.vimeo.com/video/${id}?${query}`,
    pageUrl: `https://vimeo.com/${id}${hash ? `/${hash}` : ""}`,
    frame: { aspectRatio: "16 / 9" },
    allow: VIDEO_ALLOW,
  };
}

// ---- Spotify: track, album, playlist, episode, show (open.spotify.com, with or without intl-xx).

const SPOTIFY_KINDS = new Set(["track", "album", "playlist", "episode", "show"]);
const SPOTIFY_ID = /^[A-Za-z0-9]{22}$/;

function spotify(segments: string[]): Embed | null {
  const rest = segments.filter((segment, i) => !(i === 0 && /^intl-[a-z]{2}(-[a-z]{2})?$/i.test(segment)));
  const [kind, id] = rest[0] === "embed" ? rest.slice(1) : rest;
  if (!kind || !id || !SPOTIFY_KINDS.has(kind) || !SPOTIFY_ID.test(id)) return null;
  return {
    provider: "spotify",
    providerName: EMBED_PROVIDER_NAMES.spotify,
    contentId: `${kind}/${id}`,
    embedUrl: `https://open.spotify.com/embed/${kind}/${id}`,
    pageUrl: `https://open.spotify.com/${kind}/${id}`,
    // Spotify's own sizes: the compact player for one track or episode, the list for the others.
    frame: { height: kind === "track" || kind === "episode" ? 152 : 352 },
    allow: AUDIO_ALLOW,
  };
}

// ---- SoundCloud: soundcloud.com/{artist}/{track} and /{artist}/sets/{playlist}.

/** First segments that are SoundCloud's own pages, not an artist. */
const SOUNDCLOUD_PAGES = new Set([
  "discover",
  "search",
  "stream",
  "upload",
  "you",
  "charts",
  "pages",
  "terms-of-use",
  "mobile",
  "settings",
  "messages",
  "notifications",
  "people",
  "pro",
  "jobs",
  "imprint",
  "popular",
  "tags",
]);
const SOUNDCLOUD_NAME = /^[A-Za-z0-9_-]{1,100}$/;

function soundcloud(segments: string[]): Embed | null {
  const [artist, second, third] = segments;
  if (!artist || !second || SOUNDCLOUD_PAGES.has(artist.toLowerCase()) || !SOUNDCLOUD_NAME.test(artist))
    return null;
  const isSet = second === "sets";
  const name = isSet ? third : second;
  if (!name || !SOUNDCLOUD_NAME.test(name) || segments.length > (isSet ? 3 : 2)) return null;
  const path = isSet ? `${artist}/sets/${name}` : `${artist}/${name}`;
  const pageUrl = `https://soundcloud.com/${path}`;
  const query = new URLSearchParams({ url: pageUrl, auto_play: "true", visual: "false" });
  return {
    provider: "soundcloud",
    providerName: EMBED_PROVIDER_NAMES.soundcloud,
    contentId: path,
    embedUrl: `https://w.soundcloud.com/player/?${query}`,
    pageUrl,
    frame: { height: isSet ? 450 : 166 },
    allow: AUDIO_ALLOW,
  };
}

// ---- TikTok: a video's URL (tiktok.com/@user/video/ID), the embed and player forms.

const TIKTOK_ID = /^\d{15,21}$/;
const TIKTOK_USER = /^@[A-Za-z0-9._]{1,30}$/;

function tiktok(segments: string[]): Embed | null {
  const [first, second, third] = segments;
  let id: string | undefined;
  let user: string | undefined;
  if (first?.startsWith("@") && second === "video") [user, id] = [first, third];
  else if (first === "embed") id = second === "v2" ? third : second;
  else if (first === "player" && second === "v1") id = third;
  else if (first === "v") id = second?.replace(/\.html$/, "");
  if (!id || !TIKTOK_ID.test(id)) return null;
  return {
    provider: "tiktok",
    providerName: EMBED_PROVIDER_NAMES.tiktok,
    contentId: id,
    embedUrl: `https://www.tiktok.com/player/v1/${id}?autoplay=1&rel=0`,
    pageUrl:
      user && TIKTOK_USER.test(user)
        ? `https://www.tiktok.com/${user}/video/${id}`
        : `https://www.tiktok.com/embed/v2/${id}`,
    frame: { aspectRatio: "9 / 16" },
    allow: VIDEO_ALLOW,
  };
}

function parseHttpUrl(input: string): URL | null {
  const text = input.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}
