import { z } from "../zod";

export const URL_MAX = 2048;

/** Why a server refuses a link target it would otherwise accept (checked at save time only). */
export const LINK_TARGET_MESSAGES = {
  internal: "Este endereço aponta para uma rede interna e não pode ser usado.",
  ownShortened: "Não é possível encurtar um link do próprio Atalho.",
  ownLink: "Não é possível usar um link do próprio Atalho em uma página Link Bio.",
} as const;

/**
 * A link target: http(s) only, at most 2048 characters. A missing scheme gets https:// (people
 * paste "exemplo.com.br"); javascript:, data: and the like are refused.
 */
export const httpUrlSchema = z
  .string({ error: "URL é obrigatória" })
  .trim()
  .min(1, "URL é obrigatória")
  .max(URL_MAX, `A URL deve ter no máximo ${URL_MAX} caracteres`)
  // A path ("/x.png", "//host/x") is not given a scheme: "https:///x.png" would read as host x.png.
  .transform((value) =>
    /^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith("/") ? value : `https://${value}`,
  )
  .refine(isHttpUrl, "Informe uma URL válida começando com http:// ou https://");

export function isHttpUrl(value: string): boolean {
  if (value.length > URL_MAX) return false;
  try {
    const url = new URL(value);
    const httpish = url.protocol === "http:" || url.protocol === "https:";
    return httpish && (url.hostname.includes(".") || url.hostname === "localhost");
  } catch {
    return false;
  }
}

export const hexColorSchema = z
  .string({ error: "Cor inválida" })
  .trim()
  .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, "Use uma cor no formato hexadecimal, como #3b82f6")
  .transform((value) => value.toLowerCase());
