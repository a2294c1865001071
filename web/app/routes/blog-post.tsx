// /blog/{slug} (spec 2): a public post, server-rendered (server/modules/blog) and hydrated.
import { BlogPostView } from "@web/features/blog/components/blog-post-view";
import { useParams } from "react-router";

export function Component() {
  const { slug = "" } = useParams();
  // A new post is a new screen: no state carried over from the previous one.
  return <BlogPostView key={slug} slug={slug} />;
}
