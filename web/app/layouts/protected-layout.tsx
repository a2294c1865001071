import { Spinner } from "@web/components/ui/spinner";
import { useAuth } from "@web/features/auth/use-auth";
import { Navigate, Outlet } from "react-router";
import { TopNav } from "../components/top-nav";

/** Signed-in screens: the spinner while the session check is pending, then /auth for visitors. */
export function ProtectedLayout() {
  const { user, pending } = useAuth();
  if (pending) return <Spinner label="Verificando sua sessão..." />;
  if (!user) return <Navigate to="/auth" replace />;
  return (
    <div className="min-h-dvh bg-gray-50">
      <TopNav user={user} />
      <main className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
        <Outlet />
      </main>
    </div>
  );
}
