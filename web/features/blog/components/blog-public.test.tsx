import type { BlogCategory, BlogPostCard, BlogPostPublic, BlogPostsPage } from "@common/contract/blog";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, testQueryClient } from "../../../../tests/web-fake-api";
import { blogKeys } from "../api/blog";
import { BlogList, filtersOf } from "./blog-list";
import { BlogPostView } from "./blog-post-view";

afterEach(() => vi.unstubAllGlobals());

const card = (id: number, extra: Partial<BlogPostCard> = {}): BlogPostCard => ({
  id,
  slug: `post-${id}`,
  title: `Post ${id}`,
  excerpt: `Resumo ${id}`,
  featured_image_url: null,
  published_at: "2026-03-10T02:30:00.000Z",
  view_count: 0,
  reading_time_minutes: 3,
  categories: [
    { id: 1, name: "Dicas", slug: "dicas" },
    { id: 2, name: "Instagram", slug: "instagram" },
    { id: 3, name: "Vendas", slug: "vendas" },
  ],
  ...extra,
});
const CATEGORIES: BlogCategory[] = [
  { id: 1, name: "Dicas", slug: "dicas", description: null, meta_description: null, post_count: 4 },
];
const page = (posts: BlogPostCard[], total = posts.length, n = 1): BlogPostsPage => ({
  posts,
  total,
  page: n,
  page_size: 9,
  total_pages: Math.max(1, Math.ceil(total / 9)),
});
const POST: BlogPostPublic = {
  ...card(7, { title: "Guia da bio", view_count: 41 }),
  content: "<h2>Parte 1</h2><p>Texto</p>",
  updated_at: "2026-03-11T00:00:00.000Z",
  meta_description: null,
  meta_keywords: "bio, links",
  tags: ["bio", "links"],
};

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function tree(queryClient: QueryClient, route: string, ui: ReactNode) {
  return (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path="/blog" element={ui} />
          <Route path="/blog/:slug" element={ui} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>
  );
}

function listClient(route: string, posts: BlogPostsPage, featured: BlogPostCard[] = []) {
  const queryClient = testQueryClient({ staleTime: Number.POSITIVE_INFINITY });
  const filters = filtersOf(new URL(route, "http://x").searchParams);
  queryClient.setQueryData(blogKeys.posts(filters), posts);
  queryClient.setQueryData(blogKeys.featured(), featured);
  queryClient.setQueryData(blogKeys.categories(), CATEGORIES);
  return queryClient;
}

