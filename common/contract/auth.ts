import { z } from "../zod";
import { ADMIN_MESSAGES } from "./admin";
import { AUTH_MESSAGES, PASSWORD_HINT, PASSWORD_MIN } from "./auth-messages";
import { TOO_MANY_REQUESTS } from "./errors";

export { AUTH_MESSAGES, PASSWORD_HINT, PASSWORD_MIN };

const email = z
  .string({ error: "Email é obrigatório" })
  .trim()
  .min(1, "Email é obrigatório")
  .max(254, "Email muito longo")
  .pipe(z.email("Email inválido"))
  .transform((value) => value.toLowerCase());

export const loginBodySchema = z.object({
  email,
  // Login has no minimum: a wrong password is answered as wrong credentials, not as a rule.
  password: z
    .string({ error: "Senha é obrigatória" })
    .min(1, "Senha é obrigatória")
    .max(200, "Senha muito longa"),
});
export type LoginBody = z.input<typeof loginBodySchema>;

// A new password: registration's rules, also for a reset.
const newPassword = z
  .string({ error: "Senha é obrigatória" })
  .min(1, "Senha é obrigatória")
  .min(PASSWORD_MIN, `A senha ${PASSWORD_HINT.toLowerCase()}`)
  .max(200, "Senha muito longa");

export const registerBodySchema = z.object({
  email,
  password: newPassword,
  first_name: z
    .string({ error: "Nome é obrigatório" })
    .trim()
    .min(1, "Nome é obrigatório")
    .max(100, "Nome muito longo"),
  last_name: z
    .string()
    .trim()
    .max(100, "Sobrenome muito longo")
    .nullish()
    .transform((value) => value || ""),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

export const passwordResetRequestBodySchema = z.object({ email });
export type PasswordResetRequestBody = z.input<typeof passwordResetRequestBodySchema>;

// A link's token: random, base64url; anything else is simply not found.
const linkToken = z.string({ error: "Link inválido" }).min(1, "Link inválido").max(200, "Link inválido");

export const passwordResetConfirmBodySchema = z.object({ token: linkToken, password: newPassword });
export type PasswordResetConfirmBody = z.input<typeof passwordResetConfirmBodySchema>;

export const verifyEmailBodySchema = z.object({ token: linkToken });
export type VerifyEmailBody = z.input<typeof verifyEmailBodySchema>;

export const sessionUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  profile_picture_url: z.string().nullable(),
  is_admin: z.boolean(),
  /** Whether the user followed our verification link (needed to subscribe to a paid plan). */
  email_verified: z.boolean(),
  /** Whether the account has a password (Google-only accounts have none until they create one). */
  has_password: z.boolean(),
  /** Whether a Google account is linked (sign-in with Google works). */
  google_linked: z.boolean(),
  google_user_data: z.object({
    given_name: z.string(),
    family_name: z.string(),
    picture: z.string().nullable(),
  }),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/**
 * GET /api/auth/session: the SPA's session check. Always 200 (a visitor is not an error, and a 401
 * would be a console error on every public screen); GET /api/auth/me keeps the spec's 401.
 */
export const sessionResponseSchema = z.object({ user: sessionUserSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const authResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  user: sessionUserSchema.optional(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;
/**
 * POST /api/auth/password-reset/confirm and POST /api/user/password: signed in again with the new
 * password, and what it took away (account.ts).
 */
export const passwordResetDoneSchema = authResponseSchema.extend({
  api_keys_revoked: z.number().int(),
  webhooks_disabled: z.number().int(),
});

/**
 * Google sign-in (OpenID Connect): the callback sends the browser to /auth (or /profile for
 * linking) with `?google_error=<code>`; the screen shows the code's message. The provider's own
 * (English) error text is logged, never shown.
 */
export const GOOGLE_ERRORS = {
  disabled: "O login com Google não está disponível.",
  unavailable: "Não foi possível falar com o Google agora. Tente novamente em alguns minutos.",
  expired: "A entrada com Google expirou ou já foi usada. Tente novamente.",
  state: "A entrada com Google não começou neste navegador ou expirou. Tente novamente.",
  failed: "Não foi possível confirmar sua conta Google. Tente novamente.",
  cancelled: "A entrada com Google foi cancelada.",
  email_exists: "Já existe uma conta com este email. Entre com sua senha e vincule o Google em Meu Perfil.",
  no_email: "Sua conta Google não informou um email. Use outra conta ou cadastre-se com email e senha.",
  email_unverified:
    "Seu email no Google não está verificado. Verifique-o no Google ou cadastre-se com email e senha.",
  inactive: AUTH_MESSAGES.inactive,
  registration_closed: ADMIN_MESSAGES.registrationClosed,
  free_users_full: ADMIN_MESSAGES.freeUsersFull,
  maintenance: ADMIN_MESSAGES.maintenance,
  session: "Entre na sua conta para continuar.",
  unverified: "Confirme seu email antes de vincular uma conta Google.",
  taken: "Esta conta Google já está vinculada a outro usuário.",
  already_linked: "Sua conta já está vinculada a outra conta Google. Desvincule-a antes.",
  wrong_account: "Use a conta Google vinculada a este perfil.",
  not_linked: "Sua conta não está vinculada ao Google.",
  too_many: TOO_MANY_REQUESTS,
} as const;
export type GoogleErrorCode = keyof typeof GOOGLE_ERRORS;

/** The message for a `google_error` query value, or null when it is not one of ours. */
export const googleErrorMessage = (code: string | null): string | null =>
  code && Object.hasOwn(GOOGLE_ERRORS, code) ? GOOGLE_ERRORS[code as GoogleErrorCode] : null;

export const GOOGLE_MESSAGES = {
  linked: "Conta Google vinculada com sucesso.",
  unlinked: "Conta Google desvinculada.",
  noPassword:
    "Crie uma senha antes de desvincular o Google, para não ficar sem acesso: saia e use 'Esqueceu sua senha?' na tela de login.",
  notLinked: GOOGLE_ERRORS.not_linked,
} as const;

/** Why GET /api/auth/google is opened: sign in (or up), link to the signed-in account, confirm before deletion. */
export const GOOGLE_INTENTS = ["login", "link", "reauth"] as const;
export type GoogleIntent = (typeof GOOGLE_INTENTS)[number];
