import { randomUUID } from "node:crypto";
import QRCode from "qrcode";
import type { PaymentDetails, PaymentMethod, TransactionStatus } from "../../../common/contract/billing";
import type { Checkout, CheckoutOrder, PaymentProvider, ProviderPayment, Refund } from "./payment-provider";

export type DevOutcome = "approved" | "pending" | "rejected";
export const DEV_METHODS = ["pix", "credit_card", "boleto"] as const satisfies readonly PaymentMethod[];
export type DevMethod = (typeof DEV_METHODS)[number];

type DevCheckoutOrder = CheckoutOrder & { checkoutId: string; paymentIds: string[]; closed?: boolean };
type DevPayment = {
  id: string;
  checkoutId: string;
  transactionId: number;
  status: TransactionStatus;
  method: DevMethod;
  amountCents: number;
  details: PaymentDetails;
  refund?: Refund & { key: string };
};

/** At most this many orders are kept (oldest dropped): the dev checkout lives in memory. */
const MAX_ORDERS = 10_000;

/**
 * The payment provider when no Mercado Pago account is configured, outside production: a page of
 * ours (/dev-checkout/{id}) where the tester approves, leaves pending or rejects. Its payments live
 * in this process's memory; the page drives the same syncPayment path as a Mercado Pago webhook.
 * Pix and boleto data it shows are marked as test data and pay nothing.
 */
export class DevCheckout implements PaymentProvider {
  readonly name = "dev" as const;
  private readonly orders = new Map<string, DevCheckoutOrder>();
  private readonly payments = new Map<string, DevPayment>();

  constructor(private readonly publicUrl: string) {}

  async createCheckout(order: CheckoutOrder): Promise<Checkout> {
    const checkoutId = `dev-${randomUUID()}`;
    this.orders.set(checkoutId, { ...order, checkoutId, paymentIds: [] });
    if (this.orders.size > MAX_ORDERS) this.orders.delete(this.orders.keys().next().value!);
    return { checkoutId, initPoint: `${this.publicUrl}/dev-checkout/${checkoutId}` };
  }

  order(checkoutId: string): DevCheckoutOrder | undefined {
    return this.orders.get(checkoutId);
  }

  /** The latest payment made on an order, if any. */
  latestPayment(checkoutId: string): DevPayment | undefined {
    const ids = this.orders.get(checkoutId)?.paymentIds ?? [];
    return ids.length ? this.payments.get(ids[ids.length - 1]!) : undefined;
  }

  /**
   * The tester's choice: a pending payment of the order moves on; otherwise a new payment is made
   * (a retry after a refusal is a new payment, as with Mercado Pago).
   */
  async pay(checkoutId: string, outcome: DevOutcome, method: DevMethod): Promise<string> {
    const order = this.orders.get(checkoutId);
    if (!order) throw new Error("dev checkout not found");
    if (order.closed) throw new DevCheckoutClosedError();
    const latest = this.latestPayment(checkoutId);
    if (latest?.status === "pending") {
      latest.status = outcome;
      return latest.id;
    }
    const id = String(Date.now() * 1000 + Math.floor(Math.random() * 1000));
    this.payments.set(id, {
      id,
      checkoutId,
      transactionId: order.transactionId,
      status: outcome,
      method,
      amountCents: order.amountCents,
      details: await testDetails(id, method, outcome),
    });
    order.paymentIds.push(id);
    return id;
  }

  async getPayment(paymentId: string): Promise<ProviderPayment> {
    const payment = this.payments.get(paymentId);
    if (!payment) throw new Error("Pagamento não encontrado no checkout de testes.");
    return {
      id: payment.id,
      transactionId: payment.transactionId,
      status: payment.status,
      providerStatus: payment.status,
      providerStatusDetail: payment.status === "rejected" ? "cc_rejected_other_reason" : null,
      amountCents: payment.amountCents,
      paymentMethod: payment.method,
      details: payment.details,
      moneyReturned: payment.status === "refunded",
    };
  }

  async closeCheckout(checkoutId: string | null, pendingPaymentId: string | null): Promise<void> {
    const order = checkoutId ? this.orders.get(checkoutId) : undefined;
    if (order) order.closed = true;
    const payment = pendingPaymentId ? this.payments.get(pendingPaymentId) : undefined;
    if (payment?.status === "pending") payment.status = "cancelled";
  }

  /**
   * Approves a payment the way a late Pix does: after its checkout was closed (tests of what a
   * late approval does; the page refuses a closed checkout).
   */
  approveLate(paymentId: string): void {
    const payment = this.payments.get(paymentId);
    if (payment) payment.status = "approved";
  }

  async refund(paymentId: string, idempotencyKey: string): Promise<Refund> {
    const payment = this.payments.get(paymentId);
    if (!payment) throw new Error("Pagamento não encontrado no checkout de testes.");
    if (payment.refund) {
      if (payment.refund.key === idempotencyKey)
        return { refundId: payment.refund.refundId, amountCents: payment.refund.amountCents };
      throw new Error("Este pagamento já foi estornado.");
    }
    if (payment.status !== "approved") throw new Error("Só pagamentos aprovados podem ser estornados.");
    payment.status = "refunded";
    payment.refund = {
      refundId: `dev-refund-${paymentId}`,
      amountCents: payment.amountCents,
      key: idempotencyKey,
    };
    return { refundId: payment.refund.refundId, amountCents: payment.amountCents };
  }
}

/** A closed checkout (expired, or voided by a plan change) takes no payment. */
export class DevCheckoutClosedError extends Error {
  constructor() {
    super("dev checkout closed");
  }
}

/** What a pending Pix or boleto shows the payer, clearly marked as test data. */
async function testDetails(id: string, method: DevMethod, outcome: DevOutcome): Promise<PaymentDetails> {
  if (outcome === "rejected") {
    return {
      refusal_reason: "Pagamento recusado no checkout de testes",
      processor_response: "cc_rejected_other_reason",
    };
  }
  if (method === "pix") {
    const code = `PIX-DE-TESTE-ATALHO-${id}`;
    return { pix_copy_paste: code, pix_qr_code: await QRCode.toDataURL(code, { margin: 1, width: 240 }) };
  }
  if (method === "boleto") {
    const due = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const digits = id.padStart(16, "0").slice(-16);
    return {
      boleto_number: `00000.00000 00000.000000 ${digits.slice(0, 5)}.${digits.slice(5, 11)} 0 ${digits.slice(11)}00000`,
      boleto_barcode: `0000${digits}000000000000000000000000`.slice(0, 44),
      boleto_due_date: due,
    };
  }
  return {};
}
