import { ADMIN_MESSAGES, type SystemConfig, systemConfigUpdateSchema } from "@common/contract/admin";
import { useQuery } from "@tanstack/react-query";
import { FormActions } from "@web/components/ui/form-actions";
import { QueryStates } from "@web/components/ui/query-states";
import { SectionHeader } from "@web/components/ui/section-header";
import { SelectField } from "@web/components/ui/select-field";
import { SwitchRow } from "@web/components/ui/switch-row";
import { TextField } from "@web/components/ui/text-field";
import { errorMessage } from "@web/lib/api-client";
import { type FieldErrors, fieldError, issuesByField } from "@web/lib/form-errors";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { toast } from "sonner";
import { adminPlansQuery } from "../api/admin-plans";
import { systemConfigQuery } from "../api/system-config";
import { useUpdateSystemConfig } from "../api/use-update-system-config";
import { feeAndNet } from "./platform-fee";
import { SystemMaintenance } from "./system-maintenance";

/** The form's values: the numbers as typed. */
type SettingsValues = {
  maintenance_mode: boolean;
  registration_enabled: boolean;
  default_plan_id: string;
  max_free_users: string;
  platform_fee_percentage: string;
  block_other_shorteners: boolean;
};

const valuesOf = (config: SystemConfig): SettingsValues => ({
  maintenance_mode: config.maintenance_mode,
  registration_enabled: config.registration_enabled,
  default_plan_id: config.default_plan_id === null ? "" : String(config.default_plan_id),
  max_free_users: config.max_free_users === null ? "" : String(config.max_free_users),
  platform_fee_percentage: String(config.platform_fee_percentage),
  block_other_shorteners: config.block_other_shorteners,
});

/** The fields whose value differs from the stored one: PUT sends only these. */
export function changedSettings(stored: SettingsValues, current: SettingsValues): Partial<SettingsValues> {
  const changed: Partial<SettingsValues> = {};
  for (const key of Object.keys(current) as (keyof SettingsValues)[]) {
    if (current[key] !== stored[key]) Object.assign(changed, { [key]: current[key] });
  }
  return changed;
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
      <h3 id={id} className="font-semibold text-gray-900">
        {title}
      </h3>
      {description && <p className="mt-0.5 text-sm text-gray-500">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

function GeneralSettingsForm({ config }: { config: SystemConfig }) {
  const plans = useQuery(adminPlansQuery);
  const update = useUpdateSystemConfig();
  const stored = valuesOf(config);
  const [values, setValues] = useState(stored);
  const [errors, setErrors] = useState<FieldErrors>({});
  const errorFor = fieldError(errors, update.error);
  const changed = changedSettings(stored, values);
  const dirty = Object.keys(changed).length > 0;
  const fee = Number(values.platform_fee_percentage);
  const feeText =
    values.platform_fee_percentage.trim() !== "" && fee >= 0 && fee <= 100 ? feeAndNet(fee) : null;
  // The default plan must be active; the stored one stays listed even if it was deactivated since.
  const planOptions = (plans.data ?? []).filter(
    (plan) => plan.is_active || String(plan.id) === stored.default_plan_id,
  );

  const set = <K extends keyof SettingsValues>(key: K, value: SettingsValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = systemConfigUpdateSchema.safeParse({
      ...changed,
      ...(changed.default_plan_id !== undefined
        ? { default_plan_id: changed.default_plan_id === "" ? null : changed.default_plan_id }
        : {}),
    });
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    setErrors({});
    // NOTE: mutateAsync, not mutate's callbacks: turning maintenance on refetches the status and the
    // settings, which can remount this form before the answer is read, and mutate's callbacks never
    // run for an unmounted component.
    update.mutateAsync(parsed.data).then(
      () => toast.success(ADMIN_MESSAGES.settingsUpdated),
      (error: unknown) => toast.error(errorMessage(error, ADMIN_MESSAGES.settingsFailed)),
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <div className="divide-y divide-gray-100">
        <SwitchRow
          label="Modo de manutenção"
          hint="Só administradores usam o app; páginas públicas e redirecionamentos continuam no ar."
          checked={values.maintenance_mode}
          onChange={(checked) => set("maintenance_mode", checked)}
        />
        <SwitchRow
          label="Cadastros abertos"
          hint="Fechados: ninguém novo consegue criar conta; o login continua."
          checked={values.registration_enabled}
          onChange={(checked) => set("registration_enabled", checked)}
        />
        <SwitchRow
          label="Recusar links de outros encurtadores"
          hint="Links novos para bit.ly, tinyurl.com, t.co e semelhantes são recusados: o destino deles pode mudar depois. Os já salvos continuam."
          checked={values.block_other_shorteners}
          onChange={(checked) => set("block_other_shorteners", checked)}
        />
      </div>
      <div className="mt-4 grid gap-4 sm:grid-cols-3">
        <SelectField
          label="Plano padrão"
          value={values.default_plan_id}
          onChange={(event) => set("default_plan_id", event.target.value)}
          disabled={!plans.data}
          hint="O plano de quem acaba de se cadastrar."
          error={errorFor("default_plan_id")}
        >
          <option value="">Nenhum: o plano gratuito</option>
          {planOptions.map((plan) => (
            <option key={plan.id} value={plan.id}>
              {plan.name}
              {plan.is_active ? "" : " (inativo)"}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Máx. de usuários gratuitos"
          type="number"
          inputMode="numeric"
          min={0}
          value={values.max_free_users}
          onChange={(event) => set("max_free_users", event.target.value)}
          placeholder="Sem limite"
          hint="Vazio = sem limite"
          error={errorFor("max_free_users")}
        />
        <TextField
          label="Taxa da plataforma (%)"
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          step="0.01"
          value={values.platform_fee_percentage}
          onChange={(event) => set("platform_fee_percentage", event.target.value)}
          hint={feeText ? `Líquido: ${feeText.net} de cada pagamento` : "De 0 a 100%"}
          error={errorFor("platform_fee_percentage")}
        />
      </div>
      <FormActions
        submitLabel="Salvar"
        onCancel={() => setValues(stored)}
        cancelLabel="Descartar"
        pending={update.isPending}
        submitDisabled={!dirty}
        cancelDisabled={!dirty}
        className="mt-6"
      />
    </form>
  );
}

/**
 * 'Configurações' (spec 2): the stored general settings, the custom domain manager and the maintenance
 * tools. The domain manager is the admin domains' screen: the panel (web/app) passes it in.
 */
export function SystemSettings({ domains }: { domains: ReactNode }) {
  const config = useQuery(systemConfigQuery);
  return (
    <div className="space-y-6">
      <SectionHeader title="Configurações" description="Como o Atalho funciona para todos os usuários." />

      <Section title="Configurações gerais">
        <QueryStates
          query={config}
          loadingLabel="Carregando configurações"
          errorFallback="Erro ao carregar configurações"
        >
          {(stored) => (
            // A new stored value (after saving) starts the form again from it.
            <GeneralSettingsForm key={JSON.stringify(stored)} config={stored} />
          )}
        </QueryStates>
      </Section>

      <Section title="Domínios personalizados">{domains}</Section>

      <Section title="Manutenção e dados" description="Ferramentas de operação do sistema.">
        <SystemMaintenance />
      </Section>
    </div>
  );
}
