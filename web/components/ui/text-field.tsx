import { type InputHTMLAttributes, type ReactNode, useId } from "react";

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & {
  label: string;
  /** Shown under the input while there is no error. */
  hint?: string;
  /** Shown under the input, in amber, instead of the hint while there is no error: allowed, but think twice. */
  warning?: string;
  error?: string;
  /** Something beside the label, such as a "forgot password" link. */
  labelAside?: ReactNode;
  /** Something inside the input's right edge, such as a show-password button. */
  trailing?: ReactNode;
};

/** A labelled input whose hint and error are tied to it for screen readers. */
export function TextField({
  label,
  hint,
  warning,
  error,
  labelAside,
  trailing,
  className = "",
  ...props
}: TextFieldProps) {
  const id = useId();
  const note = warning ?? hint;
  const describedBy = error ? `${id}-error` : note ? `${id}-hint` : undefined;
  return (
    <div className={className}>
      <div className="mb-1.5 flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-gray-700">
          {label}
        </label>
        {labelAside}
      </div>
      <div className="relative">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-gray-900 shadow-xs transition placeholder:text-gray-500 focus:outline-none focus:ring-4 sm:text-sm ${
            trailing ? "pr-11" : ""
          } ${
            error
              ? "border-red-400 focus:border-red-500 focus:ring-red-100"
              : "border-gray-300 focus:border-brand-500 focus:ring-brand-100"
          }`}
          {...props}
        />
        {trailing && <div className="absolute inset-y-0 right-0 flex items-center pr-1.5">{trailing}</div>}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      ) : (
        note && (
          <p id={`${id}-hint`} className={`mt-1.5 text-sm ${warning ? "text-amber-700" : "text-gray-500"}`}>
            {note}
          </p>
        )
      )}
    </div>
  );
}

/** A TextField for an e-mail address: the phone's e-mail keyboard and the browser's autofill. */
export function EmailField(props: Omit<TextFieldProps, "type">) {
  return <TextField type="email" autoComplete="email" inputMode="email" {...props} />;
}
