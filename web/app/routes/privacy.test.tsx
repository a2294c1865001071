import { PRIVACY_CONTACT_EMAIL } from "@common/brand";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, renderWithProviders } from "../../../tests/web-fake-api";
import { Component, head } from "./privacy";

afterEach(() => vi.unstubAllGlobals());

describe("/privacy", () => {
  it("has a head for the server and keeps document.title in step", () => {
    expect(head).toMatchObject({ title: "Política de Privacidade · Atalho", path: "/privacy" });
    expect(head.description.length).toBeGreaterThanOrEqual(120);
    expect(head.description.length).toBeLessThanOrEqual(160);
    fakeApi({ "GET /api/auth/session": { body: { user: null } } });
    const { unmount } = renderWithProviders(<Component />, { route: "/privacy" });
    expect(document.title).toBe("Política de Privacidade · Atalho");
    expect(screen.getByRole("heading", { level: 1, name: "Política de Privacidade" })).toBeTruthy();
    expect(screen.getAllByRole("link", { name: PRIVACY_CONTACT_EMAIL }).length).toBeGreaterThan(0);
    // The policy's own date (28 November 2026: what a recovery revokes), not the terms'.
    const updated = screen.getByText("28 de novembro de 2026");
    expect(updated.getAttribute("datetime")).toBe("2026-11-28");
    expect(updated.parentElement?.textContent).toBe("Última atualização: 28 de novembro de 2026");
    unmount();
    expect(document.title).toBe("Atalho");
  });
});
