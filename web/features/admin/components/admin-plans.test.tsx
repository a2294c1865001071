import { ADMIN_MESSAGES } from "@common/contract/admin";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { plans, renderAdmin } from "../../../../tests/web-admin-fixtures";
import { fakeApi } from "../../../../tests/web-fake-api";
import { AdminPlans } from "./admin-plans";
import { freePlanOf, NEW_PLAN_VALUES, newPlanValues, parsePlanForm, UNLIMITED_WARNING } from "./plan-form";

const card = (name: string) => within(screen.getByRole("article", { name }));

describe("AdminPlans", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("lists every plan with prices, limits, features, status and subscribers", async () => {
    fakeApi({ "GET /api/admin/subscription-plans": { body: plans } });
    renderAdmin(<AdminPlans />);
    await screen.findByRole("article", { name: "Pro" });
    const pro = card("Pro");
    expect(pro.getByText("R$ 19,90")).toBeTruthy();
    expect(pro.getByText(/R\$ 191,04\/ano/)).toBeTruthy();
    expect(pro.getByText("1 assinante")).toBeTruthy();
    expect(pro.getByText("20")).toBeTruthy();
    expect(pro.getAllByText("Ilimitado")).toHaveLength(3);
    expect(card("Gratuito").getByText("Contatos por mês").nextSibling?.textContent).toBe("100");
    expect(pro.getByText("365 dias")).toBeTruthy();
    expect(pro.getByText("Ativo")).toBeTruthy();
    expect(card("Gratuito").getByText("40 assinantes")).toBeTruthy();
    expect(card("Gratuito").getByText(/Sem opção anual/)).toBeTruthy();
    expect(card("Legado").getByText("Inativo")).toBeTruthy();
  });

  it("opens 'Novo Plano' with the spec's defaults, the free plan's limits, and creates it by the rules", async () => {
    const calls = fakeApi({
      "GET /api/admin/subscription-plans": { body: plans },
      "POST /api/admin/subscription-plans": (call) => ({
        status: 201,
        body: { message: ADMIN_MESSAGES.planCreated, plan: { id: 9, ...(call.body as object) } },
      }),
    });
    renderAdmin(<AdminPlans />);
    // Offered once the plans are in: a new plan starts from the free plan's limits.
    expect((screen.getByRole("button", { name: "Novo Plano" }) as HTMLButtonElement).disabled).toBe(true);
    await screen.findByRole("article", { name: "Gratuito" });
    fireEvent.click(screen.getByRole("button", { name: "Novo Plano" }));
    const dialog = within(screen.getByRole("dialog", { name: "Novo Plano" }));
    const value = (label: string) => (dialog.getByLabelText(label) as HTMLInputElement).value;
    expect(value("Preço mensal (centavos)")).toBe("0");
    expect(value("Período padrão")).toBe("monthly");
    expect(value("Retenção (dias)")).toBe("30");
    // The free plan's limits (Gratuito: 3 pages, 50 URLs, 1.000 clicks, 60 creations an hour).
    expect(value("Máx. de Link Bios")).toBe("3");
    expect(value("Máx. de URLs")).toBe("50");
    expect(value("Máx. de cliques/mês")).toBe("1000");
    expect(value("Criações por hora")).toBe("60");
    expect(value("Contatos por mês")).toBe("100");
    expect(dialog.getByText("Começam nos do plano gratuito. Vazio = ilimitado.")).toBeTruthy();
    expect(dialog.queryByText(UNLIMITED_WARNING)).toBeNull();
    expect((dialog.getByLabelText("Domínios personalizados") as HTMLInputElement).checked).toBe(false);
    expect((dialog.getByLabelText("Suporte prioritário") as HTMLInputElement).checked).toBe(false);
    expect((dialog.getByLabelText(/^Ativo/) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(dialog.getByRole("button", { name: "Criar plano" }));
    expect(dialog.getByText("Nome é obrigatório")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.change(dialog.getByLabelText("Nome"), { target: { value: " Business " } });
    fireEvent.change(dialog.getByLabelText("Preço mensal (centavos)"), { target: { value: "4990" } });
    expect(dialog.getByText("R$ 49,90 · em centavos")).toBeTruthy();
    fireEvent.change(dialog.getByLabelText("Preço anual (centavos)"), { target: { value: "47900" } });
    fireEvent.change(dialog.getByLabelText("Máx. de Link Bios"), { target: { value: "50" } });
    // A limit left empty is unlimited, and the field says so.
    fireEvent.change(dialog.getByLabelText("Máx. de cliques/mês"), { target: { value: "" } });
    expect(dialog.getByText(UNLIMITED_WARNING)).toBeTruthy();
    expect(
      document.getElementById(dialog.getByLabelText("Máx. de cliques/mês").getAttribute("aria-describedby")!)
        ?.textContent,
    ).toBe(UNLIMITED_WARNING);
    fireEvent.change(dialog.getByLabelText("Retenção (dias)"), { target: { value: "0" } });
    fireEvent.click(dialog.getByLabelText("Domínios personalizados"));
    fireEvent.click(dialog.getByLabelText("Suporte prioritário"));
    fireEvent.click(dialog.getByRole("button", { name: "Criar plano" }));

    expect(await screen.findByText(ADMIN_MESSAGES.planCreated)).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      name: "Business",
      description: "",
      price_cents: 4990,
      yearly_price_cents: 47900,
      interval_type: "monthly",
      max_link_pages: 50,
      max_shortened_urls: 50,
      max_clicks_per_month: null,
      max_leads_per_month: 100,
      creations_per_hour: 60,
      custom_domains: true,
      premium_domains: false,
      priority_support: true,
      analytics_retention_days: 30,
      is_active: true,
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("edits a plan from its values, unlimited as an empty field, and shows the server's field error", async () => {
    const calls = fakeApi({
      "GET /api/admin/subscription-plans": { body: plans },
      "PUT /api/admin/subscription-plans/2": {
        status: 400,
        body: { error: "Nome muito longo", details: { name: "Nome muito longo" } },
      },
    });
    renderAdmin(<AdminPlans />);
    fireEvent.click(await screen.findByRole("button", { name: "Editar Pro" }));
    const dialog = within(screen.getByRole("dialog", { name: "Editar Plano" }));
    expect((dialog.getByLabelText("Nome") as HTMLInputElement).value).toBe("Pro");
    expect((dialog.getByLabelText("Máx. de Link Bios") as HTMLInputElement).value).toBe("20");
    expect((dialog.getByLabelText("Máx. de URLs") as HTMLInputElement).value).toBe("");
    expect((dialog.getByLabelText("Máx. de cliques/mês") as HTMLInputElement).value).toBe("");
    expect((dialog.getByLabelText("Contatos por mês") as HTMLInputElement).value).toBe("");
    expect(dialog.getAllByText(UNLIMITED_WARNING)).toHaveLength(3);
    expect((dialog.getByLabelText("Domínios personalizados") as HTMLInputElement).checked).toBe(true);
    fireEvent.click(dialog.getByRole("button", { name: "Salvar alterações" }));
    await waitFor(() => expect(screen.getAllByText("Nome muito longo")).toHaveLength(2));
    expect(dialog.getByLabelText("Nome").getAttribute("aria-invalid")).toBe("true");
    expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({
      name: "Pro",
      price_cents: 1990,
      max_shortened_urls: null,
      max_clicks_per_month: null,
      max_leads_per_month: null,
    });
  });

  it("sends the contacts per month: a number, or null (unlimited) when left empty", async () => {
    const calls = fakeApi({
      "GET /api/admin/subscription-plans": { body: plans },
      "PUT /api/admin/subscription-plans/1": (call) => ({
        body: { message: ADMIN_MESSAGES.planUpdated, plan: { ...plans[0], ...(call.body as object) } },
      }),
      "PUT /api/admin/subscription-plans/2": (call) => ({
        body: { message: ADMIN_MESSAGES.planUpdated, plan: { ...plans[1], ...(call.body as object) } },
      }),
    });
    renderAdmin(<AdminPlans />);
    fireEvent.click(await screen.findByRole("button", { name: "Editar Pro" }));
    let dialog = within(screen.getByRole("dialog", { name: "Editar Plano" }));
    const field = dialog.getByLabelText("Contatos por mês");
    expect(document.getElementById(field.getAttribute("aria-describedby")!)?.textContent).toBe(
      UNLIMITED_WARNING,
    );
    fireEvent.change(field, { target: { value: "500" } });
    fireEvent.click(dialog.getByRole("button", { name: "Salvar alterações" }));
    expect(await screen.findByText(ADMIN_MESSAGES.planUpdated)).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith("/2"))?.body).toMatchObject({ max_leads_per_month: 500 });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    fireEvent.click(screen.getByRole("button", { name: "Editar Gratuito" }));
    dialog = within(screen.getByRole("dialog", { name: "Editar Plano" }));
    expect((dialog.getByLabelText("Contatos por mês") as HTMLInputElement).value).toBe("100");
    fireEvent.change(dialog.getByLabelText("Contatos por mês"), { target: { value: "" } });
    fireEvent.click(dialog.getByRole("button", { name: "Salvar alterações" }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith("/1"))?.body).toMatchObject({ max_leads_per_month: null }),
    );
  });

  it("deletes after a confirmation that names the plan, and shows the server's refusal in it", async () => {
    const calls = fakeApi({
      "GET /api/admin/subscription-plans": { body: plans },
      "DELETE /api/admin/subscription-plans/2": { status: 409, body: { error: ADMIN_MESSAGES.planInUse(1) } },
      "DELETE /api/admin/subscription-plans/3": { body: { message: ADMIN_MESSAGES.planDeleted } },
    });
    renderAdmin(<AdminPlans />);
    fireEvent.click(await screen.findByRole("button", { name: "Deletar Pro" }));
    let dialog = within(screen.getByRole("alertdialog", { name: "Deletar o plano “Pro”?" }));
    expect(dialog.getByText(ADMIN_MESSAGES.confirmDeletePlan)).toBeTruthy();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "Deletar Pro" }));
    dialog = within(screen.getByRole("alertdialog", { name: "Deletar o plano “Pro”?" }));
    fireEvent.click(dialog.getByRole("button", { name: "Deletar plano" }));
    expect((await dialog.findByRole("alert")).textContent).toBe(
      "Este plano tem 1 assinante e não pode ser deletado. Desative-o para que não apareça mais na página de preços.",
    );
    fireEvent.click(dialog.getByRole("button", { name: "Cancelar" }));

    fireEvent.click(screen.getByRole("button", { name: "Deletar Legado" }));
    dialog = within(screen.getByRole("alertdialog", { name: "Deletar o plano “Legado”?" }));
    fireEvent.click(dialog.getByRole("button", { name: "Deletar plano" }));
    expect(await screen.findByText(ADMIN_MESSAGES.planDeleted)).toBeTruthy();
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.url)).toEqual([
      "/api/admin/subscription-plans/2",
      "/api/admin/subscription-plans/3",
    ]);
  });
});

