import { paths } from "@common/paths";
import { Logo } from "@web/components/ui/logo";
import { useAuth } from "@web/lib/session";
import { ArrowLeft } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { Link } from "react-router";
import { AuthBrandPanel } from "./auth-brand-panel";

/**
 * The auth screen's frame (brand panel, card) for the screens around signing in. The way back is
 * to the login, or to the dashboard for someone already signed in (an e-mail link opened in the
 * app's own tab); nothing while the session check is pending.
 */
export function AuthShell({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  useEffect(() => {
    document.title = `${title} · Atalho`;
    return () => {
      document.title = "Atalho";
    };
  }, [title]);
  const { user, pending } = useAuth();
  const back = user
    ? { to: paths.dashboard, label: "Voltar ao painel" }
    : { to: "/auth", label: "Voltar ao login" };

  return (
    <div className="grid min-h-dvh bg-white lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <AuthBrandPanel />
      <main className="flex flex-col bg-gray-50 px-4 py-6 sm:px-8 lg:py-10">
        <div className="flex items-center justify-between">
          <Logo to="/" className="lg:invisible" />
          {!pending && (
            <Link
              to={back.to}
              className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-medium text-gray-600 hover:bg-gray-100 hover:text-gray-900"
            >
              <ArrowLeft className="h-4 w-4" aria-hidden />
              {back.label}
            </Link>
          )}
        </div>
        <div className="flex flex-1 items-center justify-center py-8">
          <div className="w-full max-w-md rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
            <h1 className="text-2xl font-bold tracking-tight text-gray-900">{title}</h1>
            <p className="mt-1.5 mb-7 text-sm text-gray-600">{subtitle}</p>
            {children}
          </div>
        </div>
      </main>
    </div>
  );
}

export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-2.5 rounded-lg border border-red-200 bg-red-50 px-3.5 py-3 text-sm text-red-700"
    >
      {children}
    </div>
  );
}
