import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { APP_FONT_PRELOAD, fontFaceCss, fontFiles } from "../../../common/link-bio/fonts";
import { projectRoot } from "../../../db/project-root";
import { setupTestApp } from "../../../tests/test-app";

const t = setupTestApp();
const require = createRequire(import.meta.url);
const get = (url: string, method: "GET" | "HEAD" = "GET") => t.request({ method, url });
const packageFile = (pkg: string, file: string) =>
  readFileSync(path.join(path.dirname(require.resolve(`${pkg}/package.json`)), "files", file));
const fontUrlsIn = (text: string) => [...text.matchAll(/\/fonts\/v[^\s"')]+/g)].map((m) => m[0]);

describe("GET /fonts/...", () => {
  it("serves a font file from its package, cached for good, to any origin", async () => {
    const response = await get("/fonts/v5.3.0/inter-latin-wght-normal.woff2");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("font/woff2");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["access-control-allow-origin"]).toBe("*");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["set-cookie"]).toBeUndefined();
    expect(
      response.rawPayload.equals(packageFile("@fontsource-variable/inter", "inter-latin-wght-normal.woff2")),
    ).toBe(true);
    expect(response.rawPayload.subarray(0, 4).toString("latin1")).toBe("wOF2");
  });

  it("serves every file the @font-face rules name, and answers HEAD", async () => {
    for (const { url, package: pkg, file } of fontFiles()) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.rawPayload.equals(packageFile(pkg, file)), url).toBe(true);
    }
    const head = await get("/fonts/v5.3.0/lato-latin-700-normal.woff2", "HEAD");
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe("");
  });

  it.each([
    ["another subset", "/fonts/v5.3.0/inter-cyrillic-wght-normal.woff2"],
    ["a weight we do not use", "/fonts/v5.3.0/poppins-latin-900-normal.woff2"],
    ["the woff file", "/fonts/v5.3.0/lato-latin-400-normal.woff"],
    ["another version", "/fonts/v5.2.0/inter-latin-wght-normal.woff2"],
    ["a path out of the folder", "/fonts/v5.3.0/../../package.json"],
    ["an encoded path out of the folder", "/fonts/v5.3.0/..%2f..%2fpackage.json"],
    ["a package file", "/fonts/v5.3.0/index.css"],
    ["the folder", "/fonts/"],
  ])("answers 404 to %s", async (_, url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(String(response.headers["cache-control"])).not.toContain("immutable");
  });
});

describe("the app shell's font", () => {
  it("is the file the server serves, named the same in styles.css, index.html and the pages' CSS", async () => {
    const styles = readFileSync(path.join(projectRoot, "web/styles.css"), "utf8");
    const index = readFileSync(path.join(projectRoot, "web/index.html"), "utf8");
    expect(index).toContain(
      `<link rel="preload" href="${APP_FONT_PRELOAD}" as="font" type="font/woff2" crossorigin />`,
    );
    // The app's @font-face rules point at the same URLs as a Link Bio page in Inter.
    expect(fontUrlsIn(styles).sort()).toEqual(fontUrlsIn(fontFaceCss(["Inter"])).sort());
    expect(fontUrlsIn(styles)).toContain(APP_FONT_PRELOAD);
    for (const url of [...fontUrlsIn(styles), ...fontUrlsIn(index)]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });
});
