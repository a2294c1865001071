import type { SessionUser } from "@common/contract/auth";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { meQuery } from "@web/lib/session";
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, testQueryClient } from "../../../tests/web-fake-api";
import { sessionUser } from "../../../tests/web-session";
import { LEGAL_LAST_UPDATED, LegalDocument, type LegalSection } from "./legal-document";

const sections: LegalSection[] = [
  { id: "primeira", title: "Primeira seção", content: <p>Texto um.</p> },
  { id: "segunda", title: "Segunda seção", content: <p>Texto dois.</p> },
];

const user = sessionUser({ email: "ana@example.com", last_name: "Lima" });

/** The document with the session already known, as the server renders it. */
function documentWith(session: SessionUser | null) {
  const client = testQueryClient();
  client.setQueryData(meQuery.queryKey, session);
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={["/terms"]}>
        <LegalDocument title="Documento" intro={<p>Introdução.</p>} sections={sections} />
      </MemoryRouter>
    </QueryClientProvider>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("LegalDocument", () => {
  it("has the title, the last-updated date and landmarks", () => {
    render(documentWith(null));
    expect(screen.getByRole("heading", { level: 1, name: "Documento" })).toBeTruthy();
    expect(LEGAL_LAST_UPDATED.label).toBe("19 de setembro de 2025");
    const updated = screen.getByText("19 de setembro de 2025");
    expect(updated.tagName).toBe("TIME");
    expect(updated.getAttribute("datetime")).toBe("2025-09-19");
    expect(updated.parentElement?.textContent).toBe("Última atualização: 19 de setembro de 2025");
    expect(screen.getByRole("banner")).toBeTruthy();
    expect(screen.getByRole("main")).toBeTruthy();
    expect(screen.getByRole("contentinfo")).toBeTruthy();
  });

  it("numbers the sections and links each from the table of contents", () => {
    render(documentWith(null));
    const toc = screen.getByRole("navigation", { name: "Nesta página" });
    const entries = within(toc).getAllByRole("link");
    expect(entries.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["1.Primeira seção", "#primeira"],
      ["2.Segunda seção", "#segunda"],
    ]);
    const heading = screen.getByRole("heading", { level: 2, name: "2. Segunda seção" });
    expect(heading.id).toBe("segunda");
    expect(screen.getByRole("region", { name: "2. Segunda seção" }).textContent).toContain("Texto dois.");
  });

  it("offers 'Entrar' and 'Começar Grátis' to a visitor, and the footer's links", () => {
    render(documentWith(null));
    const header = screen.getByRole("banner");
    expect(within(header).getByRole("link", { name: "Entrar" }).getAttribute("href")).toBe("/auth");
    expect(within(header).getByRole("link", { name: "Começar Grátis" }).getAttribute("href")).toBe(
      "/auth?mode=register",
    );
    expect(within(header).queryByRole("link", { name: "Ir ao Dashboard" })).toBeNull();
    const footer = within(screen.getByRole("contentinfo"));
    expect(footer.getAllByRole("link").map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Início", "/"],
      ["Blog", "/blog"],
      ["Termos de Uso", "/terms"],
      ["Política de Privacidade", "/privacy"],
    ]);
  });

  it("offers 'Ir ao Dashboard' when signed in", () => {
    render(documentWith(user));
    const header = within(screen.getByRole("banner"));
    expect(header.getByRole("link", { name: "Ir ao Dashboard" }).getAttribute("href")).toBe("/dashboard");
    expect(header.queryByRole("link", { name: "Entrar" })).toBeNull();
  });

  it("checks the session itself when the server did not say", async () => {
    const calls = fakeApi({ "GET /api/auth/session": { body: { user } } });
    render(
      <QueryClientProvider client={testQueryClient()}>
        <MemoryRouter>
          <LegalDocument title="Documento" intro={null} sections={sections} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole("link", { name: "Ir ao Dashboard" })).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual(["/api/auth/session"]);
  });

  it("hydrates the server's HTML without a mismatch", async () => {
    const html = renderToString(documentWith(null));
    const container = document.createElement("div");
    container.innerHTML = html;
    const serverDom = container.innerHTML;
    document.body.append(container);
    const recoverable = vi.fn();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const root = await act(async () =>
        hydrateRoot(container, documentWith(null), { onRecoverableError: recoverable }),
      );
      expect(recoverable).not.toHaveBeenCalled();
      expect(errors).not.toHaveBeenCalled();
      expect(container.innerHTML).toBe(serverDom);
      act(() => root.unmount());
    } finally {
      errors.mockRestore();
      container.remove();
    }
  });
});
