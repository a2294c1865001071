import { LINK_PAGE_MESSAGES } from "@common/contract/link-pages";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_DOMAINS } from "../../../../tests/web-domains";
import { makePage } from "../../../../tests/web-link-pages";
import { fakeApi, renderRoutes } from "../test-helpers";
import { LinkPagesList } from "./link-pages-list";

const routes = [{ path: "/link-pages", element: <LinkPagesList /> }];
const pages = [
  makePage({ id: 1, title: "Loja da Ana", slug: "ana", description: "Roupas artesanais", is_active: true }),
  makePage({ id: 2, title: "Banda", slug: "banda-rock", is_active: false, links_count: 3, click_count: 12 }),
];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("LinkPagesList", () => {
  it("shows cards with status, counts, created date and the public URL", async () => {
    fakeApi({
      "GET /api/link-pages": { body: pages },
      "GET /api/user/available-domains": { body: DEFAULT_DOMAINS },
    });
    renderRoutes(routes, "/link-pages");
    const card = (await screen.findByText("Banda")).closest("article")!;
    expect(within(card).getByText("Inativa")).toBeTruthy();
    expect(within(card).getByText("3 links")).toBeTruthy();
    expect(within(card).getByText("12 cliques")).toBeTruthy();
    expect(within(card).getByText("20/11/2026")).toBeTruthy();
    expect(
      within(card)
        .getByRole("link", { name: /Visualizar/ })
        .getAttribute("href"),
    ).toBe(`${window.location.origin}/p/banda-rock?previa=1`);
    expect(
      within(card)
        .getByRole("link", { name: /Ver estatísticas/ })
        .getAttribute("href"),
    ).toBe("/analytics/link-pages/2");
    expect(screen.getByText("Ativa")).toBeTruthy();
    expect(screen.getByText("2 de 2 Link Bios")).toBeTruthy();
  });

  it("searches title, slug and description", async () => {
    fakeApi({
      "GET /api/link-pages": { body: pages },
      "GET /api/user/available-domains": { body: DEFAULT_DOMAINS },
    });
    renderRoutes(routes, "/link-pages");
    const search = await screen.findByRole("searchbox");
    fireEvent.change(search, { target: { value: "ARTESANAIS" } });
    expect(screen.getByText("1 de 2 Link Bios")).toBeTruthy();
    expect(screen.queryByText("Banda")).toBeNull();
    fireEvent.change(search, { target: { value: "rock" } });
    expect(screen.getByText("Banda")).toBeTruthy();
    expect(screen.queryByText("Loja da Ana")).toBeNull();
    fireEvent.change(search, { target: { value: "nada disso" } });
    expect(screen.getByText("0 de 2 Link Bios")).toBeTruthy();
  });

  it("deletes only after the confirm, and says so when the delete fails", async () => {
    const calls = fakeApi({
      "GET /api/link-pages": { body: pages },
      "GET /api/user/available-domains": { body: DEFAULT_DOMAINS },
      "DELETE /api/link-pages/1": { status: 500, body: { error: "falhou" } },
    });
    renderRoutes(routes, "/link-pages");
    const remove = await screen.findByRole("button", { name: "Excluir Loja da Ana" });
    const question = () =>
      within(screen.getByRole("alertdialog", { name: "Excluir a Link Bio “Loja da Ana”?" }));
    fireEvent.click(remove);
    expect(
      question().getByText((text) => text.endsWith(LINK_PAGE_MESSAGES.confirmDeleteLinkBio)),
    ).toBeTruthy();
    fireEvent.click(question().getByRole("button", { name: "Cancelar" }));
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    fireEvent.click(remove);
    fireEvent.click(question().getByRole("button", { name: "Excluir Link Bio" }));
    expect((await question().findByRole("alert")).textContent).toBe(LINK_PAGE_MESSAGES.deleteLinkBioFailed);
    expect(screen.getByText("Loja da Ana")).toBeTruthy();
  });

  it("removes the card after a successful delete", async () => {
    let list = pages;
    fakeApi({
      "GET /api/link-pages": () => ({ body: list }),
      "GET /api/user/available-domains": { body: DEFAULT_DOMAINS },
      "DELETE /api/link-pages/1": () => {
        list = pages.slice(1);
        return { status: 204 };
      },
    });
    renderRoutes(routes, "/link-pages");
    fireEvent.click(await screen.findByRole("button", { name: "Excluir Loja da Ana" }));
    fireEvent.click(screen.getByRole("button", { name: "Excluir Link Bio" }));
    await waitFor(() => expect(screen.queryByText("Loja da Ana")).toBeNull());
    expect(screen.getByText("1 de 1 Link Bios")).toBeTruthy();
  });

  it("shows the empty state with a create button", async () => {
    fakeApi({ "GET /api/link-pages": { body: [] }, "GET /api/user/available-domains": { status: 500 } });
    renderRoutes(routes, "/link-pages");
    expect(await screen.findByText("Nenhuma Link Bio ainda")).toBeTruthy();
    expect(screen.getByRole("link", { name: /Criar primeira Link Bio/ }).getAttribute("href")).toBe(
      "/link-pages/new/edit",
    );
  });
});
