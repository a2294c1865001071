import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AUTH_MESSAGES } from "../../../common/contract/auth";
import {
  BILLING_MESSAGES,
  createSubscriptionBodySchema,
  createSubscriptionResponseSchema,
  type PlanQuote,
  paymentHistorySchema,
  paymentIdParamsSchema,
  paymentSyncResponseSchema,
  planQuoteQuerySchema,
  planQuoteSchema,
  subscriptionFuture,
  subscriptionPlanListSchema,
  type UserSubscription,
  usageLimitsSchema,
  userSubscriptionSchema,
} from "../../../common/contract/billing";
import { messageResponseSchema } from "../../../common/contract/wire";
import { HttpError } from "../../lib/http-error";
import { rateLimited } from "../../lib/rate-limits";
import { requireUser, signedInUser, type UserRow } from "../../lib/session-guards";
import { findPendingPayment, listPaymentHistory, toPaymentHistoryItem } from "./billing.queries";
import { quoteCheckout, startCheckout } from "./checkout";
import { planOf, usageLimitsOf } from "./entitlements";
import { syncReturnedPayment } from "./payment-state";
import { findPlan, listActivePlans, toSubscriptionPlan } from "./plans.queries";
import { cancelSubscription } from "./subscription-changes";

const MINUTE = 60_000;

export const billingRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const checkoutLimit = rateLimited(app, [
    { name: "checkout-user", max: 10, windowMs: MINUTE, key: (request) => String(signedInUser(request).id) },
  ]);
  const syncLimit = rateLimited(app, [
    {
      name: "payment-sync-user",
      max: 30,
      windowMs: MINUTE,
      key: (request) => String(signedInUser(request).id),
    },
  ]);

  // The active plans, cheapest first (public: the pricing page and the landing page).
  app.get(
    "/api/subscription-plans",
    { schema: { response: { 200: subscriptionPlanListSchema } } },
    async () => {
      return (await listActivePlans(app.db)).map(toSubscriptionPlan);
    },
  );

  // The user's plan now: a paid subscription (active or canceled until its end), a payment waiting
  // for confirmation, or the free plan.
  app.get(
    "/api/user/subscription",
    { preHandler: requireUser, schema: { response: { 200: userSubscriptionSchema } } },
    async (request): Promise<UserSubscription> => {
      const current = await currentSubscriptionOf(signedInUser(request));
      return { ...current, future: subscriptionFuture(current) };
    },
  );

  // The user's plan now: a paid subscription (active or canceled until its end), a payment waiting
  // for confirmation, or the free plan.
  async function currentSubscriptionOf(user: UserRow): Promise<Omit<UserSubscription, "future">> {
    const { plan, subscription } = await planOf(app.db, user.id);
    const scheduled = subscription?.scheduledPlanId
      ? await findPlan(app.db, subscription.scheduledPlanId)
      : null;
    if (subscription) {
      return {
        status: subscription.status,
        starts_at: subscription.startsAt.toISOString(),
        expires_at: subscription.expiresAt?.toISOString() ?? null,
        interval_type: subscription.intervalType,
        canceled_at: subscription.canceledAt?.toISOString() ?? null,
        is_free: false,
        plan: toSubscriptionPlan(plan),
        scheduled_plan:
          scheduled && subscription.expiresAt && subscription.scheduledUntil
            ? {
                plan: toSubscriptionPlan(scheduled),
                starts_at: subscription.expiresAt.toISOString(),
                expires_at: subscription.scheduledUntil.toISOString(),
              }
            : null,
        pending_transaction_id: (await findPendingPayment(app.db, user.id))?.id ?? null,
      };
    }
    const pending = await findPendingPayment(app.db, user.id);
    const pendingPlan = pending ? await findPlan(app.db, pending.planId) : null;
    return {
      status: pendingPlan ? "pending" : "active",
      starts_at: (pending?.createdAt ?? user.createdAt).toISOString(),
      expires_at: null,
      interval_type: pending?.intervalType ?? "monthly",
      canceled_at: null,
      is_free: !pendingPlan,
      plan: toSubscriptionPlan(pendingPlan ?? plan),
      scheduled_plan: null,
      pending_transaction_id: pending?.id ?? null,
    };
  }

  // What the user has and may have: pages, short links, clicks this month (custom limits win).
  app.get(
    "/api/user/limits",
    { preHandler: requireUser, schema: { response: { 200: usageLimitsSchema } } },
    async (request) => {
      return usageLimitsOf(app.db, signedInUser(request));
    },
  );

  // The user's payments, newest first (the last 100).
  app.get(
    "/api/user/payment-history",
    { preHandler: requireUser, schema: { response: { 200: paymentHistorySchema } } },
    async (request) => {
      return (await listPaymentHistory(app.db, signedInUser(request).id)).map(toPaymentHistoryItem);
    },
  );

  // The price before the checkout: what paying for the plan now charges, credit included, and the
  // period it buys. The same numbers as the checkout's.
  app.get(
    "/api/subscriptions/quote",
    {
      preHandler: requireUser,
      schema: { querystring: planQuoteQuerySchema, response: { 200: planQuoteSchema } },
    },
    async (request, reply): Promise<PlanQuote> => {
      reply.header("cache-control", "private, no-store");
      const quote = await quoteCheckout(
        app.db,
        signedInUser(request).id,
        request.query.plan_id,
        request.query.interval_type,
      );
      return {
        plan_id: quote.plan.id,
        interval_type: request.query.interval_type,
        transaction_type: quote.type,
        list_price_cents: quote.listPrice,
        credit_cents: quote.credit,
        amount_cents: quote.amount,
        starts_at: quote.start.toISOString(),
        ends_at: quote.end.toISOString(),
      };
    },
  );

  // Starts paying for one period of a plan: answers the provider's checkout address (init_point).
  app.post(
    "/api/subscriptions/create",
    {
      preHandler: [requireUser, checkoutLimit],
      schema: { body: createSubscriptionBodySchema, response: { 201: createSubscriptionResponseSchema } },
    },
    async (request, reply) => {
      // Unverified accounts work, but do not pay: the receipts go to that address.
      if (!signedInUser(request).emailVerifiedAt)
        throw new HttpError(403, AUTH_MESSAGES.verifyBeforeCheckout);
      const result = await startCheckout(
        app,
        signedInUser(request),
        request.body.plan_id,
        request.body.interval_type,
      );
      reply.code(201);
      return result;
    },
  );

  // Back from the checkout with a payment id: read it from the provider and apply it now, rather
  // than wait for the notification. Only a payment of the user's own.
  app.post(
    "/api/user/payments/:paymentId/sync",
    {
      preHandler: [requireUser, syncLimit],
      schema: { params: paymentIdParamsSchema, response: { 200: paymentSyncResponseSchema } },
    },
    async (request) => syncReturnedPayment(app, signedInUser(request).id, request.params.paymentId),
  );

  // No renewal: the plan stays until the end of the paid period, then the free plan.
  app.post(
    "/api/user/subscription/cancel",
    { preHandler: requireUser, schema: { response: { 200: messageResponseSchema } } },
    async (request) => {
      await cancelSubscription(app, signedInUser(request).id);
      return { message: BILLING_MESSAGES.canceled };
    },
  );
};
