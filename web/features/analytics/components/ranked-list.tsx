import type { ReactNode } from "react";

export type RankedItem = { key: string; label: ReactNode; clicks: number };

/** A ranked list with a bar per row, sized against the first (largest) row. */
export function RankedList({
  items,
  empty,
  limit = 10,
}: {
  items: RankedItem[];
  empty: string;
  limit?: number;
}) {
  const rows = [...items].sort((a, b) => b.clicks - a.clicks).slice(0, limit);
  if (rows.length === 0) return <p className="py-8 text-center text-sm text-gray-500">{empty}</p>;
  const max = rows[0]!.clicks || 1;
  const total = items.reduce((sum, item) => sum + item.clicks, 0) || 1;
  return (
    <ol className="space-y-3">
      {rows.map((row) => (
        <li key={row.key}>
          <div className="flex items-center justify-between gap-3 text-sm">
            <span className="min-w-0 truncate text-gray-800">{row.label}</span>
            <span className="shrink-0 tabular-nums text-gray-600">
              <span className="font-semibold text-gray-900">{row.clicks.toLocaleString("pt-BR")}</span>
              <span className="ml-1.5 text-xs text-gray-500">{Math.round((row.clicks / total) * 100)}%</span>
            </span>
          </div>
          <div className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-gray-100">
            <div
              className="h-full rounded-full bg-brand-500"
              style={{ width: `${(row.clicks / max) * 100}%` }}
            />
          </div>
        </li>
      ))}
    </ol>
  );
}
