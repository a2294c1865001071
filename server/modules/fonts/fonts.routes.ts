import { readFile } from "node:fs/promises";
import type { FastifyPluginAsync } from "fastify";
import { NOT_FOUND } from "../../../common/contract/errors";
import { FONTS_PATH } from "../../../common/link-bio/fonts";
import { loadFontFiles } from "./font-files";

const YEAR = 365 * 24 * 60 * 60;

// GET /fonts/v{version}/{file}.woff2: the self-hosted web fonts of the app and the Link Bio pages
// (registered at the root: no cookies, CSP or compression, woff2 is compressed already). Only the
// allow-listed URLs answer, so no path reaches the disk; the bytes are kept once read (~600 KB).
export const fontsRoutes: FastifyPluginAsync = async (app) => {
  const files = loadFontFiles();
  const loaded = new Map<string, Promise<Buffer>>();

  app.get(`${FONTS_PATH}/*`, async (request, reply) => {
    const url = request.url.split("?")[0] ?? "";
    const filePath = files.get(url);
    if (!filePath) return reply.code(404).header("cache-control", "no-store").send({ error: NOT_FOUND });
    let bytes = loaded.get(url);
    if (!bytes) {
      bytes = readFile(filePath).catch((error: unknown) => {
        loaded.delete(url);
        throw error;
      });
      loaded.set(url, bytes);
    }
    return (
      reply
        .header("content-type", "font/woff2")
        .header("x-content-type-options", "nosniff")
        // Custom domains' pages load the same files; fonts are fetched in CORS mode.
        .header("access-control-allow-origin", "*")
        .header("cache-control", `public, max-age=${YEAR}, immutable`)
        .send(await bytes)
    );
  });
};