describe("new plan values", () => {
  it("start at the free plan's limits (the server's free plan: price zero, active first)", () => {
    const free = freePlanOf(plans)!;
    expect(free.name).toBe("Gratuito");
    expect(newPlanValues(free)).toMatchObject({
      price_cents: "0",
      max_link_pages: "3",
      max_shortened_urls: "50",
      max_clicks_per_month: "1000",
      max_leads_per_month: "100",
      creations_per_hour: "60",
      analytics_retention_days: "30",
    });
    expect(
      freePlanOf([
        { ...free, id: 7, is_active: false },
        { ...free, id: 8 },
      ])?.id,
    ).toBe(8);
    expect(newPlanValues(undefined)).toEqual(NEW_PLAN_VALUES);
  });
});

describe("parsePlanForm", () => {
  it("reads a non-numeric price as 0, an empty max as unlimited and retention 0 or empty as 30", () => {
    const parsed = parsePlanForm({
      ...NEW_PLAN_VALUES,
      name: "X",
      price_cents: "abc",
      max_clicks_per_month: "",
      analytics_retention_days: "",
    });
    expect(parsed.body).toMatchObject({
      price_cents: 0,
      max_clicks_per_month: null,
      analytics_retention_days: 30,
      yearly_price_cents: null,
    });
  });

  it("refuses a price with cents after a comma, a negative max and retention below 1", () => {
    const parsed = parsePlanForm({
      ...NEW_PLAN_VALUES,
      name: "X",
      price_cents: "19.9",
      max_link_pages: "-3",
      analytics_retention_days: "-1",
    });
    expect(parsed.errors).toEqual({
      price_cents: "Preço em centavos, sem vírgula",
      max_link_pages: "Use um número a partir de 0",
      analytics_retention_days: "Retenção mínima de 1 dia",
    });
  });
});
