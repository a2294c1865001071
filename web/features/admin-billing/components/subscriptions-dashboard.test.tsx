import { type AdminTransaction, BILLING_MESSAGES, REFUND_MESSAGES } from "@common/contract/billing";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  adminTransaction,
  aloneRefundPreview,
  definitionListChildren,
} from "../../../../tests/web-admin-fixtures";
import { type Call, fakeApi, paramsOf, renderWithProviders } from "../../../../tests/web-fake-api";
import { SubscriptionsDashboard } from "./subscriptions-dashboard";

const stats = {
  total_users: 10,
  new_users_this_month: 2,
  active_subscriptions: 7,
  cancellations_this_month: 1,
  total_revenue: 123456,
  total_clicks: 40,
  monthly_revenue_pending: 4990,
  monthly_revenue_paid: 1990,
};

const pageOf = (rows: AdminTransaction[], total = rows.length, page = 1) => ({
  body: { transactions: rows, total, page, page_size: 20 },
});
const listCalls = (calls: Call[]) => calls.filter((c) => c.url.startsWith("/api/admin/transactions?"));
const lastList = (calls: Call[]) => paramsOf(listCalls(calls).at(-1)!);

describe("SubscriptionsDashboard", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("shows the figures and a row per transaction", async () => {
    fakeApi({
      "GET /api/admin/stats": () => ({ body: stats }),
      "GET /api/admin/transactions": () =>
        pageOf([
          adminTransaction(1),
          adminTransaction(2, {
            status: "pending",
            amount_cents: 4990,
            payment_method: "boleto",
            transaction_type: "upgrade",
          }),
        ]),
    });
    renderWithProviders(<SubscriptionsDashboard />);
    expect(await screen.findByText("Cliente 1")).toBeTruthy();
    expect(screen.getByText("R$ 1.234,56")).toBeTruthy();
    expect(screen.getByText("7")).toBeTruthy();
    expect(new Set(definitionListChildren())).toEqual(new Set(["dt", "dd"]));
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText("20/11/2026 12:05")).toBeTruthy();
    expect(within(rows[0]!).getByText("Aprovado")).toBeTruthy();
    expect(within(rows[0]!).getByText("Pix")).toBeTruthy();
    expect(within(rows[0]!).getByRole("button", { name: "Estornar" })).toBeTruthy();
    expect(within(rows[1]!).getByText("R$ 49,90")).toBeTruthy();
    expect(within(rows[1]!).getByText("Pendente")).toBeTruthy();
    expect(within(rows[1]!).getByText("Upgrade")).toBeTruthy();
    expect(within(rows[1]!).getByText("Boleto")).toBeTruthy();
    // Refund only for an approved payment with a provider id.
    expect(within(rows[1]!).queryByRole("button", { name: "Estornar" })).toBeNull();
  });

  it("says when no transaction matches", async () => {
    fakeApi({
      "GET /api/admin/stats": () => ({ body: stats }),
      "GET /api/admin/transactions": () => pageOf([]),
    });
    renderWithProviders(<SubscriptionsDashboard />);
    expect(await screen.findByText(BILLING_MESSAGES.noTransactions)).toBeTruthy();
  });

  it("offers up to 5 page buttons plus the last, and asks the server for the page chosen", async () => {
    const calls = fakeApi({
      "GET /api/admin/stats": () => ({ body: stats }),
      "GET /api/admin/transactions": (call) => {
        const page = Number(paramsOf(call).get("page"));
        return pageOf([adminTransaction(page * 100)], 250, page);
      },
    });
    renderWithProviders(<SubscriptionsDashboard />);
    await screen.findByText("Cliente 100");
    const nav = screen.getByRole("navigation", { name: "Paginação" });
    const labels = within(nav)
      .getAllByRole("button")
      .map((b) => b.textContent || b.getAttribute("aria-label"));
    expect(labels).toEqual(["Página anterior", "1", "2", "3", "4", "5", "13", "Próxima página"]);
    expect(within(nav).getByText("…")).toBeTruthy();
    expect(within(nav).getByRole("button", { name: "Página anterior" }).hasAttribute("disabled")).toBe(true);

    fireEvent.click(within(nav).getByRole("button", { name: "Página 2" }));
    expect(await screen.findByText("Cliente 200")).toBeTruthy();
    expect(lastList(calls).get("page")).toBe("2");
    fireEvent.click(screen.getByRole("button", { name: "Próxima página" }));
    expect(await screen.findByText("Cliente 300")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Página 13" }));
    expect(await screen.findByText("Cliente 1300")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Próxima página" }).hasAttribute("disabled")).toBe(true);
  });

  it("sends the filters, the search and the sort to the server and starts again at page 1", async () => {
    const calls = fakeApi({
      "GET /api/admin/stats": () => ({ body: stats }),
      "GET /api/admin/transactions": () => pageOf([adminTransaction(1)], 45),
    });
    renderWithProviders(<SubscriptionsDashboard />);
    await screen.findByText("Cliente 1");
    expect(lastList(calls).toString()).toBe("sort=created_at&order=desc&page=1");

    fireEvent.click(screen.getByRole("button", { name: "Página 2" }));
    await waitFor(() => expect(lastList(calls).get("page")).toBe("2"));

    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "approved" } });
    await waitFor(() => expect(lastList(calls).get("status")).toBe("approved"));
    expect(lastList(calls).get("page")).toBe("1");

    fireEvent.change(screen.getByLabelText("Tipo"), { target: { value: "upgrade" } });
    fireEvent.change(screen.getByLabelText("Forma de pagamento"), { target: { value: "boleto" } });
    fireEvent.change(screen.getByLabelText("Período"), { target: { value: "week" } });
    await waitFor(() => expect(lastList(calls).get("period")).toBe("week"));
    expect(lastList(calls).get("type")).toBe("upgrade");
    expect(lastList(calls).get("payment_method")).toBe("boleto");

    fireEvent.change(screen.getByLabelText("Buscar transações"), { target: { value: "  maria@ " } });
    await waitFor(() => expect(lastList(calls).get("q")).toBe("maria@"));

    fireEvent.click(screen.getByRole("button", { name: "Valor" }));
    await waitFor(() => expect(lastList(calls).get("sort")).toBe("amount_cents"));
    expect(lastList(calls).get("order")).toBe("desc");
    fireEvent.click(screen.getByRole("button", { name: "Valor" }));
    await waitFor(() => expect(lastList(calls).get("order")).toBe("asc"));
    expect(screen.getByRole("columnheader", { name: "Valor" }).getAttribute("aria-sort")).toBe("ascending");

    const csv = screen.getByRole("link", { name: "Exportar CSV" }).getAttribute("href")!;
    expect(csv.startsWith("/api/admin/transactions/export.csv?")).toBe(true);
    const csvParams = new URLSearchParams(csv.split("?")[1]);
    expect(Object.fromEntries(csvParams)).toEqual({
      status: "approved",
      type: "upgrade",
      payment_method: "boleto",
      q: "maria@",
      period: "week",
      sort: "amount_cents",
      order: "asc",
    });
  });

  it("opens a transaction's details with its payment details", async () => {
    const calls = fakeApi({
      "GET /api/admin/stats": () => ({ body: stats }),
      "GET /api/admin/transactions": () => pageOf([adminTransaction(1, { status: "rejected" })]),
      "GET /api/admin/payment/mp-1/details": () => ({
        body: {
          pix_copy_paste: "00020126580014br.gov.bcb.pix",
          refusal_reason: "Saldo insuficiente",
          processor_response: "cc_rejected_insufficient_amount",
          boleto_number: "23793.38128 60000.000003",
          boleto_due_date: "2026-12-01T12:00:00.000Z",
        },
      }),
    });
    renderWithProviders(<SubscriptionsDashboard />);
    fireEvent.click(await screen.findByText("Cliente 1"));
    const dialog = screen.getByRole("dialog", { name: "Transação #1" });
    expect(await within(dialog).findByText("00020126580014br.gov.bcb.pix")).toBeTruthy();
    expect(within(dialog).getByText("Saldo insuficiente")).toBeTruthy();
    expect(within(dialog).getByText("cc_rejected_insufficient_amount")).toBeTruthy();
    expect(within(dialog).getByText("23793.38128 60000.000003")).toBeTruthy();
    expect(within(dialog).getByText("01/12/2026")).toBeTruthy();
    expect(within(dialog).queryByRole("button", { name: "Estornar" })).toBeNull();
    expect(calls.some((c) => c.url === "/api/admin/payment/mp-1/details")).toBe(true);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("refunds after the confirmation, shows the amount and refund id, and reloads the list and figures", async () => {
    const calls = fakeApi({
      "GET /api/admin/stats": () => ({ body: stats }),
      "GET /api/admin/transactions": () => pageOf([adminTransaction(1)]),
      "GET /api/admin/payment/mp-1/details": () => ({ body: {} }),
      "GET /api/admin/payments/mp-1/refund-preview": () => ({ body: aloneRefundPreview(1) }),
      "POST /api/admin/payments/mp-1/refund": () => ({
        body: { amount_refunded: 1990, refund_id: "rf-777", message: "ok" },
      }),
    });
    renderWithProviders(<SubscriptionsDashboard />);
    fireEvent.click(await screen.findByText("Cliente 1"));
    const dialog = screen.getByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Estornar" }));
    expect(within(dialog).getByText(REFUND_MESSAGES.irreversible)).toBeTruthy();
    expect(
      await within(dialog).findByText(
        (_, element) =>
          element?.tagName === "P" &&
          element.textContent === "Estornar este pagamento (R$ 19,90): a assinatura Pro termina agora.",
      ),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Motivo do estorno (opcional)"), {
      target: { value: "Cobrança duplicada" },
    });
    const listsBefore = listCalls(calls).length;
    const statsBefore = calls.filter((c) => c.url === "/api/admin/stats").length;
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirmar estorno" }));

    expect(await within(dialog).findByText("Estorno realizado com sucesso!")).toBeTruthy();
    expect(within(dialog).getByText("Valor estornado: R$ 19,90")).toBeTruthy();
    expect(within(dialog).getByText("ID do estorno: rf-777")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      reason: "Cobrança duplicada",
      scope: "payment",
    });
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(listsBefore));
    expect(calls.filter((c) => c.url === "/api/admin/stats").length).toBeGreaterThan(statsBefore);
  });

  it("cancelling the confirmation refunds nothing", async () => {
    const calls = fakeApi({
      "GET /api/admin/stats": () => ({ body: stats }),
      "GET /api/admin/transactions": () => pageOf([adminTransaction(1)]),
      "GET /api/admin/payment/mp-1/details": () => ({ body: {} }),
    });
    renderWithProviders(<SubscriptionsDashboard />);
    await screen.findByText("Cliente 1");
    fireEvent.click(screen.getByRole("button", { name: "Estornar" }));
    const dialog = screen.getByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    expect(within(dialog).getByText("Detalhes do pagamento")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it.each([
    [
      { status: 503, body: { error: BILLING_MESSAGES.providerUnavailable } },
      `Erro ao processar estorno: ${BILLING_MESSAGES.providerUnavailable}`,
    ],
    [
      { status: 502, body: { error: BILLING_MESSAGES.refundRefused } },
      `Erro ao processar estorno: ${BILLING_MESSAGES.refundRefused}`,
    ],
    [{ status: 500, body: {} }, "Erro ao processar estorno: Erro desconhecido"],
    [{ networkError: true }, BILLING_MESSAGES.refundConnection],
  ])("says why a refund failed (%#)", async (reply, message) => {
    fakeApi({
      "GET /api/admin/stats": () => ({ body: stats }),
      "GET /api/admin/transactions": () => pageOf([adminTransaction(1)]),
      "GET /api/admin/payment/mp-1/details": () => ({ body: {} }),
      "GET /api/admin/payments/mp-1/refund-preview": () => ({ body: aloneRefundPreview(1) }),
      "POST /api/admin/payments/mp-1/refund": () => reply,
    });
    renderWithProviders(<SubscriptionsDashboard />);
    await screen.findByText("Cliente 1");
    fireEvent.click(screen.getByRole("button", { name: "Estornar" }));
    await screen.findByText(/a assinatura Pro termina agora/);
    fireEvent.click(screen.getByRole("button", { name: "Confirmar estorno" }));
    expect((await screen.findByRole("alert")).textContent).toBe(message);
  });
});
