import { SHORT_URL_MESSAGES } from "@common/contract/shortened-urls";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { subscriptionPlansQuery } from "@web/lib/plans";
import { meQuery } from "@web/lib/session";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { testQueryClient } from "../../../tests/web-fake-api";
import { Component, head } from "./landing";

function renderAt(path: string) {
  const queryClient = testQueryClient({ staleTime: Number.POSITIVE_INFINITY });
  queryClient.setQueryData(meQuery.queryKey, null);
  queryClient.setQueryData(subscriptionPlansQuery.queryKey, []);
  const router = createMemoryRouter([{ path: "/", Component }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe("/ (landing)", () => {
  it("has a real title and description, and keeps document.title in step", () => {
    expect(head.title.length).toBeLessThanOrEqual(60);
    expect(head.description.length).toBeGreaterThan(110);
    expect(head.description.length).toBeLessThanOrEqual(160);
    expect(head.path).toBe("/");
    renderAt("/");
    expect(document.title).toBe(head.title);
  });

  it("explains a dead short link to the visitor it was sent here", async () => {
    const router = renderAt("/?aviso=link-indisponivel");
    expect((await screen.findByRole("alert")).textContent).toContain(SHORT_URL_MESSAGES.linkUnavailable);
    expect(router.state.location.search).toBe("");
    expect(screen.getByRole("heading", { level: 1 })).toBeTruthy();
  });
});
