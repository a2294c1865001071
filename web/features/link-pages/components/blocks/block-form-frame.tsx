import { Button } from "@web/components/ui/button";
import { isPlanLimitError, PlanLimitNotice } from "@web/components/ui/plan-limit-notice";
import type { KeyboardEvent, ReactNode } from "react";

/**
 * A block form's frame: its fields, the server's error that belongs to no field (the plan's link
 * limit, a network failure), and save/cancel. A fieldset, not a <form>: it sits inside the page
 * editor's form, so Enter in a one-line field saves the block instead of the page.
 */
export function BlockFormFrame({
  label,
  form,
  submitLabel,
  onCancel,
  children,
}: {
  /** The group's accessible name: "Editar Link “Instagram”", "Novo bloco: Pix". */
  label: string;
  form: { busy: boolean; formError: string; submitError: unknown; handleSubmit: () => Promise<void> };
  submitLabel: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLFieldSetElement>) => {
    const target = event.target as HTMLElement;
    if (event.key !== "Enter" || target.tagName !== "INPUT") return;
    const type = (target as HTMLInputElement).type;
    if (type === "checkbox" || type === "file") return;
    event.preventDefault();
    void form.handleSubmit();
  };
  return (
    <fieldset aria-label={label} onKeyDown={onKeyDown} className="min-w-0 space-y-4">
      {children}
      {isPlanLimitError(form.submitError) ? (
        <PlanLimitNotice error={form.submitError} />
      ) : (
        form.formError && (
          <p role="alert" className="text-sm text-red-600">
            {form.formError}
          </p>
        )
      )}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void form.handleSubmit()} loading={form.busy} className="min-h-11">
          {form.busy ? "Salvando..." : submitLabel}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={form.busy} className="min-h-11">
          Cancelar
        </Button>
      </div>
    </fieldset>
  );
}
