import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";

export type SortOrder = "asc" | "desc";
export type SortState<K extends string> = { sort: K; order: SortOrder };

/**
 * The sort after a click on `column`: the same column flips its order; another starts with
 * `firstOrder` (names read best A→Z, dates and counts largest first).
 */
export function nextSort<K extends string>(
  current: SortState<K>,
  column: K,
  firstOrder: SortOrder = "desc",
): SortState<K> {
  if (current.sort !== column) return { sort: column, order: firstOrder };
  return { sort: column, order: current.order === "asc" ? "desc" : "asc" };
}

type Props<K extends string> = {
  /** One sort button, or several sharing a column (e.g. name and email). */
  columns: { label: string; column: K }[];
  state: SortState<K>;
  onSort: (column: K) => void;
  className?: string;
};

/** A column header whose buttons sort the server's list; aria-sort tells which way. */
export function SortHeader<K extends string>({ columns, state, onSort, className = "" }: Props<K>) {
  const active = columns.some(({ column }) => column === state.sort);
  return (
    <th
      scope="col"
      aria-sort={active ? (state.order === "asc" ? "ascending" : "descending") : "none"}
      className={`px-4 py-3 ${className}`}
    >
      <span className="inline-flex items-center gap-3">
        {columns.map(({ label, column }) => {
          const current = column === state.sort;
          const Icon = !current ? ArrowUpDown : state.order === "asc" ? ArrowUp : ArrowDown;
          return (
            <button
              key={column}
              type="button"
              onClick={() => onSort(column)}
              className={`inline-flex items-center gap-1 font-semibold uppercase hover:text-gray-900 ${current ? "text-gray-900" : ""}`}
            >
              {label}
              <Icon className="h-3.5 w-3.5" aria-hidden />
            </button>
          );
        })}
      </span>
    </th>
  );
}
