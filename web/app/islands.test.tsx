import type { SessionUser } from "@common/contract/auth";
import type { BlogPostPublic } from "@common/contract/blog";
import { dehydrate, QueryClient } from "@tanstack/react-query";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { blogKeys } from "@web/features/blog/api/blog";
import { billingKeys } from "@web/lib/plans";
import { queryClient } from "@web/lib/query-client";
import { meQuery } from "@web/lib/session";
import { systemStatusQuery } from "@web/lib/system-status";
import type { Root } from "react-dom/client";
import {
  createStaticHandler,
  createStaticRouter,
  type RouteObject,
  StaticRouterProvider,
} from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../tests/web-fake-api";
import { PLANS } from "../../tests/web-plans";
import { sessionUser } from "../../tests/web-session";
import { AppShell } from "./app-shell";
import { ISLAND_COMPONENTS } from "./island-components";
import { hydrateIslands } from "./islands";
import { RootLayout } from "./layouts/root-layout";
import { renderScreen } from "./server-render";
import { blogSiteRoutes, siteRoutes } from "./site-routes";
import { SSR_STATE_ID, serializeSsrState } from "./ssr-state";

// A server-rendered screen as the browser gets it (web/entry-server.tsx renders the same way), then
// web/app/islands.tsx on it: each island hydrates without a mismatch and works.

const member = sessionUser();

const POST: BlogPostPublic = {
  id: 7,
  slug: "guia-da-bio",
  title: "Guia da bio",
  excerpt: "Resumo",
  featured_image_url: null,
  published_at: "2026-03-10T02:30:00.000Z",
  updated_at: "2026-03-11T00:00:00.000Z",
  view_count: 41,
  reading_time_minutes: 3,
  categories: [{ id: 1, name: "Dicas", slug: "dicas" }],
  content: "<h2>Parte 1</h2><p>Texto</p>",
  meta_description: null,
  meta_keywords: null,
  tags: ["bio"],
};

let roots: Root[] = [];

