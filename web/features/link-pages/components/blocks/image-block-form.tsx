import { BLOCK_LIMITS, type BlockData } from "@common/contract/link-blocks";
import { TextField } from "@web/components/ui/text-field";
import { UploadOrUrlImageField } from "../upload-or-url-image-field";
import { BlockFormFrame } from "./block-form-frame";
import { type BlockFormProps, useBlockForm } from "./use-block-form";

/** An image sent from the device or given by URL (as the profile image), its description, a link. */
export function ImageBlockForm({
  data,
  label,
  submitLabel,
  onSave,
  onCancel,
}: BlockFormProps<BlockData<"image">>) {
  const form = useBlockForm({
    type: "image",
    initialValues: { image_url: data?.image_url ?? "", alt: data?.alt ?? "", link_url: data?.link_url ?? "" },
    onSave,
  });
  const image = form.values.image_url || null;
  return (
    <BlockFormFrame label={label} form={form} submitLabel={submitLabel} onCancel={onCancel}>
      <UploadOrUrlImageField
        label="Imagem"
        shape="banner"
        alt={form.values.alt}
        uploadLabel="Enviar imagem"
        removeLabel="Remover imagem"
        urlLabel="URL da imagem"
        value={image}
        onChange={(url) => form.setValue("image_url", url ?? "")}
        error={form.error("image_url")}
      />
      <TextField
        label="Descrição da imagem"
        maxLength={BLOCK_LIMITS.imageAlt}
        hint="Lida para quem não pode ver a imagem."
        placeholder="Ex.: Bolo de chocolate com morangos"
        {...form.field("alt")}
      />
      <TextField
        label="Link ao tocar (opcional)"
        type="url"
        inputMode="url"
        maxLength={2048}
        placeholder="https://..."
        {...form.field("link_url")}
      />
    </BlockFormFrame>
  );
}
