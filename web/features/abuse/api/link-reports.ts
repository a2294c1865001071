import {
  type LinkReportStatus,
  type LinkReportUpdateBody,
  linkReportPageSchema,
} from "@common/contract/link-reports";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { adminKeys } from "@web/lib/admin-keys";
import { api } from "@web/lib/api-client";

const linkReportKeys = [...adminKeys.all, "link-reports"] as const;

/** GET /api/admin/link-reports: one status, newest first, a page at a time. */
export const linkReportsQuery = (status: LinkReportStatus, page: number) =>
  queryOptions({
    queryKey: [...linkReportKeys, status, page] as const,
    queryFn: ({ signal }) =>
      api(`/api/admin/link-reports?${new URLSearchParams({ status, page: String(page) })}`, {
        schema: linkReportPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** Every action refreshes the queue, the audit log and the figures (all under ["admin"]). */
function useAdminMutation<T>(mutationFn: (variables: T) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** PATCH /api/admin/link-reports/{id}: 'Descartar' (dismissed) or 'Marcar como resolvida' (actioned). */
export const useResolveLinkReport = () =>
  useAdminMutation(({ id, status }: { id: number } & LinkReportUpdateBody) =>
    api<{ message: string }>(`/api/admin/link-reports/${id}`, { method: "PATCH", body: { status } }),
  );

/** POST /api/admin/link-reports/{id}/delete-link: deletes the reported short link of ours. */
export const useDeleteReportedLink = () =>
  useAdminMutation((id: number) =>
    api<{ message: string }>(`/api/admin/link-reports/${id}/delete-link`, { method: "POST", body: {} }),
  );

/**
 * 'Bloquear domínio': the block list's own endpoint (POST /api/admin/blocked-domains), then the
 * report is resolved.
 */
export const useBlockReportedDomain = () =>
  useAdminMutation(async ({ id, domain, reason }: { id: number; domain: string; reason: string }) => {
    await api<unknown>("/api/admin/blocked-domains", { method: "POST", body: { domain, reason } });
    return api<{ message: string }>(`/api/admin/link-reports/${id}`, {
      method: "PATCH",
      body: { status: "actioned" },
    });
  });
