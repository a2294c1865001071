import {
  LINK_REPORT_REASON_LABELS,
  LINK_REPORT_STATUS_LABELS,
  LINK_REPORT_STATUSES,
  type LinkReport,
  type LinkReportStatus,
  reportedDomainOf,
} from "@common/contract/link-reports";
import { formatDateTimeBR } from "@common/time";
import { useQuery } from "@tanstack/react-query";
import { PagedList } from "@web/components/data-table/paged-list";
import { useListFilters } from "@web/components/data-table/paging";
import { ListEmpty } from "@web/components/ui/list-states";
import { SectionHeader } from "@web/components/ui/section-header";
import { useConfirmedAction } from "@web/components/ui/use-confirmed-action";
import { errorMessage } from "@web/lib/api-client";
import { Ban, Check, Flag, Link2, Mail, Trash2, X } from "lucide-react";
import { toast } from "sonner";
import {
  linkReportsQuery,
  useBlockReportedDomain,
  useDeleteReportedLink,
  useResolveLinkReport,
} from "../api/link-reports";

const actionButton =
  "inline-flex items-center justify-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold shadow-sm ring-1 ring-inset disabled:cursor-not-allowed disabled:opacity-50";
const neutral = `${actionButton} bg-white text-gray-700 ring-gray-300 hover:bg-gray-50`;
const danger = `${actionButton} bg-white text-red-700 ring-red-200 hover:bg-red-50`;

const STATUS_DONE: Record<Exclude<LinkReportStatus, "open">, string> = {
  dismissed: "Descartada",
  actioned: "Resolvida",
};

/** What the confirmations say will happen (their titles name the link or the domain). */
export const DELETE_LINK_CONSEQUENCE =
  "Ele para de redirecionar na hora, e os cliques dele são apagados. Esta ação não pode ser desfeita.";
export const BLOCK_DOMAIN_CONSEQUENCE =
  "Nenhum link novo poderá apontar para ele nem para os subdomínios dele, e os links existentes passam a mostrar um aviso. A denúncia fica resolvida.";

/** A short link as people read it: without https://. */
const bare = (url: string) => url.replace(/^https?:\/\//, "");

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-gray-500">{label}</dt>
      <dd className="mt-0.5 min-w-0 text-sm text-gray-900">{children}</dd>
    </div>
  );
}

