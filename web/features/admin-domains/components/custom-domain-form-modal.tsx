import {
  type CustomDomain,
  type CustomDomainSaved,
  customDomainBodySchema,
  DOMAIN_MESSAGES,
  domainNameSchema,
} from "@common/contract/domains";
import { CheckboxField } from "@web/components/ui/checkbox-field";
import { FormActions } from "@web/components/ui/form-actions";
import { Modal } from "@web/components/ui/modal";
import { TextField } from "@web/components/ui/text-field";
import { errorMessage } from "@web/lib/api-client";
import { type FieldErrors, fieldError, issuesByField } from "@web/lib/form-errors";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { useSaveCustomDomain } from "../api/custom-domains";
import { addedMessage, domainName } from "./domain-texts";

export type DomainFormValues = {
  domain: string;
  display_name: string;
  is_active: boolean;
  is_premium: boolean;
  root_redirect_url: string;
};

const NEW_DOMAIN: DomainFormValues = {
  domain: "",
  display_name: "",
  is_active: true,
  is_premium: false,
  root_redirect_url: "",
};

const valuesOf = (domain: CustomDomain): DomainFormValues => ({
  domain: domainName(domain),
  display_name: domain.display_name,
  is_active: domain.is_active,
  is_premium: domain.is_premium,
  root_redirect_url: domain.root_redirect_url ?? "",
});

/**
 * The form checked by the API's own schema (a pasted address gives its host), plus the mistakes one
 * sees at a glance in what is left (a space, a port, a user); the server has the last word on the
 * name (IDN, our own host, taken).
 */
export function parseDomainForm(values: DomainFormValues) {
  const parsed = customDomainBodySchema.safeParse(values);
  const errors: FieldErrors = parsed.success ? {} : issuesByField(parsed.error.issues);
  const domain = domainNameSchema.safeParse(values.domain);
  if (!errors.domain && domain.success && /[\s/:@?#]/.test(domain.data)) {
    errors.domain = DOMAIN_MESSAGES.domainInvalid;
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { errors } as const;
  return { body: parsed.data } as const;
}

type Props = {
  /** null: a new domain. */
  domain: CustomDomain | null;
  onClose: () => void;
  /** After the toast: the saved domain (the manager offers its activation when it needs one). */
  onSaved: (saved: CustomDomainSaved) => void;
};

/** 'Adicionar domínio' or 'Editar domínio' (spec 5). */
export function CustomDomainFormModal({ domain, onClose, onSaved }: Props) {
  const save = useSaveCustomDomain();
  const [values, setValues] = useState<DomainFormValues>(() => (domain ? valuesOf(domain) : NEW_DOMAIN));
  const [errors, setErrors] = useState<FieldErrors>({});
  const errorFor = fieldError(errors, save.error);
  const isDefault = domain?.is_default ?? false;

  const set = <K extends keyof DomainFormValues>(key: K, value: DomainFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  /** A field bound to its value (and its error). */
  const textField = (key: "domain" | "display_name" | "root_redirect_url") => ({
    value: values[key],
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
    error: errorFor(key),
  });

  const flag = (key: "is_active" | "is_premium") => ({
    checked: values[key],
    onChange: (checked: boolean) => set(key, checked),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseDomainForm(values);
    if (parsed.errors) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    save.mutate(
      { id: domain?.id ?? null, body: parsed.body },
      {
        onSuccess: (saved) => {
          if (domain) {
            toast.success(DOMAIN_MESSAGES.updated);
          } else {
            const outcome = addedMessage(saved.cloudflare_automation);
            if (outcome.tone === "warning") toast.warning(outcome.text, { duration: 15_000 });
            else toast.success(outcome.text);
          }
          onClose();
          onSaved(saved);
        },
        onError: (error) =>
          toast.error(errorMessage(error, domain ? DOMAIN_MESSAGES.updateFailed : DOMAIN_MESSAGES.addFailed)),
      },
    );
  };

  return (
    <Modal
      title={domain ? "Editar domínio" : "Adicionar domínio"}
      subtitle={domain ? domainName(domain) : undefined}
      onClose={onClose}
      dismissible={!save.isPending}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label="Domínio"
          {...textField("domain")}
          placeholder="links.suaempresa.com.br"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          inputMode="url"
          hint="Só o nome, como links.suaempresa.com.br (um endereço colado com https:// vira o nome dele)"
        />
        <TextField
          label="Nome de exibição"
          {...textField("display_name")}
          placeholder="Links da Sua Empresa"
          maxLength={100}
          hint="Como o domínio aparece para os usuários na escolha de domínio."
        />
        <TextField
          label="Para onde vai a raiz do domínio"
          {...textField("root_redirect_url")}
          placeholder="https://suaempresa.com.br"
          inputMode="url"
          hint="Opcional. Quem abrir só o domínio vai para este endereço; vazio: o site do Atalho."
        />
        <div className="grid gap-1 sm:grid-cols-2">
          <CheckboxField
            label="Ativo"
            hint={isDefault ? DOMAIN_MESSAGES.defaultMustBeActive : "Responde às páginas e aos links dele."}
            {...flag("is_active")}
            disabled={isDefault}
          />
          <CheckboxField
            label="Premium"
            hint="Só para planos com domínios premium."
            {...flag("is_premium")}
          />
        </div>
        <FormActions
          submitLabel={domain ? "Salvar alterações" : "Adicionar domínio"}
          onCancel={onClose}
          pending={save.isPending}
        />
      </form>
    </Modal>
  );
}
