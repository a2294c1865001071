import { isReserved } from "../reserved";
import { SHORT_CODE_MAX, SHORT_CODE_MIN } from "../slug";
import { z } from "../zod";
import { httpUrlSchema, LINK_TARGET_MESSAGES } from "./urls";

export const SHORT_URL_MESSAGES = {
  codeTaken: "Este código já está em uso neste domínio. Escolha outro.",
  codeReserved: "Este código é reservado. Escolha outro.",
  codeHint: "Apenas letras, números, - e _",
  ownShortLink: LINK_TARGET_MESSAGES.ownShortened,
  expiryInPast: "A data de expiração deve estar no futuro.",
  notFound: "URL não encontrada",
  shortenFailed: "Erro ao encurtar URL",
  deleteFailed: "Erro ao excluir URL",
  confirmDelete: "Tem certeza que deseja excluir esta URL? Esta ação não pode ser desfeita.",
  linkUnavailable: "Este link curto não existe ou expirou.",
  domainUnavailable: "Domínio indisponível para a sua conta.",
  invalidId: "Id inválido",
} as const;

/** Where a visitor of an unknown or expired short link lands; the web shows linkUnavailable there. */
export const LINK_UNAVAILABLE_PATH = "/?aviso=link-indisponivel";

/** Random codes: 7 characters without the look-alikes 0 O 1 l I (57^7 ≈ 1.9e12 codes per domain). */
export const RANDOM_CODE_LENGTH = 7;
export const RANDOM_CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

export const SHORT_URL_LIST_DEFAULT = 100;
export const SHORT_URL_LIST_MAX = 500;

/** Every code there can be: letters, digits, `-` and `_` (random codes use a subset). */
export const SHORT_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

export const customCodeSchema = z
  .string()
  .trim()
  .min(SHORT_CODE_MIN, `O código deve ter pelo menos ${SHORT_CODE_MIN} caracteres`)
  .max(SHORT_CODE_MAX, `O código deve ter no máximo ${SHORT_CODE_MAX} caracteres`)
  .regex(SHORT_CODE_PATTERN, SHORT_URL_MESSAGES.codeHint)
  .refine((code) => !isReserved(code), SHORT_URL_MESSAGES.codeReserved);

export const shortenedUrlBodySchema = z.object({
  original_url: httpUrlSchema,
  title: z
    .string()
    .trim()
    .max(200, "O título deve ter no máximo 200 caracteres")
    .nullish()
    .transform((v) => v || null),
  custom_code: z
    .union([customCodeSchema, z.literal(""), z.null()])
    .optional()
    .transform((v) => v || null),
  custom_domain_id: z.number({ error: "Domínio inválido" }).int().positive().nullish(),
  expires_at: z
    .union([z.iso.datetime({ offset: true, error: "Data de expiração inválida" }), z.literal(""), z.null()])
    .optional()
    .transform((v) => (v ? new Date(v) : null))
    .refine((d) => d === null || d.getTime() > Date.now(), SHORT_URL_MESSAGES.expiryInPast),
});
export type ShortenedUrlBody = z.input<typeof shortenedUrlBodySchema>;

/** GET /api/shortened-urls: newest first, filtered by q (title, URL or code), paged; X-Total-Count. */
export const shortenedUrlListQuerySchema = z.object({
  q: z.string().trim().max(200, "Busca longa demais").optional().default(""),
  limit: z.coerce
    .number({ error: "Limite inválido" })
    .int("Limite inválido")
    .min(1, "Limite inválido")
    .max(SHORT_URL_LIST_MAX, `O limite máximo é ${SHORT_URL_LIST_MAX}`)
    .optional()
    .default(SHORT_URL_LIST_DEFAULT),
  offset: z.coerce
    .number({ error: "Posição inválida" })
    .int("Posição inválida")
    .min(0, "Posição inválida")
    .max(1_000_000, "Posição inválida")
    .optional()
    .default(0),
});
export type ShortenedUrlListQuery = z.input<typeof shortenedUrlListQuerySchema>;

export const shortenedUrlIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: SHORT_URL_MESSAGES.invalidId })
    .int(SHORT_URL_MESSAGES.invalidId)
    .positive(SHORT_URL_MESSAGES.invalidId)
    .max(2147483647, SHORT_URL_MESSAGES.invalidId),
});

/** A code in a path; a code that cannot exist is simply not found (404), not a 400. */
export const shortCodeParamsSchema = z.object({ code: z.string() });

export type ShortenedUrl = {
  id: number;
  original_url: string;
  title: string | null;
  short_code: string;
  custom_domain_id: number;
  click_count: number;
  created_at: string;
  expires_at: string | null;
};
