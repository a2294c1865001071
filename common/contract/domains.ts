import { bareHostName, pastedHost } from "../host-name";
import { z } from "../zod";
import { httpUrlSchema } from "./urls";
import { timestampSchema, wholeNumberSchema } from "./wire";

export const availableDomainSchema = z.object({
  id: z.number(),
  domain: z.string(),
  display_name: z.string(),
  is_active: z.boolean(),
  is_default: z.boolean(),
  is_premium: z.boolean(),
});
export type AvailableDomain = z.infer<typeof availableDomainSchema>;
export const availableDomainListSchema = z.array(availableDomainSchema);

// The administrator's custom domains (spec 2 Settings, 3, 4, 5, 7, 8).

export const DOMAIN_MESSAGES = {
  // Spec 8
  addFailed: "Erro ao adicionar domínio",
  updateFailed: "Erro ao atualizar domínio",
  deleteFailed: "Erro ao deletar domínio",
  setDefaultFailed: "Erro ao definir domínio padrão",
  activateFailed: "Erro ao ativar domínio",
  planLinkFailed: "Erro ao atualizar vinculação",
  added: "Domínio adicionado com sucesso!",
  updated: "Domínio atualizado com sucesso!",
  deleted: "Domínio deletado com sucesso!",
  defaultSet: "Domínio definido como padrão com sucesso!",
  testFailed: "Erro ao testar domínio",
  testConnectionFailed: "Erro de conexão ao testar domínio.",
  // Server-side rules the spec does not show
  domainRequired: "Domínio é obrigatório",
  displayNameRequired: "Nome de exibição é obrigatório",
  displayNameTooLong: "Nome de exibição deve ter no máximo 100 caracteres",
  domainInvalid: "Informe um domínio válido, sem http:// nem caminho (ex.: links.suaempresa.com.br)",
  domainOwnHost: "Este é o domínio principal do Atalho: ele já está cadastrado",
  domainTaken: "Este domínio já está cadastrado",
  notFound: "Domínio não encontrado",
  defaultNotDeletable: "O domínio padrão não pode ser excluído",
  defaultMustBeActive: "O domínio padrão precisa estar ativo",
  defaultInEveryPlan: "O domínio padrão está em todos os planos",
  activated: "Domínio ativado com sucesso!",
  planNotFound: "Plano não encontrado",
  mainHostFixed:
    "Este é o domínio principal do Atalho (PUBLIC_URL): o nome não muda aqui e ele não pode ser excluído",
  setDefaultConflict:
    "Outro domínio foi definido como padrão ao mesmo tempo. Atualize a lista e tente de novo.",
  /** Delete (or rename) refused while pages or short links live on the domain. */
  domainInUse: (linkPages: number, shortenedUrls: number) =>
    `Este domínio está em uso por ${usageText(linkPages, shortenedUrls)}. Mova-os ou exclua-os antes.`,
  domainInUseRename: (linkPages: number, shortenedUrls: number) =>
    `O nome deste domínio não pode mudar: ele está em uso por ${usageText(linkPages, shortenedUrls)}, cujos endereços publicados deixariam de funcionar.`,
} as const;

function usageText(linkPages: number, shortenedUrls: number): string {
  const parts: string[] = [];
  if (linkPages > 0) parts.push(`${linkPages} ${linkPages === 1 ? "página Link Bio" : "páginas Link Bio"}`);
  if (shortenedUrls > 0)
    parts.push(`${shortenedUrls} ${shortenedUrls === 1 ? "link curto" : "links curtos"}`);
  return parts.join(" e ");
}

/** /api/admin/custom-domains/{id}, /api/admin/domains/{id}/activate */
export const customDomainIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: DOMAIN_MESSAGES.notFound })
    .int(DOMAIN_MESSAGES.notFound)
    .positive(DOMAIN_MESSAGES.notFound)
    .max(2_147_483_647, DOMAIN_MESSAGES.notFound),
});

/**
 * The domain a person types or pastes: a pasted address gives its host (pastedHost); no port or
 * user; lowercased; IDN stored as punycode (server).
 */
export const domainNameSchema = z
  .string({ error: DOMAIN_MESSAGES.domainRequired })
  .trim()
  .min(1, DOMAIN_MESSAGES.domainRequired)
  .transform(pastedHost)
  .pipe(z.string().max(253, DOMAIN_MESSAGES.domainInvalid))
  .transform(bareHostName);

