import type { AvailableDomain } from "@common/contract/domains";
import { useId } from "react";

/** The domain a page is published on; the default domain is pre-selected by the editor. */
export function DomainSelect({
  domains,
  value,
  onChange,
  error,
}: {
  domains: AvailableDomain[];
  value: number | null;
  onChange: (id: number) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-700">
        Domínio
      </label>
      <select
        id={id}
        value={value ?? ""}
        onChange={(event) => onChange(Number(event.target.value))}
        className="w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
      >
        {domains.map((domain) => (
          <option key={domain.id} value={domain.id}>
            {domain.display_name || domain.domain}
            {domain.is_default ? " (padrão)" : ""}
            {domain.is_premium ? " ★" : ""}
          </option>
        ))}
      </select>
      {error && <p className="mt-1 text-sm text-red-600">{error}</p>}
    </div>
  );
}
