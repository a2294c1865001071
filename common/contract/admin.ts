// The administrator's panel: users, plans, system settings and the audit log (spec 2, 3, 5, 7, 8).
import { z } from "../zod";
import { INTERVAL_TYPES, subscriptionPlanSchema } from "./billing";
import { pageFields, pageNumberSchema } from "./paging";
import { timestampSchema, wholeNumberSchema } from "./wire";

export const ADMIN_MESSAGES = {
  statusFailed: "Erro ao alterar status do usuário",
  createPlanFailed: "Erro ao criar plano",
  updatePlanFailed: "Erro ao atualizar plano",
  deletePlanFailed: "Erro ao deletar plano",
  planDomainFailed: "Erro ao atualizar vinculação",
  settingsFailed: "Erro ao atualizar configurações",
  updateUserFailed: "Erro ao atualizar usuário",
  deleteUserFailed: "Erro ao deletar usuário",
  planCreated: "Plano criado com sucesso!",
  planUpdated: "Plano atualizado com sucesso!",
  planDeleted: "Plano deletado com sucesso!",
  userUpdated: "Usuário atualizado com sucesso!",
  userDeleted: "Usuário deletado com sucesso!",
  userActivated: "Usuário ativado com sucesso!",
  userDeactivated: "Usuário desativado com sucesso!",
  settingsUpdated: "Configurações atualizadas com sucesso!",
  confirmActivate: "Tem certeza que deseja ativar este usuário?",
  confirmDeactivate:
    "Tem certeza que deseja desativar este usuário? Ele será desconectado na hora e não poderá entrar até ser ativado de novo.",
  confirmDeleteUser:
    "Tem certeza que deseja deletar este usuário? Todas as Link Bios, URLs, cliques e pagamentos dele serão apagados. Esta ação não pode ser desfeita.",
  confirmDeletePlan: "Tem certeza que deseja deletar este plano? Esta ação não pode ser desfeita.",
  userNotFound: "Usuário não encontrado.",
  planNotFound: "Plano não encontrado.",
  emailTaken: "Este email já está em uso por outra conta.",
  lastAdmin: "É preciso manter pelo menos um administrador ativo.",
  cannotDeleteSelf: "Você não pode deletar a sua própria conta. Peça a outro administrador.",
  planInUse: (subscribers: number) =>
    `Este plano tem ${subscribers} ${subscribers === 1 ? "assinante" : "assinantes"} e não pode ser deletado. Desative-o para que não apareça mais na página de preços.`,
  planIsDefault: "Este é o plano padrão de novos usuários. Escolha outro plano padrão antes de deletá-lo.",
  freePlanRequired:
    "O plano Gratuito (preço zero) não pode ser deletado nem desativado: ele é o plano de quem não assina.",
  freePlanPrice: "O plano Gratuito precisa continuar com preço zero: ele é o plano de quem não assina.",
  planIsDefaultDeactivate:
    "Este é o plano padrão de novos usuários. Escolha outro plano padrão antes de desativá-lo.",
  planHasHistory:
    "Este plano tem pagamentos ou assinaturas no histórico e não pode ser deletado. Desative-o para que não apareça mais na página de preços.",
  planDomainUpdated: "Vinculação atualizada com sucesso!",
  domainNotFound: "Domínio não encontrado.",
  defaultPlanInvalid: "Escolha um plano ativo como plano padrão.",
  detailsFailed: "Erro ao carregar os detalhes do usuário",
  cacheCleared:
    "Cache limpo em todos os servidores: links curtos, páginas públicas, blog, planos, domínios e configurações voltam a ser lidos do banco.",
  cacheClearFailed: "Erro ao limpar o cache",
  backupUsePgDump:
    "O banco de dados é um servidor Postgres: faça o backup com pg_dump, como as Configurações explicam.",
  maintenance: "O Atalho está em manutenção. Voltamos em instantes.",
  registrationClosed: "Novos cadastros estão temporariamente fechados.",
  freeUsersFull: "Atingimos o limite de contas gratuitas no momento. Tente novamente mais tarde.",
} as const;

