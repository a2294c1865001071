import { type ApiKeyCreate, apiKeyListSchema, createdApiKeySchema } from "@common/contract/api-keys";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";

/** GET /api/api-keys: the active keys, newest first (never the keys themselves). */
export const apiKeysQuery = queryOptions({
  queryKey: ["account", "api-keys"],
  queryFn: ({ signal }) => api("/api/api-keys", { schema: apiKeyListSchema, signal }),
});

/** POST /api/api-keys: the answer is the only time the whole key is seen. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiKeyCreate) =>
      api("/api/api-keys", { schema: createdApiKeySchema, method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQuery.queryKey }),
  });
}

/** DELETE /api/api-keys/{id}: the key stops working at once. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/api/api-keys/${id}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQuery.queryKey }),
  });
}

/** The public API's reference page (server-rendered). */
export const API_DOCS_PATH = "/api/docs";
