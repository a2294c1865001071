// Test-only, for the account screens' component tests: the signed-in user, and a render as they see it.
import type { SessionUser } from "@common/contract/auth";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { meQuery } from "@web/lib/session";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { Toaster } from "sonner";
import { testQueryClient } from "../../../../tests/web-fake-api";
import { sessionUser } from "../../../../tests/web-session";

/** Joana, verified, with a password and no Google link; `overrides` change what a test needs. */
export const accountUser = (overrides: Partial<SessionUser> = {}): SessionUser =>
  sessionUser({ id: 7, email: "joana@exemplo.com", first_name: "Joana", last_name: "", ...overrides });

/** Renders `ui` signed in as `user` (in the session query), under a router at `route`, with the toasts. */
export function renderSignedIn(
  ui: ReactNode,
  { user = accountUser(), route = "/profile" }: { user?: SessionUser; route?: string } = {},
): QueryClient {
  const client = testQueryClient();
  client.setQueryData(meQuery.queryKey, user);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        {ui}
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}
