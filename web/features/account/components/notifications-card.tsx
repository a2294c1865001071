import { LEAD_MAIL_MODE_LABELS, LEAD_MAIL_MODES, type LeadMailMode } from "@common/contract/leads";
import { NOTIFICATION_MESSAGES } from "@common/contract/notifications";
import { formatDateBR } from "@common/time";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { ListError } from "@web/components/ui/list-states";
import { SpinnerIcon } from "@web/components/ui/spinner";
import { errorMessage } from "@web/lib/api-client";
import { Bell, BellOff, Smartphone } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import {
  notificationSettingsQuery,
  pushKeyQuery,
  useAddPushDevice,
  useRemovePushDevice,
  useSaveLeadMail,
} from "../notifications";
import {
  currentPushSubscription,
  deviceLabel,
  needsHomeScreenApp,
  type PushState,
  readPushState,
  subscribePush,
} from "../push-subscription";

/** This browser's state, read once the card shows (the browser's APIs answer asynchronously). */
function usePushState() {
  const [state, setState] = useState<PushState | null>(null);
  useEffect(() => {
    let live = true;
    void readPushState().then((read) => {
      if (live) setState(read);
    });
    return () => {
      live = false;
    };
  }, []);
  return [state, setState] as const;
}

/** "Notificações neste aparelho": turn push on (permission, subscription, sent to us) or off. */
function ThisDevice() {
  const queryClient = useQueryClient();
  const [state, setState] = usePushState();
  const [working, setWorking] = useState(false);
  const addDevice = useAddPushDevice();
  const removeDevice = useRemovePushDevice();
  const supported = state !== null && state !== "unsupported";
  // Fetched ahead, so that the tap only asks the permission and subscribes.
  useQuery({ ...pushKeyQuery, enabled: supported });

  const enable = async () => {
    setWorking(true);
    let subscription: PushSubscription | null = null;
    try {
      const result = await subscribePush(async () => (await queryClient.fetchQuery(pushKeyQuery)).public_key);
      if (result === "denied") {
        // Dismissed (not blocked): still off, asked again on the next tap.
        setState(Notification.permission === "denied" ? "denied" : "off");
        return;
      }
      subscription = result;
      const { endpoint, keys } = subscription.toJSON();
      await addDevice.mutateAsync({
        endpoint: endpoint ?? subscription.endpoint,
        keys: { p256dh: keys?.p256dh ?? "", auth: keys?.auth ?? "" },
        label: deviceLabel(navigator.userAgent),
      });
      setState("on");
      toast.success(NOTIFICATION_MESSAGES.subscribed);
    } catch (error) {
      // Not kept by the server (ten devices already): not kept here either.
      await subscription?.unsubscribe().catch(() => false);
      toast.error(errorMessage(error, NOTIFICATION_MESSAGES.saveFailed));
    } finally {
      setWorking(false);
    }
  };

  const disable = async () => {
    setWorking(true);
    try {
      const subscription = await currentPushSubscription();
      if (subscription) {
        await removeDevice.mutateAsync(subscription.endpoint);
        await subscription.unsubscribe().catch(() => false);
      }
      setState("off");
      toast.success(NOTIFICATION_MESSAGES.unsubscribed);
    } catch (error) {
      toast.error(errorMessage(error, NOTIFICATION_MESSAGES.saveFailed));
    } finally {
      setWorking(false);
    }
  };

  return (
    <div className="space-y-3">
      <h3 className="text-sm font-semibold text-gray-900">Notificações neste aparelho</h3>
      {state === null ? (
        <p className="flex items-center gap-2 text-sm text-gray-500" role="status">
          <SpinnerIcon className="h-4 w-4" />
          Verificando este aparelho...
        </p>
      ) : state === "unsupported" ? (
        <div className="space-y-1 text-sm text-gray-600">
          <p className="flex items-start gap-2">
            <BellOff className="mt-0.5 h-4 w-4 shrink-0 text-gray-400" aria-hidden />
            {NOTIFICATION_MESSAGES.unsupported}
          </p>
          {needsHomeScreenApp() && (
            <p className="pl-6 text-gray-500">
              No iPhone e no iPad, adicione o Atalho à Tela de Início (Compartilhar › Adicionar à Tela de
              Início) e abra por lá para ativar as notificações.
            </p>
          )}
        </div>
      ) : state === "denied" ? (
        <p className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <BellOff className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {NOTIFICATION_MESSAGES.denied}
        </p>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-start gap-2 text-sm text-gray-600">
            {state === "on" ? (
              <>
                <Bell className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden />
                Ativadas: este aparelho avisa de novos contatos, pagamentos, do fim da assinatura e de links
                bloqueados.
              </>
            ) : (
              <>
                <BellOff className="mt-0.5 h-4 w-4 shrink-0 text-gray-400" aria-hidden />
                Desativadas neste aparelho.
              </>
            )}
          </p>
          {state === "on" ? (
            <Button variant="secondary" onClick={() => void disable()} loading={working} className="shrink-0">
              Desativar
            </Button>
          ) : (
            <Button onClick={() => void enable()} loading={working} className="shrink-0">
              <Bell className="h-4 w-4" aria-hidden />
              Ativar notificações neste aparelho
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

/** "Aparelhos com notificações": every device of the account with push on. */
function Devices({ devices }: { devices: { id: number; label: string; created_at: string }[] }) {
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-gray-900">Aparelhos com notificações</h3>
      {devices.length === 0 ? (
        <p className="text-sm text-gray-500">Nenhum aparelho com notificações ativadas.</p>
      ) : (
        <ul
          className="divide-y divide-gray-100 rounded-lg border border-gray-200"
          aria-label="Aparelhos com notificações"
        >
          {devices.map((device) => (
            <li key={device.id} className="flex items-center gap-3 px-3 py-2.5 text-sm">
              <Smartphone className="h-4 w-4 shrink-0 text-gray-400" aria-hidden />
              <span className="min-w-0 flex-1 truncate text-gray-900">{device.label || "Aparelho"}</span>
              <span className="shrink-0 text-xs text-gray-500">desde {formatDateBR(device.created_at)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** "E-mail de novos contatos": none, one each, or a daily digest; saved as it is picked. */
function LeadMail({ value }: { value: LeadMailMode }) {
  const save = useSaveLeadMail();
  const shown = save.isPending ? save.variables : value;
  const pick = (mode: LeadMailMode) =>
    save.mutate(mode, {
      onSuccess: () => toast.success(NOTIFICATION_MESSAGES.saved),
      onError: (error) => toast.error(errorMessage(error, NOTIFICATION_MESSAGES.saveFailed)),
    });
  return (
    <fieldset className="space-y-1" disabled={save.isPending}>
      <legend className="mb-1 text-sm font-semibold text-gray-900">E-mail de novos contatos</legend>
      {LEAD_MAIL_MODES.map((mode) => (
        <label
          key={mode}
          className="flex cursor-pointer items-center gap-3 rounded-lg p-2 text-sm text-gray-800 hover:bg-gray-50"
        >
          <input
            type="radio"
            name="lead_mail"
            value={mode}
            checked={shown === mode}
            onChange={() => pick(mode)}
            className="h-4 w-4 accent-brand-600"
          />
          {LEAD_MAIL_MODE_LABELS[mode]}
        </label>
      ))}
    </fieldset>
  );
}

/** The profile's 'Notificações': push on this device, the devices with it on, and e-mail. */
export function NotificationsCard() {
  const settings = useQuery(notificationSettingsQuery);
  return (
    <div className="space-y-6">
      <ThisDevice />
      {settings.isPending ? (
        <p className="flex items-center gap-2 text-sm text-gray-500" role="status">
          <SpinnerIcon className="h-4 w-4" />
          Carregando notificações...
        </p>
      ) : settings.isError ? (
        <ListError
          message={errorMessage(settings.error, "Erro ao carregar as notificações")}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <>
          <Devices devices={settings.data.devices} />
          <LeadMail value={settings.data.lead_mail} />
        </>
      )}
    </div>
  );
}
