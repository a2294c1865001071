import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { hasError, parsePix } from "pix-utils";
import { describe, expect, it } from "vitest";
import { EMBED_FRAME_ORIGINS } from "../../../common/link-bio/embeds";
import { clickEvents, links } from "../../../db/schema";
import { eventClicks } from "../../../tests/click-events";
import { BROWSER_USER_AGENT, setupTestApp, TEST_PUBLIC_URL } from "../../../tests/test-app";

// The blocks on the public page /p/{slug} (issue 34): the switch and the window, Pix, the vCard, the
// 18+ gate, the clicks by block type and the embeds' facade.

const t = setupTestApp();
let counter = 0;
let ipCounter = 0;
const uniqueSlug = () => `pub-blocos-${process.pid}-${++counter}`;
const fromNewIp = () => `10.8.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

type Json = Record<string, unknown>;

async function createPage(cookie: string, body: Json = {}) {
  const response = await t.request({
    method: "POST",
    url: "/api/link-pages",
    cookie,
    payload: { slug: uniqueSlug(), title: "Ana Souza", description: "Confeiteira", ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Json & { id: number; slug: string };
}

async function addBlock(cookie: string, pageId: number, body: Json) {
  const response = await t.request({
    method: "POST",
    url: `/api/link-pages/${pageId}/blocks`,
    cookie,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Json & { id: number; data: Json };
}

const getPage = (path: string, headers: Record<string, string> = {}) =>
  t.request({ method: "GET", url: `/p/${path}`, headers });

const track = (link_id: unknown) =>
  t.request({
    method: "POST",
    url: "/api/track-link-click",
    payload: { link_id },
    remoteAddress: fromNewIp(),
    headers: { origin: TEST_PUBLIC_URL, "user-agent": BROWSER_USER_AGENT },
  });

const at = (ms: number) => new Date(Date.now() + ms).toISOString();
const sleepUntil = async (instant: string, extraMs: number) => {
  const wait = Date.parse(instant) + extraMs - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
};

/** The HTML's text with its entities read back (attribute values and text as a browser reads them). */
const unescapeHtml = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

describe("the switch and the window on /p/{slug}", () => {
  it("leaves out a block switched off, and shows it once switched on", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    await addBlock(cookie, page.id, { type: "header", data: { text: "Sempre aqui" } });
    const hidden = await addBlock(cookie, page.id, {
      type: "link",
      data: { title: "Botão desligado", url: "https://desligado.exemplo.com.br" },
      is_active: false,
    });
    const html = (await getPage(page.slug)).body;
    expect(html).toContain("Sempre aqui");
    expect(html).not.toContain("Botão desligado");
    expect(html).not.toContain("desligado.exemplo.com.br");
    expect(html).not.toContain(`data-link-id="${hidden.id}"`);

    const on = await t.request({
      method: "PUT",
      url: `/api/blocks/${hidden.id}`,
      cookie,
      payload: { is_active: true },
    });
    expect(on.statusCode).toBe(200);
    expect((await getPage(page.slug)).body).toContain("Botão desligado");
  });

  it("leaves out a block whose window is over or not yet open", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    await addBlock(cookie, page.id, {
      type: "header",
      data: { text: "Promoção encerrada" },
      starts_at: "2020-01-01T00:00:00Z",
      ends_at: "2020-01-02T00:00:00Z",
    });
    await addBlock(cookie, page.id, { type: "header", data: { text: "Só ontem" }, ends_at: at(-60_000) });
    await addBlock(cookie, page.id, {
      type: "header",
      data: { text: "Ano que vem" },
      starts_at: at(365 * 86_400_000),
    });
    await addBlock(cookie, page.id, {
      type: "header",
      data: { text: "Agora sim" },
      starts_at: at(-60_000),
      ends_at: at(3_600_000),
    });
    const html = (await getPage(page.slug)).body;
    expect(html).toContain("Agora sim");
    for (const text of ["Promoção encerrada", "Só ontem", "Ano que vem"]) expect(html).not.toContain(text);
  });

  it("shows a block scheduled two seconds ahead once its time comes, with no edit between", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const startsAt = at(2_000);
    await addBlock(cookie, page.id, { type: "header", data: { text: "Chegou a hora" }, starts_at: startsAt });
    await addBlock(cookie, page.id, { type: "header", data: { text: "Até já" }, ends_at: startsAt });
    const before = await getPage(page.slug);
    expect(before.statusCode).toBe(200);
    expect(before.body).not.toContain("Chegou a hora");
    expect(before.body).toContain("Até já");
    // Served again from the cache until then.
    expect((await getPage(page.slug)).body).toBe(before.body);

    await sleepUntil(startsAt, 100);
    const after = await getPage(page.slug, { "if-none-match": before.headers.etag as string });
    // The browser's copy is stale: no 304.
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain("Chegou a hora");
    expect(after.body).not.toContain("Até já");
  });

  it("lists only the link blocks shown in the public API's links", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const shown = await addBlock(cookie, page.id, {
      type: "link",
      data: { title: "Visível", url: "https://a.com", custom_style: { animation: "shake" } },
    });
    await addBlock(cookie, page.id, { type: "header", data: { text: "Título" } });
    await addBlock(cookie, page.id, {
      type: "link",
      data: { title: "Desligado", url: "https://b.com" },
      is_active: false,
    });
    await addBlock(cookie, page.id, {
      type: "link",
      data: { title: "Depois", url: "https://c.com" },
      starts_at: at(3_600_000),
    });
    await addBlock(cookie, page.id, {
      type: "link",
      data: { title: "Antes", url: "https://d.com" },
      ends_at: at(-1_000),
    });
    await addBlock(cookie, page.id, { type: "whatsapp", data: { phone: "11987654321" } });
    const response = await t.request({ method: "GET", url: `/api/public/link-pages/${page.slug}/links` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: shown.id, title: "Visível", url: "https://a.com", custom_style: '{"animation":"shake"}' },
    ]);
  });
});

describe("Pix on the page", () => {
  it("serves a BR Code that a third-party parser reads: CRC, key, name, city and amount", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const block = await addBlock(cookie, page.id, {
      type: "pix",
      data: {
        key: "Ana@Exemplo.com.br",
        name: "Ana Souza",
        city: "São Paulo",
        amount_cents: 1990,
        description: "Bolo de cenoura",
        label: "Pague no Pix",
      },
    });
    const html = (await getPage(page.slug)).body;
    expect(html).toContain("<details");
    expect(html).toContain("Pix Copia e Cola");
    expect(html).toContain("Pague no Pix");
    const codes = [...unescapeHtml(html).matchAll(/000201[^<>"]*?6304[0-9A-Fa-f]{4}/g)].map((m) => m[0]);
    expect(codes.length).toBeGreaterThan(0);
    const code = codes[0]!;
    // Every copy on the page (text box, copy button) is the same code.
    expect(new Set(codes)).toEqual(new Set([code]));
    expect(code).toMatch(/6304[0-9A-F]{4}$/);

    const pix = parsePix(code);
    expect(hasError(pix), JSON.stringify(pix)).toBe(false);
    expect(pix).toMatchObject({
      type: "STATIC",
      pixKey: "ana@exemplo.com.br",
      merchantName: "Ana Souza",
      merchantCity: "Sao Paulo",
      transactionAmount: 19.9,
      transactionCurrency: "986",
      countryCode: "BR",
      infoAdicional: "Bolo de cenoura",
    });
    expect(code).toContain("0014br.gov.bcb.pix");
    // The copy button counts as the block's click.
    expect(html).toMatch(
      new RegExp(
        `data-copy="[^"]+"[^>]*data-link-id="${block.id}"|data-link-id="${block.id}"[^>]*data-copy=`,
      ),
    );
  });

  it("leaves the amount to the payer when none is set", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    await addBlock(cookie, page.id, {
      type: "pix",
      data: { key: "123.456.789-09", name: "José", city: "Recife" },
    });
    const html = unescapeHtml((await getPage(page.slug)).body);
    const code = html.match(/000201[^<>"]*?6304[0-9A-F]{4}/)![0];
    const pix = parsePix(code);
    expect(hasError(pix), JSON.stringify(pix)).toBe(false);
    expect(pix).toMatchObject({ pixKey: "12345678909", merchantName: "Jose", merchantCity: "Recife" });
    expect(code).not.toMatch(/^000201.*54\d\d\d+\.\d\d5802BR/);
    expect("transactionAmount" in pix ? pix.transactionAmount : 0).toBe(0);
  });
});

