import { BLOCK_LIMITS, type BlockData } from "@common/contract/link-blocks";
import { recognizeEmbed } from "@common/link-bio/embeds";
import { TextField } from "@web/components/ui/text-field";
import { BlockFormFrame } from "./block-form-frame";
import { type BlockFormProps, useBlockForm } from "./use-block-form";

/** A video or song whose provider is told from the URL as it is typed (nothing is fetched). */
export function EmbedBlockForm({
  data,
  label,
  submitLabel,
  onSave,
  onCancel,
}: BlockFormProps<BlockData<"embed">>) {
  const form = useBlockForm({
    type: "embed",
    initialValues: { url: data?.url ?? "", title: data?.title ?? "" },
    onSave,
  });
  const embed = form.values.url.trim() ? recognizeEmbed(form.values.url) : null;
  return (
    <BlockFormFrame label={label} form={form} submitLabel={submitLabel} onCancel={onCancel}>
      <TextField
        label="Link do vídeo ou da música"
        type="url"
        inputMode="url"
        maxLength={2048}
        placeholder="https://www.youtube.com/watch?v=..."
        hint={
          embed
            ? `Reconhecido: ${embed.providerName}. O player só carrega quando o visitante tocar.`
            : "YouTube, Vimeo, Spotify, SoundCloud ou TikTok."
        }
        {...form.field("url")}
      />
      <TextField
        label="Título (opcional)"
        maxLength={BLOCK_LIMITS.embedTitle}
        hint="Aparece sobre o player antes de tocar."
        placeholder="Ex.: Meu último clipe"
        {...form.field("title")}
      />
    </BlockFormFrame>
  );
}
