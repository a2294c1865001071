import type { SelectHTMLAttributes } from "react";
import { FormField } from "./form-field";

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> & {
  label: string;
  /** Shown under the select while there is no error. */
  hint?: string;
  error?: string;
};

/** A form's labelled select (TextField's sibling): its hint and error are tied to it for screen readers. */
export function SelectField({ label, hint, error, className, children, ...props }: Props) {
  return (
    <FormField label={label} hint={hint} error={error} className={className}>
      {({ border, ...control }) => (
        <select
          {...control}
          className={`block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-gray-900 focus:ring-4 focus:outline-none disabled:bg-gray-50 sm:text-sm ${border}`}
          {...props}
        >
          {children}
        </select>
      )}
    </FormField>
  );
}
