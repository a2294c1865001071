// Test-only, for the admin screens' component tests (the features admin, admin-billing, abuse,
// access-log and admin-domains, and the panel and its top bar): fixtures (factories with overrides) and a render
// with the toasts.
import type { AdminPlan, AdminUser, AuditEntry, SystemConfig } from "@common/contract/admin";
import type { SessionUser } from "@common/contract/auth";
import type {
  AdminStats,
  AdminTransaction,
  RefundPreview,
  RefundPreviewPayment,
} from "@common/contract/billing";
import type { ReactNode } from "react";
import { Toaster } from "sonner";
import { renderWithProviders } from "./web-fake-api";

/** The app's providers and router, and the toaster (successes and failures are toasts). */
export const renderAdmin = (ui: ReactNode, route = "/admin") =>
  renderWithProviders(
    <>
      {ui}
      <Toaster />
    </>,
    { route },
  );

export const member: SessionUser = {
  id: 1,
  email: "maria@exemplo.com",
  first_name: "Maria",
  last_name: "Silva",
  profile_picture_url: null,
  is_admin: false,
  email_verified: true,
  has_password: true,
  google_linked: false,
  google_user_data: { given_name: "Maria", family_name: "Silva", picture: null },
};
export const admin: SessionUser = { ...member, id: 2, email: "admin@exemplo.com", is_admin: true };

export const stats: AdminStats = {
  total_users: 12_345,
  new_users_this_month: 87,
  active_subscriptions: 321,
  cancellations_this_month: 4,
  total_revenue: 1_234_567_89,
  total_clicks: 9_876_543,
  monthly_revenue_pending: 49_90,
  monthly_revenue_paid: 19_90,
};

export const config = (over: Partial<SystemConfig> = {}): SystemConfig => ({
  maintenance_mode: false,
  registration_enabled: true,
  default_plan_id: null,
  max_free_users: 1000,
  platform_fee_percentage: 5,
  block_other_shorteners: false,
  ...over,
});

export const plan = (id: number, over: Partial<AdminPlan> = {}): AdminPlan => ({
  id,
  name: `Plano ${id}`,
  description: "",
  price_cents: 0,
  yearly_price_cents: null,
  interval_type: "monthly",
  max_link_pages: 3,
  max_shortened_urls: 50,
  max_clicks_per_month: 1000,
  max_leads_per_month: 100,
  creations_per_hour: 60,
  custom_domains: false,
  premium_domains: false,
  priority_support: false,
  analytics_retention_days: 30,
  is_active: true,
  subscribers: 0,
  domain_ids: [],
  ...over,
});

export const plans: AdminPlan[] = [
  plan(1, { name: "Gratuito", subscribers: 40 }),
  plan(2, {
    name: "Pro",
    price_cents: 19_90,
    yearly_price_cents: 191_04,
    max_link_pages: 20,
    max_shortened_urls: null,
    max_clicks_per_month: -1,
    max_leads_per_month: null,
    custom_domains: true,
    analytics_retention_days: 365,
    subscribers: 1,
  }),
  plan(3, { name: "Legado", price_cents: 9_90, is_active: false }),
];

export const adminUser = (id: number, over: Partial<AdminUser> = {}): AdminUser => ({
  id,
  email: `pessoa${id}@exemplo.com`,
  first_name: `Pessoa`,
  last_name: `${id}`,
  is_admin: false,
  is_active: true,
  created_at: "2026-03-10T15:00:00.000Z",
  google_user_data: { picture: null, given_name: "Pessoa" },
  subscription: { plan_id: 1, plan_name: "Gratuito", status: "active", expires_at: null },
  custom_limits: {
    max_link_pages: null,
    max_shortened_urls: null,
    max_clicks_per_month: null,
    max_leads_per_month: null,
  },
  link_pages_count: 2,
  shortened_urls_count: 1500,
  total_clicks: 12_000,
  ...over,
});

export const auditEntry = (id: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  actor_id: 1,
  actor_email: "admin@exemplo.com",
  action: "user.update",
  target_type: "user",
  target_id: String(id + 100),
  target_label: `pessoa${id}@exemplo.com`,
  before: { email: `pessoa${id}@exemplo.com`, is_admin: false },
  after: { email: `pessoa${id}@exemplo.com`, is_admin: true },
  created_at: "2026-11-20T15:05:00.000Z",
  ...over,
});

