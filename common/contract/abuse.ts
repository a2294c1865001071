import { z } from "../zod";
import { pageFields, pageNumberSchema } from "./paging";
import { timestampSchema, wholeNumberSchema } from "./wire";

// Abuse control: the administrator's block list of target domains, the warning page a link to a
// blocked domain answers, and the messages a refused target gets.

export const ABUSE_MESSAGES = {
  // Saving a short link or a Link Bio link
  blockedTarget: "Este domínio está bloqueado por violar os termos de uso.",
  shortenerTarget:
    "Links de outros encurtadores não são aceitos. Use o endereço final do site (o destino do link).",
  /** An existing link whose destination is on the block list (warning page, lookup API). */
  linkBlocked: "Este link foi bloqueado porque o destino dele foi denunciado como inseguro.",
  // The block list
  domainRequired: "Informe o domínio",
  domainTooLong: "Domínio muito longo",
  domainInvalid: "Informe um domínio válido (ex.: exemplo.com ou https://exemplo.com/pagina)",
  domainOwn: "Este domínio é do próprio Atalho e não pode ser bloqueado.",
  reasonRequired: "Informe o motivo do bloqueio",
  reasonTooLong: "Motivo muito longo (máximo de 500 caracteres)",
  alreadyBlocked: "Este domínio já está bloqueado",
  notFound: "Domínio bloqueado não encontrado",
  blocked: "Domínio bloqueado com sucesso!",
  unblocked: "Domínio desbloqueado com sucesso!",
  blockFailed: "Erro ao bloquear domínio",
  unblockFailed: "Erro ao desbloquear domínio",
  loadFailed: "Erro ao carregar os domínios bloqueados",
  /** The unblock confirmation's body (its title names the domain). */
  unblockConsequence: "Os links para este domínio e os subdomínios dele voltam a funcionar na hora.",
} as const;

/** POST /api/admin/blocked-domains: a domain, or a pasted URL (its host is kept), and why. */
export const blockedDomainBodySchema = z.object({
  domain: z
    .string({ error: ABUSE_MESSAGES.domainRequired })
    .trim()
    .min(1, ABUSE_MESSAGES.domainRequired)
    .max(2048, ABUSE_MESSAGES.domainTooLong),
  reason: z
    .string({ error: ABUSE_MESSAGES.reasonRequired })
    .trim()
    .min(1, ABUSE_MESSAGES.reasonRequired)
    .max(500, ABUSE_MESSAGES.reasonTooLong),
});
export type BlockedDomainBody = z.input<typeof blockedDomainBodySchema>;

/** /api/admin/blocked-domains/{id} */
export const blockedDomainIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: ABUSE_MESSAGES.notFound })
    .int(ABUSE_MESSAGES.notFound)
    .positive(ABUSE_MESSAGES.notFound)
    .max(2_147_483_647, ABUSE_MESSAGES.notFound),
});

export const BLOCKED_DOMAINS_PAGE_SIZE = 20;

/** GET /api/admin/blocked-domains: newest first, `q` a part of the domain or of the reason. */
export const blockedDomainsQuerySchema = z.object({
  q: z.string().trim().max(300, "Busca muito longa").optional().default(""),
  page: pageNumberSchema(),
});

/** What POST answers (201). */
export const blockedDomainCreatedSchema = z.object({
  id: wholeNumberSchema,
  /** Lower-case, IDN as punycode (xn--...). */
  domain: z.string(),
  reason: z.string(),
  created_at: timestampSchema,
});
export type BlockedDomainCreated = z.infer<typeof blockedDomainCreatedSchema>;

/** One line of the list. */
export const blockedDomainSchema = blockedDomainCreatedSchema.extend({
  /** The Unicode form, for display (the domain itself when plain ASCII). */
  display_domain: z.string(),
  created_by_email: z.string().nullable(),
});
export type BlockedDomain = z.infer<typeof blockedDomainSchema>;

export const blockedDomainsPageSchema = z.object({
  entries: z.array(blockedDomainSchema),
  ...pageFields,
});
export type BlockedDomainsPage = z.infer<typeof blockedDomainsPageSchema>;

/** Where a Link Bio link to a blocked domain points instead (server-rendered warning page). */
export const BLOCKED_WARNING_PATH = "/aviso/bloqueado";
/** The public 'Denunciar link' form (another module), with the short link or page as `url`. */
export const REPORT_LINK_PATH = "/denunciar";
