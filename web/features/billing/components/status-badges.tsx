import {
  SUBSCRIPTION_STATUS_LABELS,
  type SubscriptionStatus,
  TRANSACTION_STATUS_LABELS,
  type TransactionStatus,
} from "@common/contract/billing";

const BADGE =
  "inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset";

const SUBSCRIPTION_TONES: Record<SubscriptionStatus, string> = {
  active: "bg-green-50 text-green-700 ring-green-600/20",
  canceled: "bg-amber-50 text-amber-800 ring-amber-600/20",
  expired: "bg-gray-100 text-gray-600 ring-gray-500/20",
  pending: "bg-blue-50 text-blue-700 ring-blue-600/20",
};
const DOTS: Record<SubscriptionStatus, string> = {
  active: "bg-green-500",
  canceled: "bg-amber-500",
  expired: "bg-gray-400",
  pending: "bg-blue-500",
};

/** Ativo (green), Cancelado (amber), Expirado (grey), Pendente (blue). */
export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  return (
    <span className={`${BADGE} ${SUBSCRIPTION_TONES[status]}`}>
      <span className={`h-1.5 w-1.5 rounded-full ${DOTS[status]}`} aria-hidden />
      {SUBSCRIPTION_STATUS_LABELS[status]}
    </span>
  );
}

const TRANSACTION_TONES: Record<TransactionStatus, string> = {
  approved: "bg-green-50 text-green-700 ring-green-600/20",
  pending: "bg-blue-50 text-blue-700 ring-blue-600/20",
  rejected: "bg-red-50 text-red-700 ring-red-600/20",
  cancelled: "bg-gray-100 text-gray-600 ring-gray-500/20",
  refunded: "bg-violet-50 text-violet-700 ring-violet-600/20",
  expired: "bg-gray-100 text-gray-600 ring-gray-500/20",
};

export function TransactionStatusBadge({ status }: { status: TransactionStatus }) {
  return <span className={`${BADGE} ${TRANSACTION_TONES[status]}`}>{TRANSACTION_STATUS_LABELS[status]}</span>;
}
