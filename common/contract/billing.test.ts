import { describe, expect, it } from "vitest";
import { type SubscriptionPlan, subscriptionFuture, type UserSubscription } from "./billing";

const plan = (name: string) => ({ name }) as SubscriptionPlan;
const state = (overrides: Partial<UserSubscription>) =>
  subscriptionFuture({
    status: "active",
    is_free: false,
    expires_at: "2026-12-28T15:00:00.000Z",
    plan: plan("Business"),
    scheduled_plan: null,
    ...overrides,
  });
const scheduled = {
  plan: plan("Pro"),
  starts_at: "2026-12-28T15:00:00.000Z",
  expires_at: "2027-01-28T15:00:00.000Z",
};

describe("subscriptionFuture: one statement per state", () => {
  it.each([
    ["free", { is_free: true, expires_at: null }, null],
    [
      "first payment waiting",
      { status: "pending" as const },
      "Seu plano Business começa assim que o pagamento for confirmado.",
    ],
    [
      "active",
      {},
      "O Business vale até 28/12/2026. Renove até lá para continuar nele; sem renovação, sua conta volta ao plano Gratuito.",
    ],
    [
      "active with a paid downgrade waiting",
      { scheduled_plan: scheduled },
      "O Business vale até 28/12/2026; depois, o Pro (já pago) até 28/01/2027. Renove o Pro até lá para continuar nele; sem renovação, sua conta volta ao plano Gratuito.",
    ],
    [
      "canceled",
      { status: "canceled" as const },
      "Assinatura cancelada: você mantém o Business até 28/12/2026; então sua conta volta ao plano Gratuito.",
    ],
    [
      "canceled with a paid downgrade waiting",
      { status: "canceled" as const, scheduled_plan: scheduled },
      "Assinatura cancelada: você mantém o Business até 28/12/2026; depois, o Pro (já pago) até 28/01/2027; então sua conta volta ao plano Gratuito.",
    ],
    ["expired", { status: "expired" as const }, null],
  ])("%s", (_, overrides, expected) => {
    expect(state(overrides)).toBe(expected);
  });
});
