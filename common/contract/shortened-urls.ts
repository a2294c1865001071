import { isReserved } from "../reserved";
import { SHORT_CODE_MAX, SHORT_CODE_MIN } from "../slug";
import { z } from "../zod";
import { httpUrlSchema, LINK_TARGET_MESSAGES } from "./urls";
import { timestampSchema, wholeNumberSchema } from "./wire";

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
/** The notice's parameter with the short link the visitor opened, for its 'Denunciar link'. */
export const LINK_UNAVAILABLE_LINK_PARAM = "link";
/** LINK_UNAVAILABLE_PATH for a known address: the notice's 'Denunciar link' opens the form with it. */
export const linkUnavailablePath = (shortUrl: string) =>
  `${LINK_UNAVAILABLE_PATH}&${LINK_UNAVAILABLE_LINK_PARAM}=${encodeURIComponent(shortUrl)}`;

/** Random codes: 7 characters without the look-alikes 0 O 1 l I (57^7 ≈ 1.9e12 codes per domain). */
export const RANDOM_CODE_LENGTH = 7;
export const RANDOM_CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

export const SHORT_URL_LIST_DEFAULT = 100;
export const SHORT_URL_LIST_MAX = 500;
/**
 * A search counts its matches up to this many. Beyond it the list answers without X-Total-Count
 * (as GitLab's API does past 10,000): counting every match of a common word means reading every one
 * of the user's links, seconds for a million.
 */
export const SHORT_URL_SEARCH_COUNT_MAX = 10_000;

/** Every code there can be: letters, digits, `-` and `_` (random codes use a subset). */
export const SHORT_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

export const customCodeSchema = z
  .string()
  .trim()
  .min(SHORT_CODE_MIN, `O código deve ter pelo menos ${SHORT_CODE_MIN} caracteres`)
  .max(SHORT_CODE_MAX, `O código deve ter no máximo ${SHORT_CODE_MAX} caracteres`)
  .regex(SHORT_CODE_PATTERN, SHORT_URL_MESSAGES.codeHint)
  .refine((code) => !isReserved(code), SHORT_URL_MESSAGES.codeReserved);

export const POWER_LINK_MESSAGES = {
  ruleDevice: "Escolha iOS, Android ou computador.",
  ruleCountry: "Use o código do país com 2 letras, como BR.",
  ruleLanguage: "Use o código do idioma, como pt ou en.",
  rulesMax: "No máximo 10 regras por link.",
  clickLimit: "O limite de cliques deve ser um número inteiro entre 1 e 1.000.000.000.",
  passwordLength: "A senha do link deve ter entre 4 e 100 caracteres.",
  codeLocked: "O código só pode ser alterado enquanto o link não tiver cliques.",
  updated: "Link atualizado com sucesso!",
  updateFailed: "Erro ao atualizar o link",
  passwordPrompt: "Este link é protegido por senha.",
  passwordWrong: "Senha incorreta. Tente novamente.",
  openInApp: "Abrir no app: use verdadeiro ou falso.",
} as const;

export const DEVICE_RULE_VALUES = ["ios", "android", "desktop"] as const;
export const REDIRECT_RULES_MAX = 10;

/**
 * A redirect rule of a power link: first match wins, in order. device: ios | android | desktop;
 * country: ISO 3166-1 alpha-2 (as CF-IPCountry / geoip give it); language: a primary tag (pt, en)
 * matched against Accept-Language's first choice.
 */
export const redirectRuleSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("device"),
    value: z.enum(DEVICE_RULE_VALUES, POWER_LINK_MESSAGES.ruleDevice),
    url: httpUrlSchema,
  }),
  z.object({
    type: z.literal("country"),
    value: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, POWER_LINK_MESSAGES.ruleCountry)
      .transform((v) => v.toUpperCase()),
    url: httpUrlSchema,
  }),
  z.object({
    type: z.literal("language"),
    value: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2,3}$/, POWER_LINK_MESSAGES.ruleLanguage)
      .transform((v) => v.toLowerCase()),
    url: httpUrlSchema,
  }),
]);
export type RedirectRuleInput = z.input<typeof redirectRuleSchema>;

/**
 * The power options (redirect rules, click limit, expiry target, password) every body may carry;
 * absent means "none" on create, "keep" on update.
 */
const powerOptions = {
  rules: z.array(redirectRuleSchema).max(REDIRECT_RULES_MAX, POWER_LINK_MESSAGES.rulesMax).optional(),
  click_limit: z
    .number({ error: POWER_LINK_MESSAGES.clickLimit })
    .int(POWER_LINK_MESSAGES.clickLimit)
    .min(1, POWER_LINK_MESSAGES.clickLimit)
    .max(1_000_000_000, POWER_LINK_MESSAGES.clickLimit)
    .nullish(),
  expired_url: z
    .union([httpUrlSchema, z.literal(""), z.null()])
    .optional()
    .transform((v) => (v === "" ? null : v)),
  /** A new password; null or "" removes it; absent keeps it (on update). Only its hash is stored. */
  password: z
    .union([
      z.string().min(4, POWER_LINK_MESSAGES.passwordLength).max(100, POWER_LINK_MESSAGES.passwordLength),
      z.literal(""),
      z.null(),
    ])
    .optional()
    .transform((v) => (v === "" ? null : v)),
  /**
   * "Abrir no app": inside a social app's in-app browser, send the visitor to the target's app or
   * the system browser. Absent: on when creating, kept when updating.
   */
  open_in_app: z.boolean({ error: POWER_LINK_MESSAGES.openInApp }).optional(),
};

