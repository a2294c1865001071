import { describe, expect, it } from "vitest";
import { EMBED_FRAME_ORIGINS, EMBED_MESSAGES, embedProblem, recognizeEmbed } from "./embeds";

const YT = "dQw4w9WgXcQ";

describe("recognizeEmbed: YouTube, played from youtube-nocookie.com", () => {
  it.each([
    `https://www.youtube.com/watch?v=${YT}`,
    `https://youtube.com/watch?feature=share&v=${YT}`,
    `https://m.youtube.com/watch?v=${YT}`,
    `https://music.youtube.com/watch?v=${YT}&list=RDAMVM`,
    `https://youtu.be/${YT}`,
    `https://youtu.be/${YT}?si=abc123`,
    `https://www.youtube.com/embed/${YT}`,
    `https://www.youtube-nocookie.com/embed/${YT}`,
    `https://www.youtube.com/live/${YT}`,
    `youtube.com/watch?v=${YT}`,
  ])("reads %s", (url) => {
    expect(recognizeEmbed(url)).toEqual({
      provider: "youtube",
      providerName: "YouTube",
      contentId: YT,
      embedUrl: `https://www.youtube-nocookie.com/embed/${YT}?autoplay=1`,
      pageUrl: `https://www.youtube.com/watch?v=${YT}`,
      frame: { aspectRatio: "16 / 9" },
      allow: "autoplay; encrypted-media; fullscreen; picture-in-picture",
    });
  });

  it("plays a Short upright", () => {
    expect(recognizeEmbed(`https://www.youtube.com/shorts/${YT}?feature=share`)).toMatchObject({
      embedUrl: `https://www.youtube-nocookie.com/embed/${YT}?autoplay=1`,
      pageUrl: `https://www.youtube.com/shorts/${YT}`,
      frame: { aspectRatio: "9 / 16" },
    });
  });

  it.each([
    ["90", 90],
    ["90s", 90],
    ["1m30s", 90],
    ["1h2m3s", 3723],
  ])("starts where t=%s says (%i s)", (t, seconds) => {
    expect(recognizeEmbed(`https://youtu.be/${YT}?t=${t}`)?.embedUrl).toBe(
      `https://www.youtube-nocookie.com/embed/${YT}?autoplay=1&start=${seconds}`,
    );
  });

  it("plays a playlist", () => {
    const list = "PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG";
    expect(recognizeEmbed(`https://www.youtube.com/playlist?list=${list}`)).toMatchObject({
      contentId: `list/${list}`,
      embedUrl: `https://www.youtube-nocookie.com/embed/videoseries?list=${list}&autoplay=1`,
    });
  });

  it.each([
    "https://www.youtube.com/watch?v=curto",
    "https://www.youtube.com/@canal",
    "https://www.youtube.com/",
    `https://www.youtube.com/watch?v=${YT}"><script>`,
    `https://youtu.be/${YT}extra`,
  ])("refuses %s", (url) => {
    expect(recognizeEmbed(url)).toBeNull();
  });
});

describe("recognizeEmbed: Vimeo, with Do Not Track", () => {
  it.each([
    ["https://vimeo.com/76979871", "https://player.vimeo.com/video/76979871?autoplay=1&dnt=1"],
    [
      "https://vimeo.com/channels/staffpicks/76979871",
      "https://player.vimeo.com/video/76979871?autoplay=1&dnt=1",
    ],
    [
      "https://vimeo.com/groups/shortfilms/videos/76979871",
      "https://player.vimeo.com/video/76979871?autoplay=1&dnt=1",
    ],
    ["https://player.vimeo.com/video/76979871", "https://player.vimeo.com/video/76979871?autoplay=1&dnt=1"],
    [
      "https://vimeo.com/76979871/a1b2c3d4e5",
      "https://player.vimeo.com/video/76979871?autoplay=1&dnt=1&h=a1b2c3d4e5",
    ],
    [
      "https://player.vimeo.com/video/76979871?h=a1b2c3d4e5",
      "https://player.vimeo.com/video/76979871?autoplay=1&dnt=1&h=a1b2c3d4e5",
    ],
  ])("reads %s", (url, embedUrl) => {
    expect(recognizeEmbed(url)).toMatchObject({ provider: "vimeo", contentId: "76979871", embedUrl });
  });

  it.each(["https://vimeo.com/fulano", "https://vimeo.com/showcase/123456", "https://vimeo.com/"])(
    "refuses %s",
    (url) => {
      expect(recognizeEmbed(url)).toBeNull();
    },
  );
});

