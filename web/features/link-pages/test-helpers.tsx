// Test support for this feature's component tests: the real providers and router, and a fake
// network edge (fetch) answering by method and path.
import { LINK_PAGE_THEMES } from "@common/link-bio/themes";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { ConfirmProvider } from "@web/components/ui/confirm-dialog";
import { createMemoryRouter, type RouteObject, RouterProvider } from "react-router";
import { Toaster } from "sonner";
import { vi } from "vitest";

type Reply = { status?: number; body?: unknown };
type Handler = (body: unknown) => Reply | Promise<Reply>;

/** What every editor screen reads, answered as the server does unless a test routes it itself. */
const EDITOR_ROUTES: Record<string, Reply> = { "GET /api/link-page-themes": { body: LINK_PAGE_THEMES } };

/** Replaces fetch; `routes` maps "METHOD /path" to a reply. Unknown calls answer 500. */
export function fakeApi(routes: Record<string, Handler | Reply>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    const path = String(input);
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path, body });
    const route = routes[`${method} ${path}`] ?? EDITOR_ROUTES[`${method} ${path}`];
    const reply =
      typeof route === "function" ? await route(body) : (route ?? { status: 500, body: { error: "boom" } });
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}

export function renderRoutes(routes: RouteObject[], path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ConfirmProvider>
        <RouterProvider router={router} />
      </ConfirmProvider>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
