import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { LinkBioBlock } from "../../../common/contract/link-bio-view";
import { BLOCK_DATA_SCHEMAS, type BlockType } from "../../../common/contract/link-blocks";
import { blockTargetUrls } from "../../../common/link-bio/block-targets";
import { recognizeEmbed } from "../../../common/link-bio/embeds";
import type { LinkPageRow } from "../link-pages/link-pages.queries";
import {
  ERROR_CSP,
  PAGE_CSP,
  pageCsp,
  renderPublicPageDocument,
  toLinkBioView,
} from "./public-page.document";

const CONTEXT = { origin: "https://atalho.test", homeUrl: "https://atalho.test/", appName: "Atalho" };
const OPTIONS = {
  adultConfirmed: false,
  confirmHref: "/p/ana?maior-de-idade=1",
  contactHref: (id: number) => `/p/ana/contato/${id}.vcf`,
};

function pageRow(overrides: Partial<LinkPageRow> = {}): LinkPageRow {
  const at = new Date("2025-01-01T00:00:00Z");
  return {
    id: 1,
    userId: 1,
    domainId: 1,
    slug: "ana",
    title: "Ana Souza",
    description: "Confeiteira em São Paulo",
    profileImageUrl: "/uploads/ana.png",
    backgroundColor: "#FFF7ED",
    textColor: "#1f2937",
    buttonStyle: { backgroundColor: "#9a3412" },
    buttonFont: "Inter",
    buttonSize: "medium",
    isActive: true,
    backgroundType: "solid",
    backgroundGradientTo: null,
    backgroundGradientDirection: null,
    backgroundImageUrl: null,
    isSensitive: false,
    seoTitle: null,
    seoDescription: null,
    clickCount: 0,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

const block = (type: BlockType, id: number, input: unknown) =>
  ({ id, type, data: BLOCK_DATA_SCHEMAS[type].parse(input) }) as LinkBioBlock;

/** One block of every type, as the route hands them over. */
const BLOCKS: LinkBioBlock[] = [
  block("link", 11, { title: "Cardápio", url: "https://cardapio.exemplo.com.br", highlight: true }),
  block("header", 12, { text: "Encomendas abertas" }),
  block("text", 13, { text: "Bolos caseiros\nsob encomenda" }),
  block("image", 14, {
    image_url: "/uploads/bolo.webp",
    alt: "Bolo de cenoura",
    link_url: "https://loja.exemplo.com.br",
  }),
  block("social", 15, { items: [{ network: "instagram", url: "@ana.doces" }] }),
  block("embed", 16, { url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", title: "Como fazemos" }),
  block("whatsapp", 17, { phone: "(11) 98765-4321", message: "Quero um bolo" }),
  block("pix", 18, { key: "529.982.247-25", name: "Ana Souza", city: "São Paulo", amount_cents: 2500 }),
  block("contact", 19, {
    name: "Ana Souza",
    email: "ana@exemplo.com.br",
    website: "https://site.exemplo.com.br",
  }),
  block("faq", 20, { items: [{ question: "Entregam no domingo?", answer: "Só com encomenda." }] }),
  block("divider", 21, {}),
];

const render = (page: Partial<LinkPageRow> = {}, options: Partial<typeof OPTIONS> = {}, blocks = BLOCKS) =>
  renderPublicPageDocument({ page: pageRow(page), blocks }, CONTEXT, { ...OPTIONS, ...options });

const scriptOf = (html: string) => html.match(/<script>(.*?)<\/script>/s)![1]!;

describe("renderPublicPageDocument", () => {
  it("renders every block of the page, the contact card's vCard link and one script", () => {
    const html = render();
    expect(html).toMatch(/^<!doctype html><html lang="pt-BR">/);
    for (const id of [11, 14, 15, 16, 17, 18]) expect(html).toContain(`data-link-id="${id}"`);
    for (const marker of [
      "lb-header",
      "lb-text",
      "lb-social",
      "lb-embed",
      "lb-wa",
      "lb-pix",
      "lb-faq",
      "lb-divider",
    ])
      expect(html).toContain(marker);
    expect(html).toContain(`href="/p/ana/contato/19.vcf"`);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toContain(`name="robots"`);
  });

  it("allows in its CSP exactly the inline script it sends, and the players of its embeds as frames", () => {
    const hash = createHash("sha256").update(scriptOf(render())).digest("base64");
    expect(PAGE_CSP).toContain(`script-src 'sha256-${hash}'`);
    expect(PAGE_CSP).not.toContain("frame-src");
    expect(pageCsp([])).toBe(PAGE_CSP);
    const embeds = [
      "https://vimeo.com/76979871",
      "https://open.spotify.com/track/4cOdK2wGLETKBW3PvgPWqT",
      "https://youtu.be/dQw4w9WgXcQ",
    ].map((url, i) => block("embed", i + 1, { url }));
    expect(pageCsp([block("text", 9, { text: "Oi" }), ...embeds, embeds[0]!])).toBe(
      `${PAGE_CSP}; frame-src https://player.vimeo.com https://open.spotify.com https://www.youtube-nocookie.com`,
    );
    expect(PAGE_CSP).toContain("default-src 'none'");
    expect(PAGE_CSP).toContain("frame-ancestors 'none'");
    expect(ERROR_CSP).not.toContain("frame-src");
    expect(ERROR_CSP).toContain("script-src 'none'");
    // The gate sends the same script (so the same CSP serves both).
    expect(scriptOf(render({ isSensitive: true }))).toBe(scriptOf(render()));
  });

  it("uses the page's title and description for search and previews by default", () => {
    const html = render();
    expect(html).toContain("<title>Ana Souza</title>");
    expect(html).toContain(`<meta name="description" content="Confeiteira em São Paulo">`);
    expect(html).toContain(`<meta property="og:title" content="Ana Souza">`);
    expect(html).toContain(`<meta name="twitter:description" content="Confeiteira em São Paulo">`);
    expect(render({ description: null })).toContain(`<meta name="description" content="Links de Ana Souza">`);
  });

  it("uses the SEO title and description when the owner sets them, escaped", () => {
    const html = render({
      seoTitle: `Bolos da Ana "SP" <3`,
      seoDescription: "Bolos caseiros em SP & região",
    });
    expect(html).toContain("<title>Bolos da Ana &quot;SP&quot; &lt;3</title>");
    expect(html).toContain(`<meta name="description" content="Bolos caseiros em SP &amp; região">`);
    expect(html).toContain(`<meta property="og:title" content="Bolos da Ana &quot;SP&quot; &lt;3">`);
    expect(html).toContain(`<meta property="og:description" content="Bolos caseiros em SP &amp; região">`);
    expect(html).toContain(`<meta name="twitter:title" content="Bolos da Ana &quot;SP&quot; &lt;3">`);
    expect(html).toContain(`<meta name="twitter:description" content="Bolos caseiros em SP &amp; região">`);
    // The page itself keeps its own title.
    expect(html).toContain(`<h1 class="lb-title">Ana Souza</h1>`);
  });

  it("sets theme-color and the document's background from the page colour, checked", () => {
    const html = render({
      backgroundType: "gradient",
      backgroundGradientTo: "#FDBA74",
      backgroundGradientDirection: "90deg",
    });
    expect(html).toContain(`<meta name="theme-color" content="#fff7ed">`);
    expect(html).toContain("html,body{margin:0;background:#fff7ed}");
    expect(html).toContain(`<div class="lb" style="background:linear-gradient(90deg,#fff7ed,#fdba74);`);
    const bad = render({ backgroundColor: "red}body{visibility:collapse" });
    expect(bad).toContain(`<meta name="theme-color" content="#ffffff">`);
    expect(bad).not.toContain("visibility:collapse");
  });
});

describe("renderPublicPageDocument: a page for adults", () => {
  it("shows the 18+ notice and none of the blocks, their targets or the description until the visitor confirms", () => {
    const html = render({ isSensitive: true });
    expect(html).toContain(`<h1 class="lb-title">Ana Souza</h1>`);
    expect(html).toContain(`<img class="lb-avatar" src="/uploads/ana.png"`);
    expect(html).toContain("Conteúdo para maiores de 18 anos");
    expect(html).toContain("Esta página pode mostrar conteúdo impróprio para menores de 18 anos.");
    expect(html).toMatch(
      /<a class="lb-btn [^"]*" href="\/p\/ana\?maior-de-idade=1" style="[^"]*">Tenho 18 anos ou mais, continuar<\/a>/,
    );
    expect(html).toContain(`<a class="lb-gate-leave" href="https://atalho.test/">Sair</a>`);

    const hidden = [
      ...BLOCKS.flatMap((b) => blockTargetUrls(b.type, b.data)),
      recognizeEmbed("https://www.youtube.com/watch?v=dQw4w9WgXcQ")!.embedUrl,
      "youtube",
      "wa.me",
      "br.gov.bcb.pix",
      "/uploads/bolo.webp",
      "contato/19.vcf",
      "Cardápio",
      "Encomendas abertas",
      "Bolos caseiros",
      "Entregam no domingo",
      "Confeiteira",
    ];
    expect(hidden).toContain("https://cardapio.exemplo.com.br");
    for (const text of hidden) expect(html).not.toContain(text);
    expect(html).not.toContain(`data-link-id="`);
    expect(html).not.toContain(`<div class="lb-blocks">`);
  });

  it("asks search engines not to index it, and describes it neutrally for previews", () => {
    const gated = render({ isSensitive: true });
    expect(gated).toContain(`<meta name="robots" content="noindex">`);
    expect(gated).toContain(`<meta name="description" content="Links de Ana Souza">`);
    expect(gated).toContain(`<meta property="og:description" content="Links de Ana Souza">`);
    expect(render({ isSensitive: true, seoDescription: "Fotografia artística" })).toContain(
      `<meta name="description" content="Fotografia artística">`,
    );
  });

  it("shows the whole page once the visitor has confirmed (still not indexed)", () => {
    const html = render({ isSensitive: true }, { adultConfirmed: true });
    expect(html).not.toContain("Conteúdo para maiores de 18 anos");
    expect(html).toContain(`href="https://cardapio.exemplo.com.br"`);
    expect(html).toContain(`<p class="lb-desc">Confeiteira em São Paulo</p>`);
    expect(html).toContain(`<meta name="robots" content="noindex">`);
  });

  it("ignores the confirmation on a page that is not sensitive", () => {
    expect(render({}, { adultConfirmed: true })).toBe(render({}, { adultConfirmed: false }));
  });
});

describe("toLinkBioView", () => {
  it("carries the page's look, its background and the blocks as given", () => {
    const view = toLinkBioView({
      page: pageRow({
        backgroundType: "image",
        backgroundImageUrl: "/uploads/fundo.webp",
        buttonStyle: { width: "80%", bogus: "x" } as never,
      }),
      blocks: BLOCKS.slice(0, 2),
    });
    expect(view).toMatchObject({
      title: "Ana Souza",
      description: "Confeiteira em São Paulo",
      profileImageUrl: "/uploads/ana.png",
      backgroundColor: "#FFF7ED",
      textColor: "#1f2937",
      buttonStyle: { width: "80%" },
      background: {
        type: "image",
        gradientTo: null,
        gradientDirection: null,
        imageUrl: "/uploads/fundo.webp",
      },
    });
    expect(view.buttonStyle).not.toHaveProperty("bogus");
    expect(view.blocks).toEqual(BLOCKS.slice(0, 2));
  });
});
