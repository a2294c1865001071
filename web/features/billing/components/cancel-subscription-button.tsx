import { BILLING_MESSAGES } from "@common/contract/billing";
import { SpinnerIcon } from "@web/components/ui/spinner";
import { cancelErrorMessage, useCancelSubscription } from "../api/use-cancel-subscription";
import type { Notice } from "./notice-banner";

/** 'Cancelar Assinatura' after a confirm (spec 5); the outcome is reported through `onResult`. */
export function CancelSubscriptionButton({ onResult }: { onResult: (notice: Notice) => void }) {
  const cancel = useCancelSubscription();
  // NOTE: mutateAsync, not mutate's callbacks: the cancel refetches the subscription, which unmounts
  // this button (a canceled plan offers no cancel), and mutate's callbacks never run once unmounted.
  const onClick = async () => {
    if (!window.confirm(BILLING_MESSAGES.confirmCancel)) return;
    try {
      await cancel.mutateAsync();
      onResult({ tone: "success", message: BILLING_MESSAGES.canceled });
    } catch (error) {
      onResult({ tone: "error", message: cancelErrorMessage(error) });
    }
  };
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={cancel.isPending}
      aria-busy={cancel.isPending || undefined}
      className="inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold text-red-600 transition-colors hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:cursor-not-allowed disabled:opacity-60"
    >
      {cancel.isPending && <SpinnerIcon />}
      {cancel.isPending ? "Cancelando..." : "Cancelar Assinatura"}
    </button>
  );
}
