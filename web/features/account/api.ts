import type { PasswordChange, ProfileUpdate, SessionInfo } from "@common/contract/account";
import type { SessionUser } from "@common/contract/auth";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";

type Done = { success: true; message: string };

/** GET /api/user/sessions: where the account is signed in, this device first or marked. */
export const sessionsQuery = queryOptions({
  queryKey: ["account", "sessions"],
  queryFn: ({ signal }) => api<SessionInfo[]>("/api/user/sessions", { signal }),
});

export const updateProfile = (body: ProfileUpdate) =>
  api<Done & { user: SessionUser }>("/api/user/profile", { method: "PUT", body });
export const changePassword = (body: PasswordChange) =>
  api<Done>("/api/user/password", { method: "POST", body });
export const revokeOtherSessions = () =>
  api<Done>("/api/user/sessions/revoke-others", { method: "POST", body: {} });

/** The LGPD export: a plain download (the browser keeps the session cookie on same-origin GETs). */
export const EXPORT_PATH = "/api/user/export";
