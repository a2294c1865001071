import { createRequire } from "node:module";
import { expect } from "vitest";

// The XSS corpus and the browser-side check shared by the sanitiser's and the admin API's tests.

// NOTE: jsdom (the web tests' DOM) ships no types; this is the little of it used here.
const { JSDOM } = createRequire(import.meta.url)("jsdom") as {
  JSDOM: new (html: string, options: { url: string }) => { window: Window & typeof globalThis };
};

export const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

/** Payloads a hostile or careless author could paste; each must come back harmless. */
export const XSS_CORPUS: string[] = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=https://evil.example/x.js></SCRIPT>",
  "<p>oi<script>document.cookie</script></p>",
  "<img src=x onerror=alert(1)>",
  '<img src="https://ok.example/a.png" onerror="alert(1)" onload="alert(2)">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="JaVaScRiPt&#58;alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="java\nscript:alert(1)">x</a>',
  '<a href=" &#14;  javascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="data:text/html;base64,PHNjcmlwdD4=">',
  '<img src="javascript:alert(1)">',
  "<svg onload=alert(1)><circle r=1 /></svg>",
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  "<style>body{background:url(javascript:alert(1))}</style>",
  '<p style="background:url(javascript:alert(1))">s</p>',
  '<div style="position:fixed;inset:0">overlay</div>',
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
  '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>',
  '<form action="https://evil.example"><input name="senha"><button formaction="javascript:alert(1)">ok</button></form>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<details open ontoggle="alert(1)">x</details>',
  '<body onload="alert(1)">x</body>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  "<template><script>alert(1)</script></template>",
  "<textarea><script>alert(1)</script></textarea>",
  "<<script>script>alert(1)<</script>/script>",
  "<scr<script>ipt>alert(1)</scr</script>ipt>",
  "<p>aberto <b>negrito <i>itálico",
  "<p <img src=x onerror=alert(1)>",
  '<img src="https://ok.example/a.png" alt=\'a"><script>alert(1)</script>\'>',
  '<img src="https://ok.example/a.png" alt="a\'><script>alert(1)</script>">',
  '<a href="https://ok.example" title="x" onclick="alert(1)" target="_top">x</a>',
  "<!--<img src=x onerror=alert(1)>--><p>comentário</p>",
  "<![CDATA[<img src=x onerror=alert(1)>]]><p>cdata</p>",
  '<a href="//evil.example/phish">protocolo relativo</a>',
  '<img src="//evil.example/x.png">',
  '<a href="https://ok.example/" rel="opener">rel</a>',
  `<img src="${PNG}" onerror="alert(1)">`,
];

const TAGS = new Set(
  "h1 h2 h3 h4 h5 h6 p br hr strong em b i u s ul ol li a img code pre blockquote table thead tbody tr th td figure figcaption".split(
    " ",
  ),
);
const ATTRIBUTES: Record<string, string[]> = {
  a: ["href", "target", "rel"],
  img: ["src", "alt", "width", "height", "loading"],
  th: ["colspan", "rowspan", "scope"],
  td: ["colspan", "rowspan"],
};

/**
 * Reads the HTML the way a browser does (jsdom, in a page of ours) and fails on anything outside
 * the allow-list: a tag, an attribute, a link that is not http(s)/mailto, an image that is not
 * http(s), /uploads/ or an inline raster image.
 */
export function expectHarmless(html: string): void {
  const dom = new JSDOM(`<!doctype html><body>${html}</body>`, { url: "https://atalho.example/blog/x" });
  const body = dom.window.document.body;
  // An inner <body onload> lends its attributes to the page's own body.
  expect(body.attributes.length, `attributes on <body> from ${html}`).toBe(0);
  for (const element of body.querySelectorAll("*")) {
    const tag = element.tagName.toLowerCase();
    expect(TAGS.has(tag), `tag <${tag}> in ${html}`).toBe(true);
    for (const { name, value } of element.attributes) {
      expect(ATTRIBUTES[tag] ?? [], `attribute ${name} on <${tag}> in ${html}`).toContain(name);
      if (name === "href") {
        expect(["http:", "https:", "mailto:"], `href ${value}`).toContain(
          new URL(value, dom.window.location.href).protocol,
        );
        expect(value, "absolute link").toMatch(/^(https?:|mailto:)/i);
      }
      if (name === "src") {
        const ok =
          /^\/uploads\/[A-Za-z0-9._-]+$/.test(value) ||
          /^data:image\/(png|jpeg|jpg|gif|webp);base64,/i.test(value) ||
          /^https?:\/\//i.test(value);
        expect(ok, `src ${value.slice(0, 60)}`).toBe(true);
      }
      if (name === "target") expect(value).toBe("_blank");
    }
    if (tag === "a") expect(element.getAttribute("rel")).toBe("noopener noreferrer");
  }
  dom.window.close();
}
