import type { ReactNode, TextareaHTMLAttributes } from "react";
import { FormField } from "./form-field";

type Props = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> & {
  label: string;
  /** Shown under the text area while there is no error. */
  hint?: string;
  error?: string;
  /** Something beside the label, such as a character counter. */
  labelAside?: ReactNode;
};

/** A form's labelled text area (TextField's sibling): its hint and error are tied to it for screen readers. */
export function TextAreaField({ label, hint, error, labelAside, className, ...props }: Props) {
  return (
    <FormField label={label} hint={hint} error={error} labelAside={labelAside} className={className}>
      {({ border, ...control }) => (
        <textarea
          {...control}
          className={`block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-gray-900 shadow-xs placeholder:text-gray-500 focus:ring-4 focus:outline-none sm:text-sm ${border}`}
          {...props}
        />
      )}
    </FormField>
  );
}
