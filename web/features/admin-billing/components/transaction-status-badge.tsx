import { TRANSACTION_STATUS_LABELS, type TransactionStatus } from "@common/contract/billing";

const TONES: Record<TransactionStatus, string> = {
  approved: "bg-green-50 text-green-700 ring-green-600/20",
  pending: "bg-amber-50 text-amber-700 ring-amber-600/20",
  rejected: "bg-red-50 text-red-700 ring-red-600/20",
  cancelled: "bg-gray-100 text-gray-700 ring-gray-500/20",
  refunded: "bg-violet-50 text-violet-700 ring-violet-600/20",
  expired: "bg-gray-100 text-gray-600 ring-gray-500/20",
};

export function TransactionStatusBadge({ status }: { status: TransactionStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${TONES[status] ?? TONES.cancelled}`}
    >
      {TRANSACTION_STATUS_LABELS[status] ?? status}
    </span>
  );
}
