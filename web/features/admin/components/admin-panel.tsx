import type { SessionUser } from "@common/contract/auth";
import { PageHeader } from "@web/components/ui/page-header";
import { ExternalLink, Hammer, Newspaper } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { AccessDenied } from "./access-denied";
import { SubscriptionsDashboard } from "./subscriptions-dashboard";

export const ADMIN_TABS = [
  { key: "visao-geral", label: "Visão Geral" },
  { key: "usuarios", label: "Usuários" },
  { key: "assinaturas", label: "Assinaturas" },
  { key: "planos", label: "Planos" },
  { key: "blog", label: "Blog" },
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number]["key"];

/** The tab in the URL (/admin?tab=assinaturas); the overview when none or an unknown one. */
export function adminTabOf(value: string | null): AdminTab {
  return ADMIN_TABS.find((tab) => tab.key === value)?.key ?? "visao-geral";
}

function TabBar({ active }: { active: AdminTab }) {
  return (
    <nav
      aria-label="Seções do painel"
      className="-mx-4 overflow-x-auto border-b border-gray-200 px-4 sm:mx-0 sm:px-0"
    >
      <ul className="flex min-w-max gap-1">
        {ADMIN_TABS.map((tab) => (
          <li key={tab.key}>
            <Link
              to={tab.key === "visao-geral" ? "/admin" : `/admin?tab=${tab.key}`}
              aria-current={tab.key === active ? "page" : undefined}
              className={`inline-block border-b-2 px-4 py-2.5 text-sm font-medium whitespace-nowrap ${
                tab.key === active
                  ? "border-brand-600 text-brand-700"
                  : "border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900"
              }`}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ComingSoon({ title }: { title: string }) {
  return (
    <div className="rounded-xl border border-dashed border-gray-300 bg-white p-8 text-center">
      <Hammer className="mx-auto h-8 w-8 text-amber-500" aria-hidden />
      <p className="mt-3 text-xs font-semibold tracking-wider text-amber-600 uppercase">Em construção</p>
      <h2 className="mt-1 text-lg font-semibold text-gray-900">{title}</h2>
      <p className="mt-1 text-sm text-gray-500">Esta seção do painel chega em breve.</p>
    </div>
  );
}

function BlogTab() {
  const link =
    "inline-flex items-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold shadow-sm ring-1 ring-inset";
  return (
    <div className="rounded-xl border border-gray-200 bg-white p-6">
      <Newspaper className="h-8 w-8 text-brand-600" aria-hidden />
      <h2 className="mt-3 text-lg font-semibold text-gray-900">Blog</h2>
      <p className="mt-1 text-sm text-gray-500">Em construção: gerencie os posts e veja o blog público.</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link
          to="/admin/blog"
          className={`${link} bg-brand-600 text-white ring-brand-600 hover:bg-brand-700`}
        >
          Gerenciar Blog
        </Link>
        <a
          href="/blog"
          target="_blank"
          rel="noopener noreferrer"
          className={`${link} bg-white text-gray-700 ring-gray-300 hover:bg-gray-50`}
        >
          <ExternalLink className="h-4 w-4" aria-hidden />
          Ver blog público
        </a>
      </div>
    </div>
  );
}

/** /admin: only for users with the admin flag (the server checks too); the active tab lives in the URL. */
export function AdminPanel({ user }: { user: SessionUser }) {
  const [params] = useSearchParams();
  if (!user.is_admin) return <AccessDenied />;
  const tab = adminTabOf(params.get("tab"));
  return (
    <div className="space-y-6">
      <PageHeader title="Painel Admin" description="Usuários, assinaturas, planos e conteúdo do Atalho." />
      <TabBar active={tab} />
      {tab === "assinaturas" ? (
        <SubscriptionsDashboard />
      ) : tab === "blog" ? (
        <BlogTab />
      ) : (
        <ComingSoon title={ADMIN_TABS.find((t) => t.key === tab)!.label} />
      )}
    </div>
  );
}
