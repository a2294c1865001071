import type { SessionUser } from "@common/contract/auth";
import { paths } from "@common/paths";
import { useQuery } from "@tanstack/react-query";
import { PageHeader } from "@web/components/ui/page-header";
import { LinkReports } from "@web/features/abuse/components/link-reports";
import { SecurityTab } from "@web/features/abuse/components/security-tab";
import { AccessLog } from "@web/features/access-log/components/access-log";
import { adminPlansQuery } from "@web/features/admin/api/admin-plans";
import { AdminOverview } from "@web/features/admin/components/admin-overview";
import { AdminPlans } from "@web/features/admin/components/admin-plans";
import { AdminUsers } from "@web/features/admin/components/admin-users";
import { AuditLog } from "@web/features/admin/components/audit-log";
import { SystemSettings } from "@web/features/admin/components/system-settings";
import { adminStatsQuery } from "@web/features/admin-billing/api/admin-billing";
import { SubscriptionsDashboard } from "@web/features/admin-billing/components/subscriptions-dashboard";
import { CustomDomainManager } from "@web/features/admin-domains/components/custom-domain-manager";
import { ADMIN_TABS, type AdminTab, adminTabOf, adminTabPath } from "@web/lib/admin-tabs";
import { ExternalLink, Newspaper } from "lucide-react";
import { useId } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { AccessDenied } from "./access-denied";

/**
 * The sections: on a phone a select (ten tabs do not fit 390 px, and a bar scrolling sideways
 * hides most of them); from sm up the tabs, wrapping onto a second line where needed.
 */
function TabBar({ active }: { active: AdminTab }) {
  const navigate = useNavigate();
  const selectId = useId();
  return (
    <>
      <div className="sm:hidden">
        <label htmlFor={selectId} className="mb-1.5 block text-sm font-medium text-gray-700">
          Seção do painel
        </label>
        <select
          id={selectId}
          value={active}
          onChange={(event) => navigate(adminTabPath(event.target.value as AdminTab))}
          className="block w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-base font-medium text-gray-900 shadow-xs focus:border-brand-500 focus:ring-4 focus:ring-brand-100 focus:outline-none"
        >
          {ADMIN_TABS.map((tab) => (
            <option key={tab.key} value={tab.key}>
              {tab.label}
            </option>
          ))}
        </select>
      </div>
      <nav aria-label="Seções do painel" className="hidden border-b border-gray-200 sm:block">
        <ul className="-mb-px flex flex-wrap gap-x-1">
          {ADMIN_TABS.map((tab) => (
            <li key={tab.key}>
              <Link
                to={adminTabPath(tab.key)}
                aria-current={tab.key === active ? "page" : undefined}
                className={`inline-block border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap lg:px-4 ${
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
    </>
  );
}

function BlogTab() {
  const link =
    "inline-flex items-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold shadow-sm ring-1 ring-inset";
  return (
    <div className="rounded-xl border border-gray-200 bg-white p-6">
      <Newspaper className="h-8 w-8 text-brand-600" aria-hidden />
      <h2 className="mt-3 text-lg font-semibold text-gray-900">Blog</h2>
      <p className="mt-1 text-sm text-gray-500">Gerencie os posts e as categorias, e veja o blog público.</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link
          to={paths.adminBlog}
          className={`${link} bg-brand-600 text-white ring-brand-600 hover:bg-brand-700`}
        >
          Gerenciar Blog
        </Link>
        <a
          href={paths.blog}
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

/** The overview, with the figures of the admin billing's read. */
function OverviewTab() {
  const stats = useQuery(adminStatsQuery).data;
  return <AdminOverview stats={stats} />;
}

/** The settings, with the custom domain manager and the plans it offers each domain in. */
function SettingsTab() {
  const plans = useQuery(adminPlansQuery).data;
  return <SystemSettings domains={<CustomDomainManager plans={plans} />} />;
}

function ActiveTab({ tab, user }: { tab: AdminTab; user: SessionUser }) {
  switch (tab) {
    case "visao-geral":
      return <OverviewTab />;
    case "usuarios":
      return <AdminUsers currentUserId={user.id} />;
    case "assinaturas":
      return <SubscriptionsDashboard />;
    case "planos":
      return <AdminPlans />;
    case "blog":
      return <BlogTab />;
    case "auditoria":
      return <AuditLog />;
    case "acessos":
      return <AccessLog />;
    case "denuncias":
      return <LinkReports />;
    case "seguranca":
      return <SecurityTab />;
    case "configuracoes":
      return <SettingsTab />;
  }
}

/**
 * /admin: only for users with the admin flag (the server checks too); the active tab lives in the URL.
 * Each tab is a screen of one admin feature (admin, admin-billing, abuse, access-log, admin-domains):
 * the panel composes them, since features do not import each other (docs/architecture.md).
 */
export function AdminPanel({ user }: { user: SessionUser }) {
  const [params] = useSearchParams();
  if (!user.is_admin) return <AccessDenied />;
  const tab = adminTabOf(params.get("tab"));
  return (
    <div className="space-y-6">
      <PageHeader
        title="Painel Admin"
        description="Usuários, assinaturas, planos e configurações do Atalho."
      />
      <TabBar active={tab} />
      <ActiveTab tab={tab} user={user} />
    </div>
  );
}
