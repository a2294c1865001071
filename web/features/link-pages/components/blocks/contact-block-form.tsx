import { BLOCK_LIMITS, type BlockData } from "@common/contract/link-blocks";
import { formatPhone } from "@common/link-bio/phone-number";
import { EmailField, TextField } from "@web/components/ui/text-field";
import { BlockFormFrame } from "./block-form-frame";
import { type BlockFormProps, useBlockForm } from "./use-block-form";

/** "Salvar contato": the card visitors save to their phone (at least one way to reach you). */
export function ContactBlockForm({
  data,
  label,
  submitLabel,
  onSave,
  onCancel,
}: BlockFormProps<BlockData<"contact">>) {
  const form = useBlockForm({
    type: "contact",
    initialValues: {
      name: data?.name ?? "",
      phone: data?.phone ? formatPhone(data.phone) : "",
      email: data?.email ?? "",
      organization: data?.organization ?? "",
      website: data?.website ?? "",
    },
    onSave,
  });
  return (
    <BlockFormFrame label={label} form={form} submitLabel={submitLabel} onCancel={onCancel}>
      <TextField
        label="Nome"
        maxLength={BLOCK_LIMITS.contactName}
        autoComplete="off"
        {...form.field("name")}
      />
      <p className="text-sm text-gray-600">Preencha pelo menos um: telefone, e-mail ou site.</p>
      <TextField
        label="Telefone"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        maxLength={40}
        placeholder="(11) 98765-4321"
        {...form.field("phone")}
      />
      <EmailField label="E-mail" autoComplete="off" maxLength={254} {...form.field("email")} />
      <TextField
        label="Empresa (opcional)"
        maxLength={BLOCK_LIMITS.contactOrganization}
        {...form.field("organization")}
      />
      <TextField
        label="Site"
        type="url"
        inputMode="url"
        maxLength={2048}
        placeholder="https://..."
        {...form.field("website")}
      />
    </BlockFormFrame>
  );
}
