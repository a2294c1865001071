import { type ReactNode, useId } from "react";

/** One titled card of the drill-down (countries, origins, blocks…); skeleton rows while loading. */
export function Breakdown({
  title,
  icon,
  loading,
  children,
}: {
  title: string;
  icon: ReactNode;
  loading: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="min-w-0 rounded-xl border border-gray-200 bg-white p-5 shadow-sm"
    >
      <h2 id={id} className="mb-4 flex items-center gap-2 text-base font-semibold text-gray-900">
        <span className="text-gray-400">{icon}</span>
        {title}
      </h2>
      {loading ? (
        <div className="space-y-3">
          {[0, 1, 2].map((n) => (
            <div key={n} className="h-6 animate-pulse rounded bg-gray-100" />
          ))}
        </div>
      ) : (
        children
      )}
    </section>
  );
}

/** The by-day chart's card; a skeleton of the chart's height while loading. */
export function TrendSection({
  title,
  loading,
  children,
}: {
  title: string;
  loading: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <h2 id={id} className="mb-4 text-base font-semibold text-gray-900">
        {title}
      </h2>
      {loading ? <div className="h-64 animate-pulse rounded-lg bg-gray-100" /> : children}
    </section>
  );
}
