import { useAuth } from "@web/lib/session";
import { AdminPanel } from "../components/admin-panel";

// /admin: the administrator's panel; the protected layout has already made sure someone is signed in.
export function Component() {
  const { user } = useAuth();
  return user ? <AdminPanel user={user} /> : null;
}
