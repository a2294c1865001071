import { BLOCK_LIMITS, type BlockData } from "@common/contract/link-blocks";
import { formatPixKey, PIX_KEY_KIND_LABELS, parsePixKey } from "@common/link-bio/pix-key";
import { TextField } from "@web/components/ui/text-field";
import { BlockFormFrame } from "./block-form-frame";
import { centsToReais, reaisToCents } from "./pix-amount";
import { type BlockFormProps, useBlockForm } from "./use-block-form";

const AMOUNT_HINT = "Deixe em branco para quem paga escolher o valor.";
const AMOUNT_INVALID = "Valor: use reais e centavos, como 25,00.";

/** "Paga no Pix": the key (its kind told as it is typed), who receives, and an optional amount. */
export function PixBlockForm({
  data,
  label,
  submitLabel,
  onSave,
  onCancel,
}: BlockFormProps<BlockData<"pix">>) {
  const form = useBlockForm({
    type: "pix",
    initialValues: {
      key: data?.key ? formatPixKey(data.key) : "",
      name: data?.name ?? "",
      city: data?.city ?? "",
      amount: centsToReais(data?.amount_cents),
      description: data?.description ?? "",
      label: data?.label ?? "",
    },
    toData: ({ amount, ...values }) => {
      const cents = reaisToCents(amount);
      // Not an amount: the text goes as is, for the schema to refuse (said below in reais).
      return { ...values, amount_cents: cents === null ? undefined : Number.isNaN(cents) ? amount : cents };
    },
    onSave,
  });
  const key = form.values.key.trim() ? parsePixKey(form.values.key) : null;
  const amountError = form.error("amount_cents");
  const amountTyped = reaisToCents(form.values.amount);
  return (
    <BlockFormFrame label={label} form={form} submitLabel={submitLabel} onCancel={onCancel}>
      <TextField
        label="Chave Pix"
        autoCapitalize="none"
        maxLength={100}
        placeholder="CPF, CNPJ, e-mail, telefone ou chave aleatória"
        hint={
          key?.ok
            ? `Tipo de chave: ${PIX_KEY_KIND_LABELS[key.kind]}`
            : "CPF, CNPJ, e-mail, telefone com +55 ou a chave aleatória do seu banco."
        }
        {...form.field("key")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Nome de quem recebe"
          maxLength={BLOCK_LIMITS.pixName}
          hint={`Até ${BLOCK_LIMITS.pixName} letras, como o banco mostra.`}
          {...form.field("name")}
        />
        <TextField
          label="Cidade"
          maxLength={BLOCK_LIMITS.pixCity}
          placeholder="Ex.: São Paulo"
          {...form.field("city")}
        />
      </div>
      <TextField
        label="Valor em reais (opcional)"
        inputMode="decimal"
        maxLength={16}
        placeholder="25,00"
        hint={AMOUNT_HINT}
        {...form.field("amount")}
        error={amountError && Number.isNaN(amountTyped) ? AMOUNT_INVALID : amountError}
      />
      <TextField
        label="Descrição (opcional)"
        maxLength={BLOCK_LIMITS.pixDescription}
        placeholder="Ex.: Café especial"
        {...form.field("description")}
      />
      <TextField
        label="Texto do botão (opcional)"
        maxLength={BLOCK_LIMITS.buttonLabel}
        placeholder="Pagar com Pix"
        {...form.field("label")}
      />
    </BlockFormFrame>
  );
}
