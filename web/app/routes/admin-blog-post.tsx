import { paths } from "@common/paths";
import { BlogPostEditor } from "@web/features/admin-blog/components/blog-post-editor";
import { useAuth } from "@web/lib/session";
import { Navigate, useParams } from "react-router";

// /admin/blog/posts/new and /admin/blog/posts/{id}/edit: administrators only (spec 2: others go to
// /dashboard). Keyed by the id, so creating a post and moving to its edit route starts a fresh form.
export function Component() {
  const { user } = useAuth();
  const { id } = useParams();
  if (!user) return null;
  if (!user.is_admin) return <Navigate to={paths.dashboard} replace />;
  if (id === undefined) return <BlogPostEditor key="new" id={null} />;
  const postId = Number(id);
  if (!Number.isInteger(postId) || postId < 1) return <Navigate to={paths.adminBlog} replace />;
  return <BlogPostEditor key={postId} id={postId} />;
}
