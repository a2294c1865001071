import { paths } from "@common/paths";
import { ButtonLink } from "@web/components/ui/button";
import { Logo } from "@web/components/ui/logo";
import { useAuth } from "@web/lib/session";
import { ArrowLeft } from "lucide-react";

/** Any address the app does not know. */
export function NotFound() {
  const { user } = useAuth();
  return (
    <div className="flex min-h-dvh flex-col bg-gray-50 px-4 py-6 sm:px-8">
      <Logo to={user ? paths.dashboard : "/"} />
      <main className="flex flex-1 flex-col items-center justify-center py-12 text-center">
        <p className="bg-gradient-to-br from-brand-500 to-indigo-700 bg-clip-text text-7xl font-extrabold tracking-tight text-transparent sm:text-8xl">
          404
        </p>
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">
          Página não encontrada
        </h1>
        <p className="mt-2 max-w-sm text-gray-600">
          O endereço que você abriu não existe ou foi removido. Confira o link e tente de novo.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <ButtonLink to="/">
            <ArrowLeft className="h-4 w-4" aria-hidden />
            Voltar ao início
          </ButtonLink>
          {user && (
            <ButtonLink to={paths.dashboard} variant="secondary">
              Ir ao Dashboard
            </ButtonLink>
          )}
        </div>
      </main>
    </div>
  );
}
