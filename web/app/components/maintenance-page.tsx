import { ADMIN_MESSAGES } from "@common/contract/admin";
import { Button } from "@web/components/ui/button";
import { Logo } from "@web/components/ui/logo";
import { useLogout } from "@web/features/auth/use-auth";
import { LogOut, RefreshCw, Wrench } from "lucide-react";

/** What a signed-in user who is not an administrator sees while the product is in maintenance. */
export function MaintenancePage({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const logout = useLogout();
  return (
    <div className="flex min-h-dvh flex-col bg-gray-50">
      <header className="mx-auto flex h-16 w-full max-w-7xl items-center px-4 sm:px-6 lg:px-8">
        <Logo to="/" />
      </header>
      <main className="flex flex-1 items-center justify-center px-4 pb-16">
        <div className="w-full max-w-md rounded-2xl border border-gray-200 bg-white p-8 text-center shadow-sm sm:p-10">
          <span className="relative mx-auto flex h-20 w-20 items-center justify-center rounded-3xl bg-amber-50 text-amber-600 ring-1 ring-amber-100">
            <Wrench className="h-10 w-10" aria-hidden />
          </span>
          <h1 className="mt-6 text-2xl font-bold tracking-tight text-gray-900">Estamos em manutenção</h1>
          <p className="mt-2 text-gray-600">{ADMIN_MESSAGES.maintenance}</p>
          <p className="mt-1 text-sm text-gray-500">
            Suas Link Bios e links curtos continuam funcionando para os seus visitantes.
          </p>
          <div className="mt-7 flex flex-col gap-2 sm:flex-row sm:justify-center">
            <Button onClick={onRetry} loading={retrying}>
              {!retrying && <RefreshCw className="h-4 w-4" aria-hidden />}
              Tentar novamente
            </Button>
            <Button variant="secondary" onClick={() => void logout()}>
              <LogOut className="h-4 w-4" aria-hidden />
              Sair
            </Button>
          </div>
        </div>
      </main>
    </div>
  );
}
