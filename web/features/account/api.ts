import type {
  AccountDeletion,
  AccountStatus,
  EmailChange,
  EmailChangeConfirm,
  PasswordChange,
  ProfilePhoto,
  ProfileUpdate,
} from "@common/contract/account";
import { accountStatusSchema, sessionInfoListSchema } from "@common/contract/account";
import type { SessionUser } from "@common/contract/auth";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";

type Done = { success: true; message: string };

/** GET /api/user/sessions: where the account is signed in, this device first or marked. */
export const sessionsQuery = queryOptions({
  queryKey: ["account", "sessions"],
  queryFn: ({ signal }) => api("/api/user/sessions", { schema: sessionInfoListSchema, signal }),
});

export const updateProfile = (body: ProfileUpdate) =>
  api<Done & { user: SessionUser }>("/api/user/profile", { method: "PUT", body });
export const changePassword = (body: PasswordChange) =>
  api<Done>("/api/user/password", { method: "POST", body });
export const revokeOtherSessions = () =>
  api<Done>("/api/user/sessions/revoke-others", { method: "POST", body: {} });

/** The LGPD export: a plain download (the browser keeps the session cookie on same-origin GETs). */
export const EXPORT_PATH = "/api/user/export";

/** GET /api/user/account: how the account proves itself, and an e-mail change waiting for its link. */
export const accountStatusQuery = queryOptions({
  queryKey: ["account", "status"],
  queryFn: ({ signal }) => api("/api/user/account", { schema: accountStatusSchema, signal }),
});

export const updatePhoto = (body: ProfilePhoto) =>
  api<Done & { user: SessionUser }>("/api/user/photo", { method: "PUT", body });
export const requestEmailChange = (body: EmailChange) =>
  api<Done & { pending_email_change: AccountStatus["pending_email_change"] }>("/api/user/email", {
    method: "POST",
    body,
  });
export const cancelEmailChange = () => api<Done>("/api/user/email", { method: "DELETE" });
export const confirmEmailChange = (body: EmailChangeConfirm) =>
  api<Done & { email: string }>("/api/user/email/confirm", { method: "POST", body });
export const deleteAccount = (body: AccountDeletion) => api<Done>("/api/user", { method: "DELETE", body });

/** A fresh Google sign-in before deleting an account without a password (the Google helper's route). */
export const GOOGLE_REAUTH_PATH = "/api/auth/google?intent=reauth";
