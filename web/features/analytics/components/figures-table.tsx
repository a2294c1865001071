import type { ReactNode } from "react";

export type FiguresColumn = {
  header: string;
  /** A literal Tailwind width, so the label column keeps the rest (and truncates) on a phone. */
  width: "w-16" | "w-24";
};

export type FiguresRow = {
  key: string;
  label: ReactNode;
  /** The label as text, shown in full on hover when it is truncated. */
  title?: string;
  /** One cell per column, already formatted. */
  figures: string[];
  /** What the row's bar measures against the largest row (views for a page, else clicks). */
  measure: number;
};

/**
 * A small table of figures per row (views and clicks per country, clicks and CTR per block), in the
 * order given, with a bar under each label. Fixed layout: long labels truncate instead of
 * pushing the table wider than a phone.
 */
export function FiguresTable({
  labelHeader,
  columns,
  rows,
  empty,
}: {
  labelHeader: string;
  columns: FiguresColumn[];
  rows: FiguresRow[];
  empty: string;
}) {
  if (rows.length === 0) return <p className="py-8 text-center text-sm text-gray-500">{empty}</p>;
  const max = Math.max(...rows.map((row) => row.measure)) || 1;
  return (
    <table className="w-full table-fixed text-sm">
      <thead>
        <tr className="text-xs text-gray-500">
          <th scope="col" className="pb-2 text-left font-medium">
            {labelHeader}
          </th>
          {columns.map((column) => (
            <th key={column.header} scope="col" className={`${column.width} pb-2 text-right font-medium`}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-t border-gray-100">
            <th scope="row" className="py-2 pr-3 text-left font-normal text-gray-800">
              <span className="block truncate" title={row.title}>
                {row.label}
              </span>
              <span className="mt-1.5 block h-1.5 overflow-hidden rounded-full bg-gray-100" aria-hidden>
                <span
                  className="block h-full rounded-full bg-brand-500"
                  style={{ width: `${(row.measure / max) * 100}%` }}
                />
              </span>
            </th>
            {row.figures.map((figure, i) => (
              <td
                key={columns[i]?.header ?? i}
                className={`py-2 text-right align-top tabular-nums ${i === 0 ? "font-semibold text-gray-900" : "text-gray-600"}`}
              >
                {figure}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
