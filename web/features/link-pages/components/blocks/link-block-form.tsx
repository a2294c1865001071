import type { BlockData } from "@common/contract/link-blocks";
import { CheckboxField } from "@web/components/ui/checkbox-field";
import { SwitchRow } from "@web/components/ui/switch-row";
import { TextField } from "@web/components/ui/text-field";
import type { ReactNode } from "react";
import { BlockFormFrame } from "./block-form-frame";
import { type BlockFormProps, useBlockForm } from "./use-block-form";

/** A button to any address: title, URL, "Destacar", "Abrir no app", and (once saved) its own style. */
export function LinkBlockForm({
  data,
  label,
  submitLabel,
  onSave,
  onCancel,
  styleAction,
}: BlockFormProps<BlockData<"link">> & {
  /** Opens the style modal of the saved link; a new one is styled after it is added. */
  styleAction?: ReactNode;
}) {
  const form = useBlockForm({
    type: "link",
    initialValues: {
      title: data?.title ?? "",
      url: data?.url ?? "",
      highlight: data?.highlight ?? false,
      open_in_app: data?.open_in_app ?? true,
    },
    // NOTE: the style from the latest data: the style modal saves it on its own meanwhile.
    toData: (values) => ({ ...values, custom_style: data?.custom_style ?? {} }),
    onSave,
  });
  return (
    <BlockFormFrame label={label} form={form} submitLabel={submitLabel} onCancel={onCancel}>
      <TextField
        label="Título do link"
        maxLength={100}
        placeholder="Ex.: Meu Instagram"
        {...form.field("title")}
      />
      <TextField
        label="URL"
        type="url"
        inputMode="url"
        maxLength={2048}
        placeholder="https://..."
        {...form.field("url")}
      />
      <CheckboxField
        label="Destacar"
        hint="Uma animação suave chama a atenção para este link (parada para quem prefere menos movimento)."
        checked={form.values.highlight}
        onChange={(checked) => form.setValue("highlight", checked)}
      />
      <SwitchRow
        label="Abrir no app"
        hint="Quem tocar pelo Instagram, TikTok e outros apps vai direto para o app do link (YouTube, Spotify…) ou para o navegador."
        checked={form.values.open_in_app}
        onChange={(checked) => form.setValue("open_in_app", checked)}
        error={form.error("open_in_app")}
      />
      {styleAction ?? (
        <p className="text-xs text-gray-500">
          Depois de adicionar, você pode personalizar o estilo do botão.
        </p>
      )}
    </BlockFormFrame>
  );
}