/** POST /api/admin/custom-domains and PUT /api/admin/custom-domains/{id} */
export const customDomainBodySchema = z.object({
  domain: domainNameSchema,
  display_name: z
    .string({ error: DOMAIN_MESSAGES.displayNameRequired })
    .trim()
    .min(1, DOMAIN_MESSAGES.displayNameRequired)
    .max(100, DOMAIN_MESSAGES.displayNameTooLong),
  is_active: z.boolean().optional().default(true),
  is_premium: z.boolean().optional().default(false),
  /** Where https://{domain}/ sends visitors (a page of ours or any http(s) URL); empty: the main site. */
  root_redirect_url: httpUrlSchema
    .nullish()
    .or(z.literal(""))
    .transform((value) => value || null),
});
export type CustomDomainBody = z.input<typeof customDomainBodySchema>;

/** POST /api/admin/plans/{planId}/domains */
export const planDomainBodySchema = z.object({
  custom_domain_id: z.coerce
    .number({ error: DOMAIN_MESSAGES.notFound })
    .int()
    .positive(DOMAIN_MESSAGES.notFound),
});

/** Spec 3, Custom domain (admin), with what the manager shows beside it. */
const domainUsageSchema = z.object({
  link_pages_count: wholeNumberSchema,
  shortened_urls_count: wholeNumberSchema,
});
export const customDomainSchema = z.object({
  id: wholeNumberSchema,
  domain: z.string(),
  /** The Unicode form of an IDN (what the administrator typed), else the domain. */
  domain_unicode: z.string(),
  display_name: z.string(),
  is_active: z.boolean(),
  is_premium: z.boolean(),
  is_default: z.boolean(),
  created_at: timestampSchema,
  needs_activation: z.boolean(),
  root_redirect_url: z.string().nullable(),
  plan_ids: z.array(wholeNumberSchema),
  usage: domainUsageSchema,
});
export type CustomDomain = z.infer<typeof customDomainSchema>;
export const customDomainListSchema = z.array(customDomainSchema);

/** POST /api/admin/custom-domains: spec 7. Absent when no automation is configured. */
export const cloudflareAutomationSchema = z.object({
  success: z.boolean(),
  attempted: z.boolean(),
  error: z.string().nullable(),
});
export type CloudflareAutomation = z.infer<typeof cloudflareAutomationSchema>;
export const customDomainSavedSchema = customDomainSchema.extend({
  cloudflare_automation: cloudflareAutomationSchema.optional(),
});
export type CustomDomainSaved = z.infer<typeof customDomainSavedSchema>;

/** The statuses of a domain test, modelled on Vercel's and Cloudflare's. */
export const DOMAIN_TEST_STATUSES = [
  "valid",
  "pending",
  "invalid_configuration",
  "conflicting_records",
  "not_found",
] as const;
export type DomainTestStatus = (typeof DOMAIN_TEST_STATUSES)[number];

/** GET /api/admin/test-domain/{id}: spec 3 Domain test result, plus the detail behind it. */
export const domainTestResultSchema = z.object({
  validation_result: z.object({
    is_valid: z.boolean(),
    dns_configured: z.boolean(),
    ssl_configured: z.boolean(),
    error_message: z.string().nullable(),
    last_check: timestampSchema,
  }),
  usage_stats: domainUsageSchema,
  test_urls: z.object({ sample_link_page: z.string().nullable(), sample_short_url: z.string().nullable() }),
  status: z.enum(DOMAIN_TEST_STATUSES),
  dns: z.object({
    /** What the name resolves to now. */
    a: z.array(z.string()),
    aaaa: z.array(z.string()),
    cname: z.array(z.string()),
    /** What it should point at (our addresses, or our host for a CNAME). */
    expected: z.object({ a: z.array(z.string()), aaaa: z.array(z.string()), cname: z.string().nullable() }),
  }),
  ssl: z.object({
    valid: z.boolean(),
    issuer: z.string().nullable(),
    valid_to: z.string().nullable(),
    days_remaining: z.number().nullable(),
    error: z.string().nullable(),
  }),
});
export type DomainTestResult = z.infer<typeof domainTestResultSchema>;
