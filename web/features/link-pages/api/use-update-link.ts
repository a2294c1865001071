import { type LinkBody, linkSchema } from "@common/contract/link-pages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { linksQuery } from "./links-query";

/** PUT /api/links/{id}: the link form sends title and url, the style modal only custom_style. */
export function useUpdateLink(pageId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Partial<LinkBody> }) =>
      api(`/api/links/${id}`, { schema: linkSchema, method: "PUT", body }),
    onSuccess: (saved) =>
      queryClient.setQueryData(linksQuery(pageId).queryKey, (links) =>
        links?.map((link) => (link.id === saved.id ? saved : link)),
      ),
  });
}
