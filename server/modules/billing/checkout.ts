// Buying a plan: the price of one period now (an upgrade's credit included), and the checkout that
// charges it (docs/decisions/007-billing.md).
import {
  BILLING_MESSAGES,
  type CreateSubscriptionResponse,
  type IntervalType,
  planPrice,
  type TransactionType,
} from "../../../common/contract/billing";
import { paths } from "../../../common/paths";
import type { Db } from "../../../db/client";
import { HttpError } from "../../lib/http-error";
import type { UserRow } from "../../lib/session-guards";
import {
  deleteTransaction,
  findPaidPeriods,
  insertTransaction,
  recordEvent,
  updateTransaction,
} from "./billing.queries";
import type { BillingApp } from "./billing-app";
import { findCurrentSubscription, type SubscriptionRow } from "./entitlements";
import { type PaymentProvider, ProviderUnavailableError } from "./payment-provider";
import { MIN_CHARGE_CENTS, paidPeriodEnd, unusedValue } from "./periods";
import { findActivePlan, findPlan, type PlanRow } from "./plans.queries";

/**
 * What buying `next` for `interval` is against what the user has: upgrade or downgrade by monthly
 * price; the plan and interval they already have, a renewal; anything else (no paid plan, or the
 * same plan for another interval), a subscription.
 */
export function transactionTypeFor(
  current: { plan: PlanRow; interval: IntervalType } | null,
  next: PlanRow,
  interval: IntervalType,
): TransactionType {
  if (!current || current.plan.priceCents === 0) return "subscription";
  if (current.plan.id === next.id) return current.interval === interval ? "renewal" : "subscription";
  return next.priceCents < current.plan.priceCents ? "downgrade" : "upgrade";
}

/** A checkout priced: what it charges, the credit it carries, the period it would buy now. */
type Quote = {
  plan: PlanRow;
  type: TransactionType;
  listPrice: number;
  credit: number;
  amount: number;
  current: SubscriptionRow | null;
  start: Date;
  end: Date;
};

/**
 * Prices one period of the plan for the user now, as the checkout charges it and as an approval
 * now would apply it (GET /api/subscriptions/quote shows it before the checkout; the checkout
 * charges it).
 */
export async function quoteCheckout(
  db: Db,
  userId: number,
  planId: number,
  interval: IntervalType,
  now: Date = new Date(),
): Promise<Quote> {
  const plan = await findActivePlan(db, planId);
  if (!plan) throw new HttpError(404, BILLING_MESSAGES.planNotFound);
  if (plan.priceCents === 0) throw new HttpError(400, BILLING_MESSAGES.freePlan);
  const listPrice = planPrice(
    { price_cents: plan.priceCents, yearly_price_cents: plan.yearlyPriceCents },
    interval,
  );
  if (listPrice == null)
    throw new HttpError(400, BILLING_MESSAGES.noYearly, { interval_type: BILLING_MESSAGES.noYearly });

  const current = await findCurrentSubscription(db, userId);
  const currentPlan = current ? await findPlan(db, current.planId) : null;
  const type = transactionTypeFor(
    current && currentPlan ? { plan: currentPlan, interval: current.intervalType } : null,
    plan,
    interval,
  );
  if (type === "downgrade" && current?.scheduledPlanId) {
    throw new HttpError(409, BILLING_MESSAGES.changeAlreadyScheduled);
  }
  // An upgrade carries over what is left of the paid periods; worth more than the new price, it
  // makes the new period longer (the provider still charges its smallest amount).
  const credit =
    type === "upgrade" && current ? unusedValue(await findPaidPeriods(db, current, now), now) : 0;
  const amount = Math.max(listPrice - credit, MIN_CHARGE_CENTS);
  // Where an approval now would put the period (activate() decides again when it comes).
  const currentEnd = current?.expiresAt && current.expiresAt > now ? current.expiresAt : now;
  const start = current && current.planId === plan.id ? currentEnd : type === "downgrade" ? currentEnd : now;
  const end = paidPeriodEnd(start, interval, amount + credit, listPrice);
  return { plan, type, listPrice, credit, amount, current, start, end };
}

/**
 * POST /api/subscriptions/create: a pending transaction for one period of the plan and the
 * provider's checkout for it. If the provider cannot be reached, the transaction is removed again:
 * nothing half-written is left.
 */
export async function startCheckout(
  app: BillingApp,
  user: UserRow,
  planId: number,
  interval: IntervalType,
): Promise<CreateSubscriptionResponse> {
  if (!app.payments) throw new HttpError(503, BILLING_MESSAGES.paymentsNotConfigured);
  const {
    plan,
    type,
    listPrice: price,
    credit,
    amount,
    current,
  } = await quoteCheckout(app.db, user.id, planId, interval);

  const tx = await insertTransaction(app.db, {
    userId: user.id,
    planId: plan.id,
    planName: plan.name,
    transactionType: type,
    intervalType: interval,
    amountCents: amount,
    creditCents: credit,
    creditSubscriptionId: credit > 0 ? current!.id : null,
    listPriceCents: price,
    provider: app.payments.name,
  });
  let checkout: Awaited<ReturnType<PaymentProvider["createCheckout"]>>;
  try {
    checkout = await app.payments.createCheckout({
      transactionId: tx.id,
      title: `${plan.name} (${interval === "yearly" ? "anual" : "mensal"})`,
      description: plan.description || `Plano ${plan.name}`,
      amountCents: amount,
      intervalType: interval,
      payer: { email: user.email, firstName: user.firstName, lastName: user.lastName },
      returnUrl: `${app.config.publicUrl}${paths.subscription}`,
      notificationUrl: `${app.config.publicUrl}/api/webhooks/mercadopago`,
    });
  } catch (error) {
    await deleteTransaction(app.db, tx.id);
    if (error instanceof ProviderUnavailableError) {
      app.log.warn({ err: error }, "payment provider unavailable at checkout");
      throw new HttpError(503, BILLING_MESSAGES.providerUnavailable);
    }
    app.log.error({ err: error }, "checkout refused by the payment provider");
    throw new HttpError(502, BILLING_MESSAGES.subscribeFailed);
  }
  await app.db.transaction(async (db) => {
    await updateTransaction(db, tx.id, { providerCheckoutId: checkout.checkoutId, updatedAt: new Date() });
    await recordEvent(db, {
      userId: user.id,
      transactionId: tx.id,
      kind: "transaction.created",
      cause: "user",
      detail: { plan: plan.name, type, interval, amount_cents: amount, credit_cents: credit },
    });
  });
  return {
    init_point: checkout.initPoint,
    transaction_id: tx.id,
    transaction_type: type,
    amount_cents: amount,
  };
}