describe("the contact card", () => {
  it("serves a vCard that parses, and counts its download as a contact click", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const block = await addBlock(cookie, page.id, {
      type: "contact",
      data: {
        name: "Ana Souza, Doces",
        phone: "(11) 98765-4321",
        email: "ana@exemplo.com.br",
        organization: "Doces da Ana; Bolos",
        website: "exemplo.com.br",
      },
    });
    const html = (await getPage(page.slug)).body;
    expect(html).toContain("Salvar contato");
    const href = unescapeHtml(html).match(/href="([^"]*\/contato\/[^"]+)"/)?.[1];
    expect(href).toBe(`/p/${page.slug}/contato/${block.id}.vcf`);

    const card = await t.request({
      method: "GET",
      url: href!,
      remoteAddress: fromNewIp(),
      headers: { "user-agent": BROWSER_USER_AGENT },
    });
    expect(card.statusCode).toBe(200);
    expect(card.headers["content-type"]).toMatch(/^text\/vcard/);
    const vcard = new ICAL.Component(ICAL.parse(card.body) as unknown[]);
    expect(vcard.name).toBe("vcard");
    expect(vcard.getFirstPropertyValue("fn")).toBe("Ana Souza, Doces");
    expect(vcard.getFirstPropertyValue("tel")).toBe("+5511987654321");
    expect(vcard.getFirstPropertyValue("email")).toBe("ana@exemplo.com.br");
    expect(vcard.getFirstPropertyValue("url")).toBe("https://exemplo.com.br");
    expect(String(vcard.getFirstPropertyValue("org"))).toContain("Doces da Ana; Bolos");

    await t.app.clicks.flush();
    expect(await eventClicks(t.database.db, "contact", block.id)).toBe(1);
    const [row] = await t.database.db.select().from(links).where(eq(links.id, block.id));
    expect(row!.clickCount).toBe(1);
  });

  it("counts a download, not a HEAD (a link preview checking the file)", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const block = await addBlock(cookie, page.id, {
      type: "contact",
      data: { name: "Ana", email: "ana@exemplo.com.br" },
    });
    const url = `/p/${page.slug}/contato/${block.id}.vcf`;
    const head = await t.request({ method: "HEAD", url, headers: { "user-agent": BROWSER_USER_AGENT } });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-type"]).toMatch(/^text\/vcard/);
    await t.app.clicks.flush();
    expect(await eventClicks(t.database.db, "contact", block.id)).toBe(0);
  });

  it("answers 404 for a contact block switched off, or for a block that is no contact", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const off = await addBlock(cookie, page.id, {
      type: "contact",
      data: { name: "Ana", email: "ana@exemplo.com.br" },
      is_active: false,
    });
    const header = await addBlock(cookie, page.id, { type: "header", data: { text: "Oi" } });
    for (const id of [off.id, header.id, 2147483000]) {
      const response = await getPage(`${page.slug}/contato/${id}.vcf`);
      expect(response.statusCode, String(id)).toBe(404);
    }
    await t.app.clicks.flush();
    expect(await eventClicks(t.database.db, "contact", off.id)).toBe(0);
  });
});

