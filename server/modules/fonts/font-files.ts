import { readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fontFiles, WEB_FONTS } from "../../../common/link-bio/fonts";

const require = createRequire(import.meta.url);

/**
 * The allow-list of font files, built once at start-up from common/link-bio/fonts.ts: URL path ->
 * the file in its installed @fontsource package. Throws when a package is missing, has another
 * version than the URLs name (an updated package must get new URLs: they are cached for good), or
 * lacks a file, so a bad install fails at start rather than on a visitor's request.
 */
export function loadFontFiles(): Map<string, string> {
  const packageDirs = new Map<string, string>();
  for (const font of Object.values(WEB_FONTS)) {
    const manifest = require.resolve(`${font.package}/package.json`);
    const { version } = JSON.parse(readFileSync(manifest, "utf8")) as { version: string };
    if (version !== font.version) {
      throw new Error(`${font.package} is ${version}, common/link-bio/fonts.ts names ${font.version}`);
    }
    packageDirs.set(font.package, path.dirname(manifest));
  }
  const files = new Map<string, string>();
  for (const { url, package: name, file } of fontFiles()) {
    const filePath = path.join(packageDirs.get(name) ?? "", "files", file);
    if (!statSync(filePath).isFile()) throw new Error(`${filePath} is not a file`);
    files.set(url, filePath);
  }
  return files;
}
