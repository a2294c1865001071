import { PRIVACY_CONTACT_EMAIL } from "@common/brand";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, renderWithProviders } from "../../../tests/web-fake-api";
import { Component, head } from "./terms";

afterEach(() => vi.unstubAllGlobals());

describe("/terms", () => {
  it("has a head for the server and keeps document.title in step", () => {
    expect(head).toMatchObject({ title: "Termos de Uso · Atalho", path: "/terms" });
    expect(head.description.length).toBeGreaterThanOrEqual(120);
    expect(head.description.length).toBeLessThanOrEqual(160);
    fakeApi({ "GET /api/auth/session": { body: { user: null } } });
    const { unmount } = renderWithProviders(<Component />, { route: "/terms" });
    expect(document.title).toBe("Termos de Uso · Atalho");
    expect(screen.getByRole("heading", { level: 1, name: "Termos de Uso" })).toBeTruthy();
    expect(screen.getAllByRole("link", { name: PRIVACY_CONTACT_EMAIL }).length).toBeGreaterThan(0);
    unmount();
    expect(document.title).toBe("Atalho");
  });
});
