import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { shortenedUrlKeys } from "./shortened-urls";

/** DELETE /api/shortened-urls/{id}; every cached list and count is refreshed afterwards. */
export function useDeleteShortenedUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<unknown>(`/api/shortened-urls/${id}`, { method: "DELETE" }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shortenedUrlKeys.all }),
        queryClient.invalidateQueries({ queryKey: ["analytics"] }),
      ]),
  });
}
