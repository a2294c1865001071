import { linkListSchema } from "@common/contract/link-pages";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";

/** A page's links in their saved order (GET /api/link-pages/{id}/links). */
export const linksQuery = (pageId: number) =>
  queryOptions({
    queryKey: ["link-pages", pageId, "links"],
    queryFn: ({ signal }) => api(`/api/link-pages/${pageId}/links`, { schema: linkListSchema, signal }),
  });
