import { isReserved } from "../reserved";
import { SHORT_CODE_MAX, SHORT_CODE_MIN } from "../slug";
import { z } from "../zod";
import { httpUrlSchema } from "./urls";

export const SHORT_URL_MESSAGES = {
  codeTaken: "Este código já está em uso neste domínio. Escolha outro.",
  codeReserved: "Este código é reservado. Escolha outro.",
  codeHint: "Apenas letras, números, - e _",
  ownShortLink: "Não é possível encurtar um link curto do próprio Atalho.",
  expiryInPast: "A data de expiração deve estar no futuro.",
  notFound: "URL não encontrada",
  shortenFailed: "Erro ao encurtar URL",
  deleteFailed: "Erro ao excluir URL",
  confirmDelete: "Tem certeza que deseja excluir esta URL? Esta ação não pode ser desfeita.",
  linkUnavailable: "Este link curto não existe ou expirou.",
} as const;

export const customCodeSchema = z
  .string()
  .trim()
  .min(SHORT_CODE_MIN, `O código deve ter pelo menos ${SHORT_CODE_MIN} caracteres`)
  .max(SHORT_CODE_MAX, `O código deve ter no máximo ${SHORT_CODE_MAX} caracteres`)
  .regex(/^[A-Za-z0-9_-]+$/, SHORT_URL_MESSAGES.codeHint)
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
