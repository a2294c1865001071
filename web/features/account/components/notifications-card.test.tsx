import { LEAD_MAIL_MODE_LABELS } from "@common/contract/leads";
import { NOTIFICATION_MESSAGES, type NotificationSettings } from "@common/contract/notifications";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../../../tests/web-fake-api";
import { base64UrlToBytes, deviceLabel } from "../push-subscription";
import { renderSignedIn } from "./account-test-setup";
import { NotificationsCard } from "./notifications-card";

/** A VAPID public key: an uncompressed P-256 point, 65 bytes, base64url without padding. */
const PUBLIC_KEY = "BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U";
const ENDPOINT = "https://push.exemplo.com/send/abc123";
const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";

const SETTINGS: NotificationSettings = {
  lead_mail: "each",
  devices: [{ id: 1, label: "Firefox no Windows", created_at: "2026-11-02T12:00:00.000Z" }],
};

/**
 * jsdom has no Web Push: a service worker registration whose push manager subscribes, and the
 * Notification permission, answering as `grant` says when asked.
 */
function installPush({
  permission = "default",
  grant = "granted",
  subscribed = false,
}: {
  permission?: NotificationPermission;
  grant?: NotificationPermission;
  subscribed?: boolean;
} = {}) {
  let current: PushSubscription | null = null;
  const subscription = {
    endpoint: ENDPOINT,
    toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: "BPk-chave", auth: "aut-chave" } }),
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
  } as unknown as PushSubscription;
  if (subscribed) current = subscription;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => {
      current = subscription;
      return subscription;
    }),
  };
  const registration = { pushManager };
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: vi.fn(async () => registration) },
  });
  const FakeNotification = {
    permission,
    requestPermission: vi.fn(async () => {
      FakeNotification.permission = grant;
      return grant;
    }),
  };
  vi.stubGlobal("Notification", FakeNotification);
  vi.stubGlobal("PushManager", class {});
  return { pushManager, subscription, requestPermission: FakeNotification.requestPermission };
}

function setUserAgent(value: string) {
  Object.defineProperty(navigator, "userAgent", { configurable: true, value });
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "serviceWorker");
  Reflect.deleteProperty(navigator, "userAgent");
});

const thisDevice = () => screen.getByText("Notificações neste aparelho").parentElement!;

