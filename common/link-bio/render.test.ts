// @vitest-environment jsdom
import { hasError, isStaticPix, parsePix } from "pix-utils";
import { describe, expect, it } from "vitest";
import { DEFAULT_BUTTON_STYLE } from "../button-style";
import { defaultConsentText, LEAD_MESSAGES } from "../contract/leads";
import type { LinkBioBlock, LinkBioView } from "../contract/link-bio-view";
import { BLOCK_DATA_SCHEMAS, BLOCK_TYPES, type BlockType } from "../contract/link-blocks";
import { EMBED_FRAME_ORIGINS } from "./embeds";
import { escapeHtml } from "./escape-html";
import { LINK_BIO_CSS, renderLinkBioGateHtml, renderLinkBioHtml, renderLinkBioThanksHtml } from "./render";

/** A block whose data went through its type's schema, as the server stores and serves it. */
function block<T extends BlockType>(type: T, id: number, input: unknown): LinkBioBlock {
  return { id, type, data: BLOCK_DATA_SCHEMAS[type].parse(input) } as LinkBioBlock;
}

/** A block as it is, unchecked: what a half-typed editor form, or an attacker, might hand over. */
const raw = (type: BlockType, id: number, data: Record<string, unknown>) =>
  ({ id, type, data }) as unknown as LinkBioBlock;

const link = (id: number, title: string, url: string, extra: Record<string, unknown> = {}) =>
  raw("link", id, { title, url, custom_style: {}, highlight: false, ...extra });

const view = (overrides: Partial<LinkBioView> = {}): LinkBioView => ({
  title: "Ana Souza",
  description: "Confeiteira em São Paulo",
  profileImageUrl: null,
  backgroundColor: "#ffffff",
  textColor: "#111111",
  buttonStyle: {},
  background: { type: "solid", gradientTo: null, gradientDirection: null, imageUrl: null },
  blocks: [link(7, "Instagram", "https://instagram.com/ana")],
  ...overrides,
});

const render = (blocks: LinkBioBlock[], options = {}) => renderLinkBioHtml(view({ blocks }), options);

/** The style attribute of the element with this data-link-id. */
function buttonStyleOf(html: string, id: number): string {
  const match = html.match(new RegExp(`data-link-id="${id}" style="([^"]*)"`));
  if (!match) throw new Error(`no button ${id}`);
  return match[1]!;
}

const decodeEntities = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** Every href and src value in the markup (data-* attributes are not among them). */
const targets = (html: string) =>
  [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => decodeEntities(m[1]!));

const PIX = {
  key: "529.982.247-25",
  name: "Padaria do João",
  city: "São Paulo",
  amount_cents: 2500,
  description: "Pedido 42",
};

describe("escapeHtml", () => {
  it("escapes the five HTML metacharacters", () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
  });
});

