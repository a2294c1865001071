import { BLOCK_DATA_SCHEMAS, BLOCK_MESSAGES, type BlockType } from "@common/contract/link-blocks";
import { ApiError, errorMessage } from "@web/lib/api-client";
import { serverFieldErrors } from "@web/lib/form-errors";
import { useContractForm } from "@web/lib/use-contract-form";
import { useState } from "react";

export type BlockFormProps<D> = {
  /** The saved data to edit, or null for a new block. */
  data: D | null;
  /** The form's accessible name ("Editar Link “Instagram”", "Novo bloco: Pix"). */
  label: string;
  submitLabel: string;
  /** Sends the block's data (as the form makes it; the server parses it again). */
  onSave: (data: unknown) => Promise<unknown>;
  onCancel: () => void;
};

/**
 * A block form checked by its type's data schema, the one the server checks it with. The server
 * keys its field errors by the body's paths ("data.title", "data.items.0.url"); they are put on the
 * form's fields ("title", "items.0.url").
 */
export function useBlockForm<V extends object>({
  type,
  initialValues,
  toData = (values) => values,
  onSave,
}: {
  type: BlockType;
  initialValues: V | (() => V);
  /** The block's data from the form's values; absent: the values are the data. */
  toData?: (values: V) => unknown;
  onSave: (data: unknown) => Promise<unknown>;
}) {
  const [fields] = useState(
    () => new Set(Object.keys(typeof initialValues === "function" ? initialValues() : initialValues)),
  );
  return useContractForm({
    schema: BLOCK_DATA_SCHEMAS[type],
    initialValues,
    toBody: toData,
    onSubmit: async (_parsed, values) => {
      try {
        await onSave(toData(values));
      } catch (error) {
        throw onDataFields(error);
      }
    },
    // A message already under its field is not said again above the buttons.
    describeError: (error) => {
      const paths = Object.keys(serverFieldErrors(error));
      const shown = paths.length > 0 && paths.every((path) => fields.has(path.split(".")[0]!));
      return shown ? "" : errorMessage(error, BLOCK_MESSAGES.saveFailed);
    },
  });
}

/** The server's refusal with its "data." paths made the form's own. */
function onDataFields(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const details = serverFieldErrors(error);
  const paths = Object.keys(details);
  if (paths.length === 0) return error;
  const mapped = Object.fromEntries(paths.map((path) => [path.replace(/^data\./, ""), details[path]]));
  return new ApiError(error.status, error.message, { ...error.body, details: mapped });
}
