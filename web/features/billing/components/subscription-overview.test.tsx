import { BILLING_MESSAGES } from "@common/contract/billing";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { billingKeys } from "@web/lib/plans";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubClipboard } from "../../../../tests/web-clipboard";
import { fakeApi, testQueryClient } from "../../../../tests/web-fake-api";
import { PLANS } from "../../../../tests/web-plans";
import {
  FREE_SUBSCRIPTION,
  makeCheckout,
  makeLimits,
  makePayment,
  makeQuote,
  makeSubscription,
  renderAt,
  stubLocationAssign,
} from "./billing.test-helper";
import { SubscriptionOverview } from "./subscription-overview";

beforeEach(() => {
  stubClipboard();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function api(overrides: Record<string, unknown> = {}) {
  return fakeApi({
    "GET /api/user/subscription": { body: makeSubscription() },
    "GET /api/user/limits": { body: makeLimits() },
    "GET /api/user/payment-history": { body: [] },
    "GET /api/subscription-plans": { body: PLANS },
    ...(overrides as Record<string, { body: unknown }>),
  });
}

const renderPage = (path = "/subscription", queryClient = testQueryClient()) =>
  renderAt(<SubscriptionOverview />, path, { pattern: "/subscription", queryClient });

describe("SubscriptionOverview", () => {
  it("shows the plan, its status, dates and the actions of an active paid subscription", async () => {
    api();
    renderPage();
    const plan = within(await screen.findByRole("region", { name: "Pro" }));
    expect(plan.getByText("Ativo")).toBeTruthy();
    expect(plan.getByText("Próximo pagamento")).toBeTruthy();
    expect(plan.getByText("01/12/2026")).toBeTruthy();
    expect(plan.getByText("01/11/2026")).toBeTruthy();
    expect(plan.getByText("Mensal")).toBeTruthy();
    expect(plan.getByRole("button", { name: "Trocar de Plano" })).toBeTruthy();
    expect(plan.getByRole("button", { name: "Cancelar Assinatura" })).toBeTruthy();
    expect(await screen.findByText("Nenhum pagamento ainda.")).toBeTruthy();
  });

  it("shows a canceled plan's access date and a scheduled change, without change or cancel", async () => {
    api({
      "GET /api/user/subscription": {
        body: makeSubscription({
          status: "canceled",
          canceled_at: "2026-11-10T12:00:00.000Z",
          scheduled_plan: {
            plan: PLANS[1]!,
            starts_at: "2026-12-01T15:00:00.000Z",
            expires_at: "2027-01-01T15:00:00.000Z",
          },
        }),
      },
    });
    renderPage();
    const plan = within(await screen.findByRole("region", { name: "Pro" }));
    expect(plan.getByText("Cancelado")).toBeTruthy();
    expect(plan.getByText("Acesso até")).toBeTruthy();
    // One future: the cancel and the change already paid for, in one statement.
    expect(
      plan.getByText(
        "Assinatura cancelada: você mantém o Pro até 01/12/2026; depois, o Pro (já pago) até 01/01/2027; então sua conta volta ao plano Gratuito.",
      ),
    ).toBeTruthy();
    expect(plan.queryByText(/Mudará para/)).toBeNull();
    expect(plan.queryByRole("button", { name: "Trocar de Plano" })).toBeNull();
    expect(plan.queryByRole("button", { name: "Cancelar Assinatura" })).toBeNull();
  });

  it("shows the free plan without dates, with an upgrade call and no cancel", async () => {
    api({ "GET /api/user/subscription": { body: FREE_SUBSCRIPTION } });
    renderPage();
    const plan = within(await screen.findByRole("region", { name: "Gratuito" }));
    expect(plan.queryByText("Próximo pagamento")).toBeNull();
    expect(plan.queryByText("Início")).toBeNull();
    expect(plan.getByRole("link", { name: /Fazer upgrade/ }).getAttribute("href")).toBe("/pricing");
    expect(plan.queryByRole("button", { name: "Cancelar Assinatura" })).toBeNull();
    expect(plan.getByRole("button", { name: "Trocar de Plano" })).toBeTruthy();
  });

  it("draws the usage bars, warning above 80% of a finite limit", async () => {
    api({
      "GET /api/user/limits": {
        body: makeLimits({
          link_pages: { used: 9, limit: 10 },
          shortened_urls: { used: 400, limit: 500 },
          clicks_this_month: { used: 123456, limit: null },
          leads_this_month: { used: 104, limit: 100 },
        }),
      },
    });
    renderPage();
    const links = await screen.findByRole("progressbar", { name: "Link Bios" });
    expect(links.getAttribute("aria-valuenow")).toBe("9");
    expect(links.closest("li")?.getAttribute("data-state")).toBe("warning");
    expect(screen.getByText("Você já usou 90% do limite.")).toBeTruthy();
    // Exactly 80% is not above the line.
    const urls = screen.getByRole("progressbar", { name: "URLs encurtadas" });
    expect(urls.closest("li")?.getAttribute("data-state")).toBe("ok");
    // Unlimited: the count over 'Ilimitado', no bar and no warning.
    expect(screen.queryByRole("progressbar", { name: "Cliques este mês" })).toBeNull();
    expect(screen.getByText("123.456")).toBeTruthy();
    expect(screen.getByText(/\/ Ilimitado/)).toBeTruthy();
    // Contacts past the month's limit are kept: the full bar says so.
    const contacts = screen.getByRole("progressbar", { name: "Contatos este mês" });
    expect(contacts.getAttribute("aria-valuenow")).toBe("100");
    expect(contacts.getAttribute("aria-valuetext")).toBe("104 de 100");
    expect(
      screen.getByText(
        "Limite de contatos do mês atingido: os novos ficam guardados e aparecem com um upgrade ou no próximo mês.",
      ),
    ).toBeTruthy();
  });

  it.each([
    ["approved", BILLING_MESSAGES.returnApproved, "status"],
    ["pending", BILLING_MESSAGES.returnPending, "status"],
    ["rejected", BILLING_MESSAGES.returnRejected, "alert"],
  ] as const)(
    "after a %s payment shows its message, reloads and clears the address",
    async (status, message, role) => {
      api();
      const { router } = renderPage(`/subscription?payment_status=${status}&payment_id=123`);
      expect((await screen.findByText(message)).closest(`[role="${role}"]`)).toBeTruthy();
      await waitFor(() => expect(router.state.location.search).toBe(""));
      expect(screen.getByText(message)).toBeTruthy();
      fireEvent.click(screen.getByRole("button", { name: "Fechar aviso" }));
      expect(screen.queryByText(message)).toBeNull();
    },
  );

  it("back with a payment id, syncs that payment, then reloads the billing data and clears the address", async () => {
    let synced = false;
    const calls = api({
      "GET /api/user/subscription": () => ({ body: synced ? makeSubscription() : FREE_SUBSCRIPTION }),
      "POST /api/user/payments/mp-123/sync": () => {
        synced = true;
        return { body: { status: "approved" } };
      },
    });
    const queryClient = testQueryClient({ staleTime: Number.POSITIVE_INFINITY });
    queryClient.setQueryData(billingKeys.subscription(), FREE_SUBSCRIPTION);
    queryClient.setQueryData(billingKeys.limits(), makeLimits());
    queryClient.setQueryData(billingKeys.paymentHistory(), []);
    const { router } = renderPage("/subscription?payment_status=approved&payment_id=mp-123", queryClient);

    expect(await screen.findByRole("region", { name: "Pro" })).toBeTruthy();
    // Everything cached is read again, after the sync.
    await waitFor(() =>
      expect(new Set(calls.map((c) => `${c.method} ${c.url}`))).toEqual(
        new Set([
          "POST /api/user/payments/mp-123/sync",
          "GET /api/user/subscription",
          "GET /api/user/limits",
          "GET /api/user/payment-history",
        ]),
      ),
    );
    expect(calls[0]?.method).toBe("POST");
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
    expect(router.state.location.search).toBe("");
    expect(screen.getByText(BILLING_MESSAGES.returnApproved)).toBeTruthy();
  });

  it("does not send a malformed payment id to the server", async () => {
    const calls = api();
    const { router } = renderPage("/subscription?payment_status=pending&payment_id=..%2Fadmin");
    expect(await screen.findByText(BILLING_MESSAGES.returnPending)).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("when the sync fails, keeps the notice and polls every 3 s until the paid plan is active", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let reads = 0;
      const calls = api({
        // The webhook lands between the second and the third read.
        "GET /api/user/subscription": () => ({
          body: ++reads < 3 ? FREE_SUBSCRIPTION : makeSubscription({ plan: PLANS[2]! }),
        }),
        "POST /api/user/payments/77/sync": {
          status: 503,
          body: { error: BILLING_MESSAGES.providerUnavailable },
        },
      });
      renderPage("/subscription?payment_status=approved&payment_id=77");
      expect(await screen.findByText(BILLING_MESSAGES.returnApproved)).toBeTruthy();
      expect(await screen.findByRole("region", { name: "Gratuito" })).toBeTruthy();
      await vi.waitFor(() => expect(reads).toBe(2));

      const reloads = (url: string) => calls.filter((c) => c.url === url).length;
      await screen.findByRole("progressbar", { name: "Link Bios" });
      const limitsBefore = reloads("/api/user/limits");
      const historyBefore = reloads("/api/user/payment-history");

      await vi.advanceTimersByTimeAsync(3000);
      expect(await screen.findByRole("region", { name: "Business" })).toBeTruthy();
      expect(screen.getByText(BILLING_MESSAGES.returnApproved)).toBeTruthy();
      expect(calls.filter((c) => c.method === "POST").map((c) => c.url)).toEqual([
        "/api/user/payments/77/sync",
      ]);

      // The new plan's limits and the approved payment are read again.
      await vi.waitFor(() => expect(reloads("/api/user/limits")).toBe(limitsBefore + 1));
      expect(reloads("/api/user/payment-history")).toBe(historyBefore + 1);

      // Active and paid: the polling stops.
      await vi.advanceTimersByTimeAsync(10_000);
      expect(reads).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it("once the paid plan showed, a cancel on the same page does not start the polling again", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let canceled = false;
      let reads = 0;
      api({
        "GET /api/user/subscription": () => {
          reads++;
          return { body: makeSubscription(canceled ? { status: "canceled" } : {}) };
        },
        "POST /api/user/payments/5/sync": { body: { status: "approved" } },
        "POST /api/user/subscription/cancel": () => {
          canceled = true;
          return { body: { message: "ok" } };
        },
      });
      renderPage("/subscription?payment_status=approved&payment_id=5");
      fireEvent.click(await screen.findByRole("button", { name: "Cancelar Assinatura" }));
      fireEvent.click(await screen.findByRole("button", { name: "Cancelar assinatura" }));
      expect(await screen.findByText("Cancelado")).toBeTruthy();
      const afterCancel = reads;
      await vi.advanceTimersByTimeAsync(10_000);
      expect(reads).toBe(afterCancel);
    } finally {
      vi.useRealTimers();
    }
  });

  it("reloads billing data the app already had when coming back from the payment", async () => {
    api({ "GET /api/user/subscription": { body: makeSubscription({ plan: PLANS[2]! }) } });
    const queryClient = testQueryClient({ staleTime: Number.POSITIVE_INFINITY });
    queryClient.setQueryData(billingKeys.subscription(), FREE_SUBSCRIPTION);
    renderPage("/subscription?payment_status=approved&payment_id=1", queryClient);
    expect(await screen.findByRole("region", { name: "Business" })).toBeTruthy();
  });

  it("lists the plans to change to with their labels; Escape closes and focus returns", async () => {
    const assign = stubLocationAssign();
    const calls = api({
      "GET /api/user/subscription": { body: makeSubscription({ interval_type: "yearly" }) },
      "GET /api/subscriptions/quote": {
        body: makeQuote({
          interval_type: "yearly",
          list_price_cents: 47904,
          credit_cents: 10000,
          amount_cents: 37904,
          ends_at: "2027-11-28T15:00:00.000Z",
        }),
      },
      "POST /api/subscriptions/create": {
        body: makeCheckout("https://mp.example/upgrade", { transaction_id: 9, transaction_type: "upgrade" }),
      },
    });
    renderPage();
    const opener = await screen.findByRole("button", { name: "Trocar de Plano" });
    opener.focus();
    fireEvent.click(opener);
    const dialog = within(await screen.findByRole("dialog", { name: "Trocar de Plano" }));
    expect(document.activeElement).toBe(dialog.getAllByRole("button", { name: "Fechar" })[0]);
    const row = (name: string) => within(dialog.getByRole("heading", { name }).closest("li")!);
    await dialog.findByRole("heading", { name: "Business" });

    expect(row("Pro").getByText("PLANO ATUAL")).toBeTruthy();
    expect(row("Pro").queryByRole("button", { name: "Selecionar Plano" })).toBeNull();
    expect(row("Business").getByText("UPGRADE")).toBeTruthy();
    expect(row("Enterprise").getByText("UPGRADE")).toBeTruthy();
    expect(row("Gratuito").getByText("DOWNGRADE")).toBeTruthy();

    fireEvent.click(row("Gratuito").getByRole("button", { name: "Selecionar Plano" }));
    expect(row("Gratuito").getByText(BILLING_MESSAGES.freePlan)).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.click(row("Business").getByRole("button", { name: "Selecionar Plano" }));
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    fireEvent.click(await row("Business").findByRole("button", { name: "Pagar R$ 379,04" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://mp.example/upgrade"));
    // The toggle starts on the current subscription's interval.
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ plan_id: 3, interval_type: "yearly" });

    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("renews the current plan for one more period of its interval", async () => {
    const assign = stubLocationAssign();
    const calls = api({
      "GET /api/user/subscription": { body: makeSubscription({ interval_type: "yearly" }) },
      "POST /api/subscriptions/create": {
        body: makeCheckout("https://mp.example/renew", { transaction_id: 10 }),
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Renovar +1 ano" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://mp.example/renew"));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ plan_id: 2, interval_type: "yearly" });
  });

  it("cancels after our confirmation, which names the plan and until when access lasts", async () => {
    const calls = api({
      "POST /api/user/subscription/cancel": { body: { message: "ok" } },
    });
    renderPage();
    const cancel = await screen.findByRole("button", { name: "Cancelar Assinatura" });
    fireEvent.click(cancel);
    const dialog = within(
      await screen.findByRole("alertdialog", { name: "Cancelar a assinatura do plano Pro?" }),
    );
    expect(dialog.getByText(BILLING_MESSAGES.confirmCancel)).toBeTruthy();
    expect(dialog.getByText("Seu acesso ao plano Pro vai até 01/12/2026.")).toBeTruthy();
    fireEvent.click(dialog.getByRole("button", { name: "Manter assinatura" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.click(cancel);
    fireEvent.click(await screen.findByRole("button", { name: "Cancelar assinatura" }));
    expect((await screen.findByText(BILLING_MESSAGES.canceled)).closest('[role="status"]')).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST").map((c) => c.url)).toEqual([
      "/api/user/subscription/cancel",
    ]);
  });

  it("shows the server's reason in the confirmation when the cancel fails", async () => {
    api({
      "POST /api/user/subscription/cancel": {
        status: 400,
        body: { error: BILLING_MESSAGES.nothingToCancel },
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Cancelar Assinatura" }));
    fireEvent.click(await screen.findByRole("button", { name: "Cancelar assinatura" }));
    expect((await screen.findByRole("alert")).textContent).toContain(BILLING_MESSAGES.nothingToCancel);
  });

  it("lists payments with their labels, and how to finish a pending Pix or boleto", async () => {
    api({
      "GET /api/user/payment-history": {
        body: [
          makePayment({
            status: "pending",
            transaction_type: "upgrade",
            plan_name: "Business",
            amount_cents: 3500,
            credit_cents: 1490,
            payment_method: "pix",
            payment_details: { pix_copy_paste: "00020126PIXCODE", pix_qr_code: "data:image/png;base64,AAAA" },
          }),
          makePayment({
            status: "pending",
            payment_method: "boleto",
            payment_details: {
              boleto_number: "23790.00000 00000.000000 00000.000000 1 00000000001990",
              boleto_due_date: "2026-11-05T03:00:00.000Z",
              boleto_url: "https://boleto.example/1",
            },
          }),
          makePayment({ status: "refunded" }),
        ],
      },
    });
    renderPage();
    const code = await screen.findByText("00020126PIXCODE");
    expect(screen.getByRole("img", { name: "QR Code Pix" }).getAttribute("src")).toBe(
      "data:image/png;base64,AAAA",
    );
    fireEvent.click(within(code.parentElement!).getByRole("button", { name: "Copiar código" }));
    await waitFor(() => expect(navigator.clipboard.writeText).toHaveBeenCalledWith("00020126PIXCODE"));
    expect(await screen.findByText("Copiado!")).toBeTruthy();

    expect(screen.getByText("23790.00000 00000.000000 00000.000000 1 00000000001990")).toBeTruthy();
    expect(screen.getByText("Vencimento: 05/11/2026")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Abrir boleto" }).getAttribute("href")).toBe(
      "https://boleto.example/1",
    );

    const table = within(screen.getByRole("table"));
    expect(table.getByText("Upgrade")).toBeTruthy();
    expect(table.getByText("Pix")).toBeTruthy();
    expect(table.getByText("R$ 35,00")).toBeTruthy();
    expect(table.getByText("crédito de R$ 14,90")).toBeTruthy();
    expect(table.getAllByText("Pendente")).toHaveLength(2);
    expect(table.getByText("Estornado")).toBeTruthy();
    expect(table.getAllByText("Nova Assinatura")).toHaveLength(2);
  });

  it("says so when the subscription cannot be loaded", async () => {
    api({ "GET /api/user/subscription": { status: 500, body: {} } });
    renderPage();
    expect((await screen.findByRole("alert")).textContent).toBe("Não foi possível carregar sua assinatura.");
  });
});
