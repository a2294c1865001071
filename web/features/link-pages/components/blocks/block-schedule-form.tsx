import { BLOCK_MESSAGES, blockUpdateBodySchema } from "@common/contract/link-blocks";
import { Button } from "@web/components/ui/button";
import { TextField } from "@web/components/ui/text-field";
import { errorMessage } from "@web/lib/api-client";
import { serverFieldErrors } from "@web/lib/form-errors";
import { useContractForm } from "@web/lib/use-contract-form";
import { isoToZonedInput, zonedInputToIso } from "@web/lib/zoned-time";
import type { KeyboardEvent } from "react";
import { toast } from "sonner";

export type BlockWindow = { starts_at: string | null; ends_at: string | null };

const toBody = (values: { starts_at: string; ends_at: string }) => ({
  starts_at: zonedInputToIso(values.starts_at),
  ends_at: zonedInputToIso(values.ends_at),
});

/**
 * When a block shows: from and until a date and time on Brasília's clock (the page owner's zone),
 * whatever the browser's zone; an empty field leaves that side open. Sent as ISO 8601 with offset.
 */
export function BlockScheduleForm({
  name,
  schedule,
  onSave,
  onCancel,
}: {
  /** The block's name, for the group's label. */
  name: string;
  schedule: BlockWindow;
  onSave: (schedule: BlockWindow) => Promise<unknown>;
  onCancel: () => void;
}) {
  const form = useContractForm({
    schema: blockUpdateBodySchema,
    initialValues: {
      starts_at: isoToZonedInput(schedule.starts_at),
      ends_at: isoToZonedInput(schedule.ends_at),
    },
    toBody,
    onSubmit: (_parsed, values) => onSave(toBody(values)),
    describeError: (error) => {
      const paths = Object.keys(serverFieldErrors(error));
      const shown = paths.length > 0 && paths.every((path) => path === "starts_at" || path === "ends_at");
      return shown ? "" : errorMessage(error, BLOCK_MESSAGES.saveFailed);
    },
  });
  const scheduled = schedule.starts_at !== null || schedule.ends_at !== null;
  const onKeyDown = (event: KeyboardEvent<HTMLFieldSetElement>) => {
    if (event.key !== "Enter" || (event.target as HTMLElement).tagName !== "INPUT") return;
    // Inside the page editor's form: Enter saves the schedule, not the page.
    event.preventDefault();
    void form.handleSubmit();
  };
  return (
    <fieldset aria-label={`Agendar ${name}`} onKeyDown={onKeyDown} className="min-w-0 space-y-4">
      <p className="text-sm text-gray-600">
        O bloco aparece na página só entre estas datas. Deixe um campo em branco para não limitar.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Mostrar a partir de"
          type="datetime-local"
          hint="Horário de Brasília"
          {...form.field("starts_at")}
        />
        <TextField
          label="Mostrar até"
          type="datetime-local"
          hint="Horário de Brasília"
          {...form.field("ends_at")}
        />
      </div>
      {form.formError && (
        <p role="alert" className="text-sm text-red-600">
          {form.formError}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void form.handleSubmit()} loading={form.busy} className="min-h-11">
          {form.busy ? "Salvando..." : "Salvar agendamento"}
        </Button>
        {scheduled && (
          <Button
            variant="secondary"
            disabled={form.busy}
            className="min-h-11"
            onClick={() => {
              onSave({ starts_at: null, ends_at: null }).catch((error) =>
                toast.error(errorMessage(error, BLOCK_MESSAGES.saveFailed)),
              );
            }}
          >
            Remover agendamento
          </Button>
        )}
        <Button variant="ghost" onClick={onCancel} disabled={form.busy} className="min-h-11">
          Cancelar
        </Button>
      </div>
    </fieldset>
  );
}
