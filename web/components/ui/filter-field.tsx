import type { LucideIcon } from "lucide-react";
import type { InputHTMLAttributes } from "react";

/** The input of a list's toolbar (search, filters, dates): smaller than a form's, 16 px on a phone. */
const filterInputClass =
  "block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-base focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none sm:text-sm";

/** A toolbar control's label: a small one above it, or, with `hideLabel`, one for screen readers only. */
function Caption({ label, hideLabel = false }: { label: string; hideLabel?: boolean }) {
  return (
    <span className={hideLabel ? "sr-only" : "mb-1 block text-xs font-medium text-gray-600"}>{label}</span>
  );
}

type Labelled = {
  label: string;
  hideLabel?: boolean;
  /** The label's classes: the control's place in the toolbar. */
  className?: string;
};

export type FilterInputProps = Labelled &
  Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "className"> & {
    value: string;
    onChange: (value: string) => void;
    /** An icon inside the input's left edge (a search's magnifier). */
    icon?: LucideIcon;
    inputClassName?: string;
  };

/** A list's filter typed in (text, IP, date), with its label. */
export function FilterInput({
  label,
  hideLabel,
  className = "",
  value,
  onChange,
  icon: Icon,
  inputClassName = "",
  ...input
}: FilterInputProps) {
  return (
    <label className={`block min-w-0 ${className}`}>
      <Caption label={label} hideLabel={hideLabel} />
      <span className="relative block">
        {Icon && (
          <Icon
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-gray-400"
            aria-hidden
          />
        )}
        <input
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={`${filterInputClass} ${Icon ? "pl-9" : ""} ${inputClassName}`}
          {...input}
        />
      </span>
    </label>
  );
}

/** The options of a select from a list of values and their labels. */
export const optionsOf = <V extends string>(values: readonly V[], labels: Record<V, string>) =>
  values.map((value): [V, string] => [value, labels[value]]);

/**
 * A list's filter chosen from a few: a labelled select. `all` labels the first option, the empty
 * value that filters nothing ('Todos').
 */
export function FilterSelect<V extends string>({
  label,
  hideLabel,
  className = "",
  name,
  value,
  onChange,
  all,
  options,
  selectClassName = "",
}: Labelled & {
  name?: string;
  value: V;
  onChange: (value: V) => void;
  all?: string;
  options: readonly (readonly [V, string])[];
  selectClassName?: string;
}) {
  return (
    <label className={`block min-w-0 ${className}`}>
      <Caption label={label} hideLabel={hideLabel} />
      <select
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value as V)}
        className={`${filterInputClass} ${selectClassName}`}
      >
        {all !== undefined && <option value="">{all}</option>}
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </label>
  );
}
