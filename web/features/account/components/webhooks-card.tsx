import {
  type CreatedWebhook,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_MESSAGES,
  WEBHOOK_STATUS_LABELS,
  WEBHOOK_URL_MAX,
  WEBHOOKS_MAX,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEvent,
  webhookCreateSchema,
} from "@common/contract/webhooks";
import { formatDateTimeBR } from "@common/time";
import { useQuery } from "@tanstack/react-query";
import { Badge, type BadgeTone } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { CheckboxField } from "@web/components/ui/checkbox-field";
import { CopyButton } from "@web/components/ui/copy-button";
import { Modal } from "@web/components/ui/modal";
import { Pagination } from "@web/components/ui/pagination";
import { Spinner } from "@web/components/ui/spinner";
import { TextField } from "@web/components/ui/text-field";
import { errorMessage } from "@web/lib/api-client";
import { useAuth } from "@web/lib/session";
import { useContractForm } from "@web/lib/use-contract-form";
import { TriangleAlert, Webhook as WebhookIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import {
  useCreateWebhook,
  useDeleteWebhook,
  useTestWebhook,
  useUpdateWebhook,
  webhookDeliveriesQuery,
  webhooksQuery,
} from "../webhooks";
import { VerifyFirstNotice } from "./verify-first-notice";

const STATUS_TONES: Record<WebhookDeliveryStatus, BadgeTone> = {
  delivered: "green",
  pending: "amber",
  failed: "red",
};

/** The secret just made, shown this once with a copy button. */
function NewSecretNotice({ created, onDone }: { created: CreatedWebhook; onDone: () => void }) {
  return (
    <div role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-4">
      <p className="flex items-start gap-2 text-sm font-semibold text-amber-900">
        <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        Copie o segredo de assinatura agora: ele não será mostrado de novo.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <input
          readOnly
          aria-label="Segredo do webhook"
          value={created.secret}
          onFocus={(event) => event.currentTarget.select()}
          className="w-full min-w-0 rounded-lg border border-amber-200 bg-white px-3 py-2 font-mono text-sm text-gray-900 sm:w-auto sm:flex-1"
        />
        <CopyButton text={created.secret} label="Copiar segredo" variant="outline" />
      </div>
      <p className="mt-3 text-xs text-amber-900">
        Use-o para conferir o cabeçalho <code>X-Atalho-Signature</code> de cada chamada. Se perder, exclua o
        webhook e crie outro.
      </p>
      <Button variant="secondary" className="mt-3" onClick={onDone}>
        Já copiei
      </Button>
    </div>
  );
}

function EventCheckboxes({
  events,
  onChange,
  disabled,
  error,
}: {
  events: WebhookEvent[];
  onChange: (events: WebhookEvent[]) => void;
  disabled: boolean;
  error?: string;
}) {
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-gray-700">Eventos</legend>
      <div className="grid gap-1 sm:grid-cols-2">
        {WEBHOOK_EVENTS.map((event) => (
          <CheckboxField
            key={event}
            label={WEBHOOK_EVENT_LABELS[event]}
            hint={<code>{event}</code>}
            checked={events.includes(event)}
            onChange={(on) => onChange(on ? [...events, event] : events.filter((e) => e !== event))}
            disabled={disabled}
          />
        ))}
      </div>
      {error && <p className="mt-1 text-sm text-red-600">{error}</p>}
    </fieldset>
  );
}