/** An approved Pro payment by Pix of customer `id` ('Cliente 1', cliente1@exemplo.com). */
export const adminTransaction = (id: number, over: Partial<AdminTransaction> = {}): AdminTransaction => ({
  id,
  plan_name: "Pro",
  transaction_type: "subscription",
  interval_type: "monthly",
  status: "approved",
  amount_cents: 1990,
  created_at: "2026-11-20T15:05:00.000Z",
  payment_method: "pix",
  subscription_start: "2026-11-20T15:05:00.000Z",
  subscription_end: "2026-12-20T15:05:00.000Z",
  mercadopago_payment_id: `mp-${id}`,
  provider: "mercadopago",
  user_id: id,
  user_email: `cliente${id}@exemplo.com`,
  user_name: `Cliente ${id}`,
  payment_details: "{}",
  refund_id: null,
  refunded_cents: null,
  ...over,
});

/**
 * The children of every <dl> group (the <div>s inside it): <dt> and <dd> only, as screen readers
 * and axe's definition-list rule expect. An icon or a wrapper belongs inside the term.
 */
export const definitionListChildren = (root: ParentNode = document) =>
  [...root.querySelectorAll("dl > div > *")].map((element) => element.tagName.toLowerCase());

const periodPayment = (over: Partial<RefundPreviewPayment>): RefundPreviewPayment => ({
  id: 1,
  mercadopago_payment_id: "mp-1",
  plan_name: "Pro",
  transaction_type: "subscription",
  type_label: "Nova Assinatura",
  role: "current",
  amount_cents: 1990,
  approved_at: "2026-11-20T15:05:00.000Z",
  period_start: "2026-11-20T15:05:00.000Z",
  period_end: "2026-12-20T15:05:00.000Z",
  ...over,
});

/** GET .../refund-preview of a Pro payment alone in its period: refunding it ends Pro. */
export function aloneRefundPreview(id = 1): RefundPreview {
  const payment = periodPayment({ id, mercadopago_payment_id: `mp-${id}` });
  const option = {
    transaction_ids: [id],
    amount_cents: 1990,
    unrefunded_cents: 0,
    subscription_effect: "ends" as const,
    expires_at: null,
  };
  return {
    payment,
    period_payments: [payment],
    subscription: {
      plan_name: "Pro",
      ended: false,
      expires_at: payment.period_end,
      scheduled_plan_name: null,
    },
    options: { payment: { scope: "payment", ...option }, period: { scope: "period", ...option } },
  };
}

/** Pro paid (#1), a month of Pro paid ahead (#2), then the upgrade to Business (#3, R$ 30,01) they credited. */
export function upgradeRefundPreview(): RefundPreview {
  const pro = periodPayment({ id: 1, mercadopago_payment_id: "mp-1", role: "credit" });
  const renewal = periodPayment({
    id: 2,
    mercadopago_payment_id: "mp-2",
    transaction_type: "renewal",
    type_label: "Renovação",
    role: "credit",
    approved_at: "2026-11-25T10:00:00.000Z",
    period_start: "2026-12-20T15:05:00.000Z",
    period_end: "2027-01-20T15:05:00.000Z",
  });
  const upgrade = periodPayment({
    id: 3,
    mercadopago_payment_id: "mp-3",
    plan_name: "Business",
    transaction_type: "upgrade",
    type_label: "Upgrade",
    amount_cents: 3001,
    approved_at: "2026-12-01T12:00:00.000Z",
    period_start: "2026-12-01T12:00:00.000Z",
    period_end: "2027-01-01T12:00:00.000Z",
  });
  return {
    payment: upgrade,
    period_payments: [pro, renewal, upgrade],
    subscription: {
      plan_name: "Business",
      ended: false,
      expires_at: upgrade.period_end,
      scheduled_plan_name: null,
    },
    options: {
      payment: {
        scope: "payment",
        transaction_ids: [3],
        amount_cents: 3001,
        unrefunded_cents: 3980,
        subscription_effect: "ends",
        expires_at: null,
      },
      period: {
        scope: "period",
        transaction_ids: [1, 2, 3],
        amount_cents: 6981,
        unrefunded_cents: 0,
        subscription_effect: "ends",
        expires_at: null,
      },
    },
  };
}
