import { AdminPanel } from "@web/features/admin/components/admin-panel";
import { useAuth } from "@web/features/auth/use-auth";

// /admin: the administrator's panel; the protected layout has already made sure someone is signed in.
export function Component() {
  const { user } = useAuth();
  return user ? <AdminPanel user={user} /> : null;
}
