import { errorMessage } from "@web/lib/api-client";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

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

/** A list that failed to load: the reason and a retry. */
export function ListError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="p-8 text-center">
      <p role="alert" className="text-sm text-red-600">
        {message}
      </p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-3 rounded-lg border border-gray-300 px-3 py-1.5 text-sm font-medium text-gray-700 hover:bg-gray-50"
      >
        Tentar novamente
      </button>
    </div>
  );
}

/** Nothing to list (or nothing matches the filters). */
export function ListEmpty({ icon: Icon, text }: { icon: LucideIcon; text: string }) {
  return (
    <div className="flex flex-col items-center px-4 py-12 text-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-gray-100 text-gray-400">
        <Icon className="h-6 w-6" aria-hidden />
      </span>
      <p className="mt-3 text-sm text-gray-600">{text}</p>
    </div>
  );
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
