import { ADMIN_MESSAGES } from "@common/contract/admin";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { config, plans, renderAdmin } from "../../../../tests/web-admin-fixtures";
import { fakeApi } from "../../../../tests/web-fake-api";
import { PG_DUMP_COMMAND, PG_RESTORE_COMMAND } from "./system-maintenance";
import { SystemSettings } from "./system-settings";

const general = () => within(screen.getByRole("region", { name: "Configurações gerais" }));
const maintenance = () => within(screen.getByRole("region", { name: "Manutenção e dados" }));
const settingsRoutes = {
  "GET /api/admin/system-config": { body: config() },
  "GET /api/admin/subscription-plans": { body: plans },
};

describe("SystemSettings", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows the stored values, not the client defaults", async () => {
    fakeApi({
      "GET /api/admin/system-config": {
        body: config({
          maintenance_mode: true,
          registration_enabled: false,
          default_plan_id: 2,
          max_free_users: null,
          platform_fee_percentage: 10,
        }),
      },
      "GET /api/admin/subscription-plans": { body: plans },
    });
    renderAdmin(<SystemSettings domains={<p>Gerenciador de domínios</p>} />);
    const form = general();
    expect(
      (await form.findByRole("switch", { name: "Modo de manutenção" })).getAttribute("aria-checked"),
    ).toBe("true");
    expect(form.getByRole("switch", { name: "Cadastros abertos" }).getAttribute("aria-checked")).toBe(
      "false",
    );
    expect((form.getByLabelText("Máx. de usuários gratuitos") as HTMLInputElement).value).toBe("");
    expect(form.getByText("Vazio = sem limite")).toBeTruthy();
    expect((form.getByLabelText("Taxa da plataforma (%)") as HTMLInputElement).value).toBe("10");
    expect(form.getByText("Líquido: 90% de cada pagamento")).toBeTruthy();
    await form.findByRole("option", { name: "Pro" });
    expect((form.getByLabelText("Plano padrão") as HTMLSelectElement).value).toBe("2");
    // Only active plans may be the default.
    expect(form.queryByRole("option", { name: /Legado/ })).toBeNull();
    expect(form.getByRole("button", { name: "Salvar" }).hasAttribute("disabled")).toBe(true);
  });

  it("sends only what changed and shows the stored result", async () => {
    let stored = config();
    const calls = fakeApi({
      "GET /api/admin/system-config": () => ({ body: stored }),
      "GET /api/admin/subscription-plans": { body: plans },
      "PUT /api/admin/system-config": (call) => {
        stored = { ...stored, ...(call.body as object) };
        return { body: { ...stored, message: ADMIN_MESSAGES.settingsUpdated } };
      },
    });
    renderAdmin(<SystemSettings domains={<p>Gerenciador de domínios</p>} />);
    const form = general();
    fireEvent.click(await form.findByRole("switch", { name: "Modo de manutenção" }));
    fireEvent.change(form.getByLabelText("Máx. de usuários gratuitos"), { target: { value: "" } });
    fireEvent.change(form.getByLabelText("Taxa da plataforma (%)"), { target: { value: "7.5" } });
    expect(form.getByText("Líquido: 92,5% de cada pagamento")).toBeTruthy();
    fireEvent.click(form.getByRole("button", { name: "Salvar" }));

    expect(await screen.findByText("Configurações atualizadas com sucesso!")).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      maintenance_mode: true,
      max_free_users: null,
      platform_fee_percentage: 7.5,
    });
    await waitFor(() =>
      expect(general().getByRole("switch", { name: "Modo de manutenção" }).getAttribute("aria-checked")).toBe(
        "true",
      ),
    );
    expect(general().getByRole("button", { name: "Salvar" }).hasAttribute("disabled")).toBe(true);
  });

  it("says the settings failed, with the server's reason when it gave one", async () => {
    const calls = fakeApi({
      "GET /api/admin/system-config": { body: config() },
      "GET /api/admin/subscription-plans": { body: plans },
      "PUT /api/admin/system-config": { status: 500, body: {} },
    });
    renderAdmin(<SystemSettings domains={<p>Gerenciador de domínios</p>} />);
    const form = general();
    fireEvent.change(await form.findByLabelText("Taxa da plataforma (%)"), { target: { value: "150" } });
    fireEvent.click(form.getByRole("button", { name: "Salvar" }));
    expect(form.getByText("A taxa vai de 0 a 100%")).toBeTruthy();
    expect(calls.some((c) => c.method === "PUT")).toBe(false);

    fireEvent.change(form.getByLabelText("Taxa da plataforma (%)"), { target: { value: "6" } });
    fireEvent.click(form.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("Erro ao atualizar configurações")).toBeTruthy();
  });

  it("holds the custom domain manager it is given, and only tools that work", async () => {
    fakeApi({
      ...settingsRoutes,
      "GET /api/admin/system/info": { body: { database: "pglite", shared_cache: false } },
    });
    renderAdmin(<SystemSettings domains={<p>Gerenciador de domínios</p>} />);
    const domains = within(screen.getByRole("region", { name: "Domínios personalizados" }));
    expect(domains.getByText("Gerenciador de domínios")).toBeTruthy();
    await maintenance().findByRole("button", { name: "Limpar cache" });
    for (const name of ["Configurar analytics", "Resetar dados", "Exportação completa", "Backup manual"]) {
      expect(screen.queryByRole("button", { name })).toBeNull();
    }
  });

  it("PGlite: downloads the backup as a file", async () => {
    fakeApi({
      ...settingsRoutes,
      "GET /api/admin/system/info": { body: { database: "pglite", shared_cache: false } },
    });
    renderAdmin(<SystemSettings domains={<p>Gerenciador de domínios</p>} />);
    const download = await maintenance().findByRole("link", { name: "Baixar backup" });
    expect(download.getAttribute("href")).toBe("/api/admin/system/backup");
    expect(download.hasAttribute("download")).toBe(true);
    expect(maintenance().queryByText(PG_DUMP_COMMAND)).toBeNull();
  });

  it("Postgres: says how to back up with pg_dump, with no secret in the command", async () => {
    fakeApi({
      ...settingsRoutes,
      "GET /api/admin/system/info": { body: { database: "postgres", shared_cache: true } },
    });
    renderAdmin(<SystemSettings domains={<p>Gerenciador de domínios</p>} />);
    expect(await maintenance().findByText(PG_DUMP_COMMAND)).toBeTruthy();
    expect(maintenance().getByText(PG_RESTORE_COMMAND)).toBeTruthy();
    expect(PG_DUMP_COMMAND).toContain('"$DATABASE_URL"');
    expect(maintenance().queryByRole("link", { name: "Baixar backup" })).toBeNull();
    expect(maintenance().getByRole("button", { name: "Copiar o comando backup" })).toBeTruthy();
  });

  it("clears the cache of every server after a confirmation, and says so", async () => {
    const calls = fakeApi({
      ...settingsRoutes,
      "GET /api/admin/system/info": { body: { database: "postgres", shared_cache: true } },
      "POST /api/admin/system/cache/clear": { body: { message: ADMIN_MESSAGES.cacheCleared } },
    });
    renderAdmin(<SystemSettings domains={<p>Gerenciador de domínios</p>} />);
    const button = await maintenance().findByRole("button", { name: "Limpar cache" });
    button.focus();
    fireEvent.click(button);
    const title = "Limpar o cache de todos os servidores?";
    const dialog = within(screen.getByRole("alertdialog", { name: title }));
    // Nothing is destroyed: the focus starts on the action, which is not red.
    const confirm = dialog.getByRole("button", { name: "Limpar cache" });
    expect(document.activeElement).toBe(confirm);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.click(button);
    fireEvent.click(
      within(screen.getByRole("alertdialog", { name: title })).getByRole("button", { name: "Limpar cache" }),
    );
    expect(await screen.findByText(ADMIN_MESSAGES.cacheCleared)).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST").map((c) => c.url)).toEqual([
      "/api/admin/system/cache/clear",
    ]);
  });

  it("keeps the cache confirmation open with the reason when clearing fails", async () => {
    fakeApi({
      ...settingsRoutes,
      "GET /api/admin/system/info": { body: { database: "pglite", shared_cache: false } },
      "POST /api/admin/system/cache/clear": { status: 500, body: {} },
    });
    renderAdmin(<SystemSettings domains={<p>Gerenciador de domínios</p>} />);
    fireEvent.click(await maintenance().findByRole("button", { name: "Limpar cache" }));
    const dialog = within(screen.getByRole("alertdialog", { name: "Limpar o cache do servidor?" }));
    fireEvent.click(dialog.getByRole("button", { name: "Limpar cache" }));
    expect((await dialog.findByRole("alert")).textContent).toBe(ADMIN_MESSAGES.cacheClearFailed);
  });
});
