// Test-only, for the web component tests: a fake of the network edge (fetch) answering per
// "METHOD path" (the query string aside), and a render with the app's providers.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { ConfirmProvider } from "@web/components/ui/confirm-dialog";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { vi } from "vitest";

/** `networkError`: the request never reaches the server (fetch rejects). */
export type Reply = {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  networkError?: boolean;
};
export type Call = { method: string; url: string; body: unknown };

const NOT_FAKED: Reply = { status: 500, body: { error: "não simulado" } };

/**
 * Replaces fetch; a request no route names answers 500. Returns the calls, in order. A route may
 * answer a promise, to hold a request open while the test looks at the page.
 */
export function fakeApi(routes: Record<string, Reply | ((call: Call) => Reply | Promise<Reply>)>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    const call = { method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const route = routes[`${method} ${url.split("?")[0]}`];
    const reply = typeof route === "function" ? await route(call) : (route ?? NOT_FAKED);
    if (reply.networkError) throw new TypeError("Failed to fetch");
    const status = reply.status ?? 200;
    return new Response(status === 204 || reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: { "content-type": "application/json", ...reply.headers },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}

/** The query string of a call, as a URLSearchParams. */
export const paramsOf = (call: Call) => new URL(call.url, "http://localhost").searchParams;

export function testQueryClient(queries: { staleTime?: number } = {}) {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, ...queries }, mutations: { retry: false } },
  });
}

export function renderWithProviders(ui: ReactNode, { route = "/" } = {}) {
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter initialEntries={[route]}>
        <ConfirmProvider>{ui}</ConfirmProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
