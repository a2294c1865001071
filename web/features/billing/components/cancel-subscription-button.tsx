import { BILLING_MESSAGES } from "@common/contract/billing";
import { formatDateBR } from "@common/time";
import { useQueryClient } from "@tanstack/react-query";
import { useConfirm } from "@web/components/ui/confirm-dialog";
import { SpinnerIcon } from "@web/components/ui/spinner";
import { userSubscriptionQuery } from "../api/billing";
import { cancelErrorMessage, useCancelSubscription } from "../api/use-cancel-subscription";
import type { Notice } from "./notice-banner";

/**
 * 'Cancelar Assinatura' after our confirmation naming the plan and until when it lasts (spec 5);
 * a refusal is shown in the confirmation, the outcome through `onResult`.
 */
export function CancelSubscriptionButton({ onResult }: { onResult: (notice: Notice) => void }) {
  const cancel = useCancelSubscription();
  const askConfirm = useConfirm();
  const queryClient = useQueryClient();
  // NOTE: the result goes through `onResult` once the dialog's promise settles, not through
  // mutate's callbacks: the cancel refetches the subscription, which unmounts this button (a
  // canceled plan offers no cancel), and mutate's callbacks never run once unmounted.
  const onClick = async () => {
    // The card this button sits in has read it; read it here without a second subscriber (which
    // would read it again on mount).
    const subscription = queryClient.getQueryData(userSubscriptionQuery.queryKey);
    const plan = subscription?.plan.name;
    const until = subscription?.expires_at ? formatDateBR(subscription.expires_at) : null;
    const canceled = await askConfirm({
      title: plan ? `Cancelar a assinatura do plano ${plan}?` : "Cancelar a sua assinatura?",
      body: (
        <>
          <p>{BILLING_MESSAGES.confirmCancel}</p>
          {until && (
            <p className="font-medium">
              Seu acesso ao plano {plan} vai até {until}.
            </p>
          )}
        </>
      ),
      confirmLabel: "Cancelar assinatura",
      cancelLabel: "Manter assinatura",
      danger: true,
      action: () => cancel.mutateAsync(),
      describeError: cancelErrorMessage,
    });
    if (canceled) onResult({ tone: "success", message: BILLING_MESSAGES.canceled });
  };
  return (
    <button
      type="button"
      onClick={() => void onClick()}
      disabled={cancel.isPending}
      aria-busy={cancel.isPending || undefined}
      className="inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold text-red-600 transition-colors hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:cursor-not-allowed disabled:opacity-60"
    >
      {cancel.isPending && <SpinnerIcon />}
      {cancel.isPending ? "Cancelando..." : "Cancelar Assinatura"}
    </button>
  );
}