describe("BlogList", () => {
  it("is a plain GET form, with the count, cards of up to 2 categories and pages as links", () => {
    const posts = page([card(1), card(2)], 20);
    render(tree(listClient("/blog", posts, [card(9)]), "/blog", <BlogList />));
    const form = screen.getByLabelText("Buscar posts").closest("form")!;
    expect(form.getAttribute("method")).toBe("get");
    expect(form.getAttribute("action")).toBe("/blog");
    expect(screen.getByLabelText("Buscar posts").getAttribute("name")).toBe("search");
    expect(screen.getByLabelText("Categoria", { exact: true }).getAttribute("name")).toBe("category");
    expect(screen.getByRole("heading", { name: "Destaques" })).toBeTruthy();
    expect(screen.getByText("20 posts encontrados")).toBeTruthy();
    const first = screen.getByRole("link", { name: "Post 1" }).closest("article")!;
    expect(first.querySelectorAll("li")).toHaveLength(2);
    expect(first.textContent).toContain("09/03/2026"); // the product's time zone, on both sides
    expect(first.textContent).toContain("3 min de leitura");
    expect(screen.getByRole("link", { name: "Página 2" }).getAttribute("href")).toBe("/blog?page=2");
    expect(screen.getByRole("link", { name: "Próxima" }).getAttribute("href")).toBe("/blog?page=2");
  });

  it("shows the empty state for a search without results, without 'Destaques'", () => {
    const route = "/blog?search=nada";
    render(tree(listClient(route, page([]), [card(9)]), route, <BlogList />));
    expect(screen.getByText("Nenhum post encontrado")).toBeTruthy();
    expect(screen.getByText("0 posts encontrados")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Destaques" })).toBeNull();
  });

  it("searches after a pause and puts the search in the address", async () => {
    const calls = fakeApi({ "GET /api/blog/posts": { body: page([card(3, { title: "Achado" })]) } });
    render(tree(listClient("/blog", page([card(1)])), "/blog", <BlogList />));
    fireEvent.change(screen.getByLabelText("Buscar posts"), { target: { value: "ach" } });
    expect(screen.getByTestId("where").textContent).toBe("/blog");
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/blog?search=ach"));
    await screen.findByRole("link", { name: "Achado" });
    expect(calls.map((c) => c.url)).toEqual(["/api/blog/posts?search=ach"]);
    fireEvent.change(screen.getByLabelText("Categoria", { exact: true }), { target: { value: "dicas" } });
    await waitFor(() =>
      expect(screen.getByTestId("where").textContent).toBe("/blog?search=ach&category=dicas"),
    );
  });

  it("hydrates the server's HTML without a mismatch", async () => {
    const make = () => tree(listClient("/blog", page([card(1)], 12), [card(9)]), "/blog", <BlogList />);
    const container = document.createElement("div");
    container.innerHTML = renderToString(make());
    document.body.append(container);
    const onRecoverableError = vi.fn();
    const root = await act(async () => hydrateRoot(container, make(), { onRecoverableError }));
    expect(onRecoverableError).not.toHaveBeenCalled();
    act(() => root.unmount());
    container.remove();
  });
});

describe("BlogPostView", () => {
  function postClient(viewed: boolean) {
    const queryClient = testQueryClient({ staleTime: Number.POSITIVE_INFINITY });
    queryClient.setQueryData(blogKeys.post(POST.slug), POST);
    queryClient.setQueryData(blogKeys.related(POST.id), [card(8)]);
    queryClient.setQueryData(blogKeys.origin(), "https://atalho.example");
    if (viewed) queryClient.setQueryData(blogKeys.viewed(POST.id), true);
    return queryClient;
  }

  it("shows the post with its tags, share links, related posts and call to action; no beacon after the server counted", async () => {
    const calls = fakeApi({});
    render(tree(postClient(true), `/blog/${POST.slug}`, <BlogPostView slug={POST.slug} />));
    expect(screen.getByRole("heading", { level: 1, name: "Guia da bio" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Parte 1" })).toBeTruthy();
    expect(screen.getByText("41 visualizações")).toBeTruthy();
    expect(screen.getByText("#links")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Compartilhar no LinkedIn" }).getAttribute("href")).toBe(
      `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent("https://atalho.example/blog/post-7")}`,
    );
    expect(screen.getByRole("link", { name: "Post 8" })).toBeTruthy();
    expect(screen.getByRole("link", { name: /Começar Grátis/ }).getAttribute("href")).toBe("/dashboard");
    await act(async () => {});
    expect(calls).toEqual([]);
  });

  it("counts a post opened inside the app once", async () => {
    const calls = fakeApi({ "POST /api/blog/posts/7/view": { body: { ok: true } } });
    const queryClient = postClient(false);
    const view = render(tree(queryClient, `/blog/${POST.slug}`, <BlogPostView slug={POST.slug} />));
    await waitFor(() => expect(calls).toHaveLength(1));
    view.unmount();
    render(tree(queryClient, `/blog/${POST.slug}`, <BlogPostView slug={POST.slug} />));
    await act(async () => {});
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(["POST /api/blog/posts/7/view"]);
  });

  it("says 'Post não encontrado' when there is no such post", async () => {
    fakeApi({ "GET /api/blog/posts/slug/sumiu": { status: 404, body: { error: "Post não encontrado" } } });
    render(tree(testQueryClient(), "/blog/sumiu", <BlogPostView slug="sumiu" />));
    expect(await screen.findByRole("heading", { name: "Post não encontrado" })).toBeTruthy();
  });
});
