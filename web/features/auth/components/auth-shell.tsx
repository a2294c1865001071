import { paths } from "@common/paths";
import { BackLink } from "@web/components/ui/back-link";
import { Logo } from "@web/components/ui/logo";
import { useAuth } from "@web/lib/session";
import { useDocumentTitle } from "@web/lib/use-document-title";
import type { ReactNode } from "react";
import { AuthBrandPanel } from "./auth-brand-panel";

/**
 * The auth screen's frame (brand panel, card) for /auth and the screens around signing in. Unless
 * `back` says otherwise, the way back is to the login, or to the dashboard for someone already
 * signed in (an e-mail link opened in the app's own tab); nothing while the session check is pending.
 */
export function AuthShell({
  title,
  subtitle,
  back,
  below,
  children,
}: {
  title: string;
  subtitle: string;
  back?: { to: string; label: string };
  /** Under the card, such as the terms a sign-up agrees to. */
  below?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(`${title} · Atalho`);
  const { user, pending } = useAuth();
  const way =
    back ??
    (pending
      ? null
      : user
        ? { to: paths.dashboard, label: "Voltar ao painel" }
        : { to: paths.auth, label: "Voltar ao login" });

  return (
    <div className="grid min-h-dvh bg-white lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <AuthBrandPanel />
      <main className="flex flex-col bg-gray-50 px-4 py-6 sm:px-8 lg:py-10">
        <div className="flex items-center justify-between">
          <Logo to="/" className="lg:invisible" />
          {way && <BackLink to={way.to}>{way.label}</BackLink>}
        </div>
        <div className="flex flex-1 items-center justify-center py-8">
          <div className="w-full max-w-md">
            <div className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
              <h1 className="text-2xl font-bold tracking-tight text-gray-900">{title}</h1>
              <p className="mt-1.5 mb-7 text-sm text-gray-600">{subtitle}</p>
              {children}
            </div>
            {below}
          </div>
        </div>
      </main>
    </div>
  );
}
