import type { ReactNode } from "react";

/**
 * The admin lists' table: the grey header row and the rows divided by lines. It scrolls sideways
 * inside its card when it is wider than the screen (`className` sets its minimum width); or, with
 * `stackOnPhone`, each row becomes a block below md (the header row hidden), so one markup serves
 * both widths.
 */
export function DataTable({
  head,
  children,
  className = "",
  stackOnPhone = false,
}: {
  /** The header cells: ColumnHeader and SortHeader. */
  head: ReactNode;
  /** The rows. */
  children: ReactNode;
  className?: string;
  stackOnPhone?: boolean;
}) {
  const headRow = "border-b border-gray-200 bg-gray-50 text-xs text-gray-600 uppercase";
  if (stackOnPhone) {
    return (
      <table className={`block w-full text-left text-sm md:table ${className}`}>
        <thead className={`hidden md:table-header-group ${headRow}`}>
          <tr>{head}</tr>
        </thead>
        <tbody className="block divide-y divide-gray-100 md:table-row-group">{children}</tbody>
      </table>
    );
  }
  return (
    <div className="relative overflow-x-auto">
      <table className={`w-full text-left text-sm ${className}`}>
        <thead className={headRow}>
          <tr>{head}</tr>
        </thead>
        <tbody className="divide-y divide-gray-100">{children}</tbody>
      </table>
    </div>
  );
}

/**
 * A column's header cell. `padding`: the cell's sideways padding, narrower where a phone needs the
 * room (the rows' cells use the same).
 */
export function ColumnHeader({
  children,
  className = "",
  padding = "px-4",
}: {
  children: ReactNode;
  className?: string;
  padding?: string;
}) {
  return (
    <th scope="col" className={`${padding} py-3 font-semibold ${className}`}>
      {children}
    </th>
  );
}
