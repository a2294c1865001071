import type { FastifyInstance } from "fastify";
import { badRequest } from "../lib/http-error";

export const NUL_CHARACTER = "Os dados enviados contêm um caractere inválido.";

/** Whether a parsed JSON value (or query / params object) holds a string with a NUL anywhere. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\0");
  if (depth > 32 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  for (const [key, item] of Object.entries(value)) {
    if (key.includes("\0") || containsNul(item, depth + 1)) return true;
  }
  return false;
}

/**
 * Postgres text cannot hold U+0000: a NUL in an API body, query or path parameter would fail the
 * query and answer 500. It is refused before validation with a 400 and a pt-BR message instead.
 * (The SPA's pages read nothing from the path on the server.)
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    if (!request.url.startsWith("/api/")) return;
    if (containsNul(request.body) || containsNul(request.query) || containsNul(request.params))
      throw badRequest(NUL_CHARACTER);
  });
}
