import type { OutsideAccessRevoked } from "@common/contract/account";
import type { SystemStatus } from "@common/contract/admin";
import type {
  AuthResponse,
  LoginBody,
  PasswordResetConfirmBody,
  PasswordResetRequestBody,
  RegisterBody,
  SessionResponse,
  SessionUser,
  VerifyEmailBody,
} from "@common/contract/auth";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";

export const meQuery = queryOptions({
  queryKey: ["auth", "me"],
  queryFn: async (): Promise<SessionUser | null> => {
    try {
      return (await api<SessionResponse>("/api/auth/session")).user;
    } catch (error) {
      // A failed check is logged and the visitor stays signed out.
      console.error("session check failed", error);
      return null;
    }
  },
  staleTime: 5 * 60_000,
  retry: false,
});

export const login = (body: LoginBody) => api<AuthResponse>("/api/auth/login", { method: "POST", body });
export const register = (body: RegisterBody) =>
  api<AuthResponse>("/api/auth/register", { method: "POST", body });
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
export const resendVerification = () =>
  api<{ success: boolean; message: string }>("/api/auth/verify-email/resend", { method: "POST", body: {} });
export const logout = () => api<unknown>("/api/auth/logout", { method: "POST", body: {} });

/** GET /api/system/status (public): maintenance, new accounts, Google sign-in, payments. */
export const systemStatusQuery = queryOptions({
  // NOTE: the admin settings refresh this key by name when they change it (features stay apart).
  queryKey: ["system", "status"],
  queryFn: ({ signal }) => api<SystemStatus>("/api/system/status", { signal }),
  staleTime: 30_000,
});
