import { ADMIN_MESSAGES, type AdminPlan } from "@common/contract/admin";
import { INTERVAL_LABELS, INTERVAL_TYPES, type IntervalType } from "@common/contract/billing";
import { formatBRL } from "@common/money";
import { Button } from "@web/components/ui/button";
import { CheckboxField } from "@web/components/ui/checkbox-field";
import { Modal } from "@web/components/ui/modal";
import { TextField } from "@web/components/ui/text-field";
import { errorMessage } from "@web/lib/api-client";
import { type FieldErrors, fieldError } from "@web/lib/form-errors";
import { type FormEvent, useId, useState } from "react";
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
  const descriptionId = useId();
  const intervalId = useId();

  const set =
    <K extends keyof PlanFormValues>(key: K) =>
    (value: PlanFormValues[K]) =>
      setValues((current) => ({ ...current, [key]: value }));
  const text = (key: TextKey) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

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
        <div>
          <label htmlFor={descriptionId} className="mb-1.5 block text-sm font-medium text-gray-700">
            Descrição
          </label>
          <textarea
            id={descriptionId}
            rows={2}
            value={values.description}
            onChange={text("description")}
            aria-invalid={errorFor("description") ? true : undefined}
            className="block w-full rounded-lg border border-gray-300 bg-white px-3.5 py-2.5 text-base focus:border-brand-500 focus:ring-4 focus:ring-brand-100 focus:outline-none sm:text-sm"
          />
          {errorFor("description") && (
            <p className="mt-1.5 text-sm text-red-600">{errorFor("description")}</p>
          )}
        </div>

        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="Preço mensal (centavos)"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={values.price_cents}
            onChange={text("price_cents")}
            hint={priceHint(values.price_cents, "Em centavos; 0 = grátis")}
            error={errorFor("price_cents")}
          />
          <TextField
            label="Preço anual (centavos)"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={values.yearly_price_cents}
            onChange={text("yearly_price_cents")}
            placeholder="Sem opção anual"
            hint={priceHint(values.yearly_price_cents, "Opcional: vazio = sem opção anual")}
            error={errorFor("yearly_price_cents")}
          />
          <div>
            <label htmlFor={intervalId} className="mb-1.5 block text-sm font-medium text-gray-700">
              Período padrão
            </label>
            <select
              id={intervalId}
              value={values.interval_type}
              onChange={(event) => set("interval_type")(event.target.value as IntervalType)}
              className="block w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-base focus:border-brand-500 focus:ring-4 focus:ring-brand-100 focus:outline-none sm:text-sm"
            >
              {INTERVAL_TYPES.map((interval) => (
                <option key={interval} value={interval}>
                  {INTERVAL_LABELS[interval]}
                </option>
              ))}
            </select>
          </div>
        </div>

        <fieldset>
          <legend className="text-sm font-semibold text-gray-900">Limites</legend>
          <p className="mt-0.5 text-xs text-gray-500">
            {plan ? "Vazio = ilimitado." : "Começam nos do plano gratuito. Vazio = ilimitado."}
          </p>
          <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <TextField
              label="Máx. de Link Bios"
              type="number"
              inputMode="numeric"
              min={0}
              value={values.max_link_pages}
              onChange={text("max_link_pages")}
              placeholder="Ilimitado"
              warning={unlimited("max_link_pages")}
              error={errorFor("max_link_pages")}
            />
            <TextField
              label="Máx. de URLs"
              type="number"
              inputMode="numeric"
              min={0}
              value={values.max_shortened_urls}
              onChange={text("max_shortened_urls")}
              placeholder="Ilimitado"
              warning={unlimited("max_shortened_urls")}
              error={errorFor("max_shortened_urls")}
            />
            <TextField
              label="Máx. de cliques/mês"
              type="number"
              inputMode="numeric"
              min={0}
              value={values.max_clicks_per_month}
              onChange={text("max_clicks_per_month")}
              placeholder="Ilimitado"
              warning={unlimited("max_clicks_per_month")}
              error={errorFor("max_clicks_per_month")}
            />
            <TextField
              label="Criações por hora"
              type="number"
              inputMode="numeric"
              min={0}
              value={values.creations_per_hour}
              onChange={text("creations_per_hour")}
              placeholder="Ilimitado"
              hint="Links, Link Bios e links de Link Bio"
              warning={unlimited("creations_per_hour")}
              error={errorFor("creations_per_hour")}
            />
            <TextField
              label="Retenção (dias)"
              type="number"
              inputMode="numeric"
              min={1}
              value={values.analytics_retention_days}
              onChange={text("analytics_retention_days")}
              hint="Mínimo 1; vazio ou 0 = 30"
              error={errorFor("analytics_retention_days")}
            />
          </div>
        </fieldset>

        <div className="grid gap-1 sm:grid-cols-2">
          <CheckboxField
            label="Domínios personalizados"
            checked={values.custom_domains}
            onChange={set("custom_domains")}
          />
          <CheckboxField
            label="Domínios premium"
            checked={values.premium_domains}
            onChange={set("premium_domains")}
          />
          <CheckboxField
            label="Suporte prioritário"
            checked={values.priority_support}
            onChange={set("priority_support")}
          />
          <CheckboxField
            label="Ativo"
            hint="Inativo não aparece na página de preços"
            checked={values.is_active}
            onChange={set("is_active")}
          />
        </div>

        <div className="flex flex-col-reverse gap-2 border-t border-gray-100 pt-4 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={save.isPending}>
            {plan ? "Salvar alterações" : "Criar plano"}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