describe("recognizeEmbed: Spotify", () => {
  const id = "4uLU6hMCjMI75M1A2tKUQC";
  it.each([
    ["track", 152],
    ["episode", 152],
    ["album", 352],
    ["playlist", 352],
    ["show", 352],
  ])("reads a %s (%i px high)", (kind, height) => {
    expect(recognizeEmbed(`https://open.spotify.com/${kind}/${id}?si=xyz`)).toEqual({
      provider: "spotify",
      providerName: "Spotify",
      contentId: `${kind}/${id}`,
      embedUrl: `https://open.spotify.com/embed/${kind}/${id}`,
      pageUrl: `https://open.spotify.com/${kind}/${id}`,
      frame: { height },
      allow: "autoplay; encrypted-media; clipboard-write",
    });
  });

  it("reads the localised and the embed forms", () => {
    expect(recognizeEmbed(`https://open.spotify.com/intl-pt/track/${id}`)?.contentId).toBe(`track/${id}`);
    expect(recognizeEmbed(`https://open.spotify.com/embed/album/${id}`)?.contentId).toBe(`album/${id}`);
  });

  it.each([
    `https://open.spotify.com/artist/${id}`,
    "https://open.spotify.com/track/curto",
    "https://spotify.com/",
  ])("refuses %s", (url) => {
    expect(recognizeEmbed(url)).toBeNull();
  });
});

describe("recognizeEmbed: SoundCloud", () => {
  it("reads a track and a set, the player given the canonical address", () => {
    expect(recognizeEmbed("https://soundcloud.com/artista/minha-musica?utm_source=x")).toEqual({
      provider: "soundcloud",
      providerName: "SoundCloud",
      contentId: "artista/minha-musica",
      embedUrl:
        "https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Fartista%2Fminha-musica&auto_play=true&visual=false",
      pageUrl: "https://soundcloud.com/artista/minha-musica",
      frame: { height: 166 },
      allow: "autoplay; encrypted-media; clipboard-write",
    });
    expect(recognizeEmbed("https://m.soundcloud.com/artista/sets/meu-album")).toMatchObject({
      contentId: "artista/sets/meu-album",
      frame: { height: 450 },
    });
  });

  it.each([
    "https://soundcloud.com/artista",
    "https://soundcloud.com/discover/sets/charts",
    "https://soundcloud.com/search/sounds",
    "https://soundcloud.com/artista/faixa/s-SeGrEdO",
  ])("refuses %s", (url) => {
    expect(recognizeEmbed(url)).toBeNull();
  });
});

describe("recognizeEmbed: TikTok videos", () => {
  const id = "7234567890123456789";
  it.each([
    `https://www.tiktok.com/@fulano.tal/video/${id}`,
    `https://www.tiktok.com/@fulano.tal/video/${id}?is_from_webapp=1`,
    `https://m.tiktok.com/v/${id}.html`,
    `https://www.tiktok.com/embed/v2/${id}`,
    `https://www.tiktok.com/player/v1/${id}`,
  ])("reads %s", (url) => {
    expect(recognizeEmbed(url)).toMatchObject({
      provider: "tiktok",
      contentId: id,
      embedUrl: `https://www.tiktok.com/player/v1/${id}?autoplay=1&rel=0`,
      frame: { aspectRatio: "9 / 16" },
    });
  });

  it.each([
    "https://www.tiktok.com/@fulano",
    "https://www.tiktok.com/@fulano/video/abc",
    "https://vm.tiktok.com/ZMabc123/",
  ])("refuses %s", (url) => {
    expect(recognizeEmbed(url)).toBeNull();
  });
});

describe("recognizeEmbed: anything else", () => {
  it.each([
    "https://exemplo.com.br/video",
    "https://www.instagram.com/reel/abc",
    "https://evil.example/youtube.com/watch?v=dQw4w9WgXcQ",
    "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
    "javascript:alert(1)",
    "ftp://youtube.com/watch?v=dQw4w9WgXcQ",
    "",
  ])("refuses %s", (url) => {
    expect(recognizeEmbed(url)).toBeNull();
  });

  it("only ever points the iframe at the players' origins", () => {
    const urls = [
      `https://youtu.be/${YT}`,
      "https://vimeo.com/76979871",
      "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC",
      "https://soundcloud.com/a/b",
      "https://www.tiktok.com/@a/video/7234567890123456789",
    ];
    for (const url of urls) {
      const embed = recognizeEmbed(url);
      expect(EMBED_FRAME_ORIGINS).toContain(new URL(embed!.embedUrl).origin);
    }
  });
});

describe("embedProblem", () => {
  it("asks for the full address behind a short link, and names the providers otherwise", () => {
    expect(embedProblem("https://vm.tiktok.com/ZMabc123/")).toBe(EMBED_MESSAGES.shortLink);
    expect(embedProblem("https://on.soundcloud.com/abc")).toBe(EMBED_MESSAGES.shortLink);
    expect(embedProblem("https://spotify.link/abc")).toBe(EMBED_MESSAGES.shortLink);
    expect(embedProblem("https://exemplo.com.br")).toBe(EMBED_MESSAGES.unsupported);
  });
});
