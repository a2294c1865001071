// /pricing (spec 2): public. Signed in, the page sits under the usual top navigation; visitors get
// a light header with 'Entrar'. The plans and that navigation are islands (docs/decisions/011).

import { paths } from "@common/paths";
import { useQuery } from "@tanstack/react-query";
import { Logo } from "@web/components/ui/logo";
import { Spinner } from "@web/components/ui/spinner";
import { PricingPlans } from "@web/features/billing/components/pricing-plans";
import { Island } from "@web/lib/island";
import { useAuth } from "@web/lib/session";
import { systemStatusQuery } from "@web/lib/system-status";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { Link } from "react-router";
import { TopNav } from "../components/top-nav";
import type { PageHead } from "../page-head";

export const head: PageHead = {
  title: "Planos e preços · Atalho",
  description:
    "Compare os planos do Atalho: comece grátis e assine quando precisar de mais páginas, links, domínios próprios e histórico de cliques. Pix, cartão ou boleto.",
  path: paths.pricing,
};

export function Component() {
  const { user, pending } = useAuth();
  // From the server's render on a first visit: whether a plan can be bought here (no provider: 'Fale conosco').
  const status = useQuery(systemStatusQuery);
  useDocumentTitle("Planos e preços · Atalho");

  // The session decides the buttons ('Plano Atual', where 'Começar Grátis' goes): wait for it.
  if (pending) return <Spinner />;
  return (
    <div className="min-h-dvh bg-gradient-to-b from-brand-50/70 via-gray-50 to-gray-50">
      {user ? <Island name="top-nav" component={TopNav} props={{ user }} /> : <PublicHeader />}
      <main className="mx-auto w-full max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <Island
          name="pricing-plans"
          component={PricingPlans}
          props={{ signedIn: Boolean(user), paymentsEnabled: status.data?.payments_enabled !== false }}
        />
      </main>
      <footer className="border-t border-gray-200 py-8 text-center text-sm text-gray-500">
        <nav aria-label="Links legais" className="flex justify-center gap-6">
          <Link to={paths.terms} className="hover:text-gray-900">
            Termos de Uso
          </Link>
          <Link to={paths.privacy} className="hover:text-gray-900">
            Política de Privacidade
          </Link>
        </nav>
      </footer>
    </div>
  );
}

function PublicHeader() {
  return (
    <header className="border-b border-gray-200/70 bg-white/80 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Logo to="/" />
        <div className="flex items-center gap-2">
          <Link
            to={paths.auth}
            className="rounded-lg px-3 py-2 text-sm font-semibold text-gray-700 hover:bg-gray-100 hover:text-gray-900"
          >
            Entrar
          </Link>
          <Link
            to={paths.register}
            className="hidden rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 sm:inline-flex"
          >
            Começar Grátis
          </Link>
        </div>
      </div>
    </header>
  );
}
