import { ADMIN_MESSAGES, type AdminPlan } from "@common/contract/admin";
import { INTERVAL_LABELS, isUnlimited, UNLIMITED_LABEL } from "@common/contract/billing";
import { formatBRL } from "@common/money";
import { useQuery } from "@tanstack/react-query";
import { ActiveBadge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { ListEmpty } from "@web/components/ui/list-states";
import { QueryStates } from "@web/components/ui/query-states";
import { SectionHeader } from "@web/components/ui/section-header";
import { useConfirmedAction } from "@web/components/ui/use-confirmed-action";
import { Check, Layers, Pencil, Plus, Trash2, X } from "lucide-react";
import type { ReactNode } from "react";
import { useState } from "react";
import { adminPlansQuery } from "../api/admin-plans";
import { useDeletePlan } from "../api/use-delete-plan";
import { freePlanOf } from "./plan-form";
import { PlanFormModal } from "./plan-form-modal";

const count = new Intl.NumberFormat("pt-BR");
const limit = (value: number | null) => (isUnlimited(value) ? UNLIMITED_LABEL : count.format(value));

function Feature({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3 py-1.5">
      <dt className="text-gray-500">{label}</dt>
      <dd className="text-right font-medium text-gray-900">{value}</dd>
    </div>
  );
}

function YesNo({ value }: { value: boolean }) {
  return value ? (
    <span className="inline-flex items-center gap-1 text-green-700">
      <Check className="h-4 w-4" aria-hidden />
      Sim
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 text-gray-500">
      <X className="h-4 w-4" aria-hidden />
      Não
    </span>
  );
}

function PlanCard({
  plan,
  onEdit,
  onDelete,
  deleting,
}: {
  plan: AdminPlan;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  return (
    <article
      aria-labelledby={`plano-${plan.id}`}
      className={`flex min-w-0 flex-col rounded-xl border bg-white p-5 shadow-sm ${plan.is_active ? "border-gray-200" : "border-dashed border-gray-300"}`}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={`plano-${plan.id}`} className="truncate text-lg font-semibold text-gray-900">
            {plan.name}
          </h3>
          <p className="text-xs text-gray-500">
            {plan.subscribers === 1 ? "1 assinante" : `${count.format(plan.subscribers)} assinantes`}
          </p>
        </div>
        <ActiveBadge active={plan.is_active} />
      </div>
      {plan.description && <p className="mt-2 text-sm text-gray-600">{plan.description}</p>}
      <p className="mt-3">
        <span className="text-2xl font-bold text-gray-900">{formatBRL(plan.price_cents)}</span>
        <span className="text-sm text-gray-500">/mês</span>
      </p>
      <p className="text-sm text-gray-500">
        {plan.yearly_price_cents === null ? "Sem opção anual" : `${formatBRL(plan.yearly_price_cents)}/ano`}
        {" · "}padrão {INTERVAL_LABELS[plan.interval_type].toLowerCase()}
      </p>
      <dl className="mt-4 flex-1 divide-y divide-gray-100 border-t border-gray-100 text-sm">
        <Feature label="Link Bios" value={limit(plan.max_link_pages)} />
        <Feature label="URLs encurtadas" value={limit(plan.max_shortened_urls)} />
        <Feature label="Cliques por mês" value={limit(plan.max_clicks_per_month)} />
        <Feature label="Contatos por mês" value={limit(plan.max_leads_per_month)} />
        <Feature
          label="Retenção de analytics"
          value={`${count.format(plan.analytics_retention_days)} ${plan.analytics_retention_days === 1 ? "dia" : "dias"}`}
        />
        <Feature label="Domínios personalizados" value={<YesNo value={plan.custom_domains} />} />
        <Feature label="Domínios premium" value={<YesNo value={plan.premium_domains} />} />
        <Feature label="Suporte prioritário" value={<YesNo value={plan.priority_support} />} />
      </dl>
      <div className="mt-4 flex gap-2 border-t border-gray-100 pt-4">
        <Button variant="secondary" onClick={onEdit} className="flex-1" aria-label={`Editar ${plan.name}`}>
          <Pencil className="h-4 w-4" aria-hidden />
          Editar
        </Button>
        <Button
          variant="ghost"
          onClick={onDelete}
          loading={deleting}
          className="text-red-600 hover:bg-red-50 hover:text-red-700"
          aria-label={`Deletar ${plan.name}`}
        >
          {!deleting && <Trash2 className="h-4 w-4" aria-hidden />}
          Deletar
        </Button>
      </div>
    </article>
  );
}

/** 'Planos' (spec 2): every plan with its limits and subscribers; create, edit and delete. */
export function AdminPlans() {
  const plans = useQuery(adminPlansQuery);
  const remove = useDeletePlan();
  const confirmed = useConfirmedAction();
  // undefined: no form open; null: a new plan.
  const [editing, setEditing] = useState<AdminPlan | null | undefined>(undefined);

  const onDelete = (plan: AdminPlan) =>
    confirmed({
      title: `Deletar o plano “${plan.name}”?`,
      body: ADMIN_MESSAGES.confirmDeletePlan,
      confirmLabel: "Deletar plano",
      danger: true,
      action: () => remove.mutateAsync(plan.id),
      // The server says why it refuses (subscribers, the default or the free plan).
      errorFallback: ADMIN_MESSAGES.deletePlanFailed,
      success: ADMIN_MESSAGES.planDeleted,
    });

  return (
    <div className="space-y-4">
      <SectionHeader
        title="Planos"
        count={plans.data?.length}
        description="Preços, limites e recursos. Um plano com assinantes não pode ser deletado: desative-o."
        actions={
          <Button onClick={() => setEditing(null)} disabled={!plans.data}>
            <Plus className="h-4 w-4" aria-hidden />
            Novo Plano
          </Button>
        }
      />

      {plans.data?.length ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {plans.data.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              onEdit={() => setEditing(plan)}
              onDelete={() => void onDelete(plan)}
              deleting={remove.isPending && remove.variables === plan.id}
            />
          ))}
        </div>
      ) : (
        <div className="rounded-xl border border-gray-200 bg-white">
          <QueryStates query={plans} loadingLabel="Carregando planos" errorFallback="Erro ao carregar planos">
            {() => <ListEmpty icon={Layers} text="Nenhum plano cadastrado." />}
          </QueryStates>
        </div>
      )}

      {editing !== undefined && (
        <PlanFormModal
          plan={editing}
          freePlan={freePlanOf(plans.data ?? [])}
          onClose={() => setEditing(undefined)}
        />
      )}
    </div>
  );
}