describe("renderLinkBioHtml: the page", () => {
  it("renders the root with the page colours, the title, the description and the blocks", () => {
    const html = renderLinkBioHtml(view());
    expect(html).toMatch(/^<div class="lb" style="background:#ffffff;color:#111111;font-family:Inter,/);
    expect(html).toContain(`<h1 class="lb-title">Ana Souza</h1>`);
    expect(html).toContain(`<p class="lb-desc">Confeiteira em São Paulo</p>`);
    expect(html).toContain(`<div class="lb-blocks"><a class="lb-btn`);
    expect(html).toContain(
      `<a class="lb-btn lb-hover-scale lb-anim-none" href="https://instagram.com/ana" target="_blank" rel="noopener noreferrer nofollow" data-link-id="7" style="`,
    );
    expect(html).toContain(">Instagram</a>");
  });

  it("omits the description when empty and the blocks' list when there is none", () => {
    const html = renderLinkBioHtml(view({ description: null, blocks: [] }));
    expect(html).not.toContain("lb-desc");
    expect(html).not.toContain("lb-blocks");
    expect(html).not.toContain("lb-btn");
  });

  it("draws a gradient from the page colour, with a listed direction", () => {
    const background = {
      type: "gradient",
      gradientTo: "#7C3AED",
      gradientDirection: "90deg",
      imageUrl: null,
    } as const;
    expect(renderLinkBioHtml(view({ background }))).toMatch(
      /^<div class="lb" style="background:linear-gradient\(90deg,#ffffff,#7c3aed\);color:#111111;/,
    );
    // A direction that is not an option falls back to the default one; a bad end colour to solid.
    expect(
      renderLinkBioHtml(view({ background: { ...background, gradientDirection: "90deg);x:y(" } })),
    ).toContain(`style="background:linear-gradient(135deg,#ffffff,#7c3aed);`);
    expect(renderLinkBioHtml(view({ background: { ...background, gradientTo: "red" } }))).toContain(
      `<div class="lb" style="background:#ffffff;color`,
    );
  });

  it("draws a background image over the page colour, only from a safe source, quotes encoded", () => {
    const image = (imageUrl: string) =>
      renderLinkBioHtml(
        view({ background: { type: "image", gradientTo: null, gradientDirection: null, imageUrl } }),
      );
    expect(image("/uploads/fundo.webp")).toContain(
      `style="background:#ffffff url(&quot;/uploads/fundo.webp&quot;) center/cover no-repeat;color:#111111`,
    );
    const tricky = image(`https://img.example.com/a b");background:url("https://evil.example.com/x.png`);
    expect(tricky).toContain(
      `url(&quot;https://img.example.com/a%20b%22%29;background:url%28%22https://evil`,
    );
    for (const unsafe of ["javascript:alert(1)", "data:image/svg+xml;base64,PHN2Zz4=", "/uploads/../x"])
      expect(image(unsafe)).toContain(`<div class="lb" style="background:#ffffff;color:#111111`);
  });

  it("shows a safe profile image, or the title's initial when there is none or it is unsafe", () => {
    expect(renderLinkBioHtml(view({ profileImageUrl: "/uploads/abc.png" }))).toContain(
      `<img class="lb-avatar" src="/uploads/abc.png"`,
    );
    expect(renderLinkBioHtml(view({ profileImageUrl: "data:image/png;base64,iVBORw0KGgo=" }))).toContain(
      `src="data:image/png;base64,iVBORw0KGgo="`,
    );
    for (const unsafe of ["javascript:alert(1)", "data:image/svg+xml;base64,PHN2Zz4=", "/uploads/../x"]) {
      const html = renderLinkBioHtml(view({ profileImageUrl: unsafe }));
      expect(html).not.toContain("<img");
      expect(html).toContain(
        `aria-hidden="true" style="background:${DEFAULT_BUTTON_STYLE.backgroundColor};color:#ffffff">A</div>`,
      );
    }
  });

  it("places the trusted footer markup when given", () => {
    expect(renderLinkBioHtml(view(), { footerHtml: `<a href="/">Feito com Atalho</a>` })).toContain(
      `<footer class="lb-footer"><a href="/">Feito com Atalho</a></footer>`,
    );
  });

  it("has a landmark and an h1 on the public page; none of its own in the editor's preview", () => {
    const blocks = [block("header", 1, { text: "Bolos" })];
    const standalone = render(blocks);
    expect(standalone).toContain('<main class="lb-main">');
    expect(standalone).toMatch(/<h1 class="lb-title">.*<h2 class="lb-header">Bolos<\/h2>/s);
    const embedded = render(blocks, { embedded: true });
    expect(embedded).not.toContain("<main");
    expect(embedded).not.toContain("<h1");
    expect(embedded).toMatch(
      /<div class="lb-main">.*<h2 class="lb-title">.*<h3 class="lb-header">Bolos<\/h3>/s,
    );
  });
});

describe("renderLinkBioHtml: link blocks", () => {
  it("uses the defaults, then the page style, then the link's own overrides", () => {
    const html = renderLinkBioHtml(
      view({
        buttonStyle: { backgroundColor: "#ff0000", borderRadius: "50px", hoverEffect: "glow" },
        blocks: [
          link(1, "a", "https://a.com"),
          link(2, "b", "https://b.com", {
            custom_style: { backgroundColor: "#00ff00", animation: "bounce" },
          }),
        ],
      }),
    );
    const first = buttonStyleOf(html, 1);
    expect(first).toContain("background:#ff0000");
    expect(first).toContain("border-radius:50px");
    expect(first).toContain("font-size:16px"); // default
    const second = buttonStyleOf(html, 2);
    expect(second).toContain("background:#00ff00");
    expect(second).toContain("border-radius:50px");
    expect(html).toContain(`class="lb-btn lb-hover-glow lb-anim-none" href="https://a.com"`);
    expect(html).toContain(`class="lb-btn lb-hover-glow lb-anim-bounce" href="https://b.com"`);
  });

  it("renders gradients, borders, shadows with their colour, width, spacing, font and alignment", () => {
    const html = render([
      link(1, "a", "https://a.com", {
        custom_style: {
          backgroundType: "gradient",
          gradientFrom: "#111111",
          gradientTo: "#222222",
          gradientDirection: "90deg",
          borderWidth: "2px",
          borderColor: "#333333",
          shadow: "large",
          shadowColor: "#f00",
          width: "80%",
          padding: "8px 16px",
          margin: "16px 0",
          fontFamily: "Playfair Display",
          fontWeight: "700",
          textAlign: "left",
        },
      }),
    ]);
    const css = buttonStyleOf(html, 1);
    expect(css).toContain("background:linear-gradient(90deg,#111111,#222222)");
    expect(css).toContain("border:2px solid #333333");
    expect(css).toContain("box-shadow:0 10px 25px #ff000059");
    expect(css).toContain("width:80%");
    expect(css).toContain("padding:8px 16px");
    expect(css).toContain("margin:16px 0");
    expect(css).toContain("font-family:&quot;Playfair Display&quot;, Georgia");
    expect(css).toContain("font-weight:700");
    expect(css).toContain("text-align:left");
  });

  it("drops invalid style values instead of writing them into the style attribute", () => {
    const html = renderLinkBioHtml(
      view({
        backgroundColor: "red;background:url(https://evil.com)",
        buttonStyle: { backgroundColor: "red;x:y" as never, width: "999px" as never },
        blocks: [link(1, "a", "https://a.com", { custom_style: { padding: "0;position:fixed" } })],
      }),
    );
    expect(html).not.toContain("evil.com");
    expect(html).not.toContain("position:fixed");
    const css = buttonStyleOf(html, 1);
    expect(css).toContain(`background:${DEFAULT_BUTTON_STYLE.backgroundColor}`);
    expect(css).toContain("width:100%");
    expect(css).toContain("padding:16px 24px");
    expect(html).toContain(`<div class="lb" style="background:#ffffff;`);
  });

  it("marks a highlighted link, whose glow the CSS animates and stills under reduced motion", () => {
    const html = render([
      link(1, "Promoção", "https://a.com", { highlight: true }),
      link(2, "b", "https://b.com"),
    ]);
    expect(html).toContain(`class="lb-btn lb-hover-scale lb-anim-none lb-highlight" href="https://a.com"`);
    expect(html).toContain(`class="lb-btn lb-hover-scale lb-anim-none" href="https://b.com"`);
    expect(LINK_BIO_CSS).toMatch(
      /\.lb-highlight::after\{[^}]*animation:lb-attention [\d.]+s ease-in-out infinite/,
    );
    expect(LINK_BIO_CSS).toContain("@keyframes lb-attention{");
    const reduced = LINK_BIO_CSS.match(/@media \(prefers-reduced-motion:reduce\)\{(.*)\}$/m)![1]!;
    expect(reduced).toContain(".lb-highlight::after{animation:none;");
    expect(reduced).toContain(".lb-btn{animation:none!important;");
  });
});

describe("renderLinkBioHtml: every block type", () => {
  it("header, text and divider: a heading, a paragraph that keeps line breaks and links nothing, a rule", () => {
    const html = render([
      block("header", 1, { text: "Encomendas" }),
      block("text", 2, { text: "Bolos sob encomenda.\nVeja https://exemplo.com.br" }),
      block("divider", 3, {}),
    ]);
    expect(html).toContain(`<h2 class="lb-header">Encomendas</h2>`);
    expect(html).toContain(`<p class="lb-text">Bolos sob encomenda.\nVeja https://exemplo.com.br</p>`);
    expect(html).not.toContain(`href="https://exemplo.com.br"`);
    expect(html).toContain(`<hr class="lb-divider">`);
    expect(LINK_BIO_CSS).toMatch(/\.lb-text\{[^}]*white-space:pre-line/);
    expect(LINK_BIO_CSS).toMatch(/\.lb-divider\{[^}]*currentColor/);
  });

  it("asks for every image over https, as the public page's CSP allows, so the preview shows what visitors get", () => {
    const html = renderLinkBioHtml(
      view({
        profileImageUrl: "http://fotos.exemplo.com.br/ana.jpg",
        background: {
          type: "image",
          gradientTo: null,
          gradientDirection: null,
          imageUrl: "http://fotos.exemplo.com.br/fundo.jpg",
        },
        blocks: [block("image", 4, { image_url: "HTTP://fotos.exemplo.com.br/bolo.jpg", alt: "Bolo" })],
      }),
    );
    expect(targets(html)).toEqual([
      "https://fotos.exemplo.com.br/ana.jpg",
      "https://fotos.exemplo.com.br/bolo.jpg",
    ]);
    expect(html).toContain("https://fotos.exemplo.com.br/fundo.jpg");
    expect(html).not.toMatch(/http:\/\//i);
  });

  it("draws the e-mail icon of an address with an apostrophe (it is an address), escaped", () => {
    const html = render([
      block("social", 5, { items: [{ network: "email", url: "mailto:o'brien@exemplo.com.br" }] }),
    ]);
    expect(html).toContain(`href="mailto:o&#39;brien@exemplo.com.br"`);
  });

  it("image: lazy, described, linked (and counted) only when it has a link", () => {
    const plain = render([block("image", 4, { image_url: "/uploads/bolo.webp", alt: "Bolo de cenoura" })]);
    expect(plain).toContain(
      `<div class="lb-image-block"><img class="lb-image" src="/uploads/bolo.webp" alt="Bolo de cenoura" loading="lazy" decoding="async"></div>`,
    );
    expect(plain).not.toContain("data-link-id");
    const linked = render([
      block("image", 4, {
        image_url: "https://cdn.exemplo.com/b.png",
        alt: "Bolo",
        link_url: "loja.com.br/bolo",
      }),
    ]);
    expect(linked).toContain(
      `<a class="lb-image-link" href="https://loja.com.br/bolo" target="_blank" rel="noopener noreferrer nofollow" data-link-id="4"><img class="lb-image" src="https://cdn.exemplo.com/b.png" alt="Bolo"`,
    );
  });

  it("social: one 48px icon link per network, named for assistive technology and counted", () => {
    const html = render([
      block("social", 5, {
        items: [
          { network: "instagram", url: "@ana.doces" },
          { network: "x", url: "x.com/ana" },
          { network: "email", url: "ana@exemplo.com.br" },
        ],
      }),
    ]);
    expect(html).toContain(`<ul class="lb-social" aria-label="Redes sociais">`);
    expect(html).toContain(
      `<li><a class="lb-social-link" href="https://www.instagram.com/ana.doces/" target="_blank" rel="noopener noreferrer nofollow" aria-label="Instagram" data-link-id="5"><svg `,
    );
    expect(html).toContain(`aria-label="X (Twitter)" data-link-id="5"`);
    // An e-mail opens the mail app, not a new tab.
    expect(html).toContain(
      `<li><a class="lb-social-link" href="mailto:ana@exemplo.com.br" aria-label="E-mail" data-link-id="5">`,
    );
    expect(html.match(/<svg [^>]*fill="currentColor"|<svg [^>]*stroke="currentColor"/g)).toHaveLength(3);
    expect(LINK_BIO_CSS).toMatch(/\.lb-social-link\{[^}]*width:48px;height:48px/);
  });

  it("embed: our facade with the player in a data attribute, and a plain link to the provider's page", () => {
    const html = render([block("embed", 6, { url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" })]);
    expect(html).toContain(
      `<button type="button" class="lb-embed lb-frame-wide" data-link-id="6" ` +
        `data-embed-src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1" ` +
        `data-embed-allow="autoplay; encrypted-media; fullscreen; picture-in-picture" data-embed-title="Vídeo no YouTube">`,
    );
    expect(html).toContain(`<span class="lb-sr">Reproduzir: </span>Vídeo no YouTube</span>`);
    expect(html).toContain(`<span class="lb-embed-provider">YouTube</span>`);
    expect(html).toContain(
      `<a class="lb-embed-open" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" target="_blank" rel="noopener noreferrer nofollow" data-link-id="6">Abrir no YouTube</a>`,
    );
    expect(html).not.toContain("<iframe");
  });

  it("embed: nothing on the page loads from the provider before the tap", () => {
    const html = render([
      block("embed", 1, { url: "https://youtu.be/dQw4w9WgXcQ", title: "Meu clipe" }),
      block("embed", 2, { url: "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC" }),
      block("embed", 3, { url: "https://www.tiktok.com/@ana/video/7212345678901234567" }),
      block("embed", 4, { url: "https://vimeo.com/76979871" }),
      block("embed", 5, { url: "https://soundcloud.com/artista/faixa" }),
    ]);
    const pages = [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC",
      "https://www.tiktok.com/@ana/video/7212345678901234567",
      "https://vimeo.com/76979871",
      "https://soundcloud.com/artista/faixa",
    ];
    expect(targets(html)).toEqual(pages);
    // The players are named only in the facades' data attributes.
    const players = [...html.matchAll(/data-embed-src="([^"]*)"/g)].map((m) => decodeEntities(m[1]!));
    expect(players).toHaveLength(5);
    for (const player of players) {
      expect(EMBED_FRAME_ORIGINS.some((origin) => player.startsWith(`${origin}/`))).toBe(true);
      expect(html.split(escapeHtml(player)).length - 1).toBe(1);
    }
    expect(html).not.toMatch(/<(iframe|img|script|link|video|audio)\b/);
    expect(html).toContain(`data-embed-title="Meu clipe"`);
    expect(html).toContain(`class="lb-embed lb-frame-audio" style="height:152px" data-link-id="2"`);
    expect(html).toContain(`Música no Spotify`);
    expect(html).toContain(`class="lb-embed lb-frame-tall" data-link-id="3"`);
    expect(html).toContain(`class="lb-embed lb-frame-audio" style="height:166px" data-link-id="5"`);
  });

  it("whatsapp: a button in the page's style to wa.me with the ready message, and its icon", () => {
    const html = renderLinkBioHtml(
      view({
        buttonStyle: { backgroundColor: "#128c7e" },
        blocks: [block("whatsapp", 8, { phone: "(11) 98765-4321", message: "Olá! Quero um bolo & doces" })],
      }),
    );
    expect(html).toContain(
      `<a class="lb-btn lb-hover-scale lb-anim-none lb-wa" href="https://wa.me/5511987654321?text=Ol%C3%A1!%20Quero%20um%20bolo%20%26%20doces" target="_blank" rel="noopener noreferrer nofollow" data-link-id="8" style="`,
    );
    expect(buttonStyleOf(html, 8)).toContain("background:#128c7e");
    expect(html).toMatch(
      /<span class="lb-btn-icon"><svg [^>]*aria-hidden="true"[^>]*>.*<\/svg><\/span>Chamar no WhatsApp<\/a>/,
    );
    expect(render([block("whatsapp", 8, { phone: "+5511987654321", label: "Fale comigo" })])).toContain(
      `</span>Fale comigo</a>`,
    );
  });

  it("pix: a button opening, without script, the QR code, the receiver and the Pix Copia e Cola code", () => {
    const html = render([block("pix", 9, { ...PIX, label: "Pague o sinal" })]);
    expect(html).toMatch(
      /<details class="lb-pix"><summary class="lb-btn lb-hover-scale lb-anim-none lb-pix-summary" style="[^"]*"><span class="lb-btn-icon"><svg [^>]*>.*?<\/svg><\/span>Pague o sinal<span class="lb-pix-amount">R\$ 25,00<\/span><\/summary>/,
    );
    expect(html).toMatch(
      /<svg class="lb-qr" [^>]*role="img" aria-label="QR Code Pix"[^>]*><rect [^>]*fill="#fff"\/><path fill="#000" d="M\d+ \d+h\d+v1h-\d+z/,
    );
    expect(html).toContain(`<p class="lb-pix-to"><strong>Padaria do João</strong><br>São Paulo</p>`);
    expect(html).toContain(`<p class="lb-pix-note">Pedido 42</p>`);
    expect(html).toContain(`<label class="lb-pix-label" for="lb-pix-9">Pix Copia e Cola</label>`);

    const copied = decodeEntities(html.match(/data-copy="([^"]*)"/)![1]!);
    const shown = decodeEntities(
      html.match(/<textarea class="lb-pix-code" id="lb-pix-9" readonly[^>]*>([^<]*)<\/textarea>/)![1]!,
    );
    expect(shown).toBe(copied);
    expect(html).toContain(`<button type="button" class="lb-copy" data-copy="`);
    expect(html).toMatch(/data-link-id="9" aria-live="polite">Copiar código Pix<\/button><\/div><\/details>/);

    // A third-party Pix parser reads the code back, CRC checked.
    const parsed = parsePix(copied);
    if (hasError(parsed) || !isStaticPix(parsed)) throw new Error(`pix-utils refused ${copied}`);
    expect(parsed).toMatchObject({
      pixKey: "52998224725",
      merchantName: "Padaria do Joao",
      merchantCity: "Sao Paulo",
      transactionAmount: 25,
      infoAdicional: "Pedido 42",
    });
  });

  it("pix: says 'Pagar com Pix' and no amount when none is set; draws nothing when the data cannot make a code", () => {
    const html = render([block("pix", 9, { key: PIX.key, name: "Maria", city: "Recife" })]);
    expect(html).toContain(`</span>Pagar com Pix</summary>`);
    expect(html).not.toContain("lb-pix-amount");
    expect(html).not.toContain("lb-pix-note");
    const broken = render([raw("pix", 9, { key: "", name: "🎉", city: "Recife" })]);
    expect(broken).not.toContain("lb-pix");
  });

  it("contact: a card with the name and company, and 'Salvar contato' only when the vCard has an address", () => {
    const contact = block("contact", 10, {
      name: "Ana Souza",
      organization: "Doces da Ana",
      phone: "(11) 98765-4321",
      email: "ana@exemplo.com.br",
    });
    const html = render([contact], { contactHref: (id: number) => `/p/ana/contato/${id}.vcf` });
    expect(html).toContain(
      `<div class="lb-card lb-contact"><p class="lb-contact-name">Ana Souza</p><p class="lb-contact-org">Doces da Ana</p>` +
        `<a class="lb-btn lb-hover-scale lb-anim-none lb-contact-save" href="/p/ana/contato/10.vcf" style="`,
    );
    expect(html).toContain(`>Salvar contato</a></div>`);
    // The server counts the download when it serves the card, not the page's script.
    expect(html).not.toContain("data-link-id");
    // Nor is the number or the address on the page.
    expect(html).not.toContain("98765");
    expect(html).not.toContain("ana@exemplo");

    const preview = render([contact], { embedded: true });
    expect(preview).toContain(`<p class="lb-contact-org">Doces da Ana</p></div>`);
    expect(preview).not.toContain("Salvar contato");
  });

  it("faq: questions that open in place, one <details> each, answers keeping their line breaks", () => {
    const html = render([
      block("faq", 11, {
        items: [
          { question: "Entregam?", answer: "Sim, em SP.\nTaxa a combinar." },
          { question: "Aceitam Pix?", answer: "Sim." },
        ],
      }),
    ]);
    expect(html).toContain(
      `<div class="lb-faq"><details class="lb-faq-item"><summary>Entregam?</summary><p class="lb-faq-answer">Sim, em SP.\nTaxa a combinar.</p></details>` +
        `<details class="lb-faq-item"><summary>Aceitam Pix?</summary><p class="lb-faq-answer">Sim.</p></details></div>`,
    );
    expect(html).not.toContain("<script");
  });

  it("draws the blocks in the order given, and nothing of a block it is not given", () => {
    const html = render([
      block("divider", 3, {}),
      link(1, "Loja", "https://loja.com"),
      block("header", 2, { text: "Fim" }),
    ]);
    expect(html.indexOf("lb-divider")).toBeLessThan(html.indexOf("Loja"));
    expect(html.indexOf("Loja")).toBeLessThan(html.indexOf("Fim"));
    expect(render([link(1, "Loja", "https://loja.com")])).not.toMatch(
      /lb-pix|lb-embed|lb-social|lb-faq|lb-contact/,
    );
  });
});

describe("renderLinkBioHtml: a half-typed form in the editor", () => {
  it("draws blocks with missing fields as far as it can, without throwing", () => {
    const types = BLOCK_TYPES.filter((type) => type !== "divider");
    const html = render(
      [...types.map((type, i) => raw(type, i + 1, {})), raw("social", 20, { items: [{ network: "x" }] })],
      { embedded: true },
    );
    expect(html).toContain(`<a class="lb-btn lb-hover-scale lb-anim-none" target="_blank"`);
    expect(html).toContain(`<h3 class="lb-header"></h3>`);
    expect(html).toContain(`<div class="lb-card lb-contact"><p class="lb-contact-name"></p></div>`);
    expect(html).not.toMatch(/lb-image|lb-social|lb-embed|lb-pix|lb-faq/);
  });
});

describe("renderLinkBioHtml: hostile content", () => {
  const HOSTILE = `"'><script>alert(1)</script><img src=x onerror=alert(1)>`;

  it("escapes what users write in every field of every type", () => {
    const html = renderLinkBioHtml(
      view({
        title: HOSTILE,
        description: HOSTILE,
        blocks: [
          link(1, HOSTILE, `https://a.com/?q="><script>`),
          raw("header", 2, { text: HOSTILE }),
          raw("text", 3, { text: HOSTILE }),
          raw("image", 4, {
            image_url: "/uploads/a.png",
            alt: HOSTILE,
            link_url: `https://a.com/"><script>`,
          }),
          raw("social", 5, { items: [{ network: "site", url: `https://a.com/"onmouseover="x` }] }),
          raw("embed", 6, { url: "https://youtu.be/dQw4w9WgXcQ", title: HOSTILE }),
          raw("whatsapp", 7, { phone: "+5511987654321", message: HOSTILE, label: HOSTILE }),
          raw("pix", 8, {
            ...PIX,
            key: "52998224725",
            name: HOSTILE,
            city: HOSTILE,
            description: HOSTILE,
            label: HOSTILE,
          }),
          raw("contact", 9, { name: HOSTILE, organization: HOSTILE, email: "a@b.co" }),
          raw("faq", 10, { items: [{ question: HOSTILE, answer: HOSTILE }] }),
        ],
      }),
      { contactHref: () => `/v/"><script>` },
    );
    expect(html).not.toMatch(/<script|<img src=x/i);
    // No tag gains an attribute of the user's: every quote they wrote stays inside its value.
    expect(html.replace(/="[^"]*"/g, '=""')).not.toMatch(/<[a-z][^>]*\son[a-z]+=/i);
    expect(html).not.toMatch(/="'>/);
    expect(html).toContain("&quot;&#39;&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
    // Each of the fields shows the text, escaped (the title and description once, the Pix name twice).
    expect(html.split("&lt;script&gt;alert(1)").length - 1).toBeGreaterThanOrEqual(14);
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "//evil.com",
  ])("never renders %j as an href or src", (url) => {
    const html = render([
      link(3, "x", url),
      raw("image", 4, { image_url: url, alt: "x", link_url: "https://a.com" }),
      raw("image", 5, { image_url: "/uploads/a.png", alt: "x", link_url: url }),
      raw("social", 6, { items: [{ network: "site", url }] }),
      raw("embed", 7, { url }),
    ]);
    expect(html).not.toMatch(/(href|src)="(?!https?:|\/uploads\/)/i);
    expect(html).not.toMatch(/javascript:|vbscript:|data:text/i);
    expect(html).toContain('data-link-id="3"');
    expect(html).not.toContain("lb-social");
    expect(html).not.toContain("lb-embed");
  });
});

describe("renderLinkBioHtml: the contact form", () => {
  const FORM = { fields: ["name", "email", "whatsapp"], title: "Receba as promoções" };
  const domOf = (html: string) => new DOMParser().parseFromString(html, "text/html");
  const formOf = (options: Record<string, unknown>, data: Record<string, unknown> = FORM, id = 12) =>
    domOf(render([block("form", id, data)], options));
  const ACTION = { formAction: "/p/ana/leads" };

  it("posts the picked fields, in their order, each with its label, to the page's address", () => {
    const document = formOf(ACTION, { ...FORM, fields: ["whatsapp", "name", "email"] });
    const form = document.querySelector("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/p/ana/leads");
    expect(form.hasAttribute("novalidate")).toBe(true);
    expect(form.classList.contains("lb-form")).toBe(true);
    // Named by its title (an h2 under the page's h1).
    const title = document.getElementById(form.getAttribute("aria-labelledby")!)!;
    expect(title.tagName).toBe("H2");
    expect(title.textContent).toBe("Receba as promoções");

    const visible = [...form.querySelectorAll<HTMLInputElement>(".lb-field input")];
    expect(visible.map((input) => input.name)).toEqual(["whatsapp", "name", "email"]);
    expect(visible.map((input) => document.querySelector(`label[for="${input.id}"]`)?.textContent)).toEqual([
      "WhatsApp",
      "Nome",
      "E-mail",
    ]);
    const [whatsapp, name, email] = visible as [HTMLInputElement, HTMLInputElement, HTMLInputElement];
    expect([email.type, email.getAttribute("autocomplete")]).toEqual(["email", "email"]);
    expect([
      whatsapp.type,
      whatsapp.getAttribute("inputmode"),
      whatsapp.getAttribute("autocomplete"),
    ]).toEqual(["tel", "tel", "tel"]);
    expect(document.getElementById(whatsapp.getAttribute("aria-describedby")!)?.textContent).toBe("Com DDD");
    expect(name.getAttribute("autocomplete")).toBe("name");
    expect(visible.every((input) => input.value === "" && !input.required)).toBe(true);
    const blockId = form.querySelector<HTMLInputElement>('input[name="block_id"]')!;
    expect([blockId.type, blockId.value]).toEqual(["hidden", "12"]);
  });

  it("hides its honeypot from people: off-screen, out of the tab order and the accessibility tree", () => {
    const form = formOf(ACTION).querySelector("form")!;
    const trap = form.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.getAttribute("autocomplete")).toBe("off");
    expect(trap.value).toBe("");
    const box = trap.closest(".lb-hp")!;
    expect(box.getAttribute("aria-hidden")).toBe("true");
    expect(LINK_BIO_CSS).toMatch(/\.lb-hp\{position:absolute;left:-10000px;[^}]*overflow:hidden\}/);
  });

  it("asks for consent with an unticked box labelled by the consent text, and the page's button", () => {
    const document = formOf(ACTION);
    const consent = document.querySelector<HTMLInputElement>('input[name="consent"]')!;
    expect(consent.type).toBe("checkbox");
    expect(consent.checked).toBe(false);
    expect(consent.hasAttribute("checked")).toBe(false);
    expect(consent.value).toBe("on");
    expect(document.querySelector(`label[for="${consent.id}"]`)?.textContent).toBe(
      defaultConsentText("Ana Souza"),
    );
    expect(defaultConsentText("Ana Souza")).toContain("Ana Souza");
    const alert = document.querySelector('form [role="alert"]')!;
    expect(alert.textContent).toBe("");
    const button = document.querySelector<HTMLButtonElement>("form button")!;
    expect(button.type).toBe("submit");
    expect(button.textContent).toBe("Enviar");
    // The page's own button style, as the other blocks wear it.
    expect(button.className).toBe("lb-btn lb-hover-scale lb-anim-none lb-form-submit");
    expect(button.getAttribute("style")).toContain("border-radius:");

    const custom = formOf(ACTION, {
      ...FORM,
      button_text: "Quero receber",
      consent_text: "Aceito receber ofertas da Ana por WhatsApp.\nPosso sair quando quiser.",
    });
    expect(custom.querySelector("form button")?.textContent).toBe("Quero receber");
    expect(custom.querySelector(".lb-consent label")?.textContent).toBe(
      "Aceito receber ofertas da Ana por WhatsApp.\nPosso sair quando quiser.",
    );
  });

  it("draws the same in the editor's preview, but as nothing that can be submitted", () => {
    const html = render([block("form", 12, FORM)], { embedded: true });
    const document = domOf(html);
    expect(document.querySelector("form")).toBeNull();
    expect(html).not.toContain("action=");
    const card = document.querySelector(".lb-form")!;
    expect(card.querySelector("h3")?.textContent).toBe("Receba as promoções");
    expect([...card.querySelectorAll(".lb-field input")].map((input) => input.getAttribute("name"))).toEqual([
      "name",
      "email",
      "whatsapp",
    ]);
    expect(card.querySelector<HTMLButtonElement>("button")?.type).toBe("button");
    expect(card.querySelector('input[name="consent"]')).not.toBeNull();
  });

  it("shows a refused submission again: the visitor's values, escaped, and the errors in role=alert", () => {
    const hostile = `"><script>alert(1)</script>`;
    const html = render([block("form", 12, FORM), block("form", 13, FORM)], {
      ...ACTION,
      formState: {
        blockId: 12,
        values: { name: hostile, email: "ana@", whatsapp: "" },
        errors: { email: LEAD_MESSAGES.emailInvalid, consent: LEAD_MESSAGES.consentRequired },
      },
    });
    expect(html).not.toContain("<script>");
    const document = domOf(html);
    const [refused, other] = [...document.querySelectorAll("form")] as [HTMLFormElement, HTMLFormElement];
    const alert = refused.querySelector('[role="alert"]')!;
    expect([...alert.querySelectorAll("p")].map((p) => p.textContent)).toEqual([
      LEAD_MESSAGES.emailInvalid,
      LEAD_MESSAGES.consentRequired,
    ]);
    const field = (name: string) => refused.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
    expect(field("name").value).toBe(hostile);
    expect(field("email").value).toBe("ana@");
    expect(field("email").getAttribute("aria-invalid")).toBe("true");
    expect(field("email").getAttribute("aria-describedby")).toBe(alert.id);
    // The first field in error takes the focus: the refused page loads at its top.
    expect(field("email").hasAttribute("autofocus")).toBe(true);
    expect(field("consent").getAttribute("aria-invalid")).toBe("true");
    expect(field("consent").hasAttribute("autofocus")).toBe(false);
    expect(field("consent").checked).toBe(false);
    expect(field("name").hasAttribute("aria-invalid")).toBe(false);
    // The page's other form is left as it was.
    expect(other.querySelector('[role="alert"]')?.textContent).toBe("");
    expect(other.querySelector("[aria-invalid]")).toBeNull();
  });

  it("escapes what the owner wrote, and draws a half-typed form without throwing", () => {
    const HOSTILE = `"'><script>alert(1)</script>`;
    const html = render(
      [raw("form", 4, { fields: ["email"], title: HOSTILE, button_text: HOSTILE, consent_text: HOSTILE })],
      ACTION,
    );
    expect(html).not.toContain("<script>");
    expect(html.split("&lt;script&gt;").length - 1).toBe(3);
    const empty = render([raw("form", 5, {}), raw("form", 6, { fields: ["nope", "email"] })], ACTION);
    expect(empty).toContain(`<input type="hidden" name="block_id" value="5">`);
    expect(
      [...domOf(empty).querySelectorAll(".lb-field input")].map((input) => input.getAttribute("name")),
    ).toEqual(["email"]);
  });
});

describe("renderLinkBioThanksHtml", () => {
  it("shows the page's face, the thank-you text and a way back, in the page's button style", () => {
    const html = renderLinkBioThanksHtml(view({ blocks: [link(1, "Segredo", "https://segredo.com")] }), {
      message: "Valeu! <3",
      backHref: "/p/ana",
    });
    expect(html).toContain(`<h1 class="lb-title">Ana Souza</h1>`);
    expect(html).toContain(`<p class="lb-form-thanks" role="status">Valeu! &lt;3</p>`);
    expect(html).toMatch(/<a class="lb-btn [^"]*" href="\/p\/ana" style="[^"]*">Voltar para a página<\/a>/);
    expect(html).not.toMatch(/Segredo|Confeiteira/);
  });
});

describe("renderLinkBioGateHtml", () => {
  it("shows the title, picture and an 18+ notice, and nothing of the blocks or the description", () => {
    const html = renderLinkBioGateHtml(
      view({
        profileImageUrl: "/uploads/a.png",
        blocks: [link(1, "Segredo", "https://segredo.com"), block("header", 2, { text: "Oculto" })],
      }),
      { confirmHref: "/p/ana?maior=1", leaveHref: "https://atalho.app/", footerHtml: "<a>Feito</a>" },
    );
    expect(html).toContain(`<h1 class="lb-title">Ana Souza</h1>`);
    expect(html).toContain(`<img class="lb-avatar" src="/uploads/a.png"`);
    expect(html).toContain(`<h2 class="lb-header" id="lb-gate-title">Conteúdo para maiores de 18 anos</h2>`);
    expect(html).toMatch(
      /<a class="lb-btn [^"]*" href="\/p\/ana\?maior=1" style="[^"]*">Tenho 18 anos ou mais, continuar<\/a>/,
    );
    expect(html).toContain(`<a class="lb-gate-leave" href="https://atalho.app/">Sair</a>`);
    expect(html).not.toMatch(/Segredo|segredo\.com|Oculto|data-link-id|Confeiteira/);
  });
});

describe("LINK_BIO_CSS", () => {
  it("has every hover effect and animation with the spec's timings", () => {
    for (const name of ["scale", "glow", "lift", "pulse"])
      expect(LINK_BIO_CSS).toContain(`.lb-hover-${name}:hover`);
    expect(LINK_BIO_CSS).toContain("lb-pulse 1.5s ease-in-out infinite");
    expect(LINK_BIO_CSS).toContain("lb-fade-in 0.6s");
    expect(LINK_BIO_CSS).toContain("lb-slide-in 0.5s");
    expect(LINK_BIO_CSS).toContain("lb-bounce 2s");
    expect(LINK_BIO_CSS).toContain("lb-shake 0.8s");
  });

  it("is static: no value of a page in it", () => {
    expect(renderLinkBioHtml(view())).not.toContain("<style");
    expect(LINK_BIO_CSS).not.toMatch(/url\(/);
  });

  it("sizes the embed boxes and keeps tap targets at 48px", () => {
    expect(LINK_BIO_CSS).toMatch(/\.lb-frame-wide\{aspect-ratio:16\/9\}/);
    expect(LINK_BIO_CSS).toMatch(/\.lb-frame-tall\{aspect-ratio:9\/16;/);
    expect(LINK_BIO_CSS).toMatch(/\.lb-copy\{[^}]*min-height:48px/);
    expect(LINK_BIO_CSS).toMatch(/\.lb-faq-item>summary\{[^}]*min-height:48px/);
  });
});
