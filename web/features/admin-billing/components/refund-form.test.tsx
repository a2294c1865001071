import { BILLING_MESSAGES, type PeriodRefundResponse, REFUND_MESSAGES } from "@common/contract/billing";
import { CONNECTION_ERROR } from "@common/contract/errors";
import { fireEvent, screen, within } from "@testing-library/react";
import { ApiError } from "@web/lib/api-client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { aloneRefundPreview, upgradeRefundPreview } from "../../../../tests/web-admin-fixtures";
import { fakeApi, type Reply, renderWithProviders } from "../../../../tests/web-fake-api";
import { RefundForm, refundErrorMessage } from "./refund-form";

const answered = (status: number, body: Record<string, unknown> | null) =>
  new ApiError(status, String(body?.error ?? ""), body);

describe("refundErrorMessage", () => {
  it("puts the prefix once before the server's reason", () => {
    expect(refundErrorMessage(answered(502, { error: BILLING_MESSAGES.refundRefused }))).toBe(
      `Erro ao processar estorno: ${BILLING_MESSAGES.refundRefused}`,
    );
    expect(
      refundErrorMessage(
        answered(502, { error: `Erro ao processar estorno: ${BILLING_MESSAGES.refundRefused}` }),
      ),
    ).toBe(`Erro ao processar estorno: ${BILLING_MESSAGES.refundRefused}`);
  });

  it("says 'Erro desconhecido' when the server gave no reason", () => {
    expect(refundErrorMessage(answered(500, {}))).toBe("Erro ao processar estorno: Erro desconhecido");
    expect(refundErrorMessage(answered(500, { error: "  " }))).toBe(
      "Erro ao processar estorno: Erro desconhecido",
    );
    expect(refundErrorMessage(answered(500, null))).toBe("Erro ao processar estorno: Erro desconhecido");
    expect(refundErrorMessage(new Error("boom"))).toBe("Erro ao processar estorno: Erro desconhecido");
  });

  it("has its own text when the request never reached the server", () => {
    expect(refundErrorMessage(new ApiError(0, CONNECTION_ERROR, null))).toBe(
      BILLING_MESSAGES.refundConnection,
    );
  });
});

/** A sentence whose amounts sit in their own (unbreakable) spans. */
const sentence = (text: string) => (_: string, element: Element | null) =>
  element?.tagName === "P" && element.textContent === text;

