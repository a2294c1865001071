import { type ReactNode, useId } from "react";

/** A checkbox with its label (and an optional line under it), the whole row clickable. */
export function CheckboxField({
  label,
  hint,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  hint?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  // An id, so that the browser's autofill can tell the form's fields apart.
  const id = useId();
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-lg p-2 hover:bg-gray-50 has-disabled:cursor-not-allowed has-disabled:opacity-60">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 h-4 w-4 shrink-0 rounded border-gray-300 accent-brand-600"
      />
      <span className="min-w-0">
        <span className="block text-sm font-medium text-gray-900">{label}</span>
        {hint && <span className="block text-xs text-gray-500">{hint}</span>}
      </span>
    </label>
  );
}
