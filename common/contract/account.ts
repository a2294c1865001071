import { z } from "../zod";
import { registerBodySchema } from "./auth";

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
});
export type PasswordChange = z.input<typeof passwordChangeSchema>;

/** GET /api/user/sessions: where the account is signed in (we keep no IP or device per session). */
export type SessionInfo = {
  /** An opaque id (not the token). */
  id: string;
  created_at: string;
  expires_at: string;
  /** The session of this very request. */
  current: boolean;
};

export const ACCOUNT_MESSAGES = {
  profileSaved: "Perfil atualizado",
  passwordChanged: "Senha alterada. As sessões nos outros dispositivos foram encerradas.",
  wrongCurrentPassword: "A senha atual está incorreta",
  noPassword: "Esta conta não tem senha: entre com o Google para alterar o acesso.",
  othersSignedOut: "Sessões nos outros dispositivos encerradas",
} as const;
