import type { ShortenedUrl, shortenedUrlBodySchema } from "@common/contract/shortened-urls";
import type { z } from "@common/zod";
import { type InfiniteData, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { type ShortenedUrlPage, shortenedUrlKeys } from "./shortened-urls";

type ParsedBody = z.output<typeof shortenedUrlBodySchema>;

/** The unfiltered list is always counted; an uncounted total (a big search's) stays so. */
const plusOne = (total: number | null) => (total === null ? null : total + 1);

/** POST /api/shortened-urls; the new link goes to the top of the unfiltered list at once. */
export function useCreateShortenedUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ParsedBody): Promise<ShortenedUrl> => {
      const expiresAt = body.expires_at?.toISOString() ?? null;
      const created = await api<
        Partial<ShortenedUrl> & Pick<ShortenedUrl, "id" | "short_code" | "custom_domain_id">
      >("/api/shortened-urls", {
        method: "POST",
        body: { ...body, expires_at: expiresAt },
      });
      // Spec 7 promises only id, short_code and custom_domain_id back; the rest is what we sent.
      return {
        original_url: body.original_url,
        title: body.title,
        expires_at: expiresAt,
        click_count: 0,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
        rules: [],
        click_limit: null,
        limit_used: 0,
        expired_url: null,
        has_password: false,
        open_in_app: body.open_in_app ?? true,
        ...created,
      };
    },
    onSuccess: (created) => {
      queryClient.setQueryData<InfiniteData<ShortenedUrlPage, number>>(shortenedUrlKeys.list(""), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page, index) =>
                index === 0
                  ? {
                      items: [created, ...page.items.filter((u) => u.id !== created.id)],
                      total: plusOne(page.total),
                    }
                  : { ...page, total: plusOne(page.total) },
              ),
            }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: shortenedUrlKeys.all });
    },
  });
}
