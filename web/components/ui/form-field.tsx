import { type ReactNode, useId } from "react";

/** What FormField gives its control: the ids that tie it to its label and message, and its border. */
export type FormControl = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  /** The border and focus ring: red while there is an error. */
  border: string;
};

/**
 * A form control's frame (TextField, SelectField, TextAreaField): the label above it, with something
 * beside it if need be (a counter), and the hint, warning or error under it, tied to it for screen
 * readers.
 */
export function FormField({
  label,
  hint,
  warning,
  error,
  labelAside,
  className = "",
  children,
}: {
  label: string;
  /** Shown under the control while there is no error. */
  hint?: string;
  /** Shown in amber instead of the hint while there is no error: allowed, but think twice. */
  warning?: string;
  error?: string;
  labelAside?: ReactNode;
  className?: string;
  children: (control: FormControl) => ReactNode;
}) {
  const id = useId();
  const note = warning ?? hint;
  const message = error ? { id: `${id}-error`, text: error } : note ? { id: `${id}-hint`, text: note } : null;
  return (
    <div className={className}>
      <div className="mb-1.5 flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-gray-700">
          {label}
        </label>
        {labelAside}
      </div>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": message?.id,
        border: error
          ? "border-red-400 focus:border-red-500 focus:ring-red-100"
          : "border-gray-300 focus:border-brand-500 focus:ring-brand-100",
      })}
      {message && (
        <p
          id={message.id}
          className={`mt-1.5 text-sm ${error ? "text-red-600" : warning ? "text-amber-700" : "text-gray-500"}`}
        >
          {message.text}
        </p>
      )}
    </div>
  );
}
