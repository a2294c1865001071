import { BLOCK_LIMITS, type BlockData } from "@common/contract/link-blocks";
import { TextAreaField } from "@web/components/ui/text-area-field";
import { BlockFormFrame } from "./block-form-frame";
import { type BlockFormProps, useBlockForm } from "./use-block-form";

/** Plain text: the page keeps its line breaks and turns nothing into a link. */
export function TextBlockForm({
  data,
  label,
  submitLabel,
  onSave,
  onCancel,
}: BlockFormProps<BlockData<"text">>) {
  const form = useBlockForm({
    type: "text",
    initialValues: { text: data?.text ?? "" },
    onSave,
  });
  return (
    <BlockFormFrame label={label} form={form} submitLabel={submitLabel} onCancel={onCancel}>
      <TextAreaField
        label="Texto"
        rows={5}
        maxLength={BLOCK_LIMITS.text}
        hint="As quebras de linha aparecem na página."
        labelAside={
          <span className="text-xs text-gray-500">
            {form.values.text.length}/{BLOCK_LIMITS.text}
          </span>
        }
        {...form.field("text")}
      />
    </BlockFormFrame>
  );
}
