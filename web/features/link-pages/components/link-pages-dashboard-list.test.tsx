import { LINK_PAGE_MESSAGES } from "@common/contract/link-pages";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubClipboard } from "../../../../tests/web-clipboard";
import { DEFAULT_DOMAINS } from "../../../../tests/web-domains";
import { makePage } from "../../../../tests/web-link-pages";
import { fakeApi, renderRoutes } from "../test-helpers";
import { LinkPagesDashboardList } from "./link-pages-dashboard-list";

const routes = [{ path: "/dashboard", element: <LinkPagesDashboardList /> }];

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("LinkPagesDashboardList", () => {
  it("copies the public URL and says 'Copiado!' for 2 seconds", async () => {
    const writeText = stubClipboard();
    fakeApi({
      "GET /api/link-pages": { body: [makePage({ id: 1, title: "Loja", slug: "loja" })] },
      "GET /api/user/available-domains": { body: DEFAULT_DOMAINS },
    });
    renderRoutes(routes, "/dashboard");
    const copy = await screen.findByRole("button", { name: "Copiar" });
    vi.useFakeTimers();
    await act(async () => fireEvent.click(copy));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/p/loja`);
    expect(screen.getByText("Copiado!")).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(2000));
    expect(screen.queryByText("Copiado!")).toBeNull();
  });

  it("asks before deleting and reports a failed delete", async () => {
    fakeApi({
      "GET /api/link-pages": { body: [makePage({ id: 1, title: "Loja" })] },
      "GET /api/user/available-domains": { body: DEFAULT_DOMAINS },
      "DELETE /api/link-pages/1": { status: 500, body: { error: "x" } },
    });
    renderRoutes(routes, "/dashboard");
    fireEvent.click(await screen.findByRole("button", { name: "Excluir Loja" }));
    const dialog = within(screen.getByRole("alertdialog", { name: "Excluir a Link Bio “Loja”?" }));
    expect(dialog.getByText((text) => text.endsWith(LINK_PAGE_MESSAGES.confirmDeletePage))).toBeTruthy();
    fireEvent.click(dialog.getByRole("button", { name: "Excluir Link Bio" }));
    expect((await dialog.findByRole("alert")).textContent).toBe(LINK_PAGE_MESSAGES.deletePageFailed);
  });

  it("offers to create the first page when there is none", async () => {
    fakeApi({
      "GET /api/link-pages": { body: [] },
      "GET /api/user/available-domains": { body: DEFAULT_DOMAINS },
    });
    renderRoutes(routes, "/dashboard");
    expect((await screen.findByRole("link", { name: /Criar Link Bio/ })).getAttribute("href")).toBe(
      "/link-pages/new/edit",
    );
  });
});
