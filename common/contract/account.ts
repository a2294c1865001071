import { z } from "../zod";
import { authResponseSchema, registerBodySchema } from "./auth";
import { profileImageSchema } from "./link-pages";
import { timestampSchema, wholeNumberSchema } from "./wire";

// The signed-in user's own account (/profile): name, password, sessions. Field rules are the
// registration's, so a name or password valid at sign-up is valid here.

/** PUT /api/user/profile */
export const profileUpdateSchema = z.object({
  first_name: registerBodySchema.shape.first_name,
  last_name: registerBodySchema.shape.last_name,
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

/** POST /api/user/password: the current password proves it is the owner, not a borrowed session. */
export const passwordChangeSchema = z.object({
  current_password: z
    .string({ error: "Informe a senha atual" })
    .min(1, "Informe a senha atual")
    .max(200, "Senha muito longa"),
  new_password: registerBodySchema.shape.password,
  /** Revoke every API key and switch off every webhook too (absent: yes). */
  revoke_api_keys: z.boolean({ error: "Valor inválido para revogar as chaves" }).optional(),
});
export type PasswordChange = z.input<typeof passwordChangeSchema>;

/**
 * What a recovery (POST /api/auth/password-reset/confirm), or a password change that asked for it
 * (POST /api/user/password), took away: the account's API keys revoked, its webhooks switched off.
 */
export const outsideAccessRevokedSchema = z.object({
  api_keys_revoked: wholeNumberSchema,
  webhooks_disabled: wholeNumberSchema,
});
export type OutsideAccessRevoked = z.infer<typeof outsideAccessRevokedSchema>;

/** "2 chaves de API foram revogadas e 1 webhook foi desligado"; "" when nothing was. */
export function revokedAccessWords(revoked: OutsideAccessRevoked): string {
  const keys = revoked.api_keys_revoked;
  const hooks = revoked.webhooks_disabled;
  return [
    keys > 0 ? `${keys} ${keys === 1 ? "chave de API foi revogada" : "chaves de API foram revogadas"}` : "",
    hooks > 0 ? `${hooks} ${hooks === 1 ? "webhook foi desligado" : "webhooks foram desligados"}` : "",
  ]
    .filter(Boolean)
    .join(" e ");
}

/** GET /api/user/sessions: where the account is signed in (we keep no IP or device per session). */
export const sessionInfoSchema = z.object({
  /** An opaque id (not the token). */
  id: z.string(),
  created_at: timestampSchema,
  expires_at: timestampSchema,
  /** The session of this very request. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
export const sessionInfoListSchema = z.array(sessionInfoSchema);

/**
 * PUT /api/user/photo: Link Bio's profile image rules (an image we store from a data URL of at most
 * 5MB, or an http(s) URL); null removes it.
 */
export const profilePhotoSchema = z.object({ profile_picture_url: profileImageSchema });
export type ProfilePhoto = z.input<typeof profilePhotoSchema>;

const currentPassword = passwordChangeSchema.shape.current_password;

/** POST /api/user/email: a link goes to the new address; the change happens when it is followed. */
export const emailChangeSchema = z.object({
  new_email: registerBodySchema.shape.email,
  current_password: currentPassword,
});
export type EmailChange = z.input<typeof emailChangeSchema>;

/** POST /api/user/email/confirm: the token of the link mailed to the new address. */
export const emailChangeConfirmSchema = z.object({
  token: z.string({ error: "Link inválido" }).min(1, "Link inválido").max(200, "Link inválido"),
});
export type EmailChangeConfirm = z.input<typeof emailChangeConfirmSchema>;

/**
 * DELETE /api/user: the password, or for an account without one the token of a fresh Google
 * sign-in (GET /api/auth/google?intent=reauth comes back with it).
 */
export const accountDeletionSchema = z.union(
  [
    z.object({ password: currentPassword.max(200, "Senha muito longa") }),
    z.object({
      google_reauth_token: z
        .string({ error: "Confirme sua identidade com o Google" })
        .min(1, "Confirme sua identidade com o Google")
        .max(200, "Confirme sua identidade com o Google"),
    }),
  ],
  { error: "Informe sua senha para excluir a conta" },
);
export type AccountDeletion = z.input<typeof accountDeletionSchema>;

/** GET /api/user/account: what the profile needs beyond the session user. */
export const accountStatusSchema = z.object({
  /** Whether the account can prove itself with a password (else: a fresh Google sign-in). */
  has_password: z.boolean(),
  google_linked: z.boolean(),
  /** An e-mail change waiting for its link to be followed. */
  pending_email_change: z.object({ new_email: z.string(), expires_at: timestampSchema }).nullable(),
});
export type AccountStatus = z.infer<typeof accountStatusSchema>;

/** POST /api/user/email: the link is sent; the profile shows the change waiting for it. */
export const emailChangeSentSchema = authResponseSchema.omit({ user: true }).extend({
  pending_email_change: accountStatusSchema.shape.pending_email_change,
});
/** POST /api/user/email/confirm: the account's address now. */
export const emailChangedSchema = authResponseSchema.omit({ user: true }).extend({ email: z.string() });

export const ACCOUNT_MESSAGES = {
  profileSaved: "Perfil atualizado",
  passwordChanged: "Senha alterada. As sessões nos outros dispositivos foram encerradas.",
  wrongCurrentPassword: "A senha atual está incorreta",
  noPassword: "Esta conta não tem senha: entre com o Google para alterar o acesso.",
  othersSignedOut: "Sessões nos outros dispositivos encerradas",
  photoSaved: "Foto atualizada",
  photoRemoved: "Foto removida",
  wrongPassword: "Senha incorreta",
  emailSameAsCurrent: "Este já é o email da sua conta.",
  emailTaken: "Este email já está cadastrado",
  emailNoPassword:
    "Esta conta não tem senha: defina uma senha (em 'Esqueceu sua senha?') antes de trocar o email.",
  emailChangeSent:
    "Enviamos um link de confirmação para o novo email. A troca só acontece quando você abrir o link.",
  emailChangeCanceled: "Troca de email cancelada",
  emailChanged: "Email alterado com sucesso",
  emailChangeLinkInvalid: "Este link de troca de email é inválido. Peça a troca de novo no seu perfil.",
  emailChangeLinkExpired: "Este link de troca de email expirou. Peça a troca de novo no seu perfil.",
  emailChangeLinkUsed: "Este link de troca de email já foi usado.",
  emailChangeTakenMeanwhile:
    "Este email passou a ser usado por outra conta. Peça a troca para outro endereço no seu perfil.",
  accountDeleted: "Sua conta foi excluída",
  deletionNeedsGoogle: "Esta conta entra com o Google: confirme sua identidade com o Google para excluí-la.",
  googleReauthInvalid: "A confirmação com o Google é inválida ou expirou. Confirme de novo.",
  lastAdmin: "Você é o único administrador ativo: torne outra conta administradora antes de excluir a sua.",
} as const;
