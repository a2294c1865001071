import { defaultConsentText, LEAD_FIELD_LABELS, LEAD_FORM_DEFAULTS } from "@common/contract/leads";
import { BLOCK_LIMITS, type BlockData, LEAD_FIELDS, type LeadField } from "@common/contract/link-blocks";
import { CheckboxField } from "@web/components/ui/checkbox-field";
import { TextAreaField } from "@web/components/ui/text-area-field";
import { TextField } from "@web/components/ui/text-field";
import { useId } from "react";
import { BlockFormFrame } from "./block-form-frame";
import { type BlockFormProps, useBlockForm } from "./use-block-form";

/** A new form asks all three: the visitor fills in what they like, at least one way to reach them. */
const NEW_FORM_FIELDS: LeadField[] = [...LEAD_FIELDS];

/**
 * 'Formulário de contato': the fields asked (at least e-mail or WhatsApp), the title, the button,
 * the thanks, and the consent text the visitor ticks (LGPD); empty texts take the defaults, the
 * consent naming the page.
 */
export function FormBlockForm({
  data,
  label,
  submitLabel,
  onSave,
  onCancel,
  pageTitle,
}: BlockFormProps<BlockData<"form">> & {
  /** The page's title, which the default consent text names. */
  pageTitle: string;
}) {
  const ids = useId();
  const form = useBlockForm({
    type: "form",
    initialValues: {
      fields: data?.fields ?? NEW_FORM_FIELDS,
      title: data?.title ?? "",
      button_text: data?.button_text ?? "",
      thank_you: data?.thank_you ?? "",
      consent_text: data?.consent_text ?? "",
    },
    onSave,
  });
  const { fields } = form.values;
  const fieldsError = form.error("fields");
  const defaultConsent = defaultConsentText(pageTitle);
  // Taken off, a field leaves its place; put back, it goes last (a form's order stays as it was).
  const toggle = (field: LeadField, on: boolean) =>
    form.setValue(
      "fields",
      on ? [...fields.filter((f) => f !== field), field] : fields.filter((f) => f !== field),
    );

  return (
    <BlockFormFrame label={label} form={form} submitLabel={submitLabel} onCancel={onCancel}>
      <TextField
        label="Título do formulário"
        maxLength={BLOCK_LIMITS.formTitle}
        placeholder="Ex.: Receba novidades e promoções"
        {...form.field("title")}
      />
      <fieldset
        className="min-w-0"
        aria-describedby={fieldsError ? `${ids}-fields-error` : `${ids}-fields-hint`}
        aria-invalid={fieldsError ? true : undefined}
      >
        <legend className="mb-1 text-sm font-medium text-gray-700">Campos do formulário</legend>
        <p id={`${ids}-fields-hint`} className="mb-1 text-sm text-gray-500">
          Quem visita preenche o que quiser, com pelo menos um jeito de ser contatado: e-mail ou WhatsApp.
        </p>
        <div className="grid gap-1 sm:grid-cols-3">
          {LEAD_FIELDS.map((field) => (
            <CheckboxField
              key={field}
              label={LEAD_FIELD_LABELS[field]}
              checked={fields.includes(field)}
              onChange={(on) => toggle(field, on)}
            />
          ))}
        </div>
        {fieldsError && (
          <p id={`${ids}-fields-error`} className="mt-1.5 text-sm text-red-600">
            {fieldsError}
          </p>
        )}
      </fieldset>
      <TextField
        label="Texto do botão (opcional)"
        maxLength={BLOCK_LIMITS.formButton}
        placeholder={LEAD_FORM_DEFAULTS.buttonText}
        {...form.field("button_text")}
      />
      <TextAreaField
        label="Agradecimento (opcional)"
        rows={2}
        maxLength={BLOCK_LIMITS.formThankYou}
        placeholder={LEAD_FORM_DEFAULTS.thankYou}
        hint="Aparece depois do envio."
        {...form.field("thank_you")}
      />
      <TextAreaField
        label="Texto de consentimento (opcional)"
        rows={4}
        maxLength={BLOCK_LIMITS.formConsent}
        placeholder={defaultConsent}
        hint="Fica ao lado de uma caixa que a pessoa precisa marcar para enviar (LGPD). Vazio: usamos o texto de exemplo, com o nome da página. Se você mudar o texto, os contatos já recebidos guardam a versão que aceitaram."
        labelAside={
          !form.values.consent_text && (
            <button
              type="button"
              onClick={() => form.setValue("consent_text", defaultConsent)}
              className="rounded px-1 text-xs font-medium text-brand-700 hover:underline"
            >
              Editar o texto padrão
            </button>
          )
        }
        {...form.field("consent_text")}
      />
    </BlockFormFrame>
  );
}
