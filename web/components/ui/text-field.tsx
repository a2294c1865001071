import type { InputHTMLAttributes, ReactNode } from "react";
import { FormField } from "./form-field";

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
  return (
    <FormField
      label={label}
      hint={hint}
      warning={warning}
      error={error}
      labelAside={labelAside}
      className={className}
    >
      {({ border, ...control }) => (
        <div className="relative">
          <input
            {...control}
            className={`block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-gray-900 shadow-xs transition placeholder:text-gray-500 focus:outline-none focus:ring-4 sm:text-sm ${
              trailing ? "pr-11" : ""
            } ${border}`}
            {...props}
          />
          {trailing && <div className="absolute inset-y-0 right-0 flex items-center pr-1.5">{trailing}</div>}
        </div>
      )}
    </FormField>
  );
}

/** A TextField for an e-mail address: the phone's e-mail keyboard and the browser's autofill. */
export function EmailField(props: Omit<TextFieldProps, "type">) {
  return <TextField type="email" autoComplete="email" inputMode="email" {...props} />;
}
