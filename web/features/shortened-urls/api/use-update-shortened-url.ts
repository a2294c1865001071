import { shortenedUrlSchema, type shortenedUrlUpdateSchema } from "@common/contract/shortened-urls";
import type { z } from "@common/zod";
import { type InfiniteData, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { type ShortenedUrlPage, shortenedUrlKeys } from "./shortened-urls";

type ParsedUpdate = z.output<typeof shortenedUrlUpdateSchema>;

/** PUT /api/shortened-urls/{id}; the saved link replaces its row in every cached list at once. */
export function useUpdateShortenedUrl(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ParsedUpdate) =>
      api(`/api/shortened-urls/${id}`, {
        schema: shortenedUrlSchema,
        method: "PUT",
        body: {
          ...body,
          expires_at: body.expires_at === undefined ? undefined : (body.expires_at?.toISOString() ?? null),
        },
      }),
    onSuccess: (saved) => {
      queryClient.setQueriesData<InfiniteData<ShortenedUrlPage, number>>(
        { queryKey: [...shortenedUrlKeys.all, "list"] },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((item) => (item.id === saved.id ? saved : item)),
            })),
          },
      );
      void queryClient.invalidateQueries({ queryKey: shortenedUrlKeys.all });
    },
  });
}
