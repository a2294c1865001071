import { ADMIN_MESSAGES, type AdminUser, type AdminUserDetails } from "@common/contract/admin";
import {
  SUBSCRIPTION_STATUS_LABELS,
  type SubscriptionStatus,
  UNLIMITED_LABEL,
} from "@common/contract/billing";
import { formatDateBR, formatDateTimeBR } from "@common/time";
import { useQuery } from "@tanstack/react-query";
import { ActiveBadge, Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Modal } from "@web/components/ui/modal";
import { QueryStates } from "@web/components/ui/query-states";
import type { ReactNode } from "react";
import { adminUserDetailsQuery } from "../api/admin-users";
import { PlanBadge } from "./plan-badge";
import { fullName } from "./users-table";

const count = new Intl.NumberFormat("pt-BR");

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 py-2.5 sm:grid sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm text-gray-500">{label}</dt>
      <dd className="mt-0.5 min-w-0 text-sm break-words text-gray-900 sm:mt-0">{children}</dd>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg bg-gray-50 p-3 text-center">
      <dt className="text-xs text-gray-500">{label}</dt>
      <dd className="mt-0.5 text-lg font-semibold text-gray-900 tabular-nums">{count.format(value)}</dd>
    </div>
  );
}

const statusLabel = (status: string) => SUBSCRIPTION_STATUS_LABELS[status as SubscriptionStatus] ?? status;

/** What the plan gives until when: "Ativo · até 10/04/2026", or "sem data de término". */
function planTerm({ subscription }: AdminUserDetails) {
  const until = subscription.expires_at
    ? `até ${formatDateBR(subscription.expires_at)}`
    : "sem data de término";
  return `${statusLabel(subscription.status)} · ${until}`;
}

/** How the account signs in: by password, with Google, or both. */
function signInMethods(user: AdminUserDetails) {
  const methods = [user.has_password && "Senha", user.google_linked && "Google"].filter(Boolean);
  return methods.length ? methods.join(" e ") : "Nenhum";
}

/** The administrator's own limits for this user, or null when the plan's apply. */
function customLimits({ custom_limits: limits }: AdminUserDetails) {
  const parts = [
    ["Link Bios", limits.max_link_pages],
    ["URLs", limits.max_shortened_urls],
    ["cliques/mês", limits.max_clicks_per_month],
    ["contatos/mês", limits.max_leads_per_month],
  ].flatMap(([label, value]) =>
    value === null
      ? []
      : [`${label}: ${(value as number) < 0 ? UNLIMITED_LABEL : count.format(value as number)}`],
  );
  return parts.length ? parts.join(" · ") : null;
}

function Details({ user }: { user: AdminUserDetails }) {
  const limits = customLimits(user);
  return (
    <div className="space-y-5">
      <dl aria-label="Uso" className="grid grid-cols-3 gap-2">
        <Figure label="Link Bios" value={user.link_pages_count} />
        <Figure label="URLs encurtadas" value={user.shortened_urls_count} />
        <Figure label="Cliques" value={user.total_clicks} />
      </dl>
      <dl className="divide-y divide-gray-100 border-y border-gray-100">
        <Item label="Nome">{fullName(user) || "—"}</Item>
        <Item label="Email">{user.email}</Item>
        <Item label="Status">
          <span className="flex flex-wrap gap-1">
            <ActiveBadge active={user.is_active} />
            {user.is_admin && <Badge tone="dark">Admin</Badge>}
          </span>
        </Item>
        <Item label="Email verificado">
          {user.email_verified_at ? `Sim, em ${formatDateBR(user.email_verified_at)}` : "Não"}
        </Item>
        <Item label="Plano">
          <span className="flex flex-wrap items-center gap-2">
            <PlanBadge name={user.subscription.plan_name} />
            <span className="text-gray-600">{planTerm(user)}</span>
          </span>
        </Item>
        {limits && <Item label="Limites personalizados">{limits}</Item>}
        <Item label="Cadastro">{formatDateTimeBR(user.created_at)}</Item>
        <Item label="Último login">
          {user.last_login_at ? formatDateTimeBR(user.last_login_at) : "Nenhum nos últimos 6 meses"}
        </Item>
        <Item label="Entra com">{signInMethods(user)}</Item>
      </dl>
    </div>
  );
}

/** 'Detalhes' of a user in the admin's list: their account, plan and usage, read fresh from the server. */
export function UserDetailsModal({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const details = useQuery(adminUserDetailsQuery(user.id));
  return (
    <Modal title="Detalhes do usuário" subtitle={user.email} onClose={onClose} width="max-w-lg">
      <QueryStates
        query={details}
        loadingLabel="Carregando detalhes"
        errorFallback={ADMIN_MESSAGES.detailsFailed}
      >
        {(data) => <Details user={data} />}
      </QueryStates>
      <div className="mt-5 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Fechar
        </Button>
      </div>
    </Modal>
  );
}