describe("NotificationsCard", () => {
  it("turns notifications on: permission, subscription with the server's key, the device sent", async () => {
    const push = installPush();
    setUserAgent(ANDROID_CHROME);
    let devices = SETTINGS.devices;
    const calls = fakeApi({
      "GET /api/notifications": () => ({ body: { ...SETTINGS, devices } }),
      "GET /api/notifications/push-key": { body: { public_key: PUBLIC_KEY } },
      "POST /api/notifications/devices": () => {
        devices = [...devices, { id: 2, label: "Chrome no Android", created_at: "2026-11-24T12:00:00.000Z" }];
        return { status: 201, body: { id: 2 } };
      },
    });
    renderSignedIn(<NotificationsCard />);
    expect(await screen.findByText("Desativadas neste aparelho.")).toBeTruthy();
    expect(await screen.findByText("Firefox no Windows")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Ativar notificações neste aparelho" }));

    expect(await screen.findByText(NOTIFICATION_MESSAGES.subscribed)).toBeTruthy();
    expect(push.requestPermission).toHaveBeenCalledOnce();
    const [options] = push.pushManager.subscribe.mock.calls[0]!;
    expect(options.userVisibleOnly).toBe(true);
    expect([...(options.applicationServerKey as Uint8Array)]).toEqual([...base64UrlToBytes(PUBLIC_KEY)]);
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      endpoint: ENDPOINT,
      keys: { p256dh: "BPk-chave", auth: "aut-chave" },
      label: "Chrome no Android",
    });
    expect(within(thisDevice()).getByRole("button", { name: "Desativar" })).toBeTruthy();
    expect(await screen.findByText("Chrome no Android")).toBeTruthy();
  });

  it("turns them off: the device deleted by its endpoint, then unsubscribed", async () => {
    const push = installPush({ permission: "granted", subscribed: true });
    const calls = fakeApi({
      "GET /api/notifications": { body: SETTINGS },
      "GET /api/notifications/push-key": { body: { public_key: PUBLIC_KEY } },
      "DELETE /api/notifications/devices": { status: 204 },
    });
    renderSignedIn(<NotificationsCard />);
    fireEvent.click(await screen.findByRole("button", { name: "Desativar" }));
    expect(await screen.findByText(NOTIFICATION_MESSAGES.unsubscribed)).toBeTruthy();
    expect(calls.find((c) => c.method === "DELETE")?.body).toEqual({ endpoint: ENDPOINT });
    expect(push.subscription.unsubscribe).toHaveBeenCalledOnce();
    expect(screen.getByRole("button", { name: "Ativar notificações neste aparelho" })).toBeTruthy();
  });

  it("keeps the subscription when the server refuses to delete it, and says why", async () => {
    const push = installPush({ permission: "granted", subscribed: true });
    fakeApi({
      "GET /api/notifications": { body: SETTINGS },
      "GET /api/notifications/push-key": { body: { public_key: PUBLIC_KEY } },
      "DELETE /api/notifications/devices": { status: 500, body: { error: "boom" } },
    });
    renderSignedIn(<NotificationsCard />);
    fireEvent.click(await screen.findByRole("button", { name: "Desativar" }));
    expect(await screen.findByText(NOTIFICATION_MESSAGES.saveFailed)).toBeTruthy();
    expect(push.subscription.unsubscribe).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Desativar" })).toBeTruthy();
  });

  it("drops the new subscription when the server refuses the device (ten already)", async () => {
    const push = installPush();
    fakeApi({
      "GET /api/notifications": { body: SETTINGS },
      "GET /api/notifications/push-key": { body: { public_key: PUBLIC_KEY } },
      "POST /api/notifications/devices": { status: 409, body: { error: NOTIFICATION_MESSAGES.devicesMax } },
    });
    renderSignedIn(<NotificationsCard />);
    fireEvent.click(await screen.findByRole("button", { name: "Ativar notificações neste aparelho" }));
    expect(await screen.findByText(NOTIFICATION_MESSAGES.devicesMax)).toBeTruthy();
    expect(push.subscription.unsubscribe).toHaveBeenCalledOnce();
    expect(screen.getByRole("button", { name: "Ativar notificações neste aparelho" })).toBeTruthy();
  });

  it("says notifications are blocked when the browser denies them, and subscribes nothing", async () => {
    const push = installPush({ grant: "denied" });
    const calls = fakeApi({
      "GET /api/notifications": { body: SETTINGS },
      "GET /api/notifications/push-key": { body: { public_key: PUBLIC_KEY } },
    });
    renderSignedIn(<NotificationsCard />);
    fireEvent.click(await screen.findByRole("button", { name: "Ativar notificações neste aparelho" }));
    expect(await screen.findByText(NOTIFICATION_MESSAGES.denied)).toBeTruthy();
    expect(push.pushManager.subscribe).not.toHaveBeenCalled();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    expect(screen.queryByRole("button", { name: "Ativar notificações neste aparelho" })).toBeNull();
  });

  it("says so at once when notifications were blocked before", async () => {
    installPush({ permission: "denied" });
    fakeApi({ "GET /api/notifications": { body: SETTINGS } });
    renderSignedIn(<NotificationsCard />);
    expect(await screen.findByText(NOTIFICATION_MESSAGES.denied)).toBeTruthy();
  });

  it("says a browser without Web Push cannot have them, and still offers the e-mail", async () => {
    setUserAgent("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1");
    fakeApi({ "GET /api/notifications": { body: SETTINGS } });
    renderSignedIn(<NotificationsCard />);
    expect(await screen.findByText(NOTIFICATION_MESSAGES.unsupported)).toBeTruthy();
    expect(screen.getByText(/adicione o Atalho à Tela de Início/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Ativar notificações neste aparelho" })).toBeNull();
    expect(await screen.findByRole("radio", { name: LEAD_MAIL_MODE_LABELS.each })).toBeTruthy();
  });

  it("saves how new contacts come by e-mail as it is picked", async () => {
    let leadMail = "each";
    const calls = fakeApi({
      "GET /api/notifications": () => ({ body: { ...SETTINGS, lead_mail: leadMail } }),
      "PUT /api/notifications": ({ body }) => {
        leadMail = (body as { lead_mail: string }).lead_mail;
        return { body: { message: NOTIFICATION_MESSAGES.saved } };
      },
    });
    renderSignedIn(<NotificationsCard />);
    const group = await screen.findByRole("group", { name: "E-mail de novos contatos" });
    expect(
      (within(group).getByRole("radio", { name: "Um e-mail a cada novo contato" }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    fireEvent.click(within(group).getByRole("radio", { name: "Um resumo por dia" }));
    expect(await screen.findByText(NOTIFICATION_MESSAGES.saved)).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ lead_mail: "daily" });
    await waitFor(() =>
      expect(
        (within(group).getByRole("radio", { name: "Um resumo por dia" }) as HTMLInputElement).checked,
      ).toBe(true),
    );
  });

  it("says a failed save and keeps the earlier choice", async () => {
    fakeApi({
      "GET /api/notifications": { body: SETTINGS },
      "PUT /api/notifications": { status: 500, body: { error: "boom" } },
    });
    renderSignedIn(<NotificationsCard />);
    const group = await screen.findByRole("group", { name: "E-mail de novos contatos" });
    fireEvent.click(within(group).getByRole("radio", { name: "Não enviar e-mail" }));
    expect(await screen.findByText(NOTIFICATION_MESSAGES.saveFailed)).toBeTruthy();
    await waitFor(() =>
      expect(
        (within(group).getByRole("radio", { name: "Um e-mail a cada novo contato" }) as HTMLInputElement)
          .checked,
      ).toBe(true),
    );
  });
});

describe("deviceLabel", () => {
  it.each([
    [ANDROID_CHROME, "Chrome no Android"],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1",
      "Safari no iPhone",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36 Edg/126.0",
      "Edge no Windows",
    ],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5; rv:127.0) Gecko/20100101 Firefox/127.0", "Firefox no Mac"],
    [
      "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 SamsungBrowser/25.0 Chrome/121.0 Mobile Safari/537.36",
      "Samsung Internet no Android",
    ],
    ["curl/8.0", "Navegador"],
  ])("%s → %s", (userAgent, label) => expect(deviceLabel(userAgent)).toBe(label));
});
