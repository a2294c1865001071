// The web's session: who is signed in, read once and shared by every screen and feature. Signing in
// and out is the auth feature's (web/features/auth/use-auth.ts); it writes the same query.
import type { SessionResponse, SessionUser } from "@common/contract/auth";
import { type QueryClient, type QueryKey, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";

// NOTE: the server fills this key when it renders a public screen (web/entry-server.tsx).
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

/** The signed-in user (null when signed out) and whether the first session check is pending. */
export function useAuth(): { user: SessionUser | null; pending: boolean } {
  const { data, isPending } = useQuery(meQuery);
  return { user: data ?? null, pending: isPending };
}

/** POST /api/auth/verify-email/resend: the signed-in user's confirmation link, sent again. */
export const resendVerification = () =>
  api<{ success: boolean; message: string }>("/api/auth/verify-email/resend", { method: "POST", body: {} });

/**
 * After a change to the account made from a link (an e-mail confirmed, a new address): the
 * session, and any other `queryKeys`, read anew. A check that left before the change (the page's
 * own, at load) would answer the old state after it and be kept as fresh for minutes: it is
 * cancelled, then each is fetched again even with no screen reading it (or when one first does).
 */
export async function readSessionAnew(queryClient: QueryClient, ...queryKeys: QueryKey[]): Promise<void> {
  for (const queryKey of [meQuery.queryKey, ...queryKeys]) {
    await queryClient.cancelQueries({ queryKey });
    await queryClient.invalidateQueries({ queryKey, refetchType: "all" });
  }
}
