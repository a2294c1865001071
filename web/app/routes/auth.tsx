import { useQueryClient } from "@tanstack/react-query";
import { login, meQuery } from "@web/features/auth/api";
import { errorMessage } from "@web/lib/api-client";
import { useState } from "react";
import { useNavigate } from "react-router";

export function Component() {
  const [error, setError] = useState("");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        try {
          const result = await login({
            email: String(data.get("email")),
            password: String(data.get("password")),
          });
          queryClient.setQueryData(meQuery.queryKey, result.user ?? null);
          navigate("/dashboard");
        } catch (e) {
          setError(errorMessage(e));
        }
      }}
    >
      <input name="email" type="email" />
      <input name="password" type="password" />
      {error && <p>{error}</p>}
      <button type="submit">Entrar</button>
    </form>
  );
}
