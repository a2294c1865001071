import type { AdminSetupStatus } from "@common/contract/admin";
import type { AdminStats } from "@common/contract/billing";
import { formatBRL } from "@common/money";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { Badge, type BadgeTone } from "@web/components/ui/badge";
import { adminKeys } from "@web/lib/admin-keys";
import { adminTabPath } from "@web/lib/admin-tabs";
import { api } from "@web/lib/api-client";
import {
  Activity,
  BookOpen,
  CircleAlert,
  CircleCheck,
  CircleMinus,
  CreditCard,
  type LucideIcon,
  MousePointerClick,
  Settings,
  Users,
  Wallet,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { systemConfigQuery } from "../api/system-config";
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

/** GET /api/admin/setup-status: which integrations this server has (states only, never values). */
export const setupStatusQuery = queryOptions({
  queryKey: [...adminKeys.all, "setup-status"],
  queryFn: ({ signal }) => api<AdminSetupStatus>("/api/admin/setup-status", { signal }),
  staleTime: 5 * 60_000,
});

type SetupState = { tone: BadgeTone; label: string; note: string };
type SetupItem = {
  key: keyof AdminSetupStatus;
  title: string;
  /** What to set, and where the repository's README explains it (the app does not serve it). */
  variables: string[];
  readme: string;
  state: (status: AdminSetupStatus) => SetupState;
};

const READY: BadgeTone = "green";

/** The overview's checklist: what a server needs before it takes real customers. */
export const SETUP_ITEMS: SetupItem[] = [
  {
    key: "payments",
    title: "Pagamentos (Mercado Pago)",
    variables: ["MP_ACCESS_TOKEN", "MP_WEBHOOK_SECRET"],
    readme: "Product decisions › Billing",
    state: ({ payments }) =>
      payments === "mercadopago"
        ? { tone: READY, label: "Configurado", note: "Os planos pagos são vendidos pelo Mercado Pago." }
        : payments === "dev"
          ? {
              tone: "amber",
              label: "Checkout de testes",
              note: "Pagamentos de teste, sem dinheiro de verdade (só fora de produção).",
            }
          : {
              tone: "red",
              label: "Não configurado",
              note: "Ninguém consegue assinar: os planos pagos mostram 'Fale conosco' em /pricing.",
            },
  },
  {
    key: "email",
    title: "E-mail",
    variables: ["SMTP_URL", "MAIL_FROM"],
    readme: "Product decisions › E-mail",
    state: ({ email }) =>
      email === "smtp"
        ? { tone: READY, label: "SMTP", note: "Os e-mails saem pelo servidor SMTP." }
        : {
            tone: "amber",
            label: "Caixa de saída local",
            note: "Nenhum e-mail é enviado: cada mensagem fica em DATA_DIR/outbox.",
          },
  },
  {
    key: "https",
    title: "HTTPS e domínio",
    variables: ["PUBLIC_URL", "TRUST_PROXY"],
    readme: "Automatic HTTPS (Caddy)",
    state: ({ https }) =>
      https
        ? { tone: READY, label: "Configurado", note: "O endereço público usa https e um domínio próprio." }
        : {
            tone: "amber",
            label: "Pendente",
            note: "O endereço público ainda não é https num domínio próprio: links e cookies de sessão não estão prontos para clientes.",
          },
  },
  {
    key: "google",
    title: "Login com Google",
    variables: ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
    readme: "Product decisions › Google sign-in",
    state: ({ google }) =>
      google
        ? { tone: READY, label: "Configurado", note: "'Entrar com Google' aparece no login." }
        : { tone: "gray", label: "Desativado", note: "Opcional: o login é só por e-mail e senha." },
  },
];

const STATE_ICONS: Partial<Record<BadgeTone, { icon: LucideIcon; color: string }>> = {
  green: { icon: CircleCheck, color: "text-green-600" },
  amber: { icon: CircleAlert, color: "text-amber-500" },
  red: { icon: CircleAlert, color: "text-red-600" },
  gray: { icon: CircleMinus, color: "text-gray-400" },
};

/** Payments, e-mail, HTTPS and Google sign-in: each with its state, what to set and where it is explained. */
function SetupChecklist() {
  const setup = useQuery(setupStatusQuery);
  const ready = setup.data && SETUP_ITEMS.filter((item) => item.state(setup.data).tone === READY).length;
  return (
    <section
      aria-labelledby="configuracao-do-servidor"
      className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id="configuracao-do-servidor" className="flex items-center gap-2 font-semibold text-gray-900">
          <Settings className="h-5 w-5 text-brand-600" aria-hidden />
          Configuração do servidor
        </h3>
        {ready !== undefined && (
          <p className="text-sm text-gray-500">
            {ready} de {SETUP_ITEMS.length} prontos
          </p>
        )}
      </div>
      <p className="mt-1 text-sm text-gray-500">
        Variáveis de ambiente do servidor; o README do repositório explica cada uma.
      </p>
      {setup.isError ? (
        <p className="mt-3 text-sm text-gray-500">Não foi possível carregar a configuração do servidor.</p>
      ) : (
        <ul className="mt-4 grid gap-3 lg:grid-cols-2">
          {SETUP_ITEMS.map((item) => {
            const state = setup.data && item.state(setup.data);
            const look = state && STATE_ICONS[state.tone];
            return (
              <li
                key={item.key}
                aria-label={item.title}
                className="flex gap-3 rounded-lg border border-gray-100 bg-gray-50 p-3 sm:p-4"
              >
                {look ? (
                  <look.icon className={`mt-0.5 h-5 w-5 shrink-0 ${look.color}`} aria-hidden />
                ) : (
                  <span className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
                )}
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <p className="font-medium text-gray-900">{item.title}</p>
                    {state ? <Badge tone={state.tone}>{state.label}</Badge> : <Loading />}
                  </div>
                  {state && <p className="mt-1 text-sm text-gray-600">{state.note}</p>}
                  <p className="mt-2 flex flex-wrap gap-1.5">
                    {item.variables.map((name) => (
                      <code
                        key={name}
                        className="rounded bg-white px-1.5 py-0.5 font-mono text-xs text-gray-700 ring-1 ring-gray-200"
                      >
                        {name}
                      </code>
                    ))}
                  </p>
                  <p className="mt-1.5 flex items-center gap-1.5 text-xs text-gray-500">
                    <BookOpen className="h-3.5 w-3.5 shrink-0" aria-hidden />
                    README: {item.readme}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/**
 * 'Visão Geral' (spec 2): the four figures, the system status and the server's setup checklist. The
 * figures (GET /api/admin/stats) are the admin billing's read: the panel (web/app) passes them in.
 */
export function AdminOverview({ stats }: { stats: AdminStats | undefined }) {
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

      <SetupChecklist />
    </div>
  );
}
