import { limitReachedMessage } from "@common/contract/billing";
import { render, screen } from "@testing-library/react";
import { ApiError } from "@web/lib/api-client";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { isPlanLimitError, PlanLimitNotice, planLimitMessage } from "./plan-limit-notice";

const message = limitReachedMessage("link_pages", 3, "Gratuito");
const limitError = new ApiError(403, message, { error: message, details: { limit: "link_pages" } });

describe("PlanLimitNotice", () => {
  it("recognises a plan limit only in a 403 naming the limit", () => {
    expect(isPlanLimitError(limitError)).toBe(true);
    expect(isPlanLimitError(new ApiError(403, "Acesso negado.", { error: "Acesso negado." }))).toBe(false);
    expect(isPlanLimitError(new ApiError(400, message, { error: message, details: { limit: "x" } }))).toBe(
      false,
    );
    expect(isPlanLimitError(new Error(message))).toBe(false);
  });

  it("says the server's message and links to /pricing instead of spelling the path", () => {
    render(
      <MemoryRouter initialEntries={["/link-pages/new/edit"]}>
        <PlanLimitNotice error={limitError} />
      </MemoryRouter>,
    );
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain(
      "Você atingiu o limite de 3 Link Bios do plano Gratuito. Faça upgrade para criar mais.",
    );
    expect(alert.textContent).not.toContain("/pricing");
    expect(screen.getByRole("link", { name: "Ver planos" }).getAttribute("href")).toBe("/pricing");
    expect(planLimitMessage(limitError)).toBe(
      "Você atingiu o limite de 3 Link Bios do plano Gratuito. Faça upgrade para criar mais.",
    );
  });
});
