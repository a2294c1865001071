import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyPluginAsync } from "fastify";
import { NOT_FOUND } from "../../../common/contract/errors";
import { IMAGE_TYPES, type ImageExtension, UPLOAD_NAME, uploadsDir } from "./image-store";

const YEAR = 365 * 24 * 60 * 60;

// Registered at the root (no cookies, no CSP plugin): stored images, named by a random id that
// never changes, so they are cached for good.
export const uploadsRoutes: FastifyPluginAsync = async (app) => {
  const dir = uploadsDir(app.config.dataDir);
  app.get<{ Params: { name: string } }>("/uploads/:name", async (request, reply) => {
    const { name } = request.params;
    // Only names we write: no path separators, no dots but the extension's.
    const bytes = UPLOAD_NAME.test(name) ? await readFile(path.join(dir, name)).catch(() => null) : null;
    if (!bytes) return reply.code(404).header("cache-control", "no-store").send({ error: NOT_FOUND });
    const ext = path.extname(name).slice(1) as ImageExtension;
    return reply
      .header("content-type", IMAGE_TYPES[ext])
      .header("x-content-type-options", "nosniff")
      .header("content-security-policy", "default-src 'none'; sandbox")
      .header("cache-control", `public, max-age=${YEAR}, immutable`)
      .send(bytes);
  });
};