describe("a sensitive page", () => {
  it("shows an 18+ notice and no block target until the visitor confirms", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie, { is_sensitive: true });
    const blocks = [
      { type: "link", data: { title: "Conteúdo exclusivo", url: "https://exclusivo.exemplo.com.br/ana" } },
      {
        type: "image",
        data: {
          image_url: "https://cdn.exemplo.com.br/foto.jpg",
          alt: "Foto",
          link_url: "https://galeria.exemplo.com.br",
        },
      },
      {
        type: "social",
        data: {
          items: [
            { network: "instagram", url: "@ana.souza" },
            { network: "x", url: "@anasouza" },
          ],
        },
      },
      { type: "whatsapp", data: { phone: "11987654321", message: "Oi" } },
      { type: "embed", data: { url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" } },
      {
        type: "contact",
        data: { name: "Ana", email: "ana@exemplo.com.br", website: "https://site.exemplo.com.br" },
      },
      { type: "pix", data: { key: "12345678909", name: "Ana", city: "Recife" } },
    ];
    const ids: number[] = [];
    for (const body of blocks) ids.push((await addBlock(cookie, page.id, body)).id);
    const targets = [
      "exclusivo.exemplo.com.br",
      "galeria.exemplo.com.br",
      "cdn.exemplo.com.br",
      "instagram.com",
      "x.com/anasouza",
      "wa.me",
      "youtube",
      "site.exemplo.com.br",
      "/contato/",
      "000201",
      "Conteúdo exclusivo",
      // The beacon's script names the attribute; no element carries one.
      'data-link-id="',
    ];

    const gate = await getPage(page.slug);
    expect(gate.statusCode).toBe(200);
    expect(gate.body).toMatch(/18 anos/);
    expect(gate.body).toContain(`href="/p/${page.slug}?idade=18"`);
    for (const target of targets) expect(gate.body, target).not.toContain(target);

    const confirmed = await getPage(`${page.slug}?idade=18`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain("Conteúdo exclusivo");
    expect(confirmed.body).toContain("https://exclusivo.exemplo.com.br/ana");
    expect(confirmed.body).toContain("https://wa.me/5511987654321");
    expect(confirmed.body).toContain("https://www.instagram.com/ana.souza/");
    // Each block that leads somewhere is counted by the beacon; the contact card by its download.
    const contactId = ids[blocks.findIndex((block) => block.type === "contact")]!;
    for (const id of ids.filter((id) => id !== contactId))
      expect(confirmed.body).toContain(`data-link-id="${id}"`);
    // The card is behind the same confirmation: its link carries it, and without it there is none.
    expect(confirmed.body).toContain(`/p/${page.slug}/contato/${contactId}.vcf?idade=18`);
    expect((await getPage(`${page.slug}/contato/${contactId}.vcf`)).statusCode).toBe(404);
    expect((await getPage(`${page.slug}/contato/${contactId}.vcf?idade=18`)).statusCode).toBe(200);

    // The confirmed copy never reaches a visitor who has not confirmed.
    const again = await getPage(page.slug);
    for (const target of targets) expect(again.body, target).not.toContain(target);
  });
});

describe("clicks by block type", () => {
  it("records the beacon of a social, WhatsApp or link block under the block's type", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const social = await addBlock(cookie, page.id, {
      type: "social",
      data: { items: [{ network: "instagram", url: "@ana.souza" }] },
    });
    const whatsapp = await addBlock(cookie, page.id, { type: "whatsapp", data: { phone: "11987654321" } });
    const link = await addBlock(cookie, page.id, {
      type: "link",
      data: { title: "A", url: "https://a.com" },
    });
    for (const id of [social.id, whatsapp.id, whatsapp.id, link.id])
      expect((await track(id)).statusCode).toBe(204);
    await t.app.clicks.flush();
    const events = await t.database.db.select().from(clickEvents).where(eq(clickEvents.linkPageId, page.id));
    const byTarget = new Map<number, { type: string; clicks: number }>();
    for (const event of events) {
      const seen = byTarget.get(event.targetId);
      byTarget.set(event.targetId, { type: event.targetType, clicks: (seen?.clicks ?? 0) + event.clicks });
    }
    expect(byTarget.get(social.id)).toEqual({ type: "social", clicks: 1 });
    expect(byTarget.get(whatsapp.id)).toEqual({ type: "whatsapp", clicks: 2 });
    expect(byTarget.get(link.id)).toEqual({ type: "link", clicks: 1 });
    const [whatsappRow] = await t.database.db
      .select({ clicks: links.clickCount })
      .from(links)
      .where(eq(links.id, whatsapp.id));
    expect(whatsappRow!.clicks).toBe(2);
  });
});

