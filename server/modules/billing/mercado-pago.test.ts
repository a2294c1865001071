import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeMercadoPago, startFakeMercadoPago } from "../../../tests/fakes/mercado-pago-server";
import { MercadoPagoError, MercadoPagoProvider } from "./mercado-pago";
import { type CheckoutOrder, ProviderUnavailableError } from "./payment-provider";

const accessToken = "TEST-1234567890-token";
let fake: FakeMercadoPago;
let provider: MercadoPagoProvider;
let nextTransactionId = 1;

beforeAll(async () => {
  fake = await startFakeMercadoPago({ accessToken, webhookSecret: "segredo" });
  provider = new MercadoPagoProvider({ accessToken, apiBase: fake.url });
});
afterAll(() => fake.close());

const order = (overrides: Partial<CheckoutOrder> = {}): CheckoutOrder => ({
  transactionId: nextTransactionId++,
  title: "Atalho Pro",
  description: "Plano Pro - Mensal",
  amountCents: 1990,
  intervalType: "monthly",
  payer: { email: "ana@exemplo.com.br", firstName: "Ana", lastName: "Souza" },
  returnUrl: "https://atalho.test/subscription",
  notificationUrl: "https://atalho.test/api/webhooks/mercadopago",
  ...overrides,
});

/** A checkout for a new transaction and a payment of it, as the provider reports it. */
async function paid(options: Parameters<FakeMercadoPago["pay"]>[1]) {
  const checkout = await provider.createCheckout(order());
  const paymentId = fake.pay(checkout.checkoutId, options);
  return { paymentId, payment: await provider.getPayment(paymentId) };
}

describe("createCheckout", () => {
  it("creates a Checkout Pro preference for our transaction and returns its init_point", async () => {
    const checkout = await provider.createCheckout(order({ transactionId: 4242 }));

    const request = fake.requests.findLast((r) => r.path === "/checkout/preferences");
    expect(request?.method).toBe("POST");
    expect(request?.headers["x-idempotency-key"]).toBe("checkout-4242");
    expect(request?.headers.authorization).toBe(`Bearer ${accessToken}`);
    expect(request?.body).toMatchObject({
      items: [
        {
          id: expect.stringMatching(/^plan-/),
          title: "Atalho Pro",
          description: "Plano Pro - Mensal",
          quantity: 1,
          currency_id: "BRL",
          unit_price: 19.9,
        },
      ],
      payer: { email: "ana@exemplo.com.br", name: "Ana", surname: "Souza" },
      external_reference: "4242",
      back_urls: {
        success: "https://atalho.test/subscription?payment_status=approved",
        pending: "https://atalho.test/subscription?payment_status=pending",
        failure: "https://atalho.test/subscription?payment_status=rejected",
      },
      auto_return: "approved",
      notification_url: "https://atalho.test/api/webhooks/mercadopago",
      payment_methods: { installments: 1 },
    });
    expect(request?.body).not.toHaveProperty("payment_methods.excluded_payment_types");

    expect(fake.preferences.has(checkout.checkoutId)).toBe(true);
    expect(checkout.initPoint).toBe(
      `https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=${checkout.checkoutId}`,
    );
  });
});

