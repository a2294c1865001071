// /blog (spec 2): the public blog list, server-rendered (server/modules/blog) and hydrated.
import { BlogList } from "@web/features/blog/components/blog-list";
import { useDocumentTitle } from "@web/lib/use-document-title";

export function Component() {
  useDocumentTitle("Blog · Atalho");
  return <BlogList />;
}
