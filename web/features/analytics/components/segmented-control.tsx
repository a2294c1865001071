/** A row of mutually exclusive choices (period, range), pressed toggle buttons for assistive technology. */
export function SegmentedControl<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="inline-flex min-w-0 w-full overflow-x-auto rounded-lg border border-gray-200 bg-white p-1 shadow-sm sm:w-auto">
      <legend className="sr-only">{label}</legend>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
          className={`flex-1 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium transition-colors sm:flex-none ${
            option.value === value ? "bg-brand-600 text-white shadow-sm" : "text-gray-600 hover:bg-gray-100"
          }`}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}
