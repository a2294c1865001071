// /blog (spec 2): the public blog list, server-rendered (server/modules/blog) and hydrated.
import { BlogList } from "@web/features/blog/components/blog-list";
import { useEffect } from "react";

export function Component() {
  useEffect(() => {
    document.title = "Blog · Atalho";
    return () => {
      document.title = "Atalho";
    };
  }, []);
  return <BlogList />;
}
