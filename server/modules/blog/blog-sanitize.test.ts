import { describe, expect, it } from "vitest";
import { sanitizeBlogHtml } from "./blog-sanitize";
import { expectHarmless, PNG, XSS_CORPUS } from "./blog-sanitize.fixtures";

describe("sanitizeBlogHtml", () => {
  it.each(XSS_CORPUS)("makes %s harmless", (payload) => {
    const clean = sanitizeBlogHtml(payload);
    expectHarmless(clean);
    expect(clean).not.toMatch(
      /<script|<style|<iframe|<svg|<math|<form|<object|<embed|javascript:|vbscript:/i,
    );
    expect(clean).not.toMatch(/\son[a-z]+\s*=/i);
    // Sanitising is stable: what is stored sanitises to itself.
    expect(sanitizeBlogHtml(clean)).toBe(clean);
  });

  it("keeps the allow-listed markup as written", () => {
    const html = [
      "<h1>T1</h1><h2>T2</h2><h3>T3</h3><h4>T4</h4><h5>T5</h5><h6>T6</h6>",
      "<p>a<br />b</p><hr />",
      "<p><strong>s</strong><em>e</em><b>b</b><i>i</i><u>u</u><s>x</s></p>",
      "<ul><li>1</li></ul><ol><li>2</li></ol>",
      "<pre><code>const a = 1 &lt; 2;</code></pre><blockquote>citação</blockquote>",
      '<table><thead><tr><th scope="col">h</th></tr></thead><tbody><tr><td colspan="2">c</td></tr></tbody></table>',
      '<figure><img src="https://cdn.example/a.png" alt="A" width="640" height="480" loading="lazy" /><figcaption>Legenda</figcaption></figure>',
    ].join("");
    expect(sanitizeBlogHtml(html)).toBe(html);
  });

  it("forces rel on links, keeps target only as _blank, and keeps http(s) and mailto", () => {
    expect(sanitizeBlogHtml('<a href="https://ok.example/a?b=1&amp;c=2" target="_blank">x</a>')).toBe(
      '<a href="https://ok.example/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeBlogHtml('<a href="mailto:ola@exemplo.com.br" target="_self" rel="opener">m</a>')).toBe(
      '<a href="mailto:ola@exemplo.com.br" rel="noopener noreferrer">m</a>',
    );
    expect(sanitizeBlogHtml('<a href="http://ok.example">h</a>')).toBe(
      '<a href="http://ok.example" rel="noopener noreferrer">h</a>',
    );
    // Not http(s)/mailto: the link loses its target, the text stays.
    expect(sanitizeBlogHtml('<a href="/pricing">planos</a>')).toBe('<a rel="noopener noreferrer">planos</a>');
    expect(sanitizeBlogHtml('<a href="tel:+5511999999999">ligue</a>')).toBe(
      '<a rel="noopener noreferrer">ligue</a>',
    );
  });

  it("keeps images from http(s), our uploads and inline rasters, and drops the others whole", () => {
    expect(sanitizeBlogHtml(`<img src="${PNG}" alt="px" />`)).toBe(`<img src="${PNG}" alt="px" />`);
    expect(sanitizeBlogHtml('<img src="/uploads/0123456789abcdef0123456789abcdef.png" />')).toBe(
      '<img src="/uploads/0123456789abcdef0123456789abcdef.png" />',
    );
    for (const src of [
      "data:image/svg+xml;base64,PHN2Zz4=",
      "data:text/html;base64,PHNjcmlwdD4=",
      "/etc/passwd",
      "../uploads/x.png",
      "ftp://files.example/a.png",
      "javascript:alert(1)",
    ]) {
      expect(sanitizeBlogHtml(`<p>a<img src="${src}" alt="x" />b</p>`), src).toBe("<p>ab</p>");
    }
    expect(
      sanitizeBlogHtml('<img src="https://ok.example/a.png" width="100px" height="50%" loading="soon" />'),
    ).toBe('<img src="https://ok.example/a.png" height="50%" />');
  });

  it("escapes attribute values and text instead of letting them close the markup", () => {
    expect(
      sanitizeBlogHtml('<img src="https://ok.example/a.png" alt=\'a"><script>alert(1)</script>\'>'),
    ).toBe('<img src="https://ok.example/a.png" alt="a&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" />');
    expect(sanitizeBlogHtml("<p>1 < 2 & 3 > 2</p>")).toBe("<p>1 &lt; 2 &amp; 3 &gt; 2</p>");
  });

  it("closes unclosed markup and drops what only hides things", () => {
    expect(sanitizeBlogHtml("<p>aberto <b>negrito <i>itálico")).toBe(
      "<p>aberto <b>negrito <i>itálico</i></b></p>",
    );
    expect(sanitizeBlogHtml("<div><span>texto</span></div>")).toBe("texto");
    expect(sanitizeBlogHtml("<script>only</script>")).toBe("");
  });
});
