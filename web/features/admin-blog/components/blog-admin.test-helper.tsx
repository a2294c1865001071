// Test-only: the blog admin's fixtures (factories with overrides) and a render on a data router,
// which the editor's unsaved-changes blocker needs.
import type { BlogCategory, BlogPost, BlogPostRow } from "@common/contract/blog";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { ConfirmProvider } from "@web/components/ui/confirm-dialog";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { Toaster } from "sonner";
import { testQueryClient } from "../../../../tests/web-fake-api";

/** Where the router is now, for asserting navigations. */
function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** `ui` at `path` (matched as `pattern`), with a page for every other address. */
export function renderBlogAdmin(
  ui: ReactNode,
  { path = "/admin/blog", pattern }: { path?: string; pattern?: string } = {},
) {
  const router = createMemoryRouter(
    [
      {
        path: pattern ?? path,
        element: (
          <>
            {ui}
            <Where />
            <Toaster />
          </>
        ),
      },
      {
        path: "*",
        element: (
          <>
            <Where />
            <Toaster />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={testQueryClient()}>
      <ConfirmProvider>
        <RouterProvider router={router} />
      </ConfirmProvider>
    </QueryClientProvider>,
  );
  return router;
}

export const category = (id: number, over: Partial<BlogCategory> = {}): BlogCategory => ({
  id,
  name: `Categoria ${id}`,
  slug: `categoria-${id}`,
  description: null,
  meta_description: null,
  post_count: 0,
  ...over,
});

export const blogPost = (id: number, over: Partial<BlogPost> = {}): BlogPost => ({
  id,
  slug: `post-${id}`,
  title: `Post ${id}`,
  excerpt: `Resumo do post ${id}`,
  content: `<p>Conteúdo do post ${id}</p>`,
  featured_image_url: null,
  status: "draft",
  is_featured: false,
  published_at: null,
  created_at: "2026-03-10T15:00:00.000Z",
  updated_at: "2026-03-10T15:00:00.000Z",
  view_count: 0,
  meta_description: null,
  meta_keywords: null,
  categories: [],
  category_ids: [],
  ...over,
});

export const postRow = (id: number, over: Partial<BlogPost> = {}): BlogPostRow => {
  const { content: _content, ...row } = blogPost(id, over);
  return row;
};
