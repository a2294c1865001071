import { useId } from "react";

/** A labelled input or textarea with its error underneath. */
export function TextField({
  label,
  value,
  onChange,
  error,
  required,
  multiline,
  prefix,
  placeholder,
  maxLength,
  hint,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  multiline?: boolean;
  prefix?: string;
  placeholder?: string;
  maxLength?: number;
  hint?: string;
}) {
  const id = useId();
  const box = `w-full px-3 py-2 text-sm focus:outline-none ${prefix ? "" : "rounded-lg border shadow-sm focus:ring-2"} ${
    prefix
      ? ""
      : error
        ? "border-red-400 focus:ring-red-100"
        : "border-gray-300 focus:border-brand-500 focus:ring-brand-100"
  }`;
  const common = {
    id,
    value,
    placeholder,
    maxLength,
    "aria-invalid": Boolean(error),
    "aria-describedby": error ? `${id}-error` : undefined,
  };
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-700">
        {label}
        {required && <span className="text-red-500"> *</span>}
      </label>
      {multiline ? (
        <textarea
          {...common}
          rows={3}
          onChange={(e) => onChange(e.target.value)}
          className={`${box} resize-y`}
        />
      ) : prefix ? (
        <div
          className={`flex overflow-hidden rounded-lg border bg-white shadow-sm focus-within:ring-2 ${
            error
              ? "border-red-400 focus-within:ring-red-100"
              : "border-gray-300 focus-within:border-brand-500 focus-within:ring-brand-100"
          }`}
        >
          <span className="flex items-center border-r border-gray-200 bg-gray-50 px-3 text-sm text-gray-500">
            {prefix}
          </span>
          <input
            {...common}
            type="text"
            onChange={(e) => onChange(e.target.value)}
            className={`${box} min-w-0`}
          />
        </div>
      ) : (
        <input {...common} type="text" onChange={(e) => onChange(e.target.value)} className={box} />
      )}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : (
        hint && <p className="mt-1 text-xs text-gray-500">{hint}</p>
      )}
    </div>
  );
}
