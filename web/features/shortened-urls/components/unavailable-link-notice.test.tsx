import { SHORT_URL_MESSAGES } from "@common/contract/shortened-urls";
import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { UnavailableLinkNotice } from "./unavailable-link-notice";

function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

const renderAt = (route: string) =>
  render(
    <MemoryRouter initialEntries={[route]}>
      <UnavailableLinkNotice />
      <Search />
    </MemoryRouter>,
  );

describe("UnavailableLinkNotice", () => {
  it("says the link is unavailable, drops the parameter and can be dismissed", async () => {
    renderAt("/?aviso=link-indisponivel&utm=x");
    expect((await screen.findByRole("alert")).textContent).toContain(SHORT_URL_MESSAGES.linkUnavailable);
    expect(screen.getByTestId("search").textContent).toBe("?utm=x");
    fireEvent.click(screen.getByRole("button", { name: "Fechar aviso" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("offers 'Denunciar link', the server's form", async () => {
    renderAt("/?aviso=link-indisponivel");
    const link = await screen.findByRole("link", { name: "Denunciar link" });
    expect(link.getAttribute("href")).toBe("/denunciar");
  });

  it("fills the form with the short link the visitor opened, and drops it from the address", async () => {
    renderAt(`/?aviso=link-indisponivel&link=${encodeURIComponent("https://atalho.app/s/abc?x=1")}&utm=x`);
    const link = await screen.findByRole("link", { name: "Denunciar link" });
    expect(link.getAttribute("href")).toBe(
      `/denunciar?url=${encodeURIComponent("https://atalho.app/s/abc?x=1")}`,
    );
    expect(screen.getByTestId("search").textContent).toBe("?utm=x");
  });

  it("passes on only a web address", async () => {
    renderAt(`/?aviso=link-indisponivel&link=${encodeURIComponent("javascript:print()")}`);
    const link = await screen.findByRole("link", { name: "Denunciar link" });
    expect(link.getAttribute("href")).toBe("/denunciar");
  });

  it("stays hidden without the parameter", () => {
    renderAt("/?aviso=outra-coisa");
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
