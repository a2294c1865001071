// Test-only, for the web component tests: the signed-in user of GET /api/auth/session.
import type { SessionUser } from "@common/contract/auth";

/** Ana Souza, verified, with a password and no Google link; `over` changes what a test needs. */
export function sessionUser(over: Partial<SessionUser> = {}): SessionUser {
  const first_name = over.first_name ?? "Ana";
  const last_name = over.last_name ?? "Souza";
  return {
    id: 1,
    email: "ana@exemplo.com",
    first_name,
    last_name,
    profile_picture_url: null,
    is_admin: false,
    email_verified: true,
    has_password: true,
    google_linked: false,
    google_user_data: { given_name: first_name, family_name: last_name, picture: null },
    ...over,
  };
}
