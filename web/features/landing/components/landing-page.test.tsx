import type { SessionUser } from "@common/contract/auth";
import type { SubscriptionPlan } from "@common/contract/billing";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { subscriptionPlansQuery } from "@web/lib/plans";
import { meQuery } from "@web/lib/session";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, testQueryClient } from "../../../../tests/web-fake-api";
import { PLANS } from "../../../../tests/web-plans";
import { sessionUser } from "../../../../tests/web-session";
import { LandingPage } from "./landing-page";

afterEach(() => vi.unstubAllGlobals());

const member = sessionUser();

/** The landing as the server renders it: session and plans already in the cache. */
function renderLanding({
  user = null,
  plans,
}: {
  user?: SessionUser | null;
  plans?: SubscriptionPlan[];
} = {}) {
  const queryClient = testQueryClient({ staleTime: Number.POSITIVE_INFINITY });
  queryClient.setQueryData(meQuery.queryKey, user);
  if (plans) queryClient.setQueryData(subscriptionPlansQuery.queryKey, plans);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <LandingPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

const header = () => within(screen.getByRole("banner"));
const hrefOf = (element: HTMLElement) => element.getAttribute("href");

describe("LandingPage", () => {
  it("has one h1 and every section of spec 2, with landmarks", () => {
    renderLanding({ plans: PLANS });
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    for (const name of [
      "O Atalho em números",
      "Tudo o que um link precisa para trabalhar por você",
      "Feito para quem vende, cria e comunica no Brasil",
      "Como dá para usar o Atalho",
      "Comece grátis, cresça quando quiser",
      "Perguntas frequentes",
    ])
      expect(screen.getByRole("heading", { level: 2, name })).toBeTruthy();
    expect(screen.getByRole("main")).toBeTruthy();
    expect(screen.getByRole("contentinfo")).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Principal" })).toBeTruthy();
  });

  it("offers a visitor 'Entrar' and 'Começar Grátis', beside Blog and Preços", () => {
    renderLanding();
    expect(hrefOf(header().getByRole("link", { name: "Começar Grátis" }))).toBe("/auth?mode=register");
    expect(header().getAllByRole("link", { name: "Entrar" }).map(hrefOf)).toContain("/auth");
    expect(header().getAllByRole("link", { name: "Blog" }).map(hrefOf)).toContain("/blog");
    expect(header().getAllByRole("link", { name: "Preços" }).map(hrefOf)).toContain("/pricing");
    expect(screen.queryByRole("link", { name: "Ir ao Dashboard" })).toBeNull();
  });

  it("offers a signed-in user 'Ir ao Dashboard' instead", () => {
    renderLanding({ user: member });
    expect(hrefOf(header().getByRole("link", { name: "Ir ao Dashboard" }))).toBe("/dashboard");
    expect(header().queryByRole("link", { name: "Começar Grátis" })).toBeNull();
    expect(header().queryByRole("link", { name: "Entrar" })).toBeNull();
    expect(header().getAllByRole("link", { name: "Preços" })).not.toHaveLength(0);
  });

  it("reads a pending session as signed out", () => {
    fakeApi({ "GET /api/auth/session": () => new Promise(() => {}) });
    const queryClient = testQueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <LandingPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(header().getByRole("link", { name: "Começar Grátis" })).toBeTruthy();
  });

  it("claims only what the product measures", () => {
    renderLanding();
    const stats = within(screen.getByRole("heading", { name: "O Atalho em números" }).closest("section")!);
    expect(stats.getByText("< 100 ms")).toBeTruthy();
    expect(stats.getByText("endereços IP guardados dos seus visitantes")).toBeTruthy();
    expect(screen.queryByText(/99[,.]9/)).toBeNull();
    expect(screen.queryByText(/2 ?h/)).toBeNull();
  });

  it("shows the use cases as examples, not as testimonials", () => {
    renderLanding();
    expect(screen.getByText(/cenários ilustrativos, não depoimentos/)).toBeTruthy();
    for (const who of ["Criadora de conteúdo", "Restaurante", "Loja online", "ONG"])
      expect(screen.getByRole("heading", { level: 3, name: who })).toBeTruthy();
  });

  it("shows the real plans at their monthly prices, linking to /pricing", () => {
    renderLanding({ plans: PLANS });
    const pricing = within(
      screen.getByRole("heading", { name: "Comece grátis, cresça quando quiser" }).closest("section")!,
    );
    expect(pricing.getAllByRole("article")).toHaveLength(4);
    const pro = within(pricing.getByRole("article", { name: "Pro" }));
    expect(pro.getByText("MAIS POPULAR")).toBeTruthy();
    expect(pro.getByText("R$ 19,90")).toBeTruthy();
    expect(hrefOf(pro.getByRole("link", { name: "Escolher Pro" }))).toBe("/pricing");
    const free = within(pricing.getByRole("article", { name: "Gratuito" }));
    expect(hrefOf(free.getByRole("link", { name: "Começar Grátis" }))).toBe("/auth?mode=register");
    expect(
      within(pricing.getByRole("article", { name: "Enterprise" })).getAllByText("Ilimitado"),
    ).toHaveLength(4);
    expect(hrefOf(pricing.getByRole("link", { name: "Compare os planos em detalhes" }))).toBe("/pricing");
  });

  it("sends a signed-in user's free plan button to the dashboard", () => {
    renderLanding({ user: member, plans: PLANS });
    const free = within(screen.getByRole("article", { name: "Gratuito" }));
    expect(hrefOf(free.getByRole("link", { name: "Ir ao Dashboard" }))).toBe("/dashboard");
  });

  it("leaves the pricing section out when there are no plans", () => {
    renderLanding({ plans: [] });
    expect(screen.queryByRole("heading", { name: "Comece grátis, cresça quando quiser" })).toBeNull();
    expect(screen.queryByRole("article")).toBeNull();
  });

  it("leaves the pricing section out when the plans cannot be loaded", async () => {
    fakeApi({ "GET /api/subscription-plans": { status: 500, body: { error: "falhou" } } });
    const { queryClient } = renderLanding();
    await vi.waitFor(() =>
      expect(queryClient.getQueryState(subscriptionPlansQuery.queryKey)?.status).toBe("error"),
    );
    expect(screen.queryByRole("heading", { name: "Comece grátis, cresça quando quiser" })).toBeNull();
    expect(screen.getByRole("heading", { name: "Perguntas frequentes" })).toBeTruthy();
  });

  it("answers the FAQ in <details>, with the free plan's limits from the plans", () => {
    const { container } = renderLanding({ plans: PLANS });
    const faq = screen.getByRole("heading", { name: "Perguntas frequentes" }).closest("section")!;
    const items = faq.querySelectorAll("details");
    expect(items.length).toBeGreaterThanOrEqual(6);
    for (const item of items) expect(item.querySelector("summary")).toBeTruthy();
    const text = faq.textContent ?? "";
    expect(text).toContain(
      "inclui 3 Link Bios, 50 links curtos, 1.000 cliques por mês e 100 contatos por mês, com 30 dias",
    );
    expect(text).toContain("Pix, cartão de crédito e boleto, pelo Mercado Pago");
    expect(text).toContain("O endereço IP nunca é guardado");
    expect(text).toContain("os planos Pro, Business e Enterprise podem publicar");
    expect(text).toContain("Os domínios premium ficam com Business e Enterprise.");
    expect(container.querySelectorAll("details[open]")).toHaveLength(0);
  });

  it("still answers the FAQ without plans, in general terms", () => {
    renderLanding({ plans: [] });
    expect(screen.getByText(/Há um plano gratuito, sem prazo e sem cartão de crédito/)).toBeTruthy();
  });

  it("links the footer to the blog, plans and legal pages, with no year", () => {
    renderLanding();
    const footer = within(screen.getByRole("contentinfo"));
    expect(hrefOf(footer.getByRole("link", { name: "Blog" }))).toBe("/blog");
    expect(hrefOf(footer.getByRole("link", { name: "Preços" }))).toBe("/pricing");
    expect(hrefOf(footer.getByRole("link", { name: "Termos de Uso" }))).toBe("/terms");
    expect(hrefOf(footer.getByRole("link", { name: "Política de Privacidade" }))).toBe("/privacy");
    expect(footer.getByText(/©/).textContent).not.toMatch(/\d{4}/);
  });
});
