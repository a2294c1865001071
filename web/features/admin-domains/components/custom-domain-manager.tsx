import type { AdminPlan } from "@common/contract/admin";
import { type CustomDomain, type CustomDomainSaved, DOMAIN_MESSAGES } from "@common/contract/domains";
import { useQuery } from "@tanstack/react-query";
import { ActiveBadge, Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import type { ConfirmOptions } from "@web/components/ui/confirm-dialog";
import { ListEmpty } from "@web/components/ui/list-states";
import { QueryStates } from "@web/components/ui/query-states";
import { useConfirmedAction } from "@web/components/ui/use-confirmed-action";
import { errorMessage } from "@web/lib/api-client";
import {
  BookOpen,
  Globe,
  type LucideIcon,
  Pencil,
  Plus,
  Power,
  Star,
  Stethoscope,
  Trash2,
} from "lucide-react";
import { Fragment, useState } from "react";
import { toast } from "sonner";
import {
  customDomainsQuery,
  useActivateDomain,
  useDeleteCustomDomain,
  useSetDefaultDomain,
  useSetPlanDomain,
} from "../api/custom-domains";
import { CustomDomainFormModal } from "./custom-domain-form-modal";
import { DomainSetupModal } from "./domain-setup-modal";
import { DomainTestModal } from "./domain-test-panel";
import { DOMAIN_CONFIRMS, domainName, plural } from "./domain-texts";

/** The columns from xl up, shared by the header and every row (each row is a grid of its own). */
const COLUMNS = "xl:grid-cols-[minmax(0,1.5fr)_minmax(0,0.6fr)_minmax(0,1.3fr)_15rem]";

/** A confirmation's words (domain-texts.ts). */
type DomainQuestion = Pick<ConfirmOptions, "title" | "body" | "confirmLabel" | "cancelLabel">;

type Dialog =
  | { kind: "form"; domain: CustomDomain | null }
  | { kind: "setup"; domain: CustomDomain }
  | { kind: "test"; domain: CustomDomain };

/** A long name wraps after a dot rather than inside a label. */
function BreakAtDots({ name }: { name: string }) {
  const labels = name.split(".");
  return labels.map((label, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the labels of one name, in order, never reordered.
    <Fragment key={index}>
      {label}
      {index < labels.length - 1 && (
        <>
          .<wbr />
        </>
      )}
    </Fragment>
  ));
}

function Action({
  icon: Icon,
  label,
  name,
  onClick,
  loading,
  disabled,
  title,
  danger,
}: {
  icon: LucideIcon;
  label: string;
  /** The domain: the button's accessible name says which one. */
  name: string;
  onClick: () => void;
  loading?: boolean;
  disabled?: boolean;
  title?: string;
  danger?: boolean;
}) {
  return (
    <Button
      variant="ghost"
      onClick={onClick}
      loading={loading}
      disabled={disabled}
      title={title ?? label}
      aria-label={`${label} ${name}`}
      className={`px-2.5! py-2! font-medium! disabled:opacity-40 ${danger ? "text-red-600 hover:bg-red-50 hover:text-red-700" : ""}`}
    >
      {!loading && <Icon className="h-4 w-4" aria-hidden />}
      <span className="xl:sr-only">{label}</span>
    </Button>
  );
}

/** Which plans offer the domain; the default is in every plan (checked, not editable). */
function PlanAvailability({ domain, plans }: { domain: CustomDomain; plans: AdminPlan[] | undefined }) {
  const setPlanDomain = useSetPlanDomain();
  const name = domainName(domain);
  // While a change is on its way the box shows it, and the domain's boxes wait for the answer. Held
  // in state set by the click itself: the mutation's pending state arrives a task later, and React
  // had meanwhile put the controlled box back as it was (a flicker; a test's check() saw no change).
  const [requested, setRequested] = useState<{ planId: number; available: boolean } | null>(null);
  const offered = (planId: number) =>
    domain.is_default ||
    (requested?.planId === planId ? requested.available : domain.plan_ids.includes(planId));

  const onToggle = (plan: AdminPlan, available: boolean) => {
    setRequested({ planId: plan.id, available });
    setPlanDomain.mutate(
      { planId: plan.id, domainId: domain.id, available },
      {
        onError: (error) => toast.error(errorMessage(error, DOMAIN_MESSAGES.planLinkFailed)),
        onSettled: () => setRequested(null),
      },
    );
  };

  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">Planos de {name}</legend>
      <p aria-hidden className="mb-1 text-xs font-medium text-gray-500 xl:hidden">
        Disponível nos planos
      </p>
      {!plans ? (
        <p className="text-xs text-gray-500">Carregando planos...</p>
      ) : (
        <div className="flex flex-wrap gap-x-3 gap-y-1">
          {plans.map((plan) => (
            <label
              key={plan.id}
              title={domain.is_default ? DOMAIN_MESSAGES.defaultInEveryPlan : undefined}
              className="inline-flex cursor-pointer items-center gap-1.5 py-1 text-sm text-gray-800 has-disabled:cursor-not-allowed has-disabled:text-gray-500"
            >
              <input
                type="checkbox"
                checked={offered(plan.id)}
                disabled={domain.is_default || requested !== null}
                onChange={(event) => onToggle(plan, event.target.checked)}
                className="h-4 w-4 shrink-0 rounded border-gray-300 accent-brand-600"
              />
              {plan.name}
              {!plan.is_active && <span className="text-xs text-gray-400">(inativo)</span>}
            </label>
          ))}
        </div>
      )}
      {domain.is_default && (
        <p className="mt-0.5 text-xs text-gray-500">{DOMAIN_MESSAGES.defaultInEveryPlan}</p>
      )}
    </fieldset>
  );
}

