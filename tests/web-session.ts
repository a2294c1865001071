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

/**
 * GET /api/auth/session as a page sees it around a change made from a link: the page's first check
 * left before the change and answers (`before`) only when `answerFirstCheck` is called; later checks
 * answer `after` once `change` was called. Spread `route` into fakeApi's routes.
 */
export function lateSessionCheck(before: SessionUser, after: SessionUser) {
  let changed = false;
  let checks = 0;
  let answer: () => void = () => undefined;
  type Reply = { body: { user: SessionUser } };
  return {
    route: {
      "GET /api/auth/session": (): Reply | Promise<Reply> => {
        checks++;
        if (checks > 1) return { body: { user: changed ? after : before } };
        return new Promise<Reply>((resolve) => {
          answer = () => resolve({ body: { user: before } });
        });
      },
    },
    change: () => {
      changed = true;
    },
    answerFirstCheck: () => answer(),
  };
}
