// Test-only: a fake of the network edge (fetch) answering per "METHOD path", and a render with the
// app's providers (as web/features/shortened-urls/components/fake-api.test-helper.tsx).
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { vi } from "vitest";

type Reply = { status?: number; body?: unknown } | "network-error";
export type Call = { method: string; url: string; body: unknown };

export function fakeApi(routes: Record<string, (call: Call) => Reply>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    const call = { method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const handler = routes[`${method} ${url.split("?")[0]}`];
    if (!handler) return new Response(JSON.stringify({ error: "não simulado" }), { status: 500 });
    const reply = handler(call);
    if (reply === "network-error") throw new TypeError("Failed to fetch");
    return new Response(JSON.stringify(reply.body ?? null), {
      status: reply.status ?? 200,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}

/** The query string of a call, as a URLSearchParams. */
export const paramsOf = (call: Call) => new URL(call.url, "http://localhost").searchParams;

export function renderWithProviders(ui: ReactNode, { route = "/" } = {}) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}
