import { linkPageThemeListSchema } from "@common/contract/link-page-themes";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";

/** The ready-made looks the editor offers (GET /api/link-page-themes); they change only with a deploy. */
export const linkPageThemesQuery = queryOptions({
  queryKey: ["link-page-themes"],
  queryFn: ({ signal }) => api("/api/link-page-themes", { schema: linkPageThemeListSchema, signal }),
  staleTime: Number.POSITIVE_INFINITY,
});
