import { z } from "../zod";
import { timestampSchema, wholeNumberSchema } from "./wire";

// Personal API keys of the public API: `Authorization: Bearer atk_…` for the short-link, Link Bio,
// analytics and leads (contacts) calls. Created and revoked on /profile with a session (a key cannot manage keys).

export const API_KEY_SCOPES = [
  "links:read",
  "links:write",
  "pages:read",
  "pages:write",
  "analytics:read",
  "leads:read",
  "leads:write",
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  "links:read": "Ler links curtos",
  "links:write": "Criar, editar e excluir links curtos",
  "pages:read": "Ler páginas Link Bio e seus links",
  "pages:write": "Criar, editar e excluir páginas Link Bio e seus links",
  "analytics:read": "Ler as análises de cliques da conta, dos links curtos e das páginas",
  "leads:read": "Ler os contatos recebidos pelos formulários",
  "leads:write": "Excluir contatos",
};

/** Every key starts with this, so a leaked one is recognisable (and scanners can look for it). */
export const API_KEY_PREFIX = "atk_";
/** Active (not revoked) keys a user may hold at once. */
export const API_KEYS_MAX = 20;
export const API_KEY_NAME_MAX = 60;

export const API_KEY_MESSAGES = {
  nameRequired: "Dê um nome à chave",
  nameTooLong: `O nome deve ter no máximo ${API_KEY_NAME_MAX} caracteres`,
  scopesRequired: "Escolha pelo menos uma permissão",
  scopeInvalid: "Permissão inválida",
  tooMany: `Você pode ter no máximo ${API_KEYS_MAX} chaves ativas. Revogue uma para criar outra.`,
  notFound: "Chave de API não encontrada",
  verifyFirst:
    "Confirme seu email antes de criar chaves de API. Use o link que enviamos para a sua caixa de entrada ou peça um novo no seu perfil.",
  invalidId: "Id inválido",
  created: "Chave criada. Copie-a agora: ela não será mostrada de novo.",
  revoked: "Chave revogada",
  confirmRevoke: "Revogar esta chave? Os programas que a usam deixarão de funcionar na hora.",
  /** Bearer answers. */
  invalidKey: "Chave de API inválida ou revogada.",
  missingScope: "Esta chave de API não tem permissão para esta operação.",
  routeRefused:
    "Esta rota não aceita chaves de API. Use-as apenas nos links curtos, no Link Bio, nas análises e nos contatos.",
  cookieWithKey: "Envie a chave de API sem cookies de sessão.",
  rateLimited: "Limite de requisições por minuto da sua chave de API atingido. Aguarde e tente novamente.",
} as const;

/** POST /api/api-keys */
export const apiKeyCreateSchema = z.object({
  name: z
    .string({ error: API_KEY_MESSAGES.nameRequired })
    .trim()
    .min(1, API_KEY_MESSAGES.nameRequired)
    .max(API_KEY_NAME_MAX, API_KEY_MESSAGES.nameTooLong),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, API_KEY_MESSAGES.scopeInvalid), { error: API_KEY_MESSAGES.scopesRequired })
    .min(1, API_KEY_MESSAGES.scopesRequired)
    .max(API_KEY_SCOPES.length)
    .transform((scopes) => API_KEY_SCOPES.filter((scope) => scopes.includes(scope))),
});
export type ApiKeyCreate = z.input<typeof apiKeyCreateSchema>;

export const apiKeyIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: API_KEY_MESSAGES.invalidId })
    .int(API_KEY_MESSAGES.invalidId)
    .positive(API_KEY_MESSAGES.invalidId)
    .max(2147483647, API_KEY_MESSAGES.invalidId),
});

/** GET /api/api-keys: the active keys, newest first; never the key itself, only its first characters. */
export const apiKeySchema = z.object({
  id: wholeNumberSchema,
  name: z.string(),
  /** The key's first characters (`atk_AbCd…`), to tell keys apart. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  last_used_at: timestampSchema.nullable(),
  created_at: timestampSchema,
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListSchema = z.array(apiKeySchema);

/** POST /api/api-keys answer: the only time the whole key is sent. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
