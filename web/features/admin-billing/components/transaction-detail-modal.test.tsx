import type { RefundResponse } from "@common/contract/billing";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { adminTransaction, aloneRefundPreview } from "../../../../tests/web-admin-fixtures";
import { fakeApi, type Reply, renderWithProviders } from "../../../../tests/web-fake-api";
import { TransactionDetailModal } from "./transaction-detail-modal";

const transaction = adminTransaction(7, {
  user_id: 3,
  user_email: "cliente@exemplo.com",
  user_name: "Cliente",
});

afterEach(() => vi.unstubAllGlobals());

describe("TransactionDetailModal", () => {
  it("cannot be closed while the refund runs, so its outcome is seen; then it can", async () => {
    let answer: (reply: Reply) => void = () => {};
    fakeApi({
      "GET /api/admin/payment/mp-7/details": { body: {} },
      "GET /api/admin/payments/mp-7/refund-preview": { body: aloneRefundPreview(7) },
      "POST /api/admin/payments/mp-7/refund": () => new Promise<Reply>((resolve) => (answer = resolve)),
    });
    const onClose = vi.fn();
    renderWithProviders(
      <TransactionDetailModal transaction={transaction} initialStep="refund" onClose={onClose} />,
    );
    const dialog = screen.getByRole("dialog", { name: "Transação #7" });
    await within(dialog).findByText(/a assinatura Pro termina agora/);
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirmar estorno" }));
    expect(await within(dialog).findByRole("button", { name: "Confirmar estorno", busy: true })).toBeTruthy();

    fireEvent.keyDown(document, { key: "Escape" });
    for (const button of screen.getAllByRole("button", { name: "Fechar" })) fireEvent.click(button);
    expect(onClose).not.toHaveBeenCalled();

    const refund: RefundResponse = { amount_refunded: 1990, refund_id: "rf-1", message: "ok" };
    answer({ body: refund });
    expect(await within(dialog).findByText("ID do estorno: rf-1")).toBeTruthy();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("moves the focus into the confirmation, back to 'Estornar' on Cancelar, and closes on Escape", async () => {
    fakeApi({
      "GET /api/admin/payment/mp-7/details": { body: {} },
      "GET /api/admin/payments/mp-7/refund-preview": { body: aloneRefundPreview(7) },
    });
    const onClose = vi.fn();
    renderWithProviders(<TransactionDetailModal transaction={transaction} onClose={onClose} />);
    const dialog = screen.getByRole("dialog", { name: "Transação #7" });
    const refundButton = within(dialog).getByRole("button", { name: "Estornar" });
    refundButton.focus();
    fireEvent.click(refundButton);
    expect(document.activeElement?.textContent).toBe("Estornar R$ 19,90?");
    expect(dialog.contains(document.activeElement)).toBe(true);

    fireEvent.click(await within(dialog).findByRole("button", { name: "Cancelar" }));
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Estornar" }));

    fireEvent.keyDown(document, { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