describe("RefundForm", () => {
  afterEach(() => vi.unstubAllGlobals());

  const renderForm = (paymentId = "mp-3", amountCents = 3001) => {
    const onCancel = vi.fn();
    const onDone = vi.fn();
    renderWithProviders(
      <RefundForm paymentId={paymentId} amountCents={amountCents} onCancel={onCancel} onDone={onDone} />,
    );
    return { onCancel, onDone };
  };
  const PAYMENT_ALONE =
    "Estornar só este pagamento (R$ 30,01): a assinatura Business termina agora e os R$ 39,80 dos outros pagamentos deste período não são devolvidos.";
  const WHOLE_PERIOD =
    "Estornar os 3 pagamentos (R$ 69,81): tudo o que o cliente pagou por este período é devolvido e a assinatura Business termina agora.";

  it("lists every payment of the period and makes the administrator choose, stating what each choice does", async () => {
    const calls = fakeApi({
      "GET /api/admin/payments/mp-3/refund-preview": { body: upgradeRefundPreview() },
    });
    renderForm();
    // The question takes the focus when the confirmation opens.
    expect(document.activeElement?.textContent).toBe("Estornar R$ 30,01?");
    expect(screen.getByText(REFUND_MESSAGES.irreversible)).toBeTruthy();

    const list = await screen.findByRole("region", {
      name: "Pagamentos deste período (assinatura Business)",
    });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "Pro · Nova AssinaturaCrédito do upgrade · período 20/11/2026 a 20/12/2026 · aprovado em 20/11/2026R$ 19,90",
      "Pro · RenovaçãoCrédito do upgrade · período 20/12/2026 a 20/01/2027 · aprovado em 25/11/2026R$ 19,90",
      "Business · UpgradeEste pagamentoAssinatura atual · período 01/12/2026 a 01/01/2027 · aprovado em 01/12/2026R$ 30,01",
      "Total do períodoR$ 69,81",
    ]);

    const choices = screen.getByRole("group", { name: "O que estornar" });
    const alone = within(choices).getByRole("radio", { name: PAYMENT_ALONE });
    const all = within(choices).getByRole("radio", { name: WHOLE_PERIOD });
    expect((alone as HTMLInputElement).checked).toBe(false);
    expect((all as HTMLInputElement).checked).toBe(false);

    // Nothing chosen: nothing is sent, and the choice is asked for.
    fireEvent.click(screen.getByRole("button", { name: "Confirmar estorno" }));
    expect(screen.getByRole("alert").textContent).toBe(REFUND_MESSAGES.chooseScope);
    expect(document.activeElement).toBe(alone);
    expect(calls.some((call) => call.method === "POST")).toBe(false);
    fireEvent.click(all);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("refunds the whole period and shows each refund", async () => {
    let answer: (reply: Reply) => void = () => {};
    const calls = fakeApi({
      "GET /api/admin/payments/mp-3/refund-preview": { body: upgradeRefundPreview() },
      "POST /api/admin/payments/mp-3/refund": () => new Promise<Reply>((resolve) => (answer = resolve)),
    });
    const { onDone } = renderForm();
    fireEvent.click(await screen.findByRole("radio", { name: WHOLE_PERIOD }));
    fireEvent.change(screen.getByLabelText("Motivo do estorno (opcional)"), {
      target: { value: " Cobrança indevida " },
    });
    fireEvent.click(screen.getByRole("button", { name: "Confirmar estorno" }));

    // While it runs: the buttons busy, the choice and the reason locked.
    expect(await screen.findByRole("button", { name: "Confirmar estorno", busy: true })).toBeTruthy();
    expect((screen.getByRole("button", { name: "Cancelar" }) as HTMLButtonElement).disabled).toBe(true);
    // Inside a disabled fieldset, as a browser sees it.
    expect(screen.getByRole("radio", { name: PAYMENT_ALONE }).matches(":disabled")).toBe(true);
    expect((screen.getByLabelText("Motivo do estorno (opcional)") as HTMLTextAreaElement).disabled).toBe(
      true,
    );
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      reason: "Cobrança indevida",
      scope: "period",
    });

    const refunds = [
      { id: 1, mercadopago_payment_id: "mp-1", plan_name: "Pro", amount_cents: 1990, refund_id: "rf-1" },
      { id: 2, mercadopago_payment_id: "mp-2", plan_name: "Pro", amount_cents: 1990, refund_id: "rf-2" },
      { id: 3, mercadopago_payment_id: "mp-3", plan_name: "Business", amount_cents: 3001, refund_id: "rf-3" },
    ];
    const done: PeriodRefundResponse = {
      scope: "period",
      amount_refunded: 6981,
      refund_id: "rf-3",
      message: "ok",
      refunds,
    };
    answer({ body: done });
    const status = await screen.findByRole("status");
    expect(within(status).getByText("Estorno realizado com sucesso!")).toBeTruthy();
    expect(within(status).getByText("Valor estornado: R$ 69,81")).toBeTruthy();
    expect(within(status).getByText("Business · R$ 30,01 · ID do estorno: rf-3")).toBeTruthy();
    expect(within(status).getByText("Pro · R$ 19,90 · ID do estorno: rf-1")).toBeTruthy();
    const close = within(status).getByRole("button", { name: "Fechar" });
    expect(document.activeElement).toBe(close);
    fireEvent.click(close);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it("refunds this payment alone when chosen", async () => {
    const calls = fakeApi({
      "GET /api/admin/payments/mp-3/refund-preview": { body: upgradeRefundPreview() },
      "POST /api/admin/payments/mp-3/refund": {
        body: { amount_refunded: 3001, refund_id: "rf-3", message: "ok" },
      },
    });
    renderForm();
    fireEvent.click(await screen.findByRole("radio", { name: PAYMENT_ALONE }));
    fireEvent.click(screen.getByRole("button", { name: "Confirmar estorno" }));
    expect(await screen.findByText("ID do estorno: rf-3")).toBeTruthy();
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({ reason: "", scope: "payment" });
  });

  it("offers no choice for a payment alone in its period", async () => {
    const calls = fakeApi({
      "GET /api/admin/payments/mp-1/refund-preview": { body: aloneRefundPreview(1) },
      "POST /api/admin/payments/mp-1/refund": {
        body: { amount_refunded: 1990, refund_id: "rf-1", message: "ok" },
      },
    });
    renderForm("mp-1", 1990);
    expect(
      await screen.findByText(
        sentence("Estornar este pagamento (R$ 19,90): a assinatura Pro termina agora."),
      ),
    ).toBeTruthy();
    expect(screen.queryByRole("radio")).toBeNull();
    expect(screen.queryByRole("region", { name: /Pagamentos deste período/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Confirmar estorno" }));
    expect(await screen.findByText("ID do estorno: rf-1")).toBeTruthy();
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({ reason: "", scope: "payment" });
  });

  it("shows a refund stopped part-way in the dialog, with the period as it is now", async () => {
    let previews = 0;
    const left = upgradeRefundPreview();
    left.period_payments = left.period_payments.slice(1);
    left.options.payment.unrefunded_cents = 1990;
    left.options.period = { ...left.options.period, transaction_ids: [2, 3], amount_cents: 4991 };
    const stopped =
      "O estorno parou no meio: o provedor de pagamento não respondeu ao estorno do pagamento mp-2.";
    fakeApi({
      "GET /api/admin/payments/mp-3/refund-preview": () => ({
        body: ++previews === 1 ? upgradeRefundPreview() : left,
      }),
      "POST /api/admin/payments/mp-3/refund": {
        status: 503,
        body: { error: stopped, amount_refunded: 1990, refunds: [], not_refunded: [] },
      },
    });
    renderForm();
    fireEvent.click(await screen.findByRole("radio", { name: WHOLE_PERIOD }));
    fireEvent.click(screen.getByRole("button", { name: "Confirmar estorno" }));
    expect((await screen.findByRole("alert")).textContent).toBe(`Erro ao processar estorno: ${stopped}`);
    // The list is read again: what is left to refund.
    expect(
      await screen.findByRole("radio", {
        name: "Estornar os 2 pagamentos (R$ 49,91): tudo o que o cliente pagou por este período é devolvido e a assinatura Business termina agora.",
      }),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Confirmar estorno" })).toBeTruthy();
  });

  it("says when it cannot tell what the refund affects, and tries again", async () => {
    let previews = 0;
    fakeApi({
      "GET /api/admin/payments/mp-1/refund-preview": () =>
        ++previews === 1 ? { networkError: true } : { body: aloneRefundPreview(1) },
    });
    renderForm("mp-1", 1990);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(REFUND_MESSAGES.previewFailed);
    expect((screen.getByRole("button", { name: "Confirmar estorno" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(within(alert).getByRole("button", { name: "Tentar de novo" }));
    expect(await screen.findByText(/a assinatura Pro termina agora/)).toBeTruthy();
  });
});