function DomainItem({
  domain,
  plans,
  onOpen,
  onActivate,
  activating,
}: {
  domain: CustomDomain;
  plans: AdminPlan[] | undefined;
  onOpen: (dialog: Dialog) => void;
  onActivate: (domain: CustomDomain, question: DomainQuestion) => Promise<unknown>;
  activating: boolean;
}) {
  const remove = useDeleteCustomDomain();
  const setDefault = useSetDefaultDomain();
  const confirmed = useConfirmedAction();
  const name = domainName(domain);
  const { link_pages_count: pages, shortened_urls_count: links } = domain.usage;

  const onSetDefault = () =>
    confirmed({
      ...DOMAIN_CONFIRMS.setDefault(name),
      action: () => setDefault.mutateAsync(domain.id),
      errorFallback: DOMAIN_MESSAGES.setDefaultFailed,
      success: DOMAIN_MESSAGES.defaultSet,
    });
  const onDelete = () =>
    confirmed({
      ...DOMAIN_CONFIRMS.delete(name),
      danger: true,
      action: () => remove.mutateAsync(domain.id),
      // The server says why it refuses: the default, or the pages and links that use it.
      errorFallback: DOMAIN_MESSAGES.deleteFailed,
      success: DOMAIN_MESSAGES.deleted,
    });

  return (
    <li aria-label={name} className={`grid min-w-0 gap-3 p-4 xl:items-center xl:gap-4 xl:px-5 ${COLUMNS}`}>
      <div className="min-w-0">
        <p className="flex min-w-0 flex-wrap items-baseline gap-x-2">
          <span className="font-semibold [overflow-wrap:anywhere] text-gray-900">
            <BreakAtDots name={name} />
          </span>
          {name !== domain.domain && (
            <span className="text-xs [overflow-wrap:anywhere] text-gray-500">{domain.domain}</span>
          )}
        </p>
        {domain.display_name !== name && (
          <p className="truncate text-sm text-gray-600">{domain.display_name}</p>
        )}
        <div className="mt-1.5 flex flex-wrap gap-1.5">
          <ActiveBadge active={domain.is_active} />
          {domain.is_default && <Badge tone="brand">Padrão</Badge>}
          {domain.is_premium && <Badge tone="violet">Premium</Badge>}
          {domain.needs_activation && <Badge tone="amber">Requer ativação</Badge>}
        </div>
      </div>
      <p className="text-sm text-gray-600">
        <span className="xl:block">{plural(pages, "página", "páginas")}</span>
        <span className="xl:hidden"> · </span>
        <span className="xl:block">{plural(links, "link", "links")}</span>
      </p>
      <PlanAvailability domain={domain} plans={plans} />
      <div className="-mx-2 flex flex-wrap gap-0.5 border-t border-gray-100 pt-2 xl:mx-0 xl:justify-end xl:border-0 xl:pt-0">
        <Action icon={Pencil} label="Editar" name={name} onClick={() => onOpen({ kind: "form", domain })} />
        {!domain.is_default && (
          <Action
            icon={Star}
            label="Definir como padrão"
            name={name}
            onClick={() => void onSetDefault()}
            loading={setDefault.isPending}
          />
        )}
        {(domain.needs_activation || !domain.is_active) && (
          <Action
            icon={Power}
            label="Ativar"
            name={name}
            onClick={() => void onActivate(domain, DOMAIN_CONFIRMS.activate(name))}
            loading={activating}
          />
        )}
        <Action
          icon={Stethoscope}
          label="Testar"
          name={name}
          onClick={() => onOpen({ kind: "test", domain })}
        />
        <Action
          icon={BookOpen}
          label="Instruções"
          name={name}
          onClick={() => onOpen({ kind: "setup", domain })}
        />
        <Action
          icon={Trash2}
          label="Excluir"
          name={name}
          onClick={() => void onDelete()}
          loading={remove.isPending}
          disabled={domain.is_default}
          title={domain.is_default ? DOMAIN_MESSAGES.defaultNotDeletable : undefined}
          danger
        />
      </div>
    </li>
  );
}

