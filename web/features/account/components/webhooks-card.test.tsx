import {
  WEBHOOK_MESSAGES,
  type Webhook,
  type WebhookDeliveriesPage,
  type WebhookDelivery,
} from "@common/contract/webhooks";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, paramsOf } from "../../../../tests/web-fake-api";
import { accountUser, renderSignedIn } from "./account-test-setup";
import { WebhooksCard } from "./webhooks-card";

const HOOK: Webhook = {
  id: 4,
  url: "https://loja.exemplo.com.br/webhooks/atalho",
  events: ["link.created", "link.clicked"],
  is_active: true,
  secret_prefix: "whsec_AbCd",
  created_at: "2026-11-01T09:30:00.000Z",
};
const SECRET = `whsec_${"Z".repeat(43)}`;

const delivery = (id: number, overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id,
  event: "link.clicked",
  status: "delivered",
  attempts: 1,
  last_status_code: 200,
  last_error: null,
  next_attempt_at: null,
  delivered_at: "2026-11-20T12:00:01.000Z",
  created_at: "2026-11-20T12:00:00.000Z",
  ...overrides,
});

afterEach(() => vi.unstubAllGlobals());

const eventBox = (label: string) => screen.getByRole("checkbox", { name: new RegExp(`^${label}`) });

describe("WebhooksCard", () => {
  it("offers no form to an unconfirmed account and says why", async () => {
    fakeApi({ "GET /api/webhooks": { body: [] } });
    renderSignedIn(<WebhooksCard />, { user: accountUser({ email_verified: false }) });
    expect(screen.getByText("Confirme seu email para criar webhooks")).toBeTruthy();
    expect(screen.queryByLabelText("URL do webhook")).toBeNull();
    expect(screen.getByRole("button", { name: "Reenviar link de confirmação" })).toBeTruthy();
  });

  it("checks the form with the contract, creates a webhook and shows its secret once", async () => {
    let hooks: Webhook[] = [];
    const calls = fakeApi({
      "GET /api/webhooks": () => ({ body: hooks }),
      "POST /api/webhooks": ({ body }) => {
        const created = { ...HOOK, id: 9, ...(body as object) } as Webhook;
        hooks = [created];
        return { status: 201, body: { ...created, secret: SECRET } };
      },
    });
    renderSignedIn(<WebhooksCard />);
    expect(await screen.findByText("Nenhum webhook cadastrado.")).toBeTruthy();

    const url = screen.getByLabelText("URL do webhook");
    fireEvent.change(url, { target: { value: "http://loja.exemplo.com.br/hook" } });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar webhook" }));
    expect(await screen.findByText(WEBHOOK_MESSAGES.urlNotHttps)).toBeTruthy();
    fireEvent.change(url, { target: { value: "https://loja.exemplo.com.br/hook" } });
    fireEvent.click(eventBox("Link curto criado"));
    fireEvent.click(eventBox("Cliques em links curtos"));
    fireEvent.click(screen.getByRole("button", { name: "Adicionar webhook" }));
    expect(await screen.findByText(WEBHOOK_MESSAGES.eventsRequired)).toBeTruthy();
    expect(calls.some((call) => call.method === "POST")).toBe(false);

    fireEvent.click(eventBox("Cliques em links curtos"));
    fireEvent.click(screen.getByRole("button", { name: "Adicionar webhook" }));
    expect(((await screen.findByLabelText("Segredo do webhook")) as HTMLInputElement).value).toBe(SECRET);
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      url: "https://loja.exemplo.com.br/hook",
      events: ["link.clicked"],
    });
    const list = await screen.findByRole("list", { name: "Webhooks" });
    expect(within(list).getByText("https://loja.exemplo.com.br/hook")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Já copiei" }));
    expect(screen.queryByLabelText("Segredo do webhook")).toBeNull();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it("shows the server's refusal under the URL", async () => {
    fakeApi({
      "GET /api/webhooks": { body: [] },
      "POST /api/webhooks": {
        status: 400,
        body: { error: WEBHOOK_MESSAGES.urlInternal, details: { url: WEBHOOK_MESSAGES.urlInternal } },
      },
    });
    renderSignedIn(<WebhooksCard />);
    fireEvent.change(await screen.findByLabelText("URL do webhook"), {
      target: { value: "https://10.0.0.1/x" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar webhook" }));
    expect((await screen.findAllByText(WEBHOOK_MESSAGES.urlInternal)).length).toBeGreaterThan(0);
  });

  it("stops adding at the limit", async () => {
    fakeApi({
      "GET /api/webhooks": { body: [1, 2, 3, 4, 5].map((id) => ({ ...HOOK, id, url: `${HOOK.url}/${id}` })) },
    });
    renderSignedIn(<WebhooksCard />);
    expect(await screen.findByText(WEBHOOK_MESSAGES.tooMany)).toBeTruthy();
    expect((screen.getByRole("button", { name: "Adicionar webhook" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it("shows the delivery log in pt-BR, a page at a time", async () => {
    const pages: Record<string, WebhookDeliveriesPage> = {
      "1": {
        deliveries: [
          delivery(12, {
            event: "link.created",
            status: "pending",
            attempts: 2,
            last_status_code: 500,
            last_error: "Resposta HTTP 500",
            next_attempt_at: "2026-11-20T12:35:00.000Z",
          }),
          delivery(11, {
            status: "failed",
            attempts: 8,
            last_status_code: null,
            last_error: "Sem resposta em 10 s",
          }),
          ...Array.from({ length: 8 }, (_, i) => delivery(10 - i)),
        ],
        total: 11,
        page: 1,
        page_size: 10,
      },
      "2": { deliveries: [delivery(1, { event: "ping" })], total: 11, page: 2, page_size: 10 },
    };
    const calls = fakeApi({
      "GET /api/webhooks": { body: [HOOK] },
      "GET /api/webhooks/4/deliveries": (call) => ({ body: pages[paramsOf(call).get("page") ?? "1"] }),
    });
    renderSignedIn(<WebhooksCard />);
    fireEvent.click(await screen.findByRole("button", { name: `Ver entregas de ${HOOK.url}` }));
    const log = await screen.findByRole("list", { name: `Entregas de ${HOOK.url}` });
    const rows = within(log).getAllByRole("listitem");
    expect(rows).toHaveLength(10);
    expect(within(rows[0]!).getByText("Pendente")).toBeTruthy();
    expect(rows[0]!.textContent).toContain("2 tentativas · HTTP 500");
    expect(rows[0]!.textContent).toContain("Resposta HTTP 500");
    expect(rows[0]!.textContent).toContain("Nova tentativa em");
    expect(within(rows[1]!).getByText("Falhou")).toBeTruthy();
    expect(rows[1]!.textContent).toContain("Sem resposta em 10 s");
    expect(within(rows[2]!).getByText("Entregue")).toBeTruthy();
    expect(rows[2]!.textContent).toContain("20/11/2026");

    fireEvent.click(screen.getByRole("button", { name: "Página 2" }));
    await waitFor(() => expect(within(log).getAllByRole("listitem")).toHaveLength(1));
    expect(within(log).getByText("Teste")).toBeTruthy();
    expect(calls.filter((c) => c.url.includes("deliveries")).map((c) => paramsOf(c).get("page"))).toContain(
      "2",
    );
  });

  it("turns a webhook off, sends a test, and deletes after a confirmation", async () => {
    let hooks = [HOOK];
    const calls = fakeApi({
      "GET /api/webhooks": () => ({ body: hooks }),
      "GET /api/webhooks/4/deliveries": { body: { deliveries: [], total: 0, page: 1, page_size: 10 } },
      "PATCH /api/webhooks/4": ({ body }) => {
        hooks = [{ ...HOOK, ...(body as object) }];
        return { body: hooks[0] };
      },
      "POST /api/webhooks/4/test": { status: 202, body: delivery(20, { event: "ping", status: "pending" }) },
      "DELETE /api/webhooks/4": () => {
        hooks = [];
        return { status: 204 };
      },
    });
    renderSignedIn(<WebhooksCard />);
    fireEvent.click(await screen.findByRole("button", { name: `Enviar teste para ${HOOK.url}` }));
    expect(await screen.findByText(WEBHOOK_MESSAGES.testQueued)).toBeTruthy();
    expect(await screen.findByText("Nenhuma entrega ainda.")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: `Desativar ${HOOK.url}` }));
    expect(await screen.findByText(WEBHOOK_MESSAGES.disabled)).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ is_active: false });
    expect(await screen.findByText("Desativado")).toBeTruthy();
    expect(
      (screen.getByRole("button", { name: `Enviar teste para ${HOOK.url}` }) as HTMLButtonElement).disabled,
    ).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: `Excluir ${HOOK.url}` }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(WEBHOOK_MESSAGES.confirmDelete)).toBeTruthy();
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Excluir" }));
    expect(await screen.findByText("Nenhum webhook cadastrado.")).toBeTruthy();
    expect(calls.some((c) => c.method === "DELETE")).toBe(true);
  });
});