function ReportCard({ report }: { report: LinkReport }) {
  const resolve = useResolveLinkReport();
  const deleteLink = useDeleteReportedLink();
  const block = useBlockReportedDomain();
  const busy = resolve.isPending || deleteLink.isPending || block.isPending;
  const domain = reportedDomainOf(report);
  const link = report.short_link;
  const confirmed = useConfirmedAction();
  const fail = (fallback: string) => (error: unknown) => toast.error(errorMessage(error, fallback));
  const done = (result: { message: string }) => toast.success(result.message);

  const onResolve = (status: "dismissed" | "actioned") =>
    resolve.mutate(
      { id: report.id, status },
      { onSuccess: done, onError: fail("Erro ao atualizar a denúncia") },
    );
  const onDeleteLink = () =>
    confirmed({
      title: `Excluir o link ${bare(link?.short_url ?? report.url)}?`,
      body: DELETE_LINK_CONSEQUENCE,
      confirmLabel: "Excluir link",
      danger: true,
      action: () => deleteLink.mutateAsync(report.id),
      errorFallback: "Erro ao excluir o link",
      success: (result) => result.message,
    });
  const onBlock = () => {
    if (!domain) return;
    const reason = `Denúncia #${report.id}: ${LINK_REPORT_REASON_LABELS[report.reason]}`;
    return confirmed({
      title: `Bloquear o domínio ${domain}?`,
      body: BLOCK_DOMAIN_CONSEQUENCE,
      confirmLabel: "Bloquear domínio",
      danger: true,
      action: () => block.mutateAsync({ id: report.id, domain, reason }),
      errorFallback: "Erro ao bloquear o domínio",
      success: `Domínio ${domain} bloqueado e denúncia resolvida.`,
    });
  };

  return (
    <li className="space-y-3 p-4 sm:p-5" aria-label={`Denúncia #${report.id}`}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200 ring-inset">
          <Flag className="h-3.5 w-3.5" aria-hidden />
          {LINK_REPORT_REASON_LABELS[report.reason]}
        </span>
        {link && (
          <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
            <Link2 className="h-3.5 w-3.5" aria-hidden />
            Link do Atalho
          </span>
        )}
        <time dateTime={report.created_at} className="ml-auto text-xs text-gray-500 tabular-nums">
          {formatDateTimeBR(report.created_at)}
        </time>
      </div>

      <p className="font-mono text-sm break-all text-gray-900" title="Link denunciado">
        {report.url}
      </p>

      <dl className="grid gap-3 sm:grid-cols-2">
        {report.details && (
          <div className="sm:col-span-2">
            <Field label="Detalhes">
              <span className="whitespace-pre-wrap break-words">{report.details}</span>
            </Field>
          </div>
        )}
        <Field label="E-mail de quem denunciou">
          {report.reporter_email ? (
            <a
              href={`mailto:${report.reporter_email}`}
              className="inline-flex max-w-full items-center gap-1 text-brand-700 hover:underline"
            >
              <Mail className="h-3.5 w-3.5 shrink-0" aria-hidden />
              <span className="truncate">{report.reporter_email}</span>
            </a>
          ) : (
            <span className="text-gray-500">Não informado</span>
          )}
        </Field>
        {link &&
          (link.exists ? (
            <>
              <Field label="Dono do link">
                <span className="block truncate">{link.owner_email}</span>
              </Field>
              <Field label="Link curto">
                <span className="block font-mono text-xs break-all">{link.short_url}</span>
              </Field>
              <Field label="Destino">
                <span className="block font-mono text-xs break-all">{link.original_url}</span>
              </Field>
            </>
          ) : (
            <Field label="Link curto">
              <span className="text-gray-500">Excluído</span>
            </Field>
          ))}
      </dl>

      {report.status === "open" ? (
        <div className="flex flex-wrap gap-2 pt-1">
          <button type="button" className={neutral} disabled={busy} onClick={() => onResolve("dismissed")}>
            <X className="h-4 w-4" aria-hidden />
            Descartar
          </button>
          <button type="button" className={neutral} disabled={busy} onClick={() => onResolve("actioned")}>
            <Check className="h-4 w-4" aria-hidden />
            Marcar como resolvida
          </button>
          {link?.exists && (
            <button type="button" className={danger} disabled={busy} onClick={() => void onDeleteLink()}>
              <Trash2 className="h-4 w-4" aria-hidden />
              Excluir link
            </button>
          )}
          {domain && (
            <button
              type="button"
              className={danger}
              disabled={busy}
              onClick={() => void onBlock()}
              title={`Bloquear ${domain}`}
            >
              <Ban className="h-4 w-4" aria-hidden />
              Bloquear domínio
            </button>
          )}
        </div>
      ) : (
        <p className="text-xs text-gray-500">
          {STATUS_DONE[report.status]}
          {report.resolved_by_email ? ` por ${report.resolved_by_email}` : ""}
          {report.resolved_at ? ` em ${formatDateTimeBR(report.resolved_at)}` : ""}
        </p>
      )}
    </li>
  );
}

/**
 * 'Denúncias': what visitors reported through /denunciar, newest first, by status (open first),
 * with the actions an administrator takes on them. Every action is audit-logged by the server.
 */
export function LinkReports() {
  const { filters, change, page, pager } = useListFilters<{ status: LinkReportStatus }>({ status: "open" });
  const { status } = filters;
  const list = useQuery(linkReportsQuery(status, page));
  const reports = list.data?.reports ?? [];

  return (
    <div className="space-y-4">
      <SectionHeader
        title="Denúncias"
        count={list.data?.total}
        description="Links denunciados por visitantes pelo formulário “Denunciar link”. Quem denunciou não é identificado pelo IP."
      />

      <PagedList
        label="Denúncias"
        toolbar={
          <div className="border-b border-gray-100 p-4">
            <fieldset className="inline-flex rounded-lg bg-gray-100 p-1">
              <legend className="sr-only">Status</legend>
              {LINK_REPORT_STATUSES.map((value) => (
                <button
                  key={value}
                  type="button"
                  aria-pressed={status === value}
                  onClick={() => change({ status: value })}
                  className={`rounded-md px-3 py-1.5 text-sm font-medium ${
                    status === value
                      ? "bg-white text-gray-900 shadow-sm"
                      : "text-gray-600 hover:text-gray-900"
                  }`}
                >
                  {LINK_REPORT_STATUS_LABELS[value]}
                </button>
              ))}
            </fieldset>
          </div>
        }
        query={list}
        rows={reports}
        pager={pager}
        loadingLabel="Carregando denúncias"
        errorFallback="Erro ao carregar as denúncias"
        empty={
          <ListEmpty
            icon={Flag}
            text={
              status === "open"
                ? "Nenhuma denúncia aberta."
                : `Nenhuma denúncia ${STATUS_DONE[status].toLowerCase()}.`
            }
          />
        }
      >
        <ul className="divide-y divide-gray-100">
          {reports.map((report) => (
            <ReportCard key={report.id} report={report} />
          ))}
        </ul>
      </PagedList>
    </div>
  );
}
