import { errorMessage } from "@web/lib/api-client";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { EmptyState } from "./empty-state";

/** The one loading placeholder of the panel's lists: a few grey bars, announced to screen readers. */
export function ListLoading({ label }: { label: string }) {
  return (
    <div className="space-y-3 p-5" role="status">
      <span className="sr-only">{label}</span>
      {[0, 1, 2].map((n) => (
        <div key={n} className="h-10 animate-pulse rounded bg-gray-100" />
      ))}
    </div>
  );
}

/** A list of two-line rows (a title and its detail) while it loads, named by `label`. */
export function RowsLoading({ label, rowClassName = "px-5 py-4" }: { label: string; rowClassName?: string }) {
  return (
    <ul className="divide-y divide-gray-100" aria-label={label}>
      {[0, 1, 2].map((n) => (
        <li key={n} className={`space-y-2 ${rowClassName}`}>
          <div className="h-4 w-1/3 animate-pulse rounded bg-gray-200" />
          <div className="h-3 w-1/2 animate-pulse rounded bg-gray-100" />
        </li>
      ))}
    </ul>
  );
}

/**
 * A list that failed to load: the reason and a retry; `boxed`, in a red box of its own, where the
 * whole screen's data failed.
 */
export function ListError({
  message,
  onRetry,
  boxed = false,
  className = "",
}: {
  message: string;
  onRetry: () => void;
  boxed?: boolean;
  className?: string;
}) {
  return (
    <div
      className={`text-center ${boxed ? "rounded-xl border border-red-200 bg-red-50 p-6" : "p-8"} ${className}`}
    >
      <p role="alert" className={`text-sm ${boxed ? "text-red-700" : "text-red-600"}`}>
        {message}
      </p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-3 rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium text-gray-700 hover:bg-gray-50"
      >
        Tentar novamente
      </button>
    </div>
  );
}

/** Nothing to list (or nothing matches the filters). */
export function ListEmpty({ icon, text }: { icon: LucideIcon; text: string }) {
  return <EmptyState icon={icon} text={text} />;
}

type ListQuery = { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };

/**
 * A paged list's states in one place: loading, failed with a retry (a failed refetch keeps the rows
 * already shown), empty, or the rows themselves (children).
 */
export function ListStates({
  query,
  pending = query.isPending,
  isEmpty,
  loadingLabel,
  errorFallback,
  empty,
  children,
}: {
  query: ListQuery;
  /** Shows the placeholder; the query's isPending unless the screen knows better. */
  pending?: boolean;
  isEmpty: boolean;
  loadingLabel: string;
  /** Shown when the server gives no message of its own (connection error, 5xx). */
  errorFallback: string;
  empty: ReactNode;
  children: ReactNode;
}) {
  if (pending) return <ListLoading label={loadingLabel} />;
  if (query.isError && isEmpty) {
    return (
      <ListError message={errorMessage(query.error, errorFallback)} onRetry={() => void query.refetch()} />
    );
  }
  if (isEmpty) return <>{empty}</>;
  return <>{children}</>;
}