describe("getPayment", () => {
  it("maps an approved card payment", async () => {
    const { paymentId, payment } = await paid({ status: "approved", payment_method_id: "master" });
    expect(payment).toEqual({
      id: paymentId,
      transactionId: nextTransactionId - 1,
      status: "approved",
      providerStatus: "approved",
      providerStatusDetail: "accredited",
      amountCents: 1990,
      paymentMethod: "credit_card",
      details: { processor_response: "accredited" },
      moneyReturned: false,
    });
  });

  it("maps a pending Pix with its copy-paste code and QR image", async () => {
    const { paymentId, payment } = await paid({ status: "pending", payment_method_id: "pix" });
    const pix = fake.payments.get(paymentId)!.point_of_interaction.transaction_data!;
    expect(payment.status).toBe("pending");
    expect(payment.paymentMethod).toBe("pix");
    expect(payment.details.pix_copy_paste).toBe(pix.qr_code);
    expect(payment.details.pix_qr_code).toBe(`data:image/png;base64,${pix.qr_code_base64}`);
    expect(payment.details.boleto_number).toBeUndefined();
  });

  it("maps a pending boleto with its line, barcode, link and due date", async () => {
    const { paymentId, payment } = await paid({ status: "pending", payment_method_id: "bolbradesco" });
    const boleto = fake.payments.get(paymentId)!;
    expect(payment.status).toBe("pending");
    expect(payment.paymentMethod).toBe("boleto");
    expect(payment.details).toMatchObject({
      boleto_number: boleto.transaction_details.digitable_line,
      boleto_barcode: boleto.transaction_details.barcode?.content,
      boleto_url: boleto.transaction_details.external_resource_url,
      boleto_due_date: boleto.date_of_expiration,
    });
    expect(payment.details.boleto_barcode).toMatch(/^\d{44}$/);
  });

  it("maps a rejected payment with a refusal reason in Portuguese", async () => {
    const insufficient = await paid({ status: "rejected", status_detail: "cc_rejected_insufficient_amount" });
    expect(insufficient.payment.status).toBe("rejected");
    expect(insufficient.payment.details).toEqual({
      processor_response: "cc_rejected_insufficient_amount",
      refusal_reason: "Saldo insuficiente",
    });
    const unknown = await paid({ status: "rejected", status_detail: "cc_rejected_something_new" });
    expect(unknown.payment.details.refusal_reason).toBe("Pagamento recusado pelo emissor");
  });

  it("maps in_process and authorized to pending", async () => {
    expect((await paid({ status: "in_process" })).payment.status).toBe("pending");
    expect((await paid({ status: "authorized" })).payment.status).toBe("pending");
  });

  it("maps in_mediation and unknown statuses to null (nothing of ours changes)", async () => {
    const mediation = await paid({ status: "in_mediation" });
    expect(mediation.payment).toMatchObject({ status: null, providerStatus: "in_mediation" });
    const unknown = await paid({ status: "something_new" });
    expect(unknown.payment).toMatchObject({
      status: null,
      providerStatus: "something_new",
      moneyReturned: false,
    });
  });

  it("maps a chargeback to refunded, with the money returned", async () => {
    const { paymentId } = await paid({ status: "approved" });
    fake.setStatus(paymentId, "charged_back", "reimbursed");
    const payment = await provider.getPayment(paymentId);
    expect(payment).toMatchObject({
      status: "refunded",
      providerStatus: "charged_back",
      moneyReturned: true,
    });
  });

  it("maps other methods and a foreign external_reference", async () => {
    const checkout = await provider.createCheckout(order());
    fake.preferences.get(checkout.checkoutId)!.external_reference = "pedido-abc";
    const debit = await provider.getPayment(
      fake.pay(checkout.checkoutId, { status: "approved", payment_method_id: "debvisa" }),
    );
    expect(debit).toMatchObject({ transactionId: null, paymentMethod: "debit_card" });
    const crypto = fake.pay(checkout.checkoutId, { status: "approved", payment_type_id: "digital_currency" });
    expect((await provider.getPayment(crypto)).paymentMethod).toBe("other");
  });

  it("says not found for an unknown payment", async () => {
    const error = await provider.getPayment("1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MercadoPagoError);
    expect(error).not.toBeInstanceOf(ProviderUnavailableError);
    expect((error as Error).message).toMatch(/not found/);
  });
});

describe("refund", () => {
  it("refunds in full once per idempotency key", async () => {
    const { paymentId } = await paid({ status: "approved" });
    const first = await provider.refund(paymentId, `refund-${paymentId}`);
    const again = await provider.refund(paymentId, `refund-${paymentId}`);

    expect(first).toEqual({ refundId: expect.any(String), amountCents: 1990 });
    expect(again).toEqual(first);
    expect(fake.refunds.filter((r) => String(r.payment_id) === paymentId)).toHaveLength(1);
    const request = fake.requests.findLast((r) => r.path === `/v1/payments/${paymentId}/refunds`);
    expect(request?.headers["x-idempotency-key"]).toBe(`refund-${paymentId}`);
    expect((await provider.getPayment(paymentId)).status).toBe("refunded");

    await expect(provider.refund(paymentId, "another-key")).rejects.toThrow(/already refunded/);
  });
});

describe("closeCheckout", () => {
  it("expires the preference (it takes no payment after) and cancels its pending Pix", async () => {
    const checkout = await provider.createCheckout(order());
    const paymentId = fake.pay(checkout.checkoutId, { status: "pending", payment_method_id: "pix" });
    await provider.closeCheckout(checkout.checkoutId, paymentId);
    const put = fake.requests.findLast((r) => r.path === `/checkout/preferences/${checkout.checkoutId}`);
    expect(put?.method).toBe("PUT");
    expect(put?.body).toMatchObject({ expires: true, expiration_date_to: expect.any(String) });
    expect((await provider.getPayment(paymentId)).status).toBe("cancelled");
    expect(() => fake.pay(checkout.checkoutId, { status: "approved" })).toThrow(/expired/);
  });

  it("refuses to cancel a payment already approved (its refund is another call)", async () => {
    const checkout = await provider.createCheckout(order());
    const paymentId = fake.pay(checkout.checkoutId, { status: "approved" });
    await expect(provider.closeCheckout(null, paymentId)).rejects.toBeInstanceOf(MercadoPagoError);
    expect((await provider.getPayment(paymentId)).status).toBe("approved");
  });
});

describe("when Mercado Pago is away or refuses", () => {
  it("treats a timeout as unavailable", async () => {
    const { paymentId } = await paid({ status: "approved" });
    const impatient = new MercadoPagoProvider({ accessToken, apiBase: fake.url, timeoutMs: 200 });
    fake.mode({ kind: "slow", delayMs: 1_000, times: 1 });
    await expect(impatient.getPayment(paymentId)).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it("treats a 500 or a 429 as unavailable", async () => {
    fake.mode({ kind: "failing", times: 1 });
    await expect(provider.createCheckout(order())).rejects.toBeInstanceOf(ProviderUnavailableError);
    fake.mode({ kind: "failing", status: 429, times: 1 });
    await expect(provider.getPayment("1")).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it("treats a refused connection as unavailable", async () => {
    const nowhere = new MercadoPagoProvider({ accessToken, apiBase: "http://127.0.0.1:1" });
    await expect(nowhere.getPayment("1")).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it("reports a wrong token as an error of ours, not an outage, without the token", async () => {
    const wrong = new MercadoPagoProvider({ accessToken: "TEST-wrong-token", apiBase: fake.url });
    const error = await wrong.createCheckout(order()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MercadoPagoError);
    expect(error).not.toBeInstanceOf(ProviderUnavailableError);
    expect((error as MercadoPagoError).status).toBe(401);
    expect((error as Error).message).not.toContain("TEST-wrong-token");
  });
});
