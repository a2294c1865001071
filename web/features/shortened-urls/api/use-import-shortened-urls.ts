import { shortenedUrlImportResultSchema } from "@common/contract/shortened-urls";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { billingKeys } from "@web/lib/plans";
import { shortenedUrlKeys } from "./shortened-urls";

/** POST /api/shortened-urls/import with the file's text; the lists and counts refresh after. */
export function useImportShortenedUrls() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) =>
      api("/api/shortened-urls/import", {
        schema: shortenedUrlImportResultSchema,
        method: "POST",
        body: { csv },
      }),
    onSuccess: (result) => {
      if (result.created > 0) {
        void queryClient.invalidateQueries({ queryKey: shortenedUrlKeys.all });
        void queryClient.invalidateQueries({ queryKey: billingKeys.limits() });
      }
    },
  });
}

/** Where the export is downloaded (a plain link: the browser saves the file). */
export const SHORTENED_URLS_EXPORT_PATH = "/api/shortened-urls/export.csv";