describe("embeds", () => {
  it("allows the players' origins in frame-src and loads none of them before a tap", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const urls = [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://vimeo.com/76979871",
      "https://open.spotify.com/track/4cOdK2wGLETKBW3PvgPWqT",
      "https://soundcloud.com/artista/musica",
      "https://www.tiktok.com/@ana/video/7234567890123456789",
    ];
    const ids: number[] = [];
    for (const url of urls) ids.push((await addBlock(cookie, page.id, { type: "embed", data: { url } })).id);
    const response = await getPage(page.slug);
    const csp = response.headers["content-security-policy"] as string;
    const frameSrc = csp
      .split(";")
      .map((part) => part.trim())
      .find((part) => part.startsWith("frame-src "));
    expect(frameSrc?.split(/\s+/).slice(1).sort()).toEqual([...EMBED_FRAME_ORIGINS].sort());

    const html = response.body;
    expect(html).not.toMatch(/<iframe/i);
    const providers = /youtube|youtu\.be|ytimg|vimeo|spotify|scdn|soundcloud|sndcdn|tiktok/i;
    // Links under the facades may open the content on the provider's site; nothing is loaded from it.
    const loaded = [...html.matchAll(/\s(?:src|srcset|poster)="([^"]*)"/g)].map((m) => m[1]!);
    expect(loaded.filter((src) => providers.test(src))).toEqual([]);
    expect(html).not.toMatch(/<link[^>]+href="https?:\/\/[^"]*(youtube|vimeo|spotify|soundcloud|tiktok)/i);
    // Each facade is ours, counted on tap, and knows its player.
    for (const id of ids) expect(html).toContain(`data-link-id="${id}"`);
    expect(html).toContain("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
  });

  it("allows frames from the players of the page's own embeds only, and none without embeds", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    await addBlock(cookie, page.id, { type: "link", data: { title: "Loja", url: "https://exemplo.com.br" } });
    const frameSources = async () =>
      (((await getPage(page.slug)).headers["content-security-policy"] as string) ?? "")
        .split(";")
        .map((part) => part.trim())
        .filter((part) => part.startsWith("frame-src"));
    expect(await frameSources()).toEqual([]);

    const video = await addBlock(cookie, page.id, {
      type: "embed",
      data: { url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" },
    });
    expect(await frameSources()).toEqual(["frame-src https://www.youtube-nocookie.com"]);

    // Switched off, the embed is not shown: its player is not allowed either.
    const off = await t.request({
      method: "PUT",
      url: `/api/blocks/${video.id}`,
      cookie,
      payload: { is_active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await frameSources()).toEqual([]);
  });
});

describe("escaping", () => {
  it("escapes what the owner wrote in every text block", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const attack = `<script>alert("x")</script>`;
    await addBlock(cookie, page.id, { type: "header", data: { text: attack } });
    await addBlock(cookie, page.id, {
      type: "text",
      data: { text: `${attack}\n<img src=x onerror=alert(1)>` },
    });
    await addBlock(cookie, page.id, { type: "faq", data: { items: [{ question: attack, answer: attack }] } });
    await addBlock(cookie, page.id, { type: "contact", data: { name: attack, email: "a@exemplo.com.br" } });
    await addBlock(cookie, page.id, { type: "whatsapp", data: { phone: "11987654321", label: attack } });
    const html = (await getPage(page.slug)).body;
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x");
    expect(html.split("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;").length - 1).toBeGreaterThanOrEqual(
      5,
    );
  });
});
