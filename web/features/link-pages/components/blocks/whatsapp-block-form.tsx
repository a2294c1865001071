import { BLOCK_LIMITS, type BlockData } from "@common/contract/link-blocks";
import { formatPhone } from "@common/link-bio/phone-number";
import { TextAreaField } from "@web/components/ui/text-area-field";
import { TextField } from "@web/components/ui/text-field";
import { BlockFormFrame } from "./block-form-frame";
import { type BlockFormProps, useBlockForm } from "./use-block-form";

/** "Chama no WhatsApp": the number, a ready message, the button's text. */
export function WhatsappBlockForm({
  data,
  label,
  submitLabel,
  onSave,
  onCancel,
}: BlockFormProps<BlockData<"whatsapp">>) {
  const form = useBlockForm({
    type: "whatsapp",
    initialValues: {
      phone: data?.phone ? formatPhone(data.phone) : "",
      message: data?.message ?? "",
      label: data?.label ?? "",
    },
    onSave,
  });
  return (
    <BlockFormFrame label={label} form={form} submitLabel={submitLabel} onCancel={onCancel}>
      <TextField
        label="Número do WhatsApp"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={40}
        placeholder="(11) 98765-4321"
        hint="Com DDD. De outro país, com + e o código, como +351 912 345 678."
        {...form.field("phone")}
      />
      <TextAreaField
        label="Mensagem pronta (opcional)"
        rows={3}
        maxLength={BLOCK_LIMITS.whatsappMessage}
        placeholder="Ex.: Olá! Vim pela sua página e quero fazer um pedido."
        hint="Já vem escrita na conversa; a pessoa só toca em enviar."
        {...form.field("message")}
      />
      <TextField
        label="Texto do botão (opcional)"
        maxLength={BLOCK_LIMITS.buttonLabel}
        placeholder="Chamar no WhatsApp"
        {...form.field("label")}
      />
    </BlockFormFrame>
  );
}
