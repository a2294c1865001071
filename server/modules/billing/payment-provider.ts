import type {
  IntervalType,
  PaymentDetails,
  PaymentMethod,
  TransactionStatus,
} from "../../../common/contract/billing";

/** What we ask a provider to charge: one period of one plan, tied to our pending transaction. */
export type CheckoutOrder = {
  /** Our transaction id, sent as the provider's external_reference. */
  transactionId: number;
  title: string;
  description: string;
  amountCents: number;
  intervalType: IntervalType;
  payer: { email: string; firstName: string; lastName: string };
  /** Where the provider sends the customer back: /subscription on our origin (the provider adds its query). */
  returnUrl: string;
  /** Where the provider posts its notifications. */
  notificationUrl: string;
};

export type Checkout = {
  /** The provider's id for this checkout (Mercado Pago: the preference id). */
  checkoutId: string;
  /** Where the browser goes to pay. */
  initPoint: string;
};

/**
 * A payment as the provider reports it now: read from its API, never taken from a notification body.
 * status is ours (null: a provider state that changes nothing of ours, e.g. in_mediation);
 * providerStatus keeps the provider's own word.
 */
export type ProviderPayment = {
  id: string;
  /** Our transaction id, from external_reference; null when it is not one of ours. */
  transactionId: number | null;
  status: TransactionStatus | null;
  providerStatus: string;
  providerStatusDetail: string | null;
  amountCents: number;
  paymentMethod: PaymentMethod | null;
  details: PaymentDetails;
  /** Whether the payment's money went back to the payer (refunded or charged back). */
  moneyReturned: boolean;
};

export type Refund = { refundId: string; amountCents: number };

/** Raised when the provider cannot be reached or answers with a server error: nothing was done. */
export class ProviderUnavailableError extends Error {}

/** One interface, two adapters: Mercado Pago (mercado-pago.ts) and the dev checkout (dev-checkout.ts). */
export interface PaymentProvider {
  readonly name: "mercadopago" | "dev";
  createCheckout(order: CheckoutOrder): Promise<Checkout>;
  getPayment(paymentId: string): Promise<ProviderPayment>;
  /** Refunds a payment in full. The idempotency key is stable per refund, so a retry refunds once. */
  refund(paymentId: string, idempotencyKey: string): Promise<Refund>;
  /**
   * Closes a checkout we no longer take (expired, or voided by a plan change): it stops taking
   * payments, and its payment still waiting (a Pix or boleto not paid yet), if any, is cancelled.
   * A payment approved meanwhile is not touched: its notification comes, and it is refunded.
   */
  closeCheckout(checkoutId: string | null, pendingPaymentId: string | null): Promise<void>;
}