export const shortenedUrlBodySchema = z.object({
  ...powerOptions,
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

/**
 * PUT /api/shortened-urls/{id}: every field optional, absent ones kept. The code changes only while
 * the link has no clicks (POWER_LINK_MESSAGES.codeLocked); the domain never changes.
 */
export const shortenedUrlUpdateSchema = z.object({
  ...powerOptions,
  original_url: httpUrlSchema.optional(),
  title: shortenedUrlBodySchema.shape.title.optional(),
  custom_code: customCodeSchema.optional(),
  // Not the create's schema as is: there an absent expiry becomes null, here it must stay absent (kept).
  expires_at: z
    .union([z.iso.datetime({ offset: true, error: "Data de expiração inválida" }), z.literal(""), z.null()])
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? new Date(v) : null))
    .refine((d) => d == null || d.getTime() > Date.now(), SHORT_URL_MESSAGES.expiryInPast),
});
export type ShortenedUrlUpdate = z.input<typeof shortenedUrlUpdateSchema>;

/**
 * GET /api/shortened-urls: newest first, filtered by q (title, URL or code), paged; X-Total-Count
 * (absent when a search matches more than SHORT_URL_SEARCH_COUNT_MAX).
 */
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

/** GET /api/shortened-urls/redirect/{code}: where the code sends this visitor (the call is the visit). */
export const shortCodeTargetSchema = z.object({ original_url: z.string() });
export type ShortCodeTarget = z.infer<typeof shortCodeTargetSchema>;

export const shortenedUrlSchema = z
  .object({
    id: wholeNumberSchema,
    original_url: z.string(),
    title: z.string().nullable(),
    short_code: z.string(),
    custom_domain_id: wholeNumberSchema,
    click_count: wholeNumberSchema,
    created_at: timestampSchema,
    expires_at: timestampSchema.nullable(),
    /** The power options: redirect rules, click limit (and how much is used), expiry target, password. */
    rules: z.array(
      z.object({ type: z.enum(["device", "country", "language"]), value: z.string(), url: z.string() }),
    ),
    click_limit: wholeNumberSchema.nullable(),
    limit_used: wholeNumberSchema,
    expired_url: z.string().nullable(),
    has_password: z.boolean(),
    open_in_app: z
      .boolean()
      .describe("Abrir no app: tira o visitante do navegador do Instagram, TikTok etc."),
    updated_at: timestampSchema,
  })
  .describe("Um link curto.");
export type ShortenedUrl = z.infer<typeof shortenedUrlSchema>;
/** GET /api/shortened-urls */
export const shortenedUrlListSchema = z.array(shortenedUrlSchema);

/**
 * CSV import of short links: `original_url,title,custom_code,expires_at,open_in_app`; only
 * original_url is required. open_in_app: sim/não (also true/false, 1/0); empty is sim.
 */
export const SHORT_URL_IMPORT_MAX_ROWS = 1000;
export const SHORT_URL_IMPORT_MAX_BYTES = 1024 * 1024;
export const SHORT_URL_IMPORT_COLUMNS = [
  "original_url",
  "title",
  "custom_code",
  "expires_at",
  "open_in_app",
] as const;

/** A CSV's yes or no ("sim"/"não", "true"/"false", "1"/"0"; "" is `empty`); undefined when neither. */
export function parseCsvYesNo(value: string, empty: boolean): boolean | undefined {
  const v = value.trim().toLowerCase();
  if (v === "") return empty;
  if (v === "sim" || v === "s" || v === "true" || v === "1") return true;
  if (v === "não" || v === "nao" || v === "n" || v === "false" || v === "0") return false;
  return undefined;
}

export const SHORT_URL_IMPORT_MESSAGES = {
  empty: "O arquivo está vazio.",
  tooLarge: "O arquivo deve ter no máximo 1 MB.",
  tooManyRows: `O arquivo deve ter no máximo ${SHORT_URL_IMPORT_MAX_ROWS} linhas.`,
  missingColumn: "A primeira linha deve ter a coluna original_url.",
  unreadable: "Não foi possível ler o arquivo CSV.",
  expiresAt: "Data de expiração inválida. Use dd/mm/aaaa, dd/mm/aaaa hh:mm ou o formato ISO.",
  duplicateCode: "Este código aparece em outra linha do arquivo.",
  openInApp: "Abrir no app inválido. Use sim ou não.",
  imported: (n: number) => (n === 1 ? "1 link importado." : `${n} links importados.`),
  importFailed: "Erro ao importar o arquivo.",
  exportFailed: "Erro ao exportar os links.",
} as const;

/** POST /api/shortened-urls/import: the CSV's text (the web reads the chosen file as UTF-8). */
export const shortenedUrlImportBodySchema = z.object({
  csv: z
    .string({ error: SHORT_URL_IMPORT_MESSAGES.empty })
    .refine((text) => new TextEncoder().encode(text).length <= SHORT_URL_IMPORT_MAX_BYTES, {
      message: SHORT_URL_IMPORT_MESSAGES.tooLarge,
    }),
});
export type ShortenedUrlImportBody = z.input<typeof shortenedUrlImportBodySchema>;

/** One refused row: its line in the file (the header is line 1), the column and why. */
export const importRefusalSchema = z.object({
  row: wholeNumberSchema.describe("A linha do arquivo (o cabeçalho é a linha 1)."),
  field: z.string().describe("A coluna recusada."),
  message: z.string().describe("Por quê."),
});
export type ImportRefusal = z.infer<typeof importRefusalSchema>;
export const shortenedUrlImportResultSchema = z
  .object({
    created: wholeNumberSchema.describe("Quantos links foram criados."),
    refused: z.array(importRefusalSchema).describe("As linhas recusadas."),
  })
  .describe("O resultado de uma importação CSV.");
export type ShortenedUrlImportResult = z.infer<typeof shortenedUrlImportResultSchema>;