/**
 * Spec 2's custom domain manager: every domain with its state, usage and plans, and the actions
 * on it. Spec 4's automatic activation: a save that leaves the domain needing activation asks
 * at once whether to activate it; the row's 'Ativar' stays for a later decision. The plans (undefined
 * while they load) are the admin's read (GET /api/admin/subscription-plans), passed in by the panel.
 */
export function CustomDomainManager({ plans }: { plans: AdminPlan[] | undefined }) {
  const domains = useQuery(customDomainsQuery);
  const activate = useActivateDomain();
  const confirmed = useConfirmedAction();
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const onActivate = (domain: Pick<CustomDomain, "id">, question: DomainQuestion) =>
    confirmed({
      ...question,
      action: () => activate.mutateAsync(domain.id),
      errorFallback: DOMAIN_MESSAGES.activateFailed,
      success: (answer) => answer.message || DOMAIN_MESSAGES.activated,
    });
  const onSaved = (saved: CustomDomainSaved) => {
    if (saved.needs_activation) void onActivate(saved, DOMAIN_CONFIRMS.activateNow(domainName(saved)));
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-gray-600">
          Páginas e links nos domínios dos clientes. Cada plano oferece os domínios marcados nele.
        </p>
        <Button onClick={() => setDialog({ kind: "form", domain: null })} className="shrink-0">
          <Plus className="h-4 w-4" aria-hidden />
          Adicionar domínio
        </Button>
      </div>

      <div className="overflow-hidden rounded-xl border border-gray-200">
        <QueryStates
          query={domains}
          loadingLabel="Carregando domínios"
          errorFallback="Erro ao carregar domínios"
        >
          {(list) =>
            list.length === 0 ? (
              <ListEmpty icon={Globe} text="Nenhum domínio cadastrado." />
            ) : (
              <>
                <div
                  aria-hidden
                  className={`hidden gap-4 border-b border-gray-200 bg-gray-50 px-5 py-2 text-xs font-medium tracking-wide text-gray-500 uppercase xl:grid ${COLUMNS}`}
                >
                  <span>Domínio</span>
                  <span>Uso</span>
                  <span>Disponível nos planos</span>
                  <span className="text-right">Ações</span>
                </div>
                <ul aria-label="Domínios" className="divide-y divide-gray-200">
                  {list.map((domain) => (
                    <DomainItem
                      key={domain.id}
                      domain={domain}
                      plans={plans}
                      onOpen={setDialog}
                      onActivate={onActivate}
                      activating={activate.isPending && activate.variables === domain.id}
                    />
                  ))}
                </ul>
              </>
            )
          }
        </QueryStates>
      </div>

      {dialog?.kind === "form" && (
        <CustomDomainFormModal domain={dialog.domain} onClose={() => setDialog(null)} onSaved={onSaved} />
      )}
      {dialog?.kind === "setup" && (
        <DomainSetupModal domain={dialog.domain} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === "test" && <DomainTestModal domain={dialog.domain} onClose={() => setDialog(null)} />}
    </div>
  );
}
