import { BLOCK_LIMITS, type BlockData } from "@common/contract/link-blocks";
import { TextAreaField } from "@web/components/ui/text-area-field";
import { TextField } from "@web/components/ui/text-field";
import { BlockFormFrame } from "./block-form-frame";
import { ItemRowsFooter, itemRows, RemoveRowButton, useRowKeys } from "./item-rows";
import { type BlockFormProps, useBlockForm } from "./use-block-form";

type Item = { key: number; question: string; answer: string };

/** Questions and answers (1 to 30), opening in place on the page. */
export function FaqBlockForm({
  data,
  label,
  submitLabel,
  onSave,
  onCancel,
}: BlockFormProps<BlockData<"faq">>) {
  const keyed = useRowKeys();
  const form = useBlockForm({
    type: "faq",
    initialValues: () => ({
      items: (data?.items ?? [{ question: "", answer: "" }]).map((item): Item => keyed(item)),
    }),
    toData: (values) => ({ items: values.items.map(({ question, answer }) => ({ question, answer })) }),
    onSave,
  });
  const { items } = form.values;
  const rows = itemRows(items, (next) => form.setValue("items", next));
  const change = rows.change;

  return (
    <BlockFormFrame label={label} form={form} submitLabel={submitLabel} onCancel={onCancel}>
      <ul className="space-y-3">
        {items.map((item, index) => (
          <li key={item.key} className="space-y-3 rounded-lg border border-gray-200 p-3">
            <div className="flex items-end gap-2">
              <TextField
                label={`Pergunta ${index + 1}`}
                className="min-w-0 flex-1"
                maxLength={BLOCK_LIMITS.faqQuestion}
                value={item.question}
                onChange={(event) => change(item.key, { question: event.target.value })}
                error={form.error(`items.${index}.question`)}
              />
              <RemoveRowButton
                label={`Remover pergunta ${index + 1}`}
                disabled={items.length <= BLOCK_LIMITS.faqItemsMin}
                onClick={() => rows.remove(item.key)}
              />
            </div>
            <TextAreaField
              label={`Resposta ${index + 1}`}
              rows={3}
              maxLength={BLOCK_LIMITS.faqAnswer}
              value={item.answer}
              onChange={(event) => change(item.key, { answer: event.target.value })}
              error={form.error(`items.${index}.answer`)}
            />
          </li>
        ))}
      </ul>
      <ItemRowsFooter
        error={form.error("items")}
        addLabel="Adicionar pergunta"
        full={items.length >= BLOCK_LIMITS.faqItemsMax}
        onAdd={() => form.setValue("items", [...items, keyed({ question: "", answer: "" })])}
      />
    </BlockFormFrame>
  );
}
