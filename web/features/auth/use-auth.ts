import type { LoginBody, RegisterBody, SessionUser } from "@common/contract/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AuthFailure } from "@web/lib/auth-error";
import { meQuery } from "@web/lib/session";
import { useNavigate } from "react-router";
import { login, logout, register } from "./api";

export type SignInInput = { mode: "login"; body: LoginBody } | { mode: "register"; body: RegisterBody };

/** Logs in or registers; on success the session user is cached, so protected screens open at once. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignInInput): Promise<SessionUser> => {
      const result = input.mode === "login" ? await login(input.body) : await register(input.body);
      if (!result?.success || !result.user) throw new AuthFailure(result?.message ?? "");
      return result.user;
    },
    onSuccess: (user) => queryClient.setQueryData(meQuery.queryKey, user),
  });
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
