import { linkPageListSchema } from "@common/contract/link-pages";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";

/** The signed-in user's Link Bio pages (GET /api/link-pages). */
export const linkPagesQuery = queryOptions({
  queryKey: ["link-pages"],
  queryFn: ({ signal }) => api("/api/link-pages", { schema: linkPageListSchema, signal }),
});
