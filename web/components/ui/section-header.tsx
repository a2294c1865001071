import type { ReactNode } from "react";

/**
 * The title block of a panel section (an admin tab): its name, with the count of what it lists once
 * known ('Usuários (12)'), a line under it, and actions on the right.
 */
export function SectionHeader({
  title,
  count,
  description,
  actions,
}: {
  title: string;
  count?: number | string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h2 className="text-xl font-bold text-gray-900">
          {title}
          {count !== undefined && ` (${count})`}
        </h2>
        {description && <p className="mt-1 text-sm text-gray-500">{description}</p>}
      </div>
      {actions}
    </div>
  );
}