afterEach(() => {
  for (const root of roots) act(() => root.unmount());
  roots = [];
  queryClient.clear();
  document.body.innerHTML = "";
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The server's page for `path`: its markup and the data it was rendered from, in the document. */
async function serverPage(
  path: string,
  fill: (client: QueryClient) => void,
  routes: RouteObject[] = siteRoutes,
) {
  const url = new URL(path, "http://localhost");
  const handler = createStaticHandler([{ Component: RootLayout, children: routes }]);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`no screen at ${path}`);
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  fill(client);
  const html = renderScreen(
    <AppShell queryClient={client}>
      <StaticRouterProvider
        router={createStaticRouter(handler.dataRoutes, context)}
        context={context}
        hydrate={false}
      />
    </AppShell>,
    { queryClient: client, url },
  );
  window.history.replaceState(null, "", path);
  document.body.innerHTML = `<div id="root">${html}</div><script type="application/json" id="${SSR_STATE_ID}">${serializeSsrState(dehydrate(client))}</script>`;
}

function siteData(user: SessionUser | null) {
  return (client: QueryClient) => {
    client.setQueryData(meQuery.queryKey, user);
    client.setQueryData(billingKeys.plans(), PLANS);
    client.setQueryData(systemStatusQuery.queryKey, {
      maintenance_mode: false,
      registration_enabled: true,
      google_enabled: false,
      payments_enabled: true,
    });
  };
}

/** web/app/islands.tsx on the page; fails on a hydration mismatch or any console error. */
async function hydratePage(): Promise<string[]> {
  const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
  const recovered = vi.fn();
  roots = await act(() => hydrateIslands({ onRecoverableError: recovered }));
  expect(recovered).not.toHaveBeenCalled();
  expect(consoleError).not.toHaveBeenCalled();
  return [...document.querySelectorAll<HTMLElement>("[data-island]")].map((island) => island.dataset.island!);
}

describe("the islands of the server-rendered screens", () => {
  it("are all known to the browser's list", async () => {
    const seen = new Set<string>();
    for (const [path, user] of [
      ["/", null],
      ["/", member],
      ["/?aviso=link-indisponivel", null],
      ["/pricing", null],
      ["/pricing", member],
      ["/auth", null],
      ["/terms", null],
      ["/privacy", null],
    ] as const) {
      await serverPage(path, siteData(user));
      for (const island of document.querySelectorAll<HTMLElement>("[data-island]"))
        seen.add(island.dataset.island!);
    }
    expect([...seen].sort()).toEqual(
      Object.keys(ISLAND_COMPONENTS)
        .filter((name) => !name.startsWith("blog-"))
        .sort(),
    );
  });

  it("hydrate the landing page's menu, signed in or not, and nothing else of it", async () => {
    for (const user of [null, member]) {
      await serverPage("/", siteData(user));
      expect(await hydratePage()).toEqual(["landing-menu", "pwa-layer"]);
      const menu = document.querySelector("details")!;
      menu.open = true;
      fireEvent.keyDown(document, { key: "Escape" });
      expect(menu.open).toBe(false);
      for (const root of roots) act(() => root.unmount());
      roots = [];
    }
  });

  it("show a dead short link's notice once: the address drops its parameters in place", async () => {
    await serverPage("/?aviso=link-indisponivel&link=https%3A%2F%2Fatalho.app%2Fs%2Fx", siteData(null));
    expect(screen.getByRole("alert").textContent).toContain("não existe ou expirou");
    expect(await hydratePage()).toEqual(["landing-menu", "unavailable-link-notice", "pwa-layer"]);
    expect(window.location.pathname + window.location.search).toBe("/");
    fireEvent.click(screen.getByRole("button", { name: "Fechar aviso" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("hydrate /pricing's plans: the yearly switch changes the prices", async () => {
    await serverPage("/pricing", siteData(null));
    expect(await hydratePage()).toEqual(["pricing-plans", "pwa-layer"]);
    const yearly = screen.getByRole("button", { name: /Anual/ });
    fireEvent.click(yearly);
    expect(yearly.getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByText(/Pagando o ano de uma vez/)).toBeTruthy();
  });

  it("hydrate a signed-in user's /pricing with the app's navigation", async () => {
    fakeApi({ "GET /api/user/subscription": { status: 404, body: { error: "Nenhuma assinatura." } } });
    await serverPage("/pricing", siteData(member));
    expect(await hydratePage()).toEqual(["top-nav", "pricing-plans", "pwa-layer"]);
    const profile = screen.getAllByRole("button", { name: /Menu do perfil/ })[0]!;
    fireEvent.click(profile);
    expect(screen.getByRole("link", { name: "Gerenciar Assinatura" }).getAttribute("href")).toBe(
      "/subscription",
    );
  });

  it("hydrate /auth's form, which checks the fields before sending anything", async () => {
    const calls = fakeApi({});
    await serverPage("/auth?mode=register", siteData(null));
    expect(await hydratePage()).toEqual(["auth-form", "pwa-layer"]);
    const form = document.querySelector<HTMLElement>('[data-island="auth-form"]')!;
    const submit = within(form).getByRole("button", { name: "Criar conta" });
    expect(submit.hasAttribute("disabled")).toBe(false);
    fireEvent.click(submit);
    await waitFor(() =>
      expect(
        within(form)
          .getAllByRole("textbox")
          .some((field) => field.getAttribute("aria-invalid")),
      ).toBe(true),
    );
    expect(calls).toEqual([]);
  });

  it("leave the legal pages as they came, but for the app's notices", async () => {
    await serverPage("/terms", siteData(null));
    expect(await hydratePage()).toEqual(["pwa-layer"]);
    expect(screen.getByTestId("connectivity")).toBeTruthy();
  });

  it("hydrate the blog's list, whose search follows the address in place", async () => {
    const empty = { posts: [], total: 0, page: 1, page_size: 9, total_pages: 1 };
    fakeApi({ "GET /api/blog/posts": { body: empty } });
    await serverPage(
      "/blog",
      (client) => {
        client.setQueryData(blogKeys.posts({ search: "", category: "", page: 1 }), empty);
        client.setQueryData(blogKeys.featured(), []);
        client.setQueryData(blogKeys.categories(), []);
      },
      blogSiteRoutes,
    );
    expect(await hydratePage()).toEqual(["blog-list", "pwa-layer"]);
    const search = screen.getByRole("searchbox", { name: "Buscar posts" });
    fireEvent.change(search, { target: { value: "bio" } });
    fireEvent.submit(search.closest("form")!);
    expect(window.location.pathname + window.location.search).toBe("/blog?search=bio");
    expect((await screen.findByRole("heading", { level: 2, name: "Resultados" })).textContent).toBe(
      "Resultados",
    );
  });

  it("hydrate a post's share links only", async () => {
    await serverPage(
      "/blog/guia-da-bio",
      (client) => {
        client.setQueryData(blogKeys.origin(), "https://atalho.app");
        client.setQueryData(blogKeys.post(POST.slug), POST);
        client.setQueryData(blogKeys.related(POST.id), []);
      },
      blogSiteRoutes,
    );
    expect(await hydratePage()).toEqual(["blog-share", "pwa-layer"]);
    expect(screen.getByRole("link", { name: "Compartilhar no WhatsApp" }).getAttribute("href")).toContain(
      encodeURIComponent("https://atalho.app/blog/guia-da-bio"),
    );
  });
});
