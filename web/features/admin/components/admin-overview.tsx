import { formatBRL } from "@common/money";
import { useQuery } from "@tanstack/react-query";
import { Badge } from "@web/components/ui/badge";
import {
  Activity,
  CreditCard,
  type LucideIcon,
  MousePointerClick,
  Settings,
  Users,
  Wallet,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { adminStatsQuery } from "../api/admin-billing";
import { systemConfigQuery } from "../api/system-config";
import { adminTabPath } from "./admin-tabs";
import { feeAndNet } from "./platform-fee";

const count = new Intl.NumberFormat("pt-BR");

/** "+87 novos este mês", "+1 novo este mês", "Nenhum novo este mês". */
export const newUsersNote = (n: number) =>
  n === 0 ? "Nenhum novo este mês" : `+${count.format(n)} ${n === 1 ? "novo" : "novos"} este mês`;
/** "−4 cancelamentos este mês", "−1 cancelamento este mês", "Nenhum cancelamento este mês". */
export const cancellationsNote = (n: number) =>
  n === 0
    ? "Nenhum cancelamento este mês"
    : `−${count.format(n)} ${n === 1 ? "cancelamento" : "cancelamentos"} este mês`;
function Loading() {
  return (
    <>
      <span className="block h-7 w-24 animate-pulse rounded bg-gray-200" aria-hidden />
      <span className="sr-only">Carregando</span>
    </>
  );
}

function StatCard({
  label,
  value,
  note,
  icon: Icon,
  tone,
}: {
  label: string;
  value: string | undefined;
  note?: ReactNode;
  icon: LucideIcon;
  tone: string;
}) {
  return (
    // A <dl> group holds only <dt> and <dd>: the icon sits inside the term.
    <div className="min-w-0 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
      <dt className="flex items-start justify-between gap-3 text-sm font-medium text-gray-500">
        {label}
        <span className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-lg ${tone}`} aria-hidden>
          <Icon className="h-5 w-5" />
        </span>
      </dt>
      <dd className="mt-1">
        <span className="block truncate text-2xl font-bold text-gray-900">{value ?? <Loading />}</span>
        {value !== undefined && note && <span className="mt-1 block text-xs text-gray-500">{note}</span>}
      </dd>
    </div>
  );
}

function StatusItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-lg bg-gray-50 px-4 py-3 sm:flex-col sm:items-start sm:gap-1.5">
      <dt className="text-sm text-gray-600">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

/** 'Visão Geral' (spec 2): the four figures and the system status. */
export function AdminOverview() {
  const stats = useQuery(adminStatsQuery).data;
  const config = useQuery(systemConfigQuery);
  const fee = config.data && feeAndNet(config.data.platform_fee_percentage);

  return (
    <div className="space-y-6">
      <h2 className="sr-only">Visão Geral</h2>
      <dl className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 sm:gap-4 xl:grid-cols-4">
        <StatCard
          label="Total de Usuários"
          value={stats && count.format(stats.total_users)}
          note={
            stats && (
              <span className="font-medium text-green-700">{newUsersNote(stats.new_users_this_month)}</span>
            )
          }
          icon={Users}
          tone="bg-brand-50 text-brand-600"
        />
        <StatCard
          label="Assinaturas Ativas"
          value={stats && count.format(stats.active_subscriptions)}
          note={
            stats && (
              <span className={stats.cancellations_this_month ? "font-medium text-red-600" : undefined}>
                {cancellationsNote(stats.cancellations_this_month)}
              </span>
            )
          }
          icon={CreditCard}
          tone="bg-violet-50 text-violet-600"
        />
        <StatCard
          label="Receita Total"
          value={stats && formatBRL(stats.total_revenue)}
          note="Pagamentos aprovados"
          icon={Wallet}
          tone="bg-green-50 text-green-600"
        />
        <StatCard
          label="Total de Cliques"
          value={stats && count.format(stats.total_clicks)}
          note="Links curtos e Link Bios"
          icon={MousePointerClick}
          tone="bg-amber-50 text-amber-600"
        />
      </dl>

      <section
        aria-labelledby="status-do-sistema"
        className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <div className="flex items-center justify-between gap-3">
          <h3 id="status-do-sistema" className="flex items-center gap-2 font-semibold text-gray-900">
            <Activity className="h-5 w-5 text-brand-600" aria-hidden />
            Status do Sistema
          </h3>
          <Link
            to={adminTabPath("configuracoes")}
            className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50"
          >
            <Settings className="h-4 w-4" aria-hidden />
            Alterar
          </Link>
        </div>
        {config.isError ? (
          <p className="mt-3 text-sm text-gray-500">Não foi possível carregar o status do sistema.</p>
        ) : (
          <dl className="mt-4 grid gap-2 sm:grid-cols-3 sm:gap-3">
            <StatusItem label="Modo de manutenção">
              {config.data ? (
                <Badge tone={config.data.maintenance_mode ? "amber" : "gray"}>
                  {config.data.maintenance_mode ? "Ativo" : "Desativado"}
                </Badge>
              ) : (
                <Loading />
              )}
            </StatusItem>
            <StatusItem label="Cadastros">
              {config.data ? (
                <Badge tone={config.data.registration_enabled ? "green" : "red"}>
                  {config.data.registration_enabled ? "Abertos" : "Fechados"}
                </Badge>
              ) : (
                <Loading />
              )}
            </StatusItem>
            <StatusItem label="Taxa da plataforma">
              {fee ? (
                <span>
                  <span className="font-semibold text-gray-900">{fee.fee}</span>{" "}
                  <span className="text-gray-500">(líquido {fee.net})</span>
                </span>
              ) : (
                <Loading />
              )}
            </StatusItem>
          </dl>
        )}
      </section>
    </div>
  );
}
