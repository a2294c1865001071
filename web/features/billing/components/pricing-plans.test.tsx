import { BILLING_MESSAGES } from "@common/contract/billing";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { billingKeys } from "@web/lib/plans";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, testQueryClient } from "../../../../tests/web-fake-api";
import { PLANS } from "../../../../tests/web-plans";
import {
  FREE_SUBSCRIPTION,
  makeCheckout,
  makeQuote,
  makeSubscription,
  renderAt,
  stubLocationAssign,
} from "./billing.test-helper";
import { PricingPlans } from "./pricing-plans";

afterEach(() => vi.unstubAllGlobals());

const card = (name: string) => screen.getByRole("article", { name });

describe("PricingPlans", () => {
  it("shows the four plans, Pro as the most popular, and 'Ilimitado' for Enterprise", async () => {
    fakeApi({ "GET /api/subscription-plans": { body: PLANS } });
    renderAt(<PricingPlans signedIn={false} />, "/pricing");
    expect(await screen.findAllByRole("article")).toHaveLength(4);
    expect(within(card("Pro")).getByText("MAIS POPULAR")).toBeTruthy();
    expect(screen.getAllByText("MAIS POPULAR")).toHaveLength(1);

    const enterprise = within(card("Enterprise"));
    // Link Bios, URLs, clicks and contacts.
    expect(enterprise.getAllByText("Ilimitado")).toHaveLength(4);
    expect(enterprise.getByText("Contatos por mês:")).toBeTruthy();
    // The free plan's contacts, counted like its other limits.
    const freeLines = within(card("Gratuito"))
      .getAllByRole("listitem")
      .map((item) => item.textContent);
    expect(freeLines).toContain("100 contatos por mês");
    expect(enterprise.getByText("Suporte prioritário")).toBeTruthy();
    expect(enterprise.getByText("Domínios premium")).toBeTruthy();

    const free = within(card("Gratuito"));
    expect(free.getByRole("link", { name: "Começar Grátis" }).getAttribute("href")).toBe(
      "/auth?mode=register",
    );
    expect(free.getByText("Suporte por email")).toBeTruthy();
    expect(free.queryByText("Domínio personalizado")).toBeNull();
    expect(within(card("Pro")).getByText("Domínio personalizado")).toBeTruthy();
    expect(within(card("Pro")).getByText("Analytics de 90 dias")).toBeTruthy();
    expect(screen.getAllByRole("button", { name: "Assinar Agora" })).toHaveLength(3);
    expect(screen.getByRole("link", { name: "suporte@atalho.com.br" }).getAttribute("href")).toBe(
      "mailto:suporte@atalho.com.br",
    );
  });

  it("switches to yearly prices with the saving and the monthly equivalent", async () => {
    fakeApi({ "GET /api/subscription-plans": { body: PLANS } });
    renderAt(<PricingPlans signedIn={false} />, "/pricing");
    const pro = within(await screen.findByRole("article", { name: "Pro" }));
    expect(pro.getByText("R$ 19,90")).toBeTruthy();
    expect(pro.getByText("/mês")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: /Anual/ }));
    expect(screen.getByRole("button", { name: /Anual/ }).getAttribute("aria-pressed")).toBe("true");
    expect(pro.getByText("R$ 191,04")).toBeTruthy();
    expect(pro.getByText("/ano")).toBeTruthy();
    expect(pro.getByText("economize 20%")).toBeTruthy();
    expect(pro.getByText("equivale a R$ 15,92/mês")).toBeTruthy();
    expect(within(card("Gratuito")).getByText("R$ 0,00")).toBeTruthy();
  });

  it("disables the yearly choice of a plan without a yearly price", async () => {
    const monthlyOnly = PLANS.map((p) => (p.id === 3 ? { ...p, yearly_price_cents: null } : p));
    fakeApi({ "GET /api/subscription-plans": { body: monthlyOnly } });
    renderAt(<PricingPlans signedIn />, "/pricing");
    const business = within(await screen.findByRole("article", { name: "Business" }));
    fireEvent.click(screen.getByRole("button", { name: /Anual/ }));
    expect(business.getByRole("button", { name: "Assinar Agora" })).toHaveProperty("disabled", true);
    expect(business.getByText(BILLING_MESSAGES.noYearly)).toBeTruthy();
  });

  it("sends a visitor who picks a paid plan to sign in, coming back to that checkout", async () => {
    fakeApi({ "GET /api/subscription-plans": { body: PLANS } });
    const { router } = renderAt(<PricingPlans signedIn={false} />, "/pricing");
    await screen.findByRole("article", { name: "Pro" });
    fireEvent.click(screen.getByRole("button", { name: /Anual/ }));
    fireEvent.click(within(card("Pro")).getByRole("button", { name: "Assinar Agora" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth"));
    expect(new URLSearchParams(router.state.location.search).get("next")).toBe(
      "/pricing?plan=2&interval=yearly",
    );
  });

  it("leads on without the script too: a GET form to sign in, or to /pricing?plan= once signed in", async () => {
    fakeApi({ "GET /api/subscription-plans": { body: PLANS } });
    const visitor = renderAt(<PricingPlans signedIn={false} />, "/pricing");
    const form = within(await screen.findByRole("article", { name: "Pro" }))
      .getByRole("button", { name: "Assinar Agora" })
      .closest("form")!;
    expect([form.getAttribute("method"), form.getAttribute("action")]).toEqual(["get", "/auth"]);
    expect(Object.fromEntries(new FormData(form))).toEqual({ next: "/pricing?plan=2&interval=monthly" });
    visitor.unmount();

    fakeApi({
      "GET /api/subscription-plans": { body: PLANS },
      "GET /api/user/subscription": { body: FREE_SUBSCRIPTION },
    });
    renderAt(<PricingPlans signedIn />, "/pricing");
    const signedIn = within(await screen.findByRole("article", { name: "Pro" }))
      .getByRole("button", { name: "Assinar Agora" })
      .closest("form")!;
    expect(signedIn.getAttribute("action")).toBe("/pricing");
    expect(Object.fromEntries(new FormData(signedIn))).toEqual({ plan: "2", interval: "monthly" });
  });

  it("posts the plan and interval, then sends the browser to the checkout", async () => {
    const assign = stubLocationAssign();
    const calls = fakeApi({
      "GET /api/subscription-plans": { body: PLANS },
      "GET /api/user/subscription": { body: FREE_SUBSCRIPTION },
      "POST /api/subscriptions/create": {
        status: 201,
        body: makeCheckout("https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=1", {
          transaction_id: 7,
        }),
      },
    });
    renderAt(<PricingPlans signedIn />, "/pricing");
    const business = within(await screen.findByRole("article", { name: "Business" }));
    expect(within(card("Gratuito")).getByRole("link", { name: "Começar Grátis" }).getAttribute("href")).toBe(
      "/dashboard",
    );
    fireEvent.click(business.getByRole("button", { name: "Assinar Agora" }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith("https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=1"),
    );
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ plan_id: 3, interval_type: "monthly" });
    expect(business.getByRole("button", { name: "Redirecionando..." })).toHaveProperty("disabled", true);
  });

  it("shows the server's error under the chosen plan, else the generic one", async () => {
    let reply = { status: 409, body: { error: BILLING_MESSAGES.samePlanPending } as object };
    fakeApi({
      "GET /api/subscription-plans": { body: PLANS },
      "GET /api/user/subscription": { body: FREE_SUBSCRIPTION },
      "POST /api/subscriptions/create": () => reply,
    });
    renderAt(<PricingPlans signedIn />, "/pricing");
    const pro = within(await screen.findByRole("article", { name: "Pro" }));
    fireEvent.click(pro.getByRole("button", { name: "Assinar Agora" }));
    expect((await pro.findByRole("alert")).textContent).toBe(BILLING_MESSAGES.samePlanPending);

    reply = { status: 500, body: {} };
    fireEvent.click(pro.getByRole("button", { name: "Assinar Agora" }));
    await waitFor(() => expect(pro.getByRole("alert").textContent).toBe(BILLING_MESSAGES.subscribeFailed));
  });

  it("says a checkout that never reached the server is a connection error", async () => {
    fakeApi({
      "GET /api/subscription-plans": { body: PLANS },
      "GET /api/user/subscription": { body: FREE_SUBSCRIPTION },
      "POST /api/subscriptions/create": { networkError: true },
    });
    renderAt(<PricingPlans signedIn />, "/pricing");
    const pro = within(await screen.findByRole("article", { name: "Pro" }));
    fireEvent.click(pro.getByRole("button", { name: "Assinar Agora" }));
    expect((await pro.findByRole("alert")).textContent).toBe(BILLING_MESSAGES.subscribeConnection);
  });

  it("marks the free plan 'Plano atual' for a user on it, and no other", async () => {
    fakeApi({
      "GET /api/subscription-plans": { body: PLANS },
      "GET /api/user/subscription": { body: FREE_SUBSCRIPTION },
    });
    renderAt(<PricingPlans signedIn />, "/pricing");
    expect(
      await within(await screen.findByRole("article", { name: "Gratuito" })).findByText("Plano atual"),
    ).toBeTruthy();
    expect(screen.getAllByText("Plano atual")).toHaveLength(1);
    expect(within(card("Gratuito")).getByRole("link", { name: "Começar Grátis" }).getAttribute("href")).toBe(
      "/dashboard",
    );
    expect(screen.getAllByRole("button", { name: "Assinar Agora" })).toHaveLength(3);
  });

  it("marks the current paid plan 'Plano atual' and offers its renewal, not a second purchase", async () => {
    const assign = stubLocationAssign();
    const calls = fakeApi({
      "GET /api/subscription-plans": { body: PLANS },
      "GET /api/user/subscription": {
        body: makeSubscription({ plan: PLANS[2]!, interval_type: "yearly", status: "canceled" }),
      },
      "POST /api/subscriptions/create": {
        body: makeCheckout("https://mp.example/renew", { transaction_id: 3 }),
      },
    });
    renderAt(<PricingPlans signedIn />, "/pricing");
    const business = within(await screen.findByRole("article", { name: "Business" }));
    expect(await business.findByText("Plano atual")).toBeTruthy();
    expect(business.queryByRole("button", { name: "Assinar Agora" })).toBeNull();
    expect(business.getByText("O novo período começa em 01/12/2026, quando o atual termina.")).toBeTruthy();
    expect(within(card("Pro")).getByRole("button", { name: "Trocar para Pro" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Assinar Agora" })).toBeNull();

    fireEvent.click(business.getByRole("button", { name: "Renovar +1 ano" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://mp.example/renew"));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ plan_id: 3, interval_type: "yearly" });
  });

  it("shows a paying customer what another plan costs today, credit included, before its checkout", async () => {
    const assign = stubLocationAssign();
    const calls = fakeApi({
      "GET /api/subscription-plans": { body: PLANS },
      "GET /api/user/subscription": { body: makeSubscription({ plan: PLANS[1]! }) },
      "GET /api/subscriptions/quote": { body: makeQuote() },
      "POST /api/subscriptions/create": {
        body: makeCheckout("https://mp.example/upgrade", { transaction_id: 4, transaction_type: "upgrade" }),
      },
    });
    renderAt(<PricingPlans signedIn />, "/pricing");
    const business = within(await screen.findByRole("article", { name: "Business" }));
    fireEvent.click(await business.findByRole("button", { name: "Trocar para Business" }));
    await business.findByRole("button", { name: "Pagar R$ 30,01" });
    expect(
      business.getByText(/R\$ 49,90 menos R\$ 19,89 de crédito dos dias não usados do plano Pro/),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.click(business.getByRole("button", { name: "Voltar" }));
    expect(await business.findByRole("button", { name: "Trocar para Business" })).toBeTruthy();
    fireEvent.click(business.getByRole("button", { name: "Trocar para Business" }));
    fireEvent.click(await business.findByRole("button", { name: "Pagar R$ 30,01" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://mp.example/upgrade"));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ plan_id: 3, interval_type: "monthly" });
  });

  it("offers 'Fale conosco' by e-mail on every paid plan when the server takes no payments", async () => {
    const calls = fakeApi({
      "GET /api/subscription-plans": { body: PLANS },
      "GET /api/user/subscription": { body: makeSubscription({ plan: PLANS[1]! }) },
    });
    renderAt(<PricingPlans signedIn paymentsEnabled={false} />, "/pricing?plan=3&interval=monthly");
    await screen.findByRole("article", { name: "Business" });
    await waitFor(() => expect(within(card("Pro")).getByText("Plano atual")).toBeTruthy());
    for (const name of ["Pro", "Business", "Enterprise"]) {
      const link = within(card(name)).getByRole("link", { name: "Fale conosco" });
      expect(link.getAttribute("href")).toBe(
        `mailto:suporte@atalho.com.br?subject=${encodeURIComponent(`Quero assinar o plano ${name}`)}`,
      );
    }
    expect(screen.queryByRole("button", { name: /Assinar Agora|Renovar/ })).toBeNull();
    expect(within(card("Gratuito")).getByRole("link", { name: "Começar Grátis" })).toBeTruthy();
    expect(screen.getByText(/Os pagamentos online ainda não estão ativos/)).toBeTruthy();
    // The plan chosen before signing in does not open a checkout that could only fail.
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("renders 'Fale conosco' in the server's HTML, before any script, and hydrates to the same", async () => {
    const calls = fakeApi({});
    const client = () => {
      const queryClient = testQueryClient({ staleTime: Number.POSITIVE_INFINITY });
      queryClient.setQueryData(billingKeys.plans(), PLANS);
      return queryClient;
    };
    const ui = (queryClient: ReturnType<typeof testQueryClient>) => (
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={["/pricing"]}>
          <PricingPlans signedIn={false} paymentsEnabled={false} />
        </MemoryRouter>
      </QueryClientProvider>
    );
    const html = renderToString(ui(client()));
    expect(html.match(/>Fale conosco</g)).toHaveLength(3);
    expect(html).not.toContain("Assinar Agora");
    const root = document.createElement("div");
    root.innerHTML = html;
    document.body.append(root);
    const errors: unknown[] = [];
    const hydrated = await act(async () =>
      hydrateRoot(root, ui(client()), { onRecoverableError: (error) => errors.push(error) }),
    );
    expect(errors).toEqual([]);
    expect(within(root).getAllByRole("link", { name: "Fale conosco" })).toHaveLength(3);
    expect(calls).toEqual([]);
    act(() => hydrated.unmount());
    root.remove();
  });

  it("starts the checkout chosen before signing in at once, and only once", async () => {
    const assign = stubLocationAssign();
    const calls = fakeApi({
      "GET /api/subscription-plans": { body: PLANS },
      "GET /api/user/subscription": { body: FREE_SUBSCRIPTION },
      "POST /api/subscriptions/create": {
        body: makeCheckout("https://mp.example/pay"),
      },
    });
    const { router } = renderAt(<PricingPlans signedIn />, "/pricing?plan=2&interval=yearly");
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://mp.example/pay"));
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([
      { plan_id: 2, interval_type: "yearly" },
    ]);
    expect(router.state.location.search).toBe("");
    expect(screen.getByRole("button", { name: /Anual/ }).getAttribute("aria-pressed")).toBe("true");
  });
});
