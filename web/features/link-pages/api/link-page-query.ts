import { linkPageSchema } from "@common/contract/link-pages";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";

/** One page for the editor (GET /api/link-pages/{id}); nested under the list key so list changes refresh it. */
export const linkPageQuery = (id: number) =>
  queryOptions({
    queryKey: ["link-pages", id],
    queryFn: ({ signal }) => api(`/api/link-pages/${id}`, { schema: linkPageSchema, signal }),
  });