function CreateWebhookForm({
  onCreated,
  disabled,
}: {
  onCreated: (webhook: CreatedWebhook) => void;
  disabled: boolean;
}) {
  const create = useCreateWebhook();
  const form = useContractForm({
    schema: webhookCreateSchema,
    initialValues: { url: "", events: ["link.created", "link.clicked"] as WebhookEvent[] },
    onSubmit: async (body) => {
      onCreated(await create.mutateAsync(body));
      form.setValue("url", "");
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  return (
    <form onSubmit={form.handleSubmit} noValidate className="space-y-3">
      <TextField
        label="URL do webhook"
        type="url"
        inputMode="url"
        placeholder="https://seu-sistema.com.br/webhooks/atalho"
        maxLength={WEBHOOK_URL_MAX}
        {...form.field("url")}
        disabled={disabled}
      />
      <EventCheckboxes
        events={form.values.events}
        onChange={(events) => form.setValue("events", events)}
        disabled={disabled}
        error={form.error("events")}
      />
      <Button type="submit" loading={form.busy} disabled={disabled}>
        <WebhookIcon className="h-4 w-4" aria-hidden />
        Adicionar webhook
      </Button>
      {disabled && <p className="text-sm text-gray-600">{WEBHOOK_MESSAGES.tooMany}</p>}
    </form>
  );
}

function DeleteDialog({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const remove = useDeleteWebhook();
  const onConfirm = () =>
    remove.mutate(webhook.id, {
      onSuccess: () => {
        toast.success(WEBHOOK_MESSAGES.deleted);
        onClose();
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  return (
    <Modal
      title="Excluir webhook"
      subtitle={webhook.url}
      onClose={onClose}
      width="max-w-md"
      dismissible={!remove.isPending}
    >
      <p className="text-sm text-gray-700">{WEBHOOK_MESSAGES.confirmDelete}</p>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
          Cancelar
        </Button>
        <Button variant="danger" onClick={onConfirm} loading={remove.isPending}>
          Excluir
        </Button>
      </div>
    </Modal>
  );
}

function DeliveryRow({ delivery }: { delivery: WebhookDelivery }) {
  return (
    <li className="space-y-1 px-3 py-2.5 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-gray-900">
          {WEBHOOK_EVENT_LABELS[delivery.event] ?? delivery.event}{" "}
          <code className="text-xs font-normal text-gray-500">{delivery.event}</code>
        </span>
        <Badge tone={STATUS_TONES[delivery.status]}>{WEBHOOK_STATUS_LABELS[delivery.status]}</Badge>
      </div>
      <p className="text-gray-600">
        {formatDateTimeBR(delivery.created_at)} · {delivery.attempts}{" "}
        {delivery.attempts === 1 ? "tentativa" : "tentativas"}
        {delivery.last_status_code !== null && <> · HTTP {delivery.last_status_code}</>}
      </p>
      {delivery.status !== "delivered" && delivery.last_error && (
        <p className="text-gray-600">{delivery.last_error}</p>
      )}
      {delivery.status === "pending" && delivery.attempts > 0 && delivery.next_attempt_at && (
        <p className="text-gray-500">Nova tentativa em {formatDateTimeBR(delivery.next_attempt_at)}</p>
      )}
    </li>
  );
}

/** A webhook's delivery log, a page at a time. */
function DeliveryLog({ webhook }: { webhook: Webhook }) {
  const [page, setPage] = useState(1);
  const log = useQuery(webhookDeliveriesQuery(webhook.id, page));
  if (log.isPending) return <Spinner />;
  if (log.isError) return <p className="text-sm text-red-700">{errorMessage(log.error)}</p>;
  const { deliveries, total, page_size } = log.data;
  if (total === 0) return <p className="text-sm text-gray-500">Nenhuma entrega ainda.</p>;
  return (
    <div className="space-y-3">
      <ul
        aria-label={`Entregas de ${webhook.url}`}
        className="divide-y divide-gray-100 rounded-lg border border-gray-200 bg-white"
      >
        {deliveries.map((delivery) => (
          <DeliveryRow key={delivery.id} delivery={delivery} />
        ))}
      </ul>
      <Pagination page={page} totalPages={Math.ceil(total / page_size)} onPage={setPage} />
    </div>
  );
}

function WebhookRow({ webhook, onDelete }: { webhook: Webhook; onDelete: () => void }) {
  const update = useUpdateWebhook();
  const test = useTestWebhook();
  const [showLog, setShowLog] = useState(false);
  const toggle = () =>
    update.mutate(
      { id: webhook.id, is_active: !webhook.is_active },
      {
        onSuccess: (saved) =>
          toast.success(saved.is_active ? WEBHOOK_MESSAGES.enabled : WEBHOOK_MESSAGES.disabled),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  const sendTest = () =>
    test.mutate(webhook.id, {
      onSuccess: () => {
        toast.success(WEBHOOK_MESSAGES.testQueued);
        setShowLog(true);
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  return (
    <li className="space-y-3 px-4 py-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 font-mono text-sm break-all text-gray-900">{webhook.url}</p>
        <Badge tone={webhook.is_active ? "green" : "gray"}>
          {webhook.is_active ? "Ativo" : "Desativado"}
        </Badge>
      </div>
      <ul aria-label="Eventos" className="flex flex-wrap gap-1.5">
        {webhook.events.map((event) => (
          <li
            key={event}
            title={WEBHOOK_EVENT_LABELS[event]}
            className="rounded-full bg-gray-100 px-2 py-0.5 font-mono text-xs text-gray-700"
          >
            {event}
          </li>
        ))}
      </ul>
      <p className="text-sm text-gray-500">
        Segredo{" "}
        <code className="rounded bg-gray-100 px-1.5 py-0.5 font-mono text-xs text-gray-800">
          {webhook.secret_prefix}…
        </code>{" "}
        · criado em {formatDateTimeBR(webhook.created_at)}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() => setShowLog((open) => !open)}
          aria-expanded={showLog}
          aria-label={`${showLog ? "Ocultar" : "Ver"} entregas de ${webhook.url}`}
        >
          {showLog ? "Ocultar entregas" : "Ver entregas"}
        </Button>
        <Button
          variant="secondary"
          onClick={sendTest}
          loading={test.isPending}
          disabled={!webhook.is_active}
          aria-label={`Enviar teste para ${webhook.url}`}
        >
          Enviar teste
        </Button>
        <Button
          variant="secondary"
          onClick={toggle}
          loading={update.isPending}
          aria-label={`${webhook.is_active ? "Desativar" : "Ativar"} ${webhook.url}`}
        >
          {webhook.is_active ? "Desativar" : "Ativar"}
        </Button>
        <Button variant="secondary" onClick={onDelete} aria-label={`Excluir ${webhook.url}`}>
          Excluir
        </Button>
      </div>
      {showLog && <DeliveryLog webhook={webhook} />}
    </li>
  );
}

/** /profile 'Webhooks': endpoints that receive link events, signed; the secret shown once; a delivery log. */
export function WebhooksCard() {
  const { user } = useAuth();
  const list = useQuery(webhooksQuery);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const webhooks = list.data ?? [];

  return (
    <div className="space-y-5">
      <p className="text-sm text-gray-600">
        Cada chamada é um <code className="rounded bg-gray-100 px-1 font-mono text-xs">POST</code> em JSON
        assinado com HMAC-SHA256 no cabeçalho{" "}
        <code className="rounded bg-gray-100 px-1 font-mono text-xs">X-Atalho-Signature</code>. Respostas fora
        de 2xx são repetidas com intervalos crescentes por até dois dias.
      </p>
      {created && <NewSecretNotice created={created} onDone={() => setCreated(null)} />}
      {user && !user.email_verified ? (
        <VerifyFirstNotice what="webhooks" email={user.email} />
      ) : (
        <CreateWebhookForm onCreated={setCreated} disabled={webhooks.length >= WEBHOOKS_MAX} />
      )}
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <p className="text-sm text-red-700">{errorMessage(list.error)}</p>
      ) : webhooks.length === 0 ? (
        <p className="text-sm text-gray-500">Nenhum webhook cadastrado.</p>
      ) : (
        <ul aria-label="Webhooks" className="divide-y divide-gray-100 rounded-lg border border-gray-200">
          {webhooks.map((webhook) => (
            <WebhookRow key={webhook.id} webhook={webhook} onDelete={() => setDeleting(webhook)} />
          ))}
        </ul>
      )}
      {deleting && <DeleteDialog webhook={deleting} onClose={() => setDeleting(null)} />}
    </div>
  );
}
