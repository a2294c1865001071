import { Button } from "./button";

/**
 * A form's last row: cancel (or discard) and submit, submit on top on a phone. Both wait while the
 * form is sent (`pending`: the submit shows its spinner).
 */
export function FormActions({
  submitLabel,
  onCancel,
  cancelLabel = "Cancelar",
  pending,
  submitDisabled,
  cancelDisabled,
  divided = true,
  className = "",
}: {
  submitLabel: string;
  onCancel: () => void;
  cancelLabel?: string;
  pending: boolean;
  submitDisabled?: boolean;
  cancelDisabled?: boolean;
  /** A line above the row, between it and the fields. */
  divided?: boolean;
  className?: string;
}) {
  return (
    <div
      className={`flex flex-col-reverse gap-2 sm:flex-row sm:justify-end ${divided ? "border-t border-gray-100 pt-4" : ""} ${className}`}
    >
      <Button variant="secondary" onClick={onCancel} disabled={cancelDisabled || pending}>
        {cancelLabel}
      </Button>
      <Button type="submit" loading={pending} disabled={submitDisabled}>
        {submitLabel}
      </Button>
    </div>
  );
}
