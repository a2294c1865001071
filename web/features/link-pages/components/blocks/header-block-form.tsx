import { BLOCK_LIMITS, type BlockData } from "@common/contract/link-blocks";
import { TextField } from "@web/components/ui/text-field";
import { BlockFormFrame } from "./block-form-frame";
import { type BlockFormProps, useBlockForm } from "./use-block-form";

export function HeaderBlockForm({
  data,
  label,
  submitLabel,
  onSave,
  onCancel,
}: BlockFormProps<BlockData<"header">>) {
  const form = useBlockForm({
    type: "header",
    initialValues: { text: data?.text ?? "" },
    onSave,
  });
  return (
    <BlockFormFrame label={label} form={form} submitLabel={submitLabel} onCancel={onCancel}>
      <TextField
        label="Texto do título"
        maxLength={BLOCK_LIMITS.headerText}
        placeholder="Ex.: Meus cursos"
        {...form.field("text")}
      />
    </BlockFormFrame>
  );
}
