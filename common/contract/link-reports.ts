// 'Denunciar link', a visitor's abuse report: the public form at /denunciar (server-rendered, works without
// JavaScript) and the administrator's queue, GET /api/admin/link-reports and its actions.
import { z } from "../zod";
import { INVALID_PAGE, pageFields, pageNumberSchema } from "./paging";
import { URL_MAX } from "./urls";
import { timestampSchema, wholeNumberSchema } from "./wire";

export const LINK_REPORT_PATH = "/denunciar";

/** The form's address for a link, e.g. from the unavailable-link notice or a warning page. */
export const linkReportPath = (url?: string | null) =>
  url ? `${LINK_REPORT_PATH}?url=${encodeURIComponent(url)}` : LINK_REPORT_PATH;

export const LINK_REPORT_REASON_LABELS = {
  phishing: "Golpe ou phishing",
  malware: "Vírus ou malware",
  spam: "Spam",
  illegal: "Conteúdo ilegal",
  other: "Outro",
} as const;
export type LinkReportReason = keyof typeof LINK_REPORT_REASON_LABELS;
export const LINK_REPORT_REASONS = Object.keys(LINK_REPORT_REASON_LABELS) as LinkReportReason[];

export const LINK_REPORT_STATUS_LABELS = {
  open: "Abertas",
  dismissed: "Descartadas",
  actioned: "Resolvidas",
} as const;
export type LinkReportStatus = keyof typeof LINK_REPORT_STATUS_LABELS;
export const LINK_REPORT_STATUSES = Object.keys(LINK_REPORT_STATUS_LABELS) as LinkReportStatus[];

export const LINK_REPORT_DETAILS_MAX = 1000;
export const LINK_REPORT_EMAIL_MAX = 254;
export const LINK_REPORT_PAGE_SIZE = 20;
/** Reports one address (by its HMAC) may send per hour. */
export const LINK_REPORTS_PER_HOUR = 5;

export const LINK_REPORT_MESSAGES = {
  title: "Denunciar link",
  intro:
    "Viu um link do Atalho levando a golpe, vírus, spam ou conteúdo ilegal? Conte para a gente: nossa equipe analisa cada denúncia.",
  urlRequired: "Informe o link que você quer denunciar",
  urlInvalid: "Informe um link válido começando com http:// ou https://",
  urlTooLong: `O link deve ter no máximo ${URL_MAX} caracteres`,
  reasonRequired: "Escolha o motivo da denúncia",
  detailsTooLong: `Os detalhes devem ter no máximo ${LINK_REPORT_DETAILS_MAX} caracteres`,
  emailInvalid: "Informe um e-mail válido ou deixe em branco",
  fixErrors: "Corrija os campos indicados e envie de novo.",
  duplicate: "Você já denunciou este link. Nossa equipe ainda está analisando a denúncia.",
  tooMany: "Você enviou muitas denúncias em pouco tempo. Tente novamente mais tarde.",
  crossOrigin: "Envie a denúncia pelo formulário desta página.",
  failed: "Não foi possível enviar a denúncia agora. Tente novamente em instantes.",
  thanksTitle: "Denúncia recebida",
  thanks:
    "Obrigado por avisar. Nossa equipe vai analisar o link e, se ele violar nossas regras, vamos removê-lo.",
  thanksEmail: "Se precisarmos de mais informações, entraremos em contato pelo e-mail informado.",
  // The administrator's queue.
  notFound: "Denúncia não encontrada.",
  notShortLink: "Esta denúncia não é de um link curto do Atalho.",
  linkGone: "O link curto desta denúncia já foi excluído.",
  dismissed: "Denúncia descartada.",
  actioned: "Denúncia marcada como resolvida.",
  linkDeleted: "Link excluído e denúncia resolvida.",
  invalidStatus: "Status inválido",
  invalidPage: INVALID_PAGE,
} as const;

const blankAsUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

/** The reported address: http(s), as long as a link may be; a missing scheme gets https://. */
const reportedUrl = z
  .string({ error: LINK_REPORT_MESSAGES.urlRequired })
  .trim()
  .min(1, LINK_REPORT_MESSAGES.urlRequired)
  .max(URL_MAX, LINK_REPORT_MESSAGES.urlTooLong)
  .transform((value) => (/^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`))
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
    } catch {
      return false;
    }
  }, LINK_REPORT_MESSAGES.urlInvalid);

/** POST /denunciar (application/x-www-form-urlencoded): what a visitor sends. */
export const linkReportBodySchema = z.object({
  url: reportedUrl,
  reason: z.enum(LINK_REPORT_REASONS, { error: LINK_REPORT_MESSAGES.reasonRequired }),
  details: z
    .string()
    .trim()
    .max(LINK_REPORT_DETAILS_MAX, LINK_REPORT_MESSAGES.detailsTooLong)
    .optional()
    .default(""),
  email: z.preprocess(
    blankAsUndefined,
    z
      .string()
      .trim()
      .max(LINK_REPORT_EMAIL_MAX, LINK_REPORT_MESSAGES.emailInvalid)
      .pipe(z.email(LINK_REPORT_MESSAGES.emailInvalid))
      .optional(),
  ),
});
export type LinkReportBody = z.output<typeof linkReportBodySchema>;

/** GET /api/admin/link-reports?status=&page= (status defaults to open). */
export const linkReportListQuerySchema = z.object({
  status: z.preprocess(
    blankAsUndefined,
    z.enum(LINK_REPORT_STATUSES, { error: LINK_REPORT_MESSAGES.invalidStatus }).optional().default("open"),
  ),
  page: pageNumberSchema(),
});
export type LinkReportListQuery = z.input<typeof linkReportListQuerySchema>;

export const linkReportIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** PATCH /api/admin/link-reports/{id}: 'Descartar' or 'Marcar como resolvida'. */
export const linkReportUpdateBodySchema = z.object({
  status: z.enum(["dismissed", "actioned"], { error: LINK_REPORT_MESSAGES.invalidStatus }),
});
export type LinkReportUpdateBody = z.input<typeof linkReportUpdateBodySchema>;

/** One report as the queue shows it; `short_link` when the address is one of our short links. */
export const linkReportSchema = z.object({
  id: wholeNumberSchema,
  url: z.string(),
  reason: z.enum(LINK_REPORT_REASONS),
  details: z.string(),
  reporter_email: z.string().nullable(),
  status: z.enum(LINK_REPORT_STATUSES),
  created_at: timestampSchema,
  resolved_at: timestampSchema.nullable(),
  resolved_by_email: z.string().nullable(),
  short_link: z
    .object({
      id: wholeNumberSchema,
      /** False once the link was deleted (its id stays on the report). */
      exists: z.boolean(),
      short_url: z.string().nullable(),
      original_url: z.string().nullable(),
      owner_email: z.string().nullable(),
    })
    .nullable(),
});
export type LinkReport = z.infer<typeof linkReportSchema>;

export const linkReportPageSchema = z.object({
  reports: z.array(linkReportSchema),
  ...pageFields,
});
export type LinkReportPage = z.infer<typeof linkReportPageSchema>;

/** The host a 'Bloquear domínio' should name: the target's for our short links, else the reported one's. */
export function reportedDomainOf(report: Pick<LinkReport, "url" | "short_link">): string | null {
  const address = report.short_link?.original_url ?? (report.short_link ? null : report.url);
  if (!address) return null;
  try {
    return new URL(address).hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}
