import type { OutsideAccessRevoked } from "@common/contract/account";
import type {
  AuthResponse,
  LoginBody,
  PasswordResetConfirmBody,
  PasswordResetRequestBody,
  RegisterBody,
  VerifyEmailBody,
} from "@common/contract/auth";
import { authResponseSchema } from "@common/contract/auth";
import { api } from "@web/lib/api-client";

export const login = (body: LoginBody) =>
  api("/api/auth/login", { schema: authResponseSchema, method: "POST", body });
export const register = (body: RegisterBody) =>
  api("/api/auth/register", { schema: authResponseSchema, method: "POST", body });
export const requestPasswordReset = (body: PasswordResetRequestBody) =>
  api<{ success: boolean; message: string }>("/api/auth/password-reset/request", { method: "POST", body });
/** The new session's user, and what the recovery took away (API keys, webhooks). */
export const confirmPasswordReset = (body: PasswordResetConfirmBody) =>
  api<AuthResponse & Partial<OutsideAccessRevoked>>("/api/auth/password-reset/confirm", {
    method: "POST",
    body,
  });
export const verifyEmail = (body: VerifyEmailBody) =>
  api<{ success: boolean; message: string }>("/api/auth/verify-email", { method: "POST", body });
export const logout = () => api<unknown>("/api/auth/logout", { method: "POST", body: {} });
