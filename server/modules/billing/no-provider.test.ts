import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BILLING_MESSAGES } from "../../../common/contract/billing";
import { subscriptionPlans, transactions } from "../../../db/schema";
import { setupTestApp } from "../../../tests/test-app";

// Production without MP_ACCESS_TOKEN: no payment provider at all (the dev checkout is never offered).
const t = setupTestApp({ devCheckout: false, mercadoPago: undefined });

describe("without a payment provider", () => {
  it("says payments are not set up, writes nothing, and has no dev checkout", async () => {
    const { user, cookie } = await t.signIn();
    const [pro] = await t.database.db
      .select()
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.name, "Pro"));
    const response = await t.request({
      method: "POST",
      url: "/api/subscriptions/create",
      cookie,
      payload: { plan_id: pro!.id },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toBe(BILLING_MESSAGES.paymentsNotConfigured);
    expect(await t.database.db.$count(transactions, eq(transactions.userId, user.id))).toBe(0);
    expect((await t.request({ method: "GET", url: "/dev-checkout/dev-x", cookie })).statusCode).toBe(404);
    // Plans and limits still work.
    expect((await t.request({ method: "GET", url: "/api/subscription-plans" })).statusCode).toBe(200);
  });
});