const id = z.coerce
  .number({ error: "Id inválido" })
  .int("Id inválido")
  .positive("Id inválido")
  .max(2147483647, "Id inválido");
export const adminIdParamsSchema = z.object({ id });

/** A number a form may leave empty: "" or null is null; anything else must pass `rule`. */
const emptyAsNull = (error: string, rule: z.ZodNullable<z.ZodNumber>) =>
  z
    .union([z.null(), z.literal(""), z.coerce.number({ error })])
    .transform((value) => (value === "" || value === null ? null : value))
    .pipe(rule);

/** A custom limit: null (empty) follows the plan, -1 is unlimited, else a count. */
const customLimit = emptyAsNull(
  "Limite inválido",
  z
    .number()
    .int("Use um número inteiro")
    .min(-1, "Use -1 para ilimitado ou um número a partir de 0")
    .max(100_000_000, "Limite grande demais")
    .nullable(),
);

// ---------------------------------------------------------------------------------------------
// Users

export const ADMIN_USERS_PAGE_SIZE = 20;
export const ADMIN_USER_SORTS = [
  "created_at",
  "email",
  "name",
  "link_pages",
  "shortened_urls",
  "clicks",
] as const;

export const adminUsersQuerySchema = z.object({
  q: z.string().trim().max(200, "Busca muito longa").optional().default(""),
  sort: z.enum(ADMIN_USER_SORTS, { error: "Ordenação inválida" }).optional().default("created_at"),
  order: z.enum(["asc", "desc"], { error: "Ordenação inválida" }).optional().default("desc"),
  page: pageNumberSchema(),
  limit: z.coerce.number().int().min(1).max(100).optional().default(ADMIN_USERS_PAGE_SIZE),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

/** Spec 3, User (admin view), with the names the table shows. */
export const adminUserSchema = z.object({
  id: wholeNumberSchema,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  is_admin: z.boolean(),
  is_active: z.boolean(),
  created_at: timestampSchema,
  google_user_data: z.object({ picture: z.string().nullable(), given_name: z.string() }),
  subscription: z.object({
    plan_id: wholeNumberSchema,
    plan_name: z.string(),
    status: z.string(),
    expires_at: timestampSchema.nullable(),
  }),
  custom_limits: z.object({
    max_link_pages: wholeNumberSchema.nullable(),
    max_shortened_urls: wholeNumberSchema.nullable(),
    max_clicks_per_month: wholeNumberSchema.nullable(),
    max_leads_per_month: wholeNumberSchema.nullable(),
  }),
  link_pages_count: wholeNumberSchema,
  shortened_urls_count: wholeNumberSchema,
  total_clicks: wholeNumberSchema,
});
export type AdminUser = z.infer<typeof adminUserSchema>;
/**
 * A search's total is given up to this many matches; past it `total` is null and the table says
 * "mais de 10.000" (its pages go as far as that, 500 of them: a deeper page of a word in every
 * address took over 100 ms). Counting every match of a word in most addresses ("com", "gmail")
 * read every user: ~130 ms for 100,000 on PGlite, and it grows with the users. The whole list (no
 * search) is counted exactly. The same bound as the short-link search's.
 */
export const ADMIN_USERS_SEARCH_COUNT_MAX = 10_000;

/** GET /api/admin/users/{id} ('Detalhes'): the row of the table and what only the details show. */
export const adminUserDetailsSchema = adminUserSchema.extend({
  email_verified_at: timestampSchema.nullable(),
  /** The last sign-in (password or Google) the access log still holds (it keeps 6 months); null: none. */
  last_login_at: timestampSchema.nullable(),
  has_password: z.boolean(),
  google_linked: z.boolean(),
});
export type AdminUserDetails = z.infer<typeof adminUserDetailsSchema>;

/** `total`: null when a search matches more than ADMIN_USERS_SEARCH_COUNT_MAX users. */
export const adminUsersPageSchema = z.object({
  users: z.array(adminUserSchema),
  ...pageFields,
  total: wholeNumberSchema.nullable(),
});
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

export const adminUserUpdateSchema = z.object({
  email: z
    .string({ error: "Email é obrigatório" })
    .trim()
    .min(1, "Email é obrigatório")
    .max(254, "Email muito longo")
    .pipe(z.email("Email inválido"))
    .transform((value) => value.toLowerCase()),
  is_admin: z.boolean({ error: "Valor inválido" }),
  is_active: z.boolean({ error: "Valor inválido" }),
  /** The plan the user is on; another one is granted with no end (the free plan ends any grant). */
  subscription_plan_id: id.nullable().optional(),
  custom_limits: z
    .object({
      max_link_pages: customLimit.optional().default(null),
      max_shortened_urls: customLimit.optional().default(null),
      max_clicks_per_month: customLimit.optional().default(null),
      max_leads_per_month: customLimit.optional().default(null),
    })
    .optional()
    .default({
      max_link_pages: null,
      max_shortened_urls: null,
      max_clicks_per_month: null,
      max_leads_per_month: null,
    }),
});
export type AdminUserUpdate = z.input<typeof adminUserUpdateSchema>;
/** PUT /api/admin/users/{id}: the user as the table shows it now. */
export const adminUserSavedSchema = z.object({ message: z.string(), user: adminUserSchema });

// ---------------------------------------------------------------------------------------------
// Plans

const optionalMax = emptyAsNull(
  "Use um número",
  z
    .number()
    .int("Use um número inteiro")
    .min(-1, "Use um número a partir de 0")
    .max(100_000_000, "Número grande demais")
    .nullable(),
);

/**
 * The plan form (spec 5): price in cents >= 0; empty max = unlimited; retention >= 1, 30 when empty or 0.
 * The fields past spec 7's body (yearly_price_cents, creations_per_hour, max_leads_per_month,
 * premium_domains, is_active, and any added from now on) are optional with no default: absent keeps the stored value on PUT and
 * takes the column's default on POST, so a client that does not know a field never resets it.
 */
export const planBodySchema = z.object({
  name: z
    .string({ error: "Nome é obrigatório" })
    .trim()
    .min(1, "Nome é obrigatório")
    .max(60, "Nome muito longo"),
  description: z
    .string()
    .trim()
    .max(300, "Descrição muito longa")
    .nullish()
    .transform((value) => value ?? ""),
  price_cents: z.coerce
    .number({ error: "Preço inválido" })
    .int("Preço em centavos, sem vírgula")
    .min(0, "O preço não pode ser negativo")
    .max(100_000_000, "Preço grande demais"),
  yearly_price_cents: emptyAsNull(
    "Preço anual inválido",
    z
      .number()
      .int("Preço em centavos, sem vírgula")
      .min(0, "O preço não pode ser negativo")
      .max(1_000_000_000, "Preço grande demais")
      .nullable(),
  ).optional(),
  interval_type: z.enum(INTERVAL_TYPES, { error: "Período inválido" }).optional().default("monthly"),
  max_link_pages: optionalMax.optional().default(null),
  max_shortened_urls: optionalMax.optional().default(null),
  max_clicks_per_month: optionalMax.optional().default(null),
  /** Against spam: short links, Link Bio pages and links created per hour; empty = unlimited. */
  creations_per_hour: optionalMax.optional(),
  /** Contacts the forms may receive per month (kept past it, hidden); empty = unlimited. */
  max_leads_per_month: optionalMax.optional(),
  custom_domains: z.boolean().optional().default(false),
  premium_domains: z.boolean().optional(),
  priority_support: z.boolean().optional().default(false),
  analytics_retention_days: z
    .union([z.null(), z.literal(""), z.coerce.number({ error: "Retenção inválida" })])
    .transform((value) => (value === "" || value === null || value === 0 ? 30 : value))
    .pipe(
      z
        .number()
        .int("Use um número inteiro de dias")
        .min(1, "Retenção mínima de 1 dia")
        .max(36500, "Retenção grande demais"),
    )
    .optional()
    .default(30),
  is_active: z.boolean().optional(),
});
export type PlanBody = z.input<typeof planBodySchema>;

/** GET /api/admin/subscription-plans: every plan, with its current subscribers and its custom domains. */
export const adminPlanSchema = subscriptionPlanSchema.extend({
  /** Subscriptions active or canceled and not past their end. */
  subscribers: wholeNumberSchema,
  /** The custom domains the plan may use (plan_domains); the default domain is in every plan. */
  domain_ids: z.array(wholeNumberSchema),
  /** Short links, Link Bio pages and links created per hour (against spam); null: unlimited. */
  creations_per_hour: wholeNumberSchema.nullable(),
});
export type AdminPlan = z.infer<typeof adminPlanSchema>;
export const adminPlanListSchema = z.array(adminPlanSchema);

/** POST /api/admin/subscription-plans (201) and PUT /api/admin/subscription-plans/{id}. */
export const adminPlanSavedSchema = z.object({ message: z.string(), plan: adminPlanSchema });

export const planDomainBodySchema = z.object({ custom_domain_id: id });
export const planIdParamsSchema = z.object({ planId: id });
export const planDomainParamsSchema = z.object({ planId: id, domainId: id });
/** POST and DELETE /api/admin/plans/{planId}/domains: the custom domains the plan now offers. */
export const planDomainsSavedSchema = z.object({
  message: z.string(),
  domain_ids: z.array(wholeNumberSchema),
});

// ---------------------------------------------------------------------------------------------
// System config

export const systemConfigSchema = z.object({
  maintenance_mode: z.boolean(),
  registration_enabled: z.boolean(),
  default_plan_id: wholeNumberSchema.nullable(),
  max_free_users: wholeNumberSchema.nullable(),
  platform_fee_percentage: z.number(),
  /** Against hidden destinations: targets on other URL shorteners (bit.ly, ...) are refused at save. */
  block_other_shorteners: z.boolean(),
});
export type SystemConfig = z.infer<typeof systemConfigSchema>;

export const systemConfigUpdateSchema = z
  .object({
    maintenance_mode: z.boolean({ error: "Valor inválido" }),
    registration_enabled: z.boolean({ error: "Valor inválido" }),
    default_plan_id: id.nullable(),
    max_free_users: emptyAsNull(
      "Número inválido",
      z
        .number()
        .int("Use um número inteiro")
        .min(0, "Use um número a partir de 0")
        .max(100_000_000, "Número grande demais")
        .nullable(),
    ),
    platform_fee_percentage: z.coerce
      .number({ error: "Taxa inválida" })
      .min(0, "A taxa vai de 0 a 100%")
      .max(100, "A taxa vai de 0 a 100%"),
    block_other_shorteners: z.boolean({ error: "Valor inválido" }),
  })
  .partial();
export type SystemConfigUpdate = z.input<typeof systemConfigUpdateSchema>;
/** PUT /api/admin/system-config: every setting as stored now. */
export const systemConfigSavedSchema = systemConfigSchema.extend({ message: z.string() });

/** GET /api/system/status (public): what the SPA needs before anyone signs in. */
export const systemStatusSchema = z.object({
  maintenance_mode: z.boolean(),
  registration_enabled: z.boolean(),
  /** Whether 'Entrar com Google' is offered (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET set). */
  google_enabled: z.boolean(),
  /**
   * Whether a plan can be bought here: Mercado Pago, or the dev checkout outside production.
   * false: the paid plans offer 'Fale conosco' instead of a checkout that could only fail.
   */
  payments_enabled: z.boolean(),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

/**
 * GET /api/admin/setup-status: which integrations this server has (the overview's checklist).
 * States only, never a secret or a variable's value.
 */
export const adminSetupStatusSchema = z.object({
  /** Mercado Pago, the dev checkout (no real money; never in production) or nothing. */
  payments: z.enum(["mercadopago", "dev", "none"]),
  /** SMTP_URL set, or mail written to DATA_DIR/outbox. */
  email: z.enum(["smtp", "outbox"]),
  /** PUBLIC_URL is https:// on a host other than localhost. */
  https: z.boolean(),
  google: z.boolean(),
});
export type AdminSetupStatus = z.infer<typeof adminSetupStatusSchema>;

/** GET /api/admin/system/info: what 'Manutenção e dados' offers on this installation. */
export const systemInfoSchema = z.object({
  /** pglite: 'Backup manual' downloads the data directory; postgres: the pg_dump instructions. */
  database: z.enum(["pglite", "postgres"]),
  /** Whether the processes share Redis (a cache clear reaches all of them) or this one is alone. */
  shared_cache: z.boolean(),
});
export type SystemInfo = z.infer<typeof systemInfoSchema>;

/** 'Backup manual''s file: atalho-backup-2026-05-04.tar.gz (the product's day, dayOf). */
export const backupFilename = (day: string) => `atalho-backup-${day}.tar.gz`;

/** What the platform keeps and what is left of an amount, by the fee (spec 9: 5% shown, 95% net). */
export function netOfFee(cents: number, feePercentage: number) {
  const fee = Math.round((cents * feePercentage) / 100);
  return { fee, net: cents - fee };
}

// ---------------------------------------------------------------------------------------------
// Audit log

export const AUDIT_ACTIONS = [
  "user.update",
  "user.activate",
  "user.deactivate",
  "user.delete",
  "plan.create",
  "plan.update",
  "plan.delete",
  "settings.update",
  "payment.refund",
  "blog.post.create",
  "blog.post.update",
  "blog.post.delete",
  "blog.category.create",
  "blog.category.update",
  "blog.category.delete",
  "domain.create",
  "domain.update",
  "domain.delete",
  "domain.set_default",
  "domain.activate",
  "blocked_domain.create",
  "blocked_domain.delete",
  "link_report.dismiss",
  "link_report.action",
  "link_report.delete_link",
  "system.cache_clear",
  "system.backup",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  "user.update": "Usuário editado",
  "user.activate": "Usuário ativado",
  "user.deactivate": "Usuário desativado",
  "user.delete": "Usuário deletado",
  "plan.create": "Plano criado",
  "plan.update": "Plano editado",
  "plan.delete": "Plano deletado",
  "settings.update": "Configurações alteradas",
  "payment.refund": "Pagamento estornado",
  "blog.post.create": "Post criado",
  "blog.post.update": "Post editado",
  "blog.post.delete": "Post excluído",
  "blog.category.create": "Categoria criada",
  "blog.category.update": "Categoria editada",
  "blog.category.delete": "Categoria excluída",
  "domain.create": "Domínio adicionado",
  "domain.update": "Domínio editado",
  "domain.delete": "Domínio deletado",
  "domain.set_default": "Domínio definido como padrão",
  "domain.activate": "Domínio ativado",
  "blocked_domain.create": "Domínio bloqueado",
  "blocked_domain.delete": "Domínio desbloqueado",
  "link_report.dismiss": "Denúncia descartada",
  "link_report.action": "Denúncia resolvida",
  "link_report.delete_link": "Link denunciado excluído",
  "system.cache_clear": "Cache limpo",
  "system.backup": "Backup do banco baixado",
};

export const auditLogQuerySchema = z.object({
  action: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(AUDIT_ACTIONS, { error: "Ação inválida" }).optional(),
  ),
  /** The actor's or the target's email (or part of it). */
  user: z.string().trim().max(254, "Busca muito longa").optional().default(""),
  page: pageNumberSchema(),
});

export const auditEntrySchema = z.object({
  id: wholeNumberSchema,
  actor_id: wholeNumberSchema.nullable(),
  actor_email: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  target_label: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  created_at: timestampSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditLogPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  ...pageFields,
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;
export const AUDIT_PAGE_SIZE = 30;
