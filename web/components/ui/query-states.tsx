import { errorMessage } from "@web/lib/api-client";
import type { ReactNode } from "react";
import { ListError, ListLoading } from "./list-states";

type Read<T> = {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
};

/**
 * One read's states (a record, a form's stored values, a short list): the placeholder while it
 * loads, the reason and a retry if it failed, else what it read. A paged list has ListStates.
 */
export function QueryStates<T>({
  query,
  loadingLabel,
  errorFallback,
  children,
}: {
  query: Read<T>;
  loadingLabel: string;
  /** Shown when the server gives no message of its own (connection error, 5xx). */
  errorFallback: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <ListLoading label={loadingLabel} />;
  if (query.isError) {
    return (
      <ListError message={errorMessage(query.error, errorFallback)} onRetry={() => void query.refetch()} />
    );
  }
  return <>{children(query.data as T)}</>;
}
