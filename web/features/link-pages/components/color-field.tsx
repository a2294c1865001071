import { useEffect, useId, useState } from "react";

const HEX = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
export const HEX_COLOR_ERROR = "Use uma cor no formato hexadecimal, como #3b82f6";

/** #abc -> #aabbcc: the colour input only takes the long form. */
function longHex(hex: string): string {
  return hex.length === 4 ? `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}` : hex;
}

/**
 * A colour picker plus its hex text. Only valid colours reach onChange, so a half-typed hex never
 * lands in a saved style; the text shows the error until it is fixed.
 */
export function ColorField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (hex: string) => void;
  error?: string;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText((current) => (current.toLowerCase() === value ? current : value)), [value]);
  const invalid = !HEX.test(text);
  const message = invalid ? HEX_COLOR_ERROR : error;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-700">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label} (seletor)`}
          value={longHex(HEX.test(value) ? value : "#000000")}
          onChange={(event) => {
            setText(event.target.value);
            onChange(event.target.value.toLowerCase());
          }}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-gray-300 bg-white p-1"
        />
        <input
          id={id}
          type="text"
          value={text}
          maxLength={7}
          spellCheck={false}
          aria-invalid={Boolean(message)}
          onChange={(event) => {
            const next = event.target.value.trim();
            setText(next);
            if (HEX.test(next)) onChange(next.toLowerCase());
          }}
          className={`w-full min-w-0 rounded-lg border px-3 py-2 font-mono text-sm uppercase shadow-sm focus:outline-none focus:ring-2 ${
            message
              ? "border-red-400 focus:ring-red-100"
              : "border-gray-300 focus:border-brand-500 focus:ring-brand-100"
          }`}
        />
      </div>
      {message && <p className="mt-1 text-xs text-red-600">{message}</p>}
    </div>
  );
}
