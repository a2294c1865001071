import { BLOCK_LIMITS, type BlockData } from "@common/contract/link-blocks";
import { Button } from "@web/components/ui/button";
import { TextAreaField } from "@web/components/ui/text-area-field";
import { TextField } from "@web/components/ui/text-field";
import { Plus, Trash2 } from "lucide-react";
import { useRef } from "react";
import { BlockFormFrame } from "./block-form-frame";
import { RowAction } from "./row-action";
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
  const nextKey = useRef(1);
  const newItem = (question = "", answer = ""): Item => ({ key: nextKey.current++, question, answer });
  const form = useBlockForm({
    type: "faq",
    initialValues: () => ({
      items: data ? data.items.map((item) => newItem(item.question, item.answer)) : [newItem()],
    }),
    toData: (values) => ({ items: values.items.map(({ question, answer }) => ({ question, answer })) }),
    onSave,
  });
  const { items } = form.values;
  const change = (key: number, patch: Partial<Item>) =>
    form.setValue(
      "items",
      items.map((item) => (item.key === key ? { ...item, ...patch } : item)),
    );

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
              <RowAction
                icon={Trash2}
                label={`Remover pergunta ${index + 1}`}
                tone="danger"
                disabled={items.length <= BLOCK_LIMITS.faqItemsMin}
                onClick={() =>
                  form.setValue(
                    "items",
                    items.filter((i) => i.key !== item.key),
                  )
                }
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
      {form.error("items") && (
        <p role="alert" className="text-sm text-red-600">
          {form.error("items")}
        </p>
      )}
      <Button
        variant="secondary"
        className="min-h-11"
        disabled={items.length >= BLOCK_LIMITS.faqItemsMax}
        onClick={() => form.setValue("items", [...items, newItem()])}
      >
        <Plus className="h-4 w-4" aria-hidden />
        Adicionar pergunta
      </Button>
    </BlockFormFrame>
  );
}
