import { paths } from "@common/paths";
import { BlogAdminList } from "@web/features/admin-blog/components/blog-admin-list";
import { useAuth } from "@web/lib/session";
import { Navigate } from "react-router";

// /admin/blog: the protected layout has made sure someone is signed in; spec 2 sends a
// non-administrator to /dashboard (the API refuses them too).
export function Component() {
  const { user } = useAuth();
  if (!user) return null;
  return user.is_admin ? <BlogAdminList /> : <Navigate to={paths.dashboard} replace />;
}
