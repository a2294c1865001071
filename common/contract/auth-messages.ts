// The auth contract's words and numbers, without zod (./auth.ts has the schemas and re-exports
// these): the sign-in form's first script (web/app/islands.tsx) needs them, its validation only once
// someone starts on the form.
export const PASSWORD_MIN = 8;
export const PASSWORD_HINT = "Deve conter pelo menos 8 caracteres";

export const AUTH_MESSAGES = {
  loggedIn: "Login realizado com sucesso",
  registered: "Conta criada com sucesso",
  loggedOut: "Sessão encerrada",
  wrongCredentials: "Email ou senha incorretos",
  emailTaken: "Este email já está cadastrado",
  inactive: "Esta conta está desativada. Fale com o suporte.",
  registrationClosed: "Novos cadastros estão temporariamente fechados.",
  authFailed: "Erro na autenticação",
  passwordResetRequested:
    "Se houver uma conta com este email, enviamos um link para redefinir a senha. Confira sua caixa de entrada (e o spam).",
  passwordResetDone: "Senha redefinida com sucesso",
  resetLinkInvalid: "Este link de redefinição de senha é inválido. Peça um novo.",
  resetLinkExpired: "Este link de redefinição de senha expirou. Peça um novo.",
  emailVerified: "Email confirmado com sucesso",
  emailAlreadyVerified: "Seu email já está confirmado.",
  verificationSent: "Enviamos um novo link de confirmação para o seu email.",
  verifyLinkInvalid: "Este link de confirmação é inválido. Peça um novo no painel.",
  verifyLinkExpired: "Este link de confirmação expirou. Peça um novo no painel.",
  verifyLinkUsed: "Este link de confirmação já foi usado.",
  verifyBeforeCheckout:
    "Confirme seu email antes de assinar um plano. Enviamos o link para a sua caixa de entrada.",
  resetLinkUsed: "Este link de redefinição de senha já foi usado. Peça um novo se precisar.",
} as const;
