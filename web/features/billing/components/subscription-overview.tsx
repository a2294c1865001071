import { BILLING_MESSAGES, PRICING_PATH, paymentReturnQuerySchema } from "@common/contract/billing";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { PageHeader } from "@web/components/ui/page-header";
import { Spinner } from "@web/components/ui/spinner";
import { errorMessage } from "@web/lib/api-client";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { billingKeys, userSubscriptionQuery } from "../api/billing";
import { CurrentPlanCard } from "./current-plan-card";
import { type Notice, NoticeBanner } from "./notice-banner";
import { PaymentHistory } from "./payment-history";
import { UsageMeters } from "./usage-meters";

const RETURN_NOTICES: Record<"approved" | "pending" | "rejected", Notice> = {
  approved: { tone: "success", message: BILLING_MESSAGES.returnApproved },
  pending: { tone: "info", message: BILLING_MESSAGES.returnPending },
  rejected: { tone: "error", message: BILLING_MESSAGES.returnRejected },
};

/** After an approved payment, how often and how many times to look for the webhook's activation. */
const CONFIRM_POLL_MS = 3000;
const CONFIRM_POLLS = 20;

/**
 * The way back from the payment page (spec 4): `?payment_status=&payment_id=` shows its message once,
 * reloads the billing data and leaves the address, so a reload does not repeat it.
 */
function usePaymentReturn() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const parsed = paymentReturnQuerySchema.shape.payment_status.safeParse(
    params.get("payment_status") ?? undefined,
  );
  const status = parsed.success ? parsed.data : undefined;
  const [returned] = useState(status);

  useEffect(() => {
    if (!status) return;
    void queryClient.invalidateQueries({ queryKey: billingKeys.all });
    setParams({}, { replace: true });
  }, [status, queryClient, setParams]);

  return returned;
}

/** /subscription: the current plan, its usage and the payment history. */
export function SubscriptionOverview() {
  const returned = usePaymentReturn();
  const [notice, setNotice] = useState<Notice | null>(returned ? RETURN_NOTICES[returned] : null);
  const queryClient = useQueryClient();
  // An approved payment may reach us (webhook) a moment after the user is back: look again for a while.
  const subscription = useQuery({
    ...userSubscriptionQuery,
    refetchInterval: (query) =>
      returned === "approved" &&
      query.state.data?.pending_transaction_id != null &&
      query.state.dataUpdateCount < CONFIRM_POLLS
        ? CONFIRM_POLL_MS
        : false,
  });

  // Once the waiting payment is settled, the limits and the history change too.
  const pendingId = subscription.data?.pending_transaction_id ?? null;
  const lastPendingId = useRef(pendingId);
  useEffect(() => {
    if (lastPendingId.current != null && pendingId == null) {
      void queryClient.invalidateQueries({ queryKey: billingKeys.limits() });
      void queryClient.invalidateQueries({ queryKey: billingKeys.paymentHistory() });
    }
    lastPendingId.current = pendingId;
  }, [pendingId, queryClient]);

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
        <div className="rounded-xl border border-red-200 bg-red-50 p-6 text-center">
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(subscription.error, "Não foi possível carregar sua assinatura.")}
          </p>
          <button
            type="button"
            onClick={() => void subscription.refetch()}
            className="mt-3 rounded-lg border border-red-200 bg-white px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-100"
          >
            Tentar novamente
          </button>
        </div>
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
