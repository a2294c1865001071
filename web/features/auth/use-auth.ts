import type { SessionUser } from "@common/contract/auth";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { logout, meQuery } from "./api";

/** The signed-in user (null when signed out) and whether the first session check is pending. */
export function useAuth(): { user: SessionUser | null; pending: boolean } {
  const { data, isPending } = useQuery(meQuery);
  return { user: data ?? null, pending: isPending };
}

/** Logs out, clears every cached query and goes to /, even when the call fails (spec 4). */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    try {
      await logout();
    } catch (error) {
      console.error("logout failed", error);
    }
    queryClient.clear();
    queryClient.setQueryData(meQuery.queryKey, null);
    navigate("/");
  };
}
