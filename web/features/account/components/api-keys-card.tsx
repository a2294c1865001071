import {
  API_KEY_MESSAGES,
  API_KEY_NAME_MAX,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  API_KEYS_MAX,
  type ApiKey,
  type ApiKeyScope,
  apiKeyCreateSchema,
  type CreatedApiKey,
} from "@common/contract/api-keys";
import { formatDateTimeBR } from "@common/time";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { CheckboxField } from "@web/components/ui/checkbox-field";
import { CopyButton } from "@web/components/ui/copy-button";
import { Modal } from "@web/components/ui/modal";
import { Spinner } from "@web/components/ui/spinner";
import { TextField } from "@web/components/ui/text-field";
import { errorMessage } from "@web/lib/api-client";
import { useAuth } from "@web/lib/session";
import { useContractForm } from "@web/lib/use-contract-form";
import { KeyRound, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { API_DOCS_PATH, apiKeysQuery, useCreateApiKey, useRevokeApiKey } from "../api-keys";
import { VerifyFirstNotice } from "./verify-first-notice";

/** The key just made, shown this once with a copy button. */
function NewKeyNotice({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  return (
    <div role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-4">
      <p className="flex items-start gap-2 text-sm font-semibold text-amber-900">
        <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        Copie a chave “{created.name}” agora: ela não será mostrada de novo.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <input
          readOnly
          aria-label="Nova chave de API"
          value={created.key}
          onFocus={(event) => event.currentTarget.select()}
          className="w-full min-w-0 rounded-lg border border-amber-200 bg-white px-3 py-2 font-mono text-sm text-gray-900 sm:w-auto sm:flex-1"
        />
        <CopyButton text={created.key} label="Copiar chave" variant="outline" />
      </div>
      <p className="mt-3 text-xs text-amber-900">
        Guarde-a num lugar seguro. Se perder, revogue-a e crie outra.
      </p>
      <Button variant="secondary" className="mt-3" onClick={onDone}>
        Já copiei
      </Button>
    </div>
  );
}

function CreateKeyForm({
  onCreated,
  disabled,
}: {
  onCreated: (key: CreatedApiKey) => void;
  disabled: boolean;
}) {
  const create = useCreateApiKey();
  const form = useContractForm({
    schema: apiKeyCreateSchema,
    initialValues: { name: "", scopes: ["links:read", "links:write"] as ApiKeyScope[] },
    onSubmit: async (body) => {
      onCreated(await create.mutateAsync({ name: body.name, scopes: body.scopes }));
      form.setValue("name", "");
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const scopes = form.values.scopes;
  const toggle = (scope: ApiKeyScope, on: boolean) =>
    form.setValue("scopes", on ? [...scopes, scope] : scopes.filter((s) => s !== scope));

  return (
    <form onSubmit={form.handleSubmit} noValidate className="space-y-3">
      <TextField
        label="Nome da chave"
        placeholder="Ex.: Planilha de campanhas"
        maxLength={API_KEY_NAME_MAX}
        {...form.field("name")}
        disabled={disabled}
      />
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-gray-700">Permissões</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {API_KEY_SCOPES.map((scope) => (
            <CheckboxField
              key={scope}
              label={API_KEY_SCOPE_LABELS[scope]}
              hint={<code>{scope}</code>}
              checked={scopes.includes(scope)}
              onChange={(on) => toggle(scope, on)}
              disabled={disabled}
            />
          ))}
        </div>
        {form.error("scopes") && <p className="mt-1 text-sm text-red-600">{form.error("scopes")}</p>}
      </fieldset>
      <Button type="submit" loading={form.busy} disabled={disabled}>
        <KeyRound className="h-4 w-4" aria-hidden />
        Criar chave
      </Button>
      {disabled && <p className="text-sm text-gray-600">{API_KEY_MESSAGES.tooMany}</p>}
    </form>
  );
}

function RevokeDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const revoke = useRevokeApiKey();
  const onConfirm = () =>
    revoke.mutate(apiKey.id, {
      onSuccess: () => {
        toast.success(API_KEY_MESSAGES.revoked);
        onClose();
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  return (
    <Modal
      title="Revogar chave de API"
      subtitle={apiKey.name}
      onClose={onClose}
      width="max-w-md"
      dismissible={!revoke.isPending}
    >
      <p className="text-sm text-gray-700">{API_KEY_MESSAGES.confirmRevoke}</p>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={revoke.isPending}>
          Cancelar
        </Button>
        <Button variant="danger" onClick={onConfirm} loading={revoke.isPending}>
          Revogar
        </Button>
      </div>
    </Modal>
  );
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: () => void }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 px-4 py-3">
      <div className="min-w-0 space-y-1">
        <p className="font-medium text-gray-900 break-words">{apiKey.name}</p>
        <p className="text-sm text-gray-600">
          <code className="rounded bg-gray-100 px-1.5 py-0.5 font-mono text-xs text-gray-800">
            {apiKey.prefix}…
          </code>
          <span className="text-gray-500"> · criada em {formatDateTimeBR(apiKey.created_at)}</span>
        </p>
        <p className="text-sm text-gray-500">
          {apiKey.last_used_at ? `Último uso em ${formatDateTimeBR(apiKey.last_used_at)}` : "Nunca usada"}
        </p>
        <ul aria-label="Permissões" className="flex flex-wrap gap-1.5">
          {apiKey.scopes.map((scope) => (
            <li
              key={scope}
              title={API_KEY_SCOPE_LABELS[scope]}
              className="rounded-full bg-brand-50 px-2 py-0.5 font-mono text-xs text-brand-700 ring-1 ring-brand-100"
            >
              {scope}
            </li>
          ))}
        </ul>
      </div>
      <Button variant="secondary" onClick={onRevoke} aria-label={`Revogar a chave ${apiKey.name}`}>
        Revogar
      </Button>
    </li>
  );
}

/** /profile 'Chaves de API': personal keys for the public API, shown once, revoked with a confirmation. */
export function ApiKeysCard() {
  const { user } = useAuth();
  const list = useQuery(apiKeysQuery);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const keys = list.data ?? [];

  return (
    <div className="space-y-5">
      <p className="text-sm text-gray-600">
        Use a chave no cabeçalho{" "}
        <code className="rounded bg-gray-100 px-1 font-mono text-xs">Authorization: Bearer</code> para criar e
        ler links curtos e páginas Link Bio pelos seus programas.{" "}
        <a href={API_DOCS_PATH} className="font-medium text-brand-700 underline hover:text-brand-600">
          Ver a documentação da API
        </a>
      </p>
      {created && <NewKeyNotice created={created} onDone={() => setCreated(null)} />}
      {user && !user.email_verified ? (
        <VerifyFirstNotice what="chaves de API" email={user.email} />
      ) : (
        <CreateKeyForm onCreated={setCreated} disabled={keys.length >= API_KEYS_MAX} />
      )}
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <p className="text-sm text-red-700">{errorMessage(list.error)}</p>
      ) : keys.length === 0 ? (
        <p className="text-sm text-gray-500">Nenhuma chave ativa.</p>
      ) : (
        <ul aria-label="Chaves de API" className="divide-y divide-gray-100 rounded-lg border border-gray-200">
          {keys.map((apiKey) => (
            <KeyRow key={apiKey.id} apiKey={apiKey} onRevoke={() => setRevoking(apiKey)} />
          ))}
        </ul>
      )}
      {revoking && <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} />}
    </div>
  );
}
