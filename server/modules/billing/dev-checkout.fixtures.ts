import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { CreateSubscriptionResponse } from "../../../common/contract/billing";
import { subscriptionPlans } from "../../../db/schema";
import type { TestContext } from "../../../tests/test-app";

// A customer of the dev checkout, shared by the billing tests: calls as a browser on our origin
// would make them, each POST from a new address (the checkout's own rate limits are not under test).

export function devCheckoutCustomer(t: TestContext) {
  let ip = 0;
  const fromNewIp = () => `10.7.${Math.floor(++ip / 250)}.${ip % 250}`;
  const get = <T>(url: string, cookie = "") =>
    t.request({ method: "GET", url, cookie }).then((response) => ({ response, body: response.json<T>() }));
  const post = (url: string, cookie: string, payload?: object) =>
    t.request({ method: "POST", url, cookie, payload, remoteAddress: fromNewIp() });
  const planId = async (name: string) => {
    const [row] = await t.database.db
      .select()
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.name, name));
    return row!.id;
  };

  /** Creates a checkout, opens its page and chooses `outcome` on it; back with where it sent the browser. */
  async function pay(
    cookie: string,
    plan: string,
    outcome: "approved" | "pending" | "rejected",
    { method = "credit_card", interval = "monthly" } = {},
  ) {
    const created = await post("/api/subscriptions/create", cookie, {
      plan_id: await planId(plan),
      interval_type: interval,
    });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json<CreateSubscriptionResponse>();
    const path = new URL(body.init_point).pathname;
    const page = await t.request({ method: "GET", url: path, cookie });
    expect(page.statusCode).toBe(200);
    const chosen = await t.request({
      method: "POST",
      url: path,
      cookie,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000" },
      payload: `outcome=${outcome}&method=${method}`,
    });
    expect(chosen.statusCode).toBe(303);
    const location = String(chosen.headers.location);
    const paymentId = new URLSearchParams(location.split("?")[1]).get("payment_id")!;
    return { ...body, path, location, paymentId };
  }

  return { get, post, planId, pay };
}
