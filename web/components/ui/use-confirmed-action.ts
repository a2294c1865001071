import { errorMessage } from "@web/lib/api-client";
import { toast } from "sonner";
import { type ConfirmOptions, useConfirm } from "./confirm-dialog";

type ConfirmedAction<R> = Omit<ConfirmOptions, "action" | "describeError"> & {
  action: () => Promise<R>;
  /** Said in the dialog when the action fails and the server gives no reason of its own. */
  errorFallback: string;
  /** The toast once it is done: a text, or one made from what the action answered. */
  success: string | ((result: R) => string);
};

/**
 * An action confirmed first (a deletion, a block): the question, the action run inside the dialog
 * (a failure is said there, to try again or cancel), then a toast. The returned function resolves
 * true once done, false when the user backs out.
 */
export function useConfirmedAction() {
  const askConfirm = useConfirm();
  return async <R>({ action, errorFallback, success, ...question }: ConfirmedAction<R>) => {
    let result: R | undefined;
    const done = await askConfirm({
      ...question,
      action: async () => {
        result = await action();
      },
      describeError: (error) => errorMessage(error, errorFallback),
    });
    if (done) toast.success(typeof success === "function" ? success(result as R) : success);
    return done;
  };
}
