import { blogPublicQuerySchema } from "@common/contract/blog";
import { Island } from "@web/lib/island";
import { useSearchParams } from "react-router";
import type { BlogListFilters } from "../api/blog";
import { BlogLayout } from "./blog-layout";
import { BlogListContent } from "./blog-list-content";

/** The address's filters, as the server read them (bad values fall back, as the API does). */
export function filtersOf(params: URLSearchParams): BlogListFilters {
  const query = blogPublicQuerySchema.parse(Object.fromEntries(params));
  return { search: query.search ?? "", category: query.category ?? "", page: query.page };
}

/**
 * /blog (spec 2): up to 3 'Destaques', a search box and a category filter, the result count, the
 * cards and the pages. The form is a plain GET form (it works before or without JavaScript); once
 * the page runs, typing searches after a pause and the address follows. Everything under the
 * header is one island (docs/decisions/011): the results follow the search.
 */
export function BlogList() {
  const [params] = useSearchParams();
  return (
    <BlogLayout>
      <Island name="blog-list" component={BlogListContent} props={{ addressed: filtersOf(params) }} />
    </BlogLayout>
  );
}
