import {
  BILLING_MESSAGES,
  PRICING_PATH,
  paymentIdParamsSchema,
  paymentReturnQuerySchema,
  type UserSubscription,
} from "@common/contract/billing";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ListError } from "@web/components/ui/list-states";
import { PageHeader } from "@web/components/ui/page-header";
import { Spinner } from "@web/components/ui/spinner";
import { errorMessage } from "@web/lib/api-client";
import { billingKeys } from "@web/lib/plans";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { userSubscriptionQuery } from "../api/billing";
import { useSyncPayment } from "../api/use-sync-payment";
import { CurrentPlanCard } from "./current-plan-card";
import { type Notice, NoticeBanner } from "./notice-banner";
import { PaymentHistory } from "./payment-history";
import { UsageMeters } from "./usage-meters";

const RETURN_NOTICES: Record<"approved" | "pending" | "rejected", Notice> = {
  approved: { tone: "success", message: BILLING_MESSAGES.returnApproved },
  pending: { tone: "info", message: BILLING_MESSAGES.returnPending },
  rejected: { tone: "error", message: BILLING_MESSAGES.returnRejected },
};

/** After an approved payment, how often and how many times to look for the paid plan. */
const CONFIRM_POLL_MS = 3000;
const CONFIRM_POLLS = 20;

/** The paid plan is in place and no payment of it is still waiting. */
const isSettledPaid = (subscription: UserSubscription | undefined) =>
  subscription?.status === "active" && !subscription.is_free && subscription.pending_transaction_id == null;

/**
 * The way back from the payment page (spec 4): `?payment_status=&payment_id=` shows its message once,
 * asks the server to read the payment now (the webhook may come later), reloads the billing data and
 * leaves the address, so a reload does not repeat it.
 */
function usePaymentReturn() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const { mutate: syncPayment } = useSyncPayment();
  const status = paymentReturnQuerySchema.shape.payment_status.safeParse(
    params.get("payment_status") ?? undefined,
  ).data;
  const paymentId = paymentIdParamsSchema.shape.paymentId.safeParse(
    params.get("payment_id") ?? undefined,
  ).data;
  const [returned] = useState(status);
  // NOTE: StrictMode runs effects twice; the sync is a POST, made once.
  const handled = useRef(false);

  useEffect(() => {
    if (!status && !paymentId) return;
    if (!handled.current) {
      handled.current = true;
      // The sync reloads the billing data when it settles, failed or not.
      if (paymentId) syncPayment(paymentId);
      else void queryClient.invalidateQueries({ queryKey: billingKeys.all });
    }
    setParams({}, { replace: true });
  }, [status, paymentId, queryClient, setParams, syncPayment]);

  return returned;
}

/** /subscription: the current plan, its usage and the payment history. */
export function SubscriptionOverview() {
  const returned = usePaymentReturn();
  const [notice, setNotice] = useState<Notice | null>(returned ? RETURN_NOTICES[returned] : null);
  const queryClient = useQueryClient();
  // An approved payment may be applied (sync or webhook) a moment after the user is back: look
  // again for a while, until the paid plan shows (once: a cancel later on this page is not waited for).
  const paidSeen = useRef(false);
  const subscription = useQuery({
    ...userSubscriptionQuery,
    refetchInterval: (query) =>
      returned === "approved" &&
      !paidSeen.current &&
      !isSettledPaid(query.state.data) &&
      query.state.dataUpdateCount < CONFIRM_POLLS
        ? CONFIRM_POLL_MS
        : false,
  });

  // Once a payment is applied or a waiting one settled, the limits and the history change too.
  // null until loaded: the first answer is not a change.
  const settled = subscription.data ? isSettledPaid(subscription.data) : null;
  const pendingId = subscription.data?.pending_transaction_id ?? null;
  const last = useRef({ settled, pendingId });
  useEffect(() => {
    const before = last.current;
    if ((settled && before.settled === false) || (before.pendingId != null && pendingId == null)) {
      // A reload already on its way (the return's) is joined, not restarted.
      const joinRunning = { cancelRefetch: false };
      void queryClient.invalidateQueries({ queryKey: billingKeys.limits() }, joinRunning);
      void queryClient.invalidateQueries({ queryKey: billingKeys.paymentHistory() }, joinRunning);
    }
    if (settled) paidSeen.current = true;
    last.current = { settled, pendingId };
  }, [settled, pendingId, queryClient]);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader
        title="Minha Assinatura"
        description="Seu plano, o uso dos limites e o histórico de pagamentos."
        actions={
          <Link
            to={PRICING_PATH}
            className="inline-flex items-center rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-gray-700 shadow-sm ring-1 ring-gray-300 ring-inset hover:bg-gray-50"
          >
            Ver todos os planos
          </Link>
        }
      />

      {notice && <NoticeBanner notice={notice} onClose={() => setNotice(null)} />}

      {subscription.isPending ? (
        <Spinner label="Carregando sua assinatura..." />
      ) : subscription.isError ? (
        <ListError
          boxed
          message={errorMessage(subscription.error, "Não foi possível carregar sua assinatura.")}
          onRetry={() => void subscription.refetch()}
        />
      ) : (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-5">
          <div className="lg:col-span-3">
            <CurrentPlanCard subscription={subscription.data} onNotice={setNotice} />
          </div>
          <div className="lg:col-span-2">
            <UsageMeters />
          </div>
        </div>
      )}

      <PaymentHistory />
    </div>
  );
}
