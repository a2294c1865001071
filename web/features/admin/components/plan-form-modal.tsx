import { ADMIN_MESSAGES, type AdminPlan } from "@common/contract/admin";
import { INTERVAL_LABELS, INTERVAL_TYPES, type IntervalType } from "@common/contract/billing";
import { formatBRL } from "@common/money";
import { CheckboxField } from "@web/components/ui/checkbox-field";
import { FormActions } from "@web/components/ui/form-actions";
import { Modal } from "@web/components/ui/modal";
import { SelectField } from "@web/components/ui/select-field";
import { TextAreaField } from "@web/components/ui/text-area-field";
import { TextField } from "@web/components/ui/text-field";
import { errorMessage } from "@web/lib/api-client";
import { type FieldErrors, fieldError } from "@web/lib/form-errors";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { useSavePlan } from "../api/use-save-plan";
import {
  newPlanValues,
  type PlanFormValues,
  parsePlanForm,
  planFormValues,
  UNLIMITED_WARNING,
} from "./plan-form";

/** Cents typed so far, as money: "1990" -> "R$ 19,90". */
function priceHint(text: string, fallback: string) {
  const cents = Number(text);
  return text.trim() !== "" && Number.isInteger(cents) && cents >= 0
    ? `${formatBRL(cents)} · em centavos`
    : fallback;
}

/** `freePlan`: where a new plan's limits start. */
type Props = { plan: AdminPlan | null; freePlan?: AdminPlan; onClose: () => void };
/** The fields typed as text (numbers included, as typed). */
type TextKey = {
  [K in keyof PlanFormValues]: PlanFormValues[K] extends boolean ? never : K;
}[keyof PlanFormValues];

/** The fields ticked or not. */
type FlagKey = Exclude<keyof PlanFormValues, TextKey | "interval_type">;

/** What a plan offers besides its limits, and whether it is sold. */
const FLAG_FIELDS: { key: FlagKey; label: string; hint?: string }[] = [
  { key: "custom_domains", label: "Domínios personalizados" },
  { key: "premium_domains", label: "Domínios premium" },
  { key: "priority_support", label: "Suporte prioritário" },
  { key: "is_active", label: "Ativo", hint: "Inativo não aparece na página de preços" },
];

/** The limits a plan gives; empty is unlimited, and says so. */
const LIMIT_FIELDS: { key: TextKey; label: string; hint?: string }[] = [
  { key: "max_link_pages", label: "Máx. de Link Bios" },
  { key: "max_shortened_urls", label: "Máx. de URLs" },
  { key: "max_clicks_per_month", label: "Máx. de cliques/mês" },
  {
    key: "max_leads_per_month",
    label: "Contatos por mês",
    hint: "Recebidos pelos formulários das Link Bios",
  },
  { key: "creations_per_hour", label: "Criações por hora", hint: "Links, Link Bios e links de Link Bio" },
];

/**
 * 'Novo Plano' (plan null; limits start at the free plan's) or 'Editar' a plan (spec 5), checked by
 * the API's own schema. A limit left empty is unlimited, and says so.
 */
export function PlanFormModal({ plan, freePlan, onClose }: Props) {
  const save = useSavePlan();
  const [values, setValues] = useState<PlanFormValues>(() =>
    plan ? planFormValues(plan) : newPlanValues(freePlan),
  );
  const unlimited = (key: TextKey) => (values[key].trim() === "" ? UNLIMITED_WARNING : undefined);
  const [errors, setErrors] = useState<FieldErrors>({});
  const errorFor = fieldError(errors, save.error);

  const set =
    <K extends keyof PlanFormValues>(key: K) =>
    (value: PlanFormValues[K]) =>
      setValues((current) => ({ ...current, [key]: value }));
  const text = (key: TextKey) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));
  /** A whole-number field bound to its value and its error. */
  const numberField = (key: TextKey) => ({
    type: "number",
    inputMode: "numeric" as const,
    min: 0,
    value: values[key],
    onChange: text(key),
    error: errorFor(key),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parsePlanForm(values);
    if (parsed.errors) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    save.mutate(
      { id: plan?.id ?? null, body: parsed.body },
      {
        onSuccess: () => {
          toast.success(plan ? ADMIN_MESSAGES.planUpdated : ADMIN_MESSAGES.planCreated);
          onClose();
        },
        onError: (error) =>
          toast.error(
            errorMessage(error, plan ? ADMIN_MESSAGES.updatePlanFailed : ADMIN_MESSAGES.createPlanFailed),
          ),
      },
    );
  };

  return (
    <Modal
      title={plan ? "Editar Plano" : "Novo Plano"}
      subtitle={plan?.name}
      onClose={onClose}
      width="max-w-2xl"
      dismissible={!save.isPending}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <TextField label="Nome" value={values.name} onChange={text("name")} error={errorFor("name")} />
        <TextAreaField
          label="Descrição"
          rows={2}
          value={values.description}
          onChange={text("description")}
          error={errorFor("description")}
        />

        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="Preço mensal (centavos)"
            {...numberField("price_cents")}
            step={1}
            hint={priceHint(values.price_cents, "Em centavos; 0 = grátis")}
          />
          <TextField
            label="Preço anual (centavos)"
            {...numberField("yearly_price_cents")}
            step={1}
            placeholder="Sem opção anual"
            hint={priceHint(values.yearly_price_cents, "Opcional: vazio = sem opção anual")}
          />
          <SelectField
            label="Período padrão"
            value={values.interval_type}
            onChange={(event) => set("interval_type")(event.target.value as IntervalType)}
          >
            {INTERVAL_TYPES.map((interval) => (
              <option key={interval} value={interval}>
                {INTERVAL_LABELS[interval]}
              </option>
            ))}
          </SelectField>
        </div>

        <fieldset>
          <legend className="text-sm font-semibold text-gray-900">Limites</legend>
          <p className="mt-0.5 text-xs text-gray-500">
            {plan ? "Vazio = ilimitado." : "Começam nos do plano gratuito. Vazio = ilimitado."}
          </p>
          <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {LIMIT_FIELDS.map(({ key, label, hint }) => (
              <TextField
                key={key}
                label={label}
                {...numberField(key)}
                placeholder="Ilimitado"
                hint={hint}
                warning={unlimited(key)}
              />
            ))}
            <TextField
              label="Retenção (dias)"
              {...numberField("analytics_retention_days")}
              min={1}
              hint="Mínimo 1; vazio ou 0 = 30"
            />
          </div>
        </fieldset>

        <div className="grid gap-1 sm:grid-cols-2">
          {FLAG_FIELDS.map(({ key, label, hint }) => (
            <CheckboxField key={key} label={label} hint={hint} checked={values[key]} onChange={set(key)} />
          ))}
        </div>

        <FormActions
          submitLabel={plan ? "Salvar alterações" : "Criar plano"}
          onCancel={onClose}
          pending={save.isPending}
        />
      </form>
    </Modal>
  );
}
