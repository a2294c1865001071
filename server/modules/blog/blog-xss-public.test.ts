import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupTestApp } from "../../../tests/test-app";
import { expectHarmless, XSS_CORPUS } from "./blog-sanitize.fixtures";

// The other end of the XSS corpus: what an author saved, as a visitor's browser reads the public page.

const { JSDOM } = createRequire(import.meta.url)("jsdom") as {
  JSDOM: new (html: string, options: { url: string }) => { window: Window & typeof globalThis };
};

const distDir = fs.mkdtempSync(path.join(os.tmpdir(), "atalho-blog-xss-"));
fs.writeFileSync(
  path.join(distDir, "index.html"),
  `<!doctype html><html lang="pt-BR"><head><meta charset="UTF-8" /><title>Atalho</title></head><body><div id="root"></div></body></html>`,
);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "atalho-blog-xss-data-"));
afterAll(() => {
  fs.rmSync(distDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const t = setupTestApp({ dataDir }, { distDir });
let cookie = "";
beforeAll(async () => {
  cookie = (await t.signIn({ isAdmin: true })).cookie;
});

const DATA_SCRIPTS = new Set(["application/json", "application/ld+json"]);

describe("the XSS corpus on the public blog", () => {
  it.each(XSS_CORPUS.map((payload, index) => [index, payload] as const))(
    "payload %i is harmless on /blog/{slug}",
    async (index, payload) => {
      const slug = `xss-${index}`;
      const saved = await t.request({
        method: "POST",
        url: "/api/admin/blog/posts",
        cookie,
        payload: {
          title: `XSS ${index}`,
          slug,
          // Text around the payload, so a payload stripped to nothing still saves.
          content: `<p>antes</p>${payload}<p>depois</p>`,
          excerpt: payload.slice(0, 300),
          meta_description: payload.slice(0, 160),
          status: "published",
        },
      });
      expect(saved.statusCode, saved.body).toBe(201);

      const page = await t.request({
        method: "GET",
        url: `/blog/${slug}`,
        headers: { "user-agent": "Mozilla/5.0" },
      });
      expect(page.statusCode).toBe(200);
      const dom = new JSDOM(page.body, { url: `https://atalho.example/blog/${slug}` });
      const document = dom.window.document;
      // No script runs: the only scripts are data blocks (the page's query data and JSON-LD).
      for (const script of document.querySelectorAll("script")) {
        expect(DATA_SCRIPTS.has(script.getAttribute("type") ?? ""), script.outerHTML.slice(0, 120)).toBe(
          true,
        );
      }
      for (const element of document.querySelectorAll("*")) {
        for (const { name, value } of element.attributes) {
          expect(name.startsWith("on"), `${name} on <${element.tagName}>`).toBe(false);
          if (name === "href" || name === "src" || name === "action" || name === "formaction") {
            expect(value.trim().toLowerCase()).not.toMatch(/^(javascript|vbscript|data:text)/);
          }
        }
      }
      // (The page's own icons are SVG: the content's are judged below, by the allow-list.)
      for (const tag of ["iframe", "object", "embed", "form", "base", "math"]) {
        expect(document.querySelector(`body ${tag}`), tag).toBeNull();
      }
      // The post's own content, read as a browser reads it, holds only the allow-list.
      const content = [...document.querySelectorAll("p")].find(
        (p) => p.textContent === "antes",
      )?.parentElement;
      expect(content).toBeTruthy();
      expectHarmless(content!.innerHTML);
      dom.window.close();
    },
  );
});
