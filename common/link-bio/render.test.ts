import { describe, expect, it } from "vitest";
import { DEFAULT_BUTTON_STYLE } from "../button-style";
import type { LinkBioView } from "../contract/link-pages";
import { escapeHtml } from "./escape-html";
import { LINK_BIO_CSS, renderLinkBioHtml } from "./render";

const view = (overrides: Partial<LinkBioView> = {}): LinkBioView => ({
  title: "Ana Souza",
  description: "Confeiteira em São Paulo",
  profileImageUrl: null,
  backgroundColor: "#ffffff",
  textColor: "#111111",
  buttonStyle: {},
  links: [{ id: 7, title: "Instagram", url: "https://instagram.com/ana", style: {} }],
  ...overrides,
});

/** The style attribute of the button with this link id. */
function buttonStyleOf(html: string, id: number): string {
  const match = html.match(new RegExp(`data-link-id="${id}" style="([^"]*)"`));
  if (!match) throw new Error(`no button ${id}`);
  return match[1]!;
}

describe("escapeHtml", () => {
  it("escapes the five HTML metacharacters", () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
  });
});

describe("renderLinkBioHtml", () => {
  it("renders the root with the page colours, the title, the description and the buttons", () => {
    const html = renderLinkBioHtml(view());
    expect(html).toMatch(/^<div class="lb" style="background:#ffffff;color:#111111;font-family:Inter,/);
    expect(html).toContain(`<h1 class="lb-title">Ana Souza</h1>`);
    expect(html).toContain(`<p class="lb-desc">Confeiteira em São Paulo</p>`);
    expect(html).toContain(
      `<a class="lb-btn lb-hover-scale lb-anim-none" href="https://instagram.com/ana" target="_blank" rel="noopener noreferrer nofollow" data-link-id="7" style="`,
    );
    expect(html).toContain(">Instagram</a>");
  });

  it("escapes every user value: title, description, link title and url", () => {
    const html = renderLinkBioHtml(
      view({
        title: `<script>alert(1)</script>`,
        description: `"><img src=x onerror=alert(1)>`,
        links: [{ id: 1, title: `<b onmouseover="x">oi</b>`, url: `https://a.com/?q="><script>`, style: {} }],
      }),
    );
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<b ");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("&lt;b onmouseover=&quot;x&quot;&gt;oi&lt;/b&gt;");
    expect(html).toContain(`href="https://a.com/?q=&quot;&gt;&lt;script&gt;"`);
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "//evil.com",
  ])("never renders %j as an href", (url) => {
    const html = renderLinkBioHtml(view({ links: [{ id: 3, title: "x", url, style: {} }] }));
    expect(html).not.toMatch(/href="(?!https?:)/i);
    expect(html).not.toMatch(/javascript:|vbscript:|data:text/i);
    expect(html).toContain('data-link-id="3"');
  });

  it("uses the defaults, then the page style, then the link's own overrides", () => {
    const html = renderLinkBioHtml(
      view({
        buttonStyle: { backgroundColor: "#ff0000", borderRadius: "50px", hoverEffect: "glow" },
        links: [
          { id: 1, title: "a", url: "https://a.com", style: {} },
          {
            id: 2,
            title: "b",
            url: "https://b.com",
            style: { backgroundColor: "#00ff00", animation: "bounce" },
          },
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
    const html = renderLinkBioHtml(
      view({
        links: [
          {
            id: 1,
            title: "a",
            url: "https://a.com",
            style: {
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
          },
        ],
      }),
    );
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
        links: [{ id: 1, title: "a", url: "https://a.com", style: { padding: "0;position:fixed" as never } }],
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

  it("omits the description when empty and renders no buttons for a page without links", () => {
    const html = renderLinkBioHtml(view({ description: null, links: [] }));
    expect(html).not.toContain("lb-desc");
    expect(html).not.toContain("lb-btn");
  });

  it("places the trusted footer markup when given", () => {
    expect(renderLinkBioHtml(view(), { footerHtml: `<a href="/">Feito com Atalho</a>` })).toContain(
      `<footer class="lb-footer"><a href="/">Feito com Atalho</a></footer>`,
    );
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
});

describe("renderLinkBioHtml, embedded in another page", () => {
  it("has no landmark and no h1 of its own (the editor's preview), the public page has both", () => {
    const standalone = renderLinkBioHtml(view());
    expect(standalone).toContain('<main class="lb-main">');
    expect(standalone).toMatch(/<h1 class="lb-title">/);
    const embedded = renderLinkBioHtml(view(), { embedded: true });
    expect(embedded).not.toContain("<main");
    expect(embedded).not.toContain("<h1");
    expect(embedded).toMatch(/<div class="lb-main">.*<h2 class="lb-title">/s);
  });
});
