import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type {
  IntervalType,
  PaymentDetails,
  SubscriptionStatus,
  TransactionStatus,
  TransactionType,
} from "../../common/contract/billing";
import { belongsTo, pointsTo } from "./columns";
import { domains } from "./domains";
import { users } from "./users";

/**
 * The plans. Limits: null (or -1) is unlimited. price_cents is the monthly price; yearly_price_cents
 * the price of a year paid at once (null: no yearly option). The free plan has price 0.
 */
export const subscriptionPlans = pgTable("subscription_plans", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  description: text().notNull().default(""),
  priceCents: integer().notNull().default(0),
  yearlyPriceCents: integer(),
  intervalType: text().$type<IntervalType>().notNull().default("monthly"),
  maxLinkPages: integer(),
  maxShortenedUrls: integer(),
  maxClicksPerMonth: integer(),
  customDomains: boolean().notNull().default(false),
  premiumDomains: boolean().notNull().default(false),
  prioritySupport: boolean().notNull().default(false),
  analyticsRetentionDays: integer().notNull().default(30),
  /** Short links, Link Bio pages and links a user may create per hour (abuse prevention); null: unlimited. */
  creationsPerHour: integer().default(60),
  /** Public API requests per minute per key; null: unlimited. */
  apiRequestsPerMinute: integer().default(60),
  /**
   * Contacts a user's forms may receive per month (issue 37); null: unlimited. Past it the form
   * still thanks the visitor and the contact is kept, hidden until an upgrade or the next month.
   */
  maxLeadsPerMonth: integer(),
  isActive: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Which custom domains a plan may use (the default domain is in every plan without a row). */
export const planDomains = pgTable(
  "plan_domains",
  {
    planId: belongsTo(() => subscriptionPlans.id),
    domainId: belongsTo(() => domains.id),
  },
  (t) => [primaryKey({ columns: [t.planId, t.domainId] })],
);

/**
 * A user's paid (or granted) subscription. A user without a current one (active or canceled) is on
 * the free plan. At most one current subscription per user, held by the unique index. A downgrade
 * paid during a period waits in scheduled_plan_id until expires_at, then runs to scheduled_until.
 */
export const userSubscriptions = pgTable(
  "user_subscriptions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: belongsTo(() => users.id),
    planId: pointsTo(() => subscriptionPlans.id),
    status: text().$type<SubscriptionStatus>().notNull(),
    intervalType: text().$type<IntervalType>().notNull().default("monthly"),
    startsAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Null: no end (granted by the administrator). */
    expiresAt: timestamp({ withTimezone: true }),
    canceledAt: timestamp({ withTimezone: true }),
    scheduledPlanId: integer().references(() => subscriptionPlans.id),
    scheduledIntervalType: text().$type<IntervalType>(),
    scheduledUntil: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("user_subscriptions_one_current")
      .on(t.userId)
      .where(sql`${t.status} in ('active', 'canceled')`),
    index("user_subscriptions_expiry_idx").on(t.status, t.expiresAt),
  ],
);

/**
 * One payment for one period of a plan. Created pending before the checkout; the provider's payment
 * id is unique, so a payment is never applied twice. amount_cents is what the customer pays.
 */
export const transactions = pgTable(
  "transactions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /**
     * Null once the user deleted their account: the payment stays, anonymised, for as long as tax
     * law requires (five years, CTN art. 173), but no longer points at a person.
     */
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    planId: pointsTo(() => subscriptionPlans.id),
    /** The plan's name when it was bought (a plan may be renamed later). */
    planName: text().notNull(),
    transactionType: text().$type<TransactionType>().notNull(),
    intervalType: text().$type<IntervalType>().notNull().default("monthly"),
    status: text().$type<TransactionStatus>().notNull().default("pending"),
    amountCents: integer().notNull(),
    /** Credit for the unused days of the plan being upgraded from, already taken off amount_cents. */
    creditCents: integer().notNull().default(0),
    /** The subscription the credit came from: the credit counts only while it is still current. */
    creditSubscriptionId: integer(),
    /** The plan's list price for the interval at checkout: what one full period is worth. */
    listPriceCents: integer(),
    provider: text().$type<"mercadopago" | "dev">().notNull(),
    /** Checkout Pro preference id (or the dev checkout's id). */
    providerCheckoutId: text(),
    providerPaymentId: text(),
    /** The provider's own status and detail (in_process, cc_rejected_insufficient_amount, ...). */
    providerStatus: text(),
    providerStatusDetail: text(),
    paymentMethod: text(),
    paymentDetails: jsonb().$type<PaymentDetails>().notNull().default({}),
    subscriptionStart: timestamp({ withTimezone: true }),
    subscriptionEnd: timestamp({ withTimezone: true }),
    refundId: text(),
    refundedCents: integer(),
    refundReason: text(),
    approvedAt: timestamp({ withTimezone: true }),
    /**
     * When we closed this checkout, unpaid: it expired, or a plan change voided it. No payment of
     * it is applied after that; one approved anyway is refunded.
     */
    closedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("transactions_provider_payment_key")
      .on(t.provider, t.providerPaymentId)
      .where(sql`${t.providerPaymentId} is not null`),
    index("transactions_user_idx").on(t.userId, t.createdAt),
    index("transactions_created_idx").on(t.createdAt),
  ],
);

/** Every state change of a subscription or transaction, with its time and cause (audit log). */
export const billingEvents = pgTable(
  "billing_events",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    transactionId: integer().references(() => transactions.id, { onDelete: "cascade" }),
    subscriptionId: integer().references(() => userSubscriptions.id, { onDelete: "cascade" }),
    /** e.g. transaction.approved, subscription.activated, subscription.expired. */
    kind: text().notNull(),
    /** Who or what caused it: webhook, dev-checkout, return, user, admin:{id}, job. */
    cause: text().notNull(),
    detail: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("billing_events_transaction_idx").on(t.transactionId)],
);

/**
 * Leases of the scheduled jobs: a job runs where it took the lease, once across the fleet, without
 * holding a transaction open (PGlite has one connection: a long transaction would stall requests).
 */
export const jobLeases = pgTable("job_leases", {
  name: text().primaryKey(),
  lockedUntil: timestamp({ withTimezone: true }).notNull(),
  holder: text().notNull(),
});
