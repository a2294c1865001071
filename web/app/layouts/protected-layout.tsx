import { paths } from "@common/paths";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Spinner } from "@web/components/ui/spinner";
import { adminTabPath } from "@web/lib/admin-tabs";
import { ApiError } from "@web/lib/api-client";
import { useAuth } from "@web/lib/session";
import { systemStatusQuery } from "@web/lib/system-status";
import { Wrench } from "lucide-react";
import { useDeferredValue, useEffect } from "react";
import { Link, Navigate, Outlet, useLocation } from "react-router";
import { AdminHeader } from "../components/admin-header";
import { MaintenancePage } from "../components/maintenance-page";
import { TopNav } from "../components/top-nav";

/** While the maintenance page shows, the status is asked again this often, so it lifts by itself. */
const MAINTENANCE_RECHECK_MS = 60_000;

/**
 * An API answer 503 (the maintenance mode turned on since the status was read) asks the status
 * again, so the maintenance page replaces a screen whose calls now fail.
 */
function useRecheckStatusOnUnavailable() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const recheck = (error: unknown) => {
      if (error instanceof ApiError && error.status === 503) {
        void queryClient.invalidateQueries({ queryKey: systemStatusQuery.queryKey });
      }
    };
    const offQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== "updated" || event.action.type !== "error") return;
      if (event.query.queryKey[0] === systemStatusQuery.queryKey[0]) return;
      recheck(event.action.error);
    });
    const offMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") recheck(event.action.error);
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, [queryClient]);
}

function MaintenanceBanner() {
  return (
    <div className="bg-amber-500 px-4 py-1.5 text-center text-xs font-semibold text-amber-950 sm:text-sm">
      <Wrench className="mr-1.5 inline h-3.5 w-3.5 align-[-2px]" aria-hidden />
      Modo de manutenção ativo{" "}
      <Link to={adminTabPath("configuracoes")} className="font-normal underline underline-offset-2">
        Alterar
      </Link>
    </div>
  );
}

/**
 * Signed-in screens: the spinner while the session check is pending, then /auth for visitors. In
 * maintenance, users see the maintenance page and administrators a banner; the admin area has its
 * own header.
 */
export function ProtectedLayout() {
  const auth = useAuth();
  // NOTE: logging out forgets the user at once but moves to / as a route transition. Read as a
  // transition too, the user's absence arrives with the move, so the layout leaves instead of
  // sending the visitor to /auth (spec 4: after logout, /).
  const user = useDeferredValue(auth.user);
  // Signed in, and the deferred read not there yet: still checking.
  const pending = auth.pending || (auth.user !== null && user === null);
  const { pathname } = useLocation();
  const status = useQuery({
    ...systemStatusQuery,
    enabled: !!user,
    refetchInterval: (query) =>
      query.state.data?.maintenance_mode && !user?.is_admin ? MAINTENANCE_RECHECK_MS : false,
  });
  useRecheckStatusOnUnavailable();

  if (pending) return <Spinner label="Verificando sua sessão..." />;
  if (!user) return <Navigate to={paths.auth} replace />;
  const maintenance = status.data?.maintenance_mode === true;
  if (maintenance && !user.is_admin) {
    return <MaintenancePage onRetry={() => void status.refetch()} retrying={status.isFetching} />;
  }
  const adminArea = user.is_admin && (pathname === paths.admin || pathname.startsWith(`${paths.admin}/`));
  return (
    <div className="min-h-dvh bg-gray-50">
      {maintenance && <MaintenanceBanner />}
      {adminArea ? <AdminHeader user={user} /> : <TopNav user={user} />}
      <main className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
        <Outlet />
      </main>
    </div>
  );
}
