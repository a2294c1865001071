import { z } from "../zod";
import type { LeadField } from "./link-blocks";
import { pageFields, pageNumberSchema } from "./paging";
import { optionalDaySchema, timestampSchema, wholeNumberSchema } from "./wire";

// Leads (issue 37): the answers of a Link Bio page's contact form ("form" block), with the proof of
// the visitor's consent (LGPD arts. 7 I and 8: free, informed, specific, provable). The owner reads
// them on "Contatos" (/contacts) and through `GET /api/leads`; we process them on the owner's behalf
// (operador).

/** The form's own field names, as the page's plain HTML form posts them (form-encoded). */
export const LEAD_FORM_FIELDS = {
  blockId: "block_id",
  name: "name",
  email: "email",
  whatsapp: "whatsapp",
  consent: "consent",
  /** The honeypot: hidden from people; a bot that fills it is thanked and nothing is kept. */
  honeypot: "website",
  /** Which consent text the visitor saw (consentTagOf), so an edit meanwhile is never recorded as agreed. */
  consentTag: "consent_tag",
} as const;

/**
 * A short tag of a consent text (FNV-1a, 32 bits, hex): the form carries the tag of the text it
 * showed, and a submission whose tag is not the current text's is asked again (the owner edited the
 * text after the visitor opened the page). A check of sameness, not a secret.
 */
export function consentTagOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

/** Each field's label on the page. */
export const LEAD_FIELD_LABELS: Record<LeadField, string> = {
  name: "Nome",
  email: "E-mail",
  whatsapp: "WhatsApp",
};

export const LEAD_LIMITS = { name: 100, email: 254, whatsapp: 30 } as const;

export const LEAD_MESSAGES = {
  contactRequired: "Informe seu e-mail ou seu WhatsApp.",
  emailInvalid: "Informe um e-mail válido.",
  whatsappInvalid: "Informe um número de WhatsApp válido, com DDD.",
  nameTooLong: `Nome: use no máximo ${LEAD_LIMITS.name} caracteres.`,
  consentRequired: "Marque a caixa de consentimento para enviar.",
  consentChanged:
    "O texto de consentimento mudou desde que você abriu a página. Leia o novo texto e marque a caixa de novo.",
  tooMany: "Muitos envios seguidos. Aguarde alguns minutos e tente novamente.",
  formNotFound: "Este formulário não está mais disponível.",
  sent: "Recebemos seus dados. Obrigado!",
  notFound: "Contato não encontrado",
  deleted: "Contato excluído.",
  allDeleted: "Todos os contatos foram excluídos.",
  periodReversed: "A data final deve ser igual ou posterior à data inicial",
  loadFailed: "Erro ao carregar os contatos",
  deleteFailed: "Erro ao excluir o contato",
  exportFailed: "Erro ao exportar os contatos",
  confirmDelete: (who: string) =>
    `Excluir o contato ${who}? Os dados e o registro do consentimento serão apagados e não poderão ser recuperados.`,
  confirmDeleteAll: (total: number) =>
    `Excluir ${total === 1 ? "o contato" : `todos os ${total} contatos`}? Os dados e os registros de consentimento serão apagados e não poderão ser recuperados.`,
  overLimit: (limit: number) =>
    `Você recebeu mais contatos do que os ${limit} do seu plano neste mês. Eles estão guardados e aparecem quando você mudar de plano ou no próximo mês.`,
} as const;

/** The form's defaults where its block leaves a text out. */
export const LEAD_FORM_DEFAULTS = {
  buttonText: "Enviar",
  thankYou: "Obrigado! Recebemos seu contato e vamos falar com você em breve.",
} as const;

/**
 * The consent text shown when the owner writes none: names who receives the data (the page) and
 * what for, and says how to take it back.
 */
export const defaultConsentText = (pageTitle: string) =>
  `Concordo em enviar meus dados a ${pageTitle.trim() || "esta página"} para ser contatado(a) sobre seus produtos, serviços e novidades. Posso pedir a exclusão dos meus dados a qualquer momento.`;

/** GET /api/leads: newest first, 20 a page, searched (name, e-mail, phone), by page and period. */
export const LEAD_PAGE_SIZE = 20;
export const leadListQuerySchema = z
  .object({
    q: z
      .string()
      .trim()
      .max(200, "Busca longa demais")
      .optional()
      .default("")
      .describe("Busca no nome, no e-mail ou no número de WhatsApp (pelos dígitos)."),
    link_page_id: z.coerce
      .number({ error: "Página Link Bio inválida" })
      .int("Página Link Bio inválida")
      .positive("Página Link Bio inválida")
      .max(2147483647, "Página Link Bio inválida")
      .optional(),
    /** The period, in São Paulo days, both ends included. */
    from: optionalDaySchema("Data inicial inválida (use AAAA-MM-DD)"),
    to: optionalDaySchema("Data final inválida (use AAAA-MM-DD)"),
    page: pageNumberSchema(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: LEAD_MESSAGES.periodReversed,
    path: ["to"],
  });
export type LeadListQuery = z.input<typeof leadListQuerySchema>;

export const leadSchema = z
  .object({
    id: wholeNumberSchema,
    /** The page whose form it came from; null once that page is deleted. */
    link_page_id: wholeNumberSchema.nullable(),
    name: z.string().nullable(),
    email: z.string().nullable().describe("Em minúsculas."),
    phone: z.string().nullable().describe("WhatsApp em E.164, como +5511987654321."),
    created_at: timestampSchema,
    /** When the visitor last consented (a repeated submission merges into the contact). */
    consent_at: timestampSchema,
    /** The exact consent text the visitor agreed to, and its version. */
    consent_text: z.string(),
    consent_version: wholeNumberSchema,
  })
  .describe("Um contato recebido pelo formulário de uma página Link Bio.");
export type Lead = z.infer<typeof leadSchema>;

export const leadListSchema = z.object({
  items: z.array(leadSchema),
  /** Every contact the filters match (hidden ones over the plan's limit are not counted), the page. */
  ...pageFields,
  /** Contacts of this month kept beyond the plan's limit, hidden until an upgrade or next month. */
  hidden: wholeNumberSchema,
});
export type LeadList = z.infer<typeof leadListSchema>;

/** DELETE /api/leads: every contact of the user went, hidden ones too. */
export const leadsDeletedSchema = z.object({ message: z.string(), deleted: wholeNumberSchema });
export type LeadsDeleted = z.infer<typeof leadsDeletedSchema>;

export const leadIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: LEAD_MESSAGES.notFound })
    .int(LEAD_MESSAGES.notFound)
    .positive(LEAD_MESSAGES.notFound)
    .max(2147483647, LEAD_MESSAGES.notFound),
});

/** How the owner hears of a new lead by e-mail: not at all, one mail each, or a daily digest. */
export const LEAD_MAIL_MODES = ["off", "each", "daily"] as const;
export type LeadMailMode = (typeof LEAD_MAIL_MODES)[number];
export const LEAD_MAIL_MODE_LABELS: Record<LeadMailMode, string> = {
  off: "Não enviar e-mail",
  each: "Um e-mail a cada novo contato",
  daily: "Um resumo por dia",
};
