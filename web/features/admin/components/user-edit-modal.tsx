import { ADMIN_MESSAGES, type AdminUser, adminUserUpdateSchema } from "@common/contract/admin";
import { isUnlimited, UNLIMITED_LABEL } from "@common/contract/billing";
import { useQuery } from "@tanstack/react-query";
import { CheckboxField } from "@web/components/ui/checkbox-field";
import { FormActions } from "@web/components/ui/form-actions";
import { Modal } from "@web/components/ui/modal";
import { SelectField } from "@web/components/ui/select-field";
import { TextField } from "@web/components/ui/text-field";
import { errorMessage } from "@web/lib/api-client";
import { type FieldErrors, fieldError, issuesByField } from "@web/lib/form-errors";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { adminPlansQuery } from "../api/admin-plans";
import { useUpdateUser } from "../api/use-update-user";
import { fullName } from "./users-table";

const LIMITS = [
  { key: "max_link_pages", label: "Máx. de Link Bios" },
  { key: "max_shortened_urls", label: "Máx. de URLs encurtadas" },
  { key: "max_clicks_per_month", label: "Máx. de cliques por mês" },
  { key: "max_leads_per_month", label: "Máx. de contatos por mês" },
] as const;
type LimitKey = (typeof LIMITS)[number]["key"];

export const CUSTOM_LIMIT_HINT = "Vazio = usar o limite do plano · -1 = ilimitado";

const limitText = (value: number | null) => (value === null ? "" : String(value));

/**
 * 'Editar' a user (spec 5): email, admin and active flags, the plan and the custom limits (the
 * spec's three, and contacts per month since issue 37's plans have them).
 */
export function UserEditModal({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const plans = useQuery(adminPlansQuery);
  const update = useUpdateUser();
  const [email, setEmail] = useState(user.email);
  const [isAdmin, setIsAdmin] = useState(user.is_admin);
  const [isActive, setIsActive] = useState(user.is_active);
  const [planId, setPlanId] = useState(String(user.subscription?.plan_id ?? ""));
  const [limits, setLimits] = useState<Record<LimitKey, string>>({
    max_link_pages: limitText(user.custom_limits.max_link_pages),
    max_shortened_urls: limitText(user.custom_limits.max_shortened_urls),
    max_clicks_per_month: limitText(user.custom_limits.max_clicks_per_month),
    max_leads_per_month: limitText(user.custom_limits.max_leads_per_month),
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const errorFor = fieldError(errors, update.error);
  const plan = plans.data?.find((p) => String(p.id) === planId);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = adminUserUpdateSchema.safeParse({
      email,
      is_admin: isAdmin,
      is_active: isActive,
      // The same plan again changes nothing on the server; another one is granted.
      subscription_plan_id: planId ? Number(planId) : null,
      custom_limits: limits,
    });
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    setErrors({});
    update.mutate(
      { id: user.id, body: parsed.data },
      {
        onSuccess: () => {
          toast.success(ADMIN_MESSAGES.userUpdated);
          onClose();
        },
        onError: (error) => toast.error(errorMessage(error, ADMIN_MESSAGES.updateUserFailed)),
      },
    );
  };

  return (
    <Modal
      title="Editar usuário"
      subtitle={fullName(user) || user.email}
      onClose={onClose}
      dismissible={!update.isPending}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <TextField
          label="Email"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errorFor("email")}
        />

        <div className="grid gap-1 sm:grid-cols-2">
          <CheckboxField
            label="Administrador"
            hint="Acesso ao painel admin"
            checked={isAdmin}
            onChange={setIsAdmin}
          />
          <CheckboxField
            label="Conta ativa"
            hint="Inativa não consegue entrar"
            checked={isActive}
            onChange={setIsActive}
          />
        </div>
        {(errorFor("is_admin") || errorFor("is_active")) && (
          <p className="text-sm text-red-600">{errorFor("is_admin") ?? errorFor("is_active")}</p>
        )}

        <SelectField
          label="Plano"
          value={planId}
          onChange={(event) => setPlanId(event.target.value)}
          disabled={!plans.data}
          hint="Um plano pago escolhido aqui vale sem data de fim."
          error={errorFor("subscription_plan_id")}
        >
          {!plans.data && <option value={planId}>{user.subscription?.plan_name || "Gratuito"}</option>}
          {plans.data?.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
              {option.is_active ? "" : " (inativo)"}
            </option>
          ))}
        </SelectField>

        <fieldset>
          <legend className="text-sm font-semibold text-gray-900">Limites personalizados</legend>
          <p className="mt-0.5 text-xs text-gray-500">{CUSTOM_LIMIT_HINT}</p>
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            {LIMITS.map(({ key, label }) => {
              const planLimit = plan?.[key];
              return (
                <TextField
                  key={key}
                  label={label}
                  type="number"
                  inputMode="numeric"
                  min={-1}
                  step={1}
                  value={limits[key]}
                  placeholder={
                    plan ? `Plano: ${isUnlimited(planLimit) ? UNLIMITED_LABEL : planLimit}` : "Do plano"
                  }
                  onChange={(event) => setLimits((current) => ({ ...current, [key]: event.target.value }))}
                  error={errorFor(`custom_limits.${key}`)}
                />
              );
            })}
          </div>
        </fieldset>

        <FormActions submitLabel="Salvar alterações" onCancel={onClose} pending={update.isPending} />
      </form>
    </Modal>
  );
}
