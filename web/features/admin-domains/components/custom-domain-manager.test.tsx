import { DOMAIN_MESSAGES } from "@common/contract/domains";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { plans, renderAdmin } from "../../../../tests/web-admin-fixtures";
import { type Call, fakeApi } from "../../../../tests/web-fake-api";
import { parseDomainForm } from "./custom-domain-form-modal";
import { CustomDomainManager } from "./custom-domain-manager";
import { customDomain } from "./custom-domains.test-helper";
import { DOMAIN_CONFIRMS } from "./domain-texts";

const LIST = "GET /api/admin/custom-domains-with-plans";

const item = async (name: string) => within(await screen.findByRole("listitem", { name }));
const planBox = (row: ReturnType<typeof within>, domain: string, plan: string) =>
  within(row.getByRole("group", { name: `Planos de ${domain}` })).getByRole("checkbox", {
    name: new RegExp(`^${plan}`),
  }) as HTMLInputElement;
const calls = (all: Call[], method: string, path: string) =>
  all.filter((call) => call.method === method && call.url === path);
/** The open confirmation, by its title (which names the domain). */
const question = (words: { title: string }) => within(screen.getByRole("alertdialog", { name: words.title }));

describe("CustomDomainManager", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("lists each domain with its Unicode name, badges, usage and plans", async () => {
    fakeApi({
      [LIST]: {
        body: [
          customDomain(1, { domain: "app.atalho.test", domain_unicode: "app.atalho.test", is_default: true }),
          customDomain(2, {
            domain: "xn--caf-dma.com.br",
            domain_unicode: "café.com.br",
            display_name: "Café da Esquina",
            is_premium: true,
            needs_activation: true,
            is_active: false,
            plan_ids: [2],
            usage: { link_pages_count: 1, shortened_urls_count: 12 },
          }),
        ],
      },
    });
    renderAdmin(<CustomDomainManager plans={plans} />);

    const main = await item("app.atalho.test");
    expect(main.getByText("Padrão")).toBeTruthy();
    expect(main.getByText("Ativo")).toBeTruthy();
    await main.findByText("Pro");
    for (const plan of ["Gratuito", "Pro", "Legado"]) {
      const box = planBox(main, "app.atalho.test", plan);
      expect(box.checked).toBe(true);
      expect(box.disabled).toBe(true);
    }
    expect(main.getByText(DOMAIN_MESSAGES.defaultInEveryPlan)).toBeTruthy();
    expect(main.queryByRole("button", { name: "Definir como padrão app.atalho.test" })).toBeNull();
    expect(main.getByRole("button", { name: "Excluir app.atalho.test" }).hasAttribute("disabled")).toBe(true);

    const cafe = await item("café.com.br");
    expect(cafe.getByText("xn--caf-dma.com.br")).toBeTruthy();
    expect(cafe.getByText("Café da Esquina")).toBeTruthy();
    expect(cafe.getByText("Inativo")).toBeTruthy();
    expect(cafe.getByText("Premium")).toBeTruthy();
    expect(cafe.getByText("Requer ativação")).toBeTruthy();
    expect(cafe.getByText("1 página")).toBeTruthy();
    expect(cafe.getByText("12 links")).toBeTruthy();
    expect(planBox(cafe, "café.com.br", "Gratuito").checked).toBe(false);
    expect(planBox(cafe, "café.com.br", "Pro").checked).toBe(true);
    expect(planBox(cafe, "café.com.br", "Pro").disabled).toBe(false);
    expect(cafe.getByText("(inativo)")).toBeTruthy();
    for (const action of ["Editar", "Definir como padrão", "Ativar", "Testar", "Instruções", "Excluir"]) {
      expect(cafe.getByRole("button", { name: `${action} café.com.br` })).toBeTruthy();
    }
  });

  it("offers and withdraws a domain per plan, and says when the change failed", async () => {
    let planIds = [2];
    const api = fakeApi({
      [LIST]: () => ({ body: [customDomain(5, { plan_ids: planIds })] }),
      "POST /api/admin/plans/1/domains": () => {
        planIds = [...planIds, 1];
        return { status: 201, body: { message: "ok" } };
      },
      "DELETE /api/admin/plans/2/domains/5": { status: 500, body: {} },
    });
    renderAdmin(<CustomDomainManager plans={plans} />);
    const row = await item("links5.exemplo.com.br");
    await row.findByText("Gratuito");

    fireEvent.click(planBox(row, "links5.exemplo.com.br", "Gratuito"));
    await waitFor(() => expect(planBox(row, "links5.exemplo.com.br", "Gratuito").checked).toBe(true));
    expect(calls(api, "POST", "/api/admin/plans/1/domains")[0]?.body).toEqual({ custom_domain_id: 5 });

    fireEvent.click(planBox(row, "links5.exemplo.com.br", "Pro"));
    expect(await screen.findByText(DOMAIN_MESSAGES.planLinkFailed)).toBeTruthy();
    expect(calls(api, "DELETE", "/api/admin/plans/2/domains/5")).toHaveLength(1);
    expect(planBox(row, "links5.exemplo.com.br", "Pro").checked).toBe(true);
  });

  it("deletes only after the confirmation, and shows the server's refusal", async () => {
    const api = fakeApi({
      [LIST]: { body: [customDomain(7)] },
      "DELETE /api/admin/custom-domains/7": {
        status: 409,
        body: { error: "Este domínio está em uso por 2 páginas e 5 links" },
      },
    });
    renderAdmin(<CustomDomainManager plans={plans} />);
    const row = await item("links7.exemplo.com.br");
    const words = DOMAIN_CONFIRMS.delete("links7.exemplo.com.br");
    expect(words.title).toBe("Excluir o domínio links7.exemplo.com.br?");

    fireEvent.click(row.getByRole("button", { name: "Excluir links7.exemplo.com.br" }));
    fireEvent.click(question(words).getByRole("button", { name: "Cancelar" }));
    expect(calls(api, "DELETE", "/api/admin/custom-domains/7")).toHaveLength(0);

    fireEvent.click(row.getByRole("button", { name: "Excluir links7.exemplo.com.br" }));
    const dialog = question(words);
    expect(dialog.getByText(words.body)).toBeTruthy();
    fireEvent.click(dialog.getByRole("button", { name: "Excluir domínio" }));
    expect((await dialog.findByRole("alert")).textContent).toBe(
      "Este domínio está em uso por 2 páginas e 5 links",
    );
    expect(calls(api, "DELETE", "/api/admin/custom-domains/7")).toHaveLength(1);
  });

  it("deletes an unused domain and says so", async () => {
    let list = [customDomain(1, { is_default: true }), customDomain(8)];
    fakeApi({
      [LIST]: () => ({ body: list }),
      "DELETE /api/admin/custom-domains/8": () => {
        list = list.filter((domain) => domain.id !== 8);
        return { body: { message: DOMAIN_MESSAGES.deleted } };
      },
    });
    renderAdmin(<CustomDomainManager plans={plans} />);
    fireEvent.click((await item("links8.exemplo.com.br")).getByRole("button", { name: /^Excluir/ }));
    fireEvent.click(
      question(DOMAIN_CONFIRMS.delete("links8.exemplo.com.br")).getByRole("button", {
        name: "Excluir domínio",
      }),
    );
    expect(await screen.findByText(DOMAIN_MESSAGES.deleted)).toBeTruthy();
    expect(screen.queryByRole("alertdialog")).toBeNull();
    await waitFor(() => expect(screen.queryByRole("listitem", { name: "links8.exemplo.com.br" })).toBeNull());
  });

  it("sets the default after the confirmation, and activates one that asks for it", async () => {
    const api = fakeApi({
      [LIST]: { body: [customDomain(3, { needs_activation: true })] },
      "POST /api/admin/custom-domains/3/set-default": {
        status: 400,
        body: { error: "O domínio padrão precisa estar ativo" },
      },
      "POST /api/admin/domains/3/activate": { body: { message: "Domínio ativado com sucesso!" } },
    });
    renderAdmin(<CustomDomainManager plans={plans} />);
    const row = await item("links3.exemplo.com.br");
    const setDefault = DOMAIN_CONFIRMS.setDefault("links3.exemplo.com.br");

    fireEvent.click(row.getByRole("button", { name: "Definir como padrão links3.exemplo.com.br" }));
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(calls(api, "POST", "/api/admin/custom-domains/3/set-default")).toHaveLength(0);
    fireEvent.click(row.getByRole("button", { name: "Definir como padrão links3.exemplo.com.br" }));
    let dialog = question(setDefault);
    expect(dialog.getByText(setDefault.body)).toBeTruthy();
    fireEvent.click(dialog.getByRole("button", { name: "Definir como padrão" }));
    expect((await dialog.findByRole("alert")).textContent).toBe("O domínio padrão precisa estar ativo");
    fireEvent.click(dialog.getByRole("button", { name: "Cancelar" }));

    fireEvent.click(row.getByRole("button", { name: "Ativar links3.exemplo.com.br" }));
    dialog = question(DOMAIN_CONFIRMS.activate("links3.exemplo.com.br"));
    fireEvent.click(dialog.getByRole("button", { name: "Ativar domínio" }));
    expect(await screen.findByText("Domínio ativado com sucesso!")).toBeTruthy();
  });

  it("says the default was set", async () => {
    fakeApi({
      [LIST]: { body: [customDomain(4)] },
      "POST /api/admin/custom-domains/4/set-default": { body: { message: "ok" } },
    });
    renderAdmin(<CustomDomainManager plans={plans} />);
    fireEvent.click(
      (await item("links4.exemplo.com.br")).getByRole("button", { name: /^Definir como padrão/ }),
    );
    fireEvent.click(
      question(DOMAIN_CONFIRMS.setDefault("links4.exemplo.com.br")).getByRole("button", {
        name: "Definir como padrão",
      }),
    );
    expect(await screen.findByText(DOMAIN_MESSAGES.defaultSet)).toBeTruthy();
  });

  it("adds a domain after checking the form, then offers to activate it (spec 4)", async () => {
    const api = fakeApi({
      [LIST]: { body: [] },
      "POST /api/admin/custom-domains": (call) => ({
        status: 201,
        body: {
          ...customDomain(9, {
            ...(call.body as object),
            domain: "xn--caf-dma.com.br",
            needs_activation: true,
          }),
          domain_unicode: "café.com.br",
        },
      }),
      "POST /api/admin/domains/9/activate": { status: 500, body: {} },
    });
    renderAdmin(<CustomDomainManager plans={plans} />);
    expect(await screen.findByText("Nenhum domínio cadastrado.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Adicionar domínio" }));
    const modal = within(screen.getByRole("dialog", { name: "Adicionar domínio" }));
    expect(modal.getByText(/Só o nome, como links.suaempresa.com.br/)).toBeTruthy();

    fireEvent.click(modal.getByRole("button", { name: "Adicionar domínio" }));
    expect(modal.getByText(DOMAIN_MESSAGES.domainRequired)).toBeTruthy();
    expect(modal.getByText(DOMAIN_MESSAGES.displayNameRequired)).toBeTruthy();

    fireEvent.change(modal.getByLabelText("Domínio"), { target: { value: "café.com.br:8443" } });
    fireEvent.change(modal.getByLabelText("Nome de exibição"), { target: { value: "Café" } });
    fireEvent.change(modal.getByLabelText("Para onde vai a raiz do domínio"), {
      target: { value: "ftp://x" },
    });
    fireEvent.click(modal.getByRole("button", { name: "Adicionar domínio" }));
    expect(modal.getByText(DOMAIN_MESSAGES.domainInvalid)).toBeTruthy();
    expect(modal.getByText("Informe uma URL válida começando com http:// ou https://")).toBeTruthy();
    expect(calls(api, "POST", "/api/admin/custom-domains")).toHaveLength(0);

    // A pasted address gives its host.
    fireEvent.change(modal.getByLabelText("Domínio"), {
      target: { value: " https://Café.com.br/loja?x=1 " },
    });
    fireEvent.change(modal.getByLabelText("Para onde vai a raiz do domínio"), { target: { value: "" } });
    fireEvent.click(modal.getByRole("checkbox", { name: /^Premium/ }));
    fireEvent.click(modal.getByRole("button", { name: "Adicionar domínio" }));

    expect(await screen.findByText(DOMAIN_MESSAGES.added)).toBeTruthy();
    expect(calls(api, "POST", "/api/admin/custom-domains")[0]?.body).toEqual({
      domain: "café.com.br",
      display_name: "Café",
      is_active: true,
      is_premium: true,
      root_redirect_url: null,
    });
    expect(screen.queryByRole("dialog")).toBeNull();
    const activateNow = question(DOMAIN_CONFIRMS.activateNow("café.com.br"));
    expect(activateNow.getByRole("button", { name: "Depois" })).toBeTruthy();
    fireEvent.click(activateNow.getByRole("button", { name: "Ativar agora" }));
    expect((await activateNow.findByRole("alert")).textContent).toBe(DOMAIN_MESSAGES.activateFailed);
    expect(calls(api, "POST", "/api/admin/domains/9/activate")).toHaveLength(1);
  });

  it("warns when Cloudflare's automation failed, and edits with the update message", async () => {
    fakeApi({
      [LIST]: { body: [customDomain(6, { root_redirect_url: "https://loja.exemplo.com.br" })] },
      "POST /api/admin/custom-domains": {
        status: 201,
        body: {
          ...customDomain(10),
          cloudflare_automation: { success: false, attempted: true, error: "zona não encontrada" },
        },
      },
      "PUT /api/admin/custom-domains/6": {
        status: 400,
        body: { error: "Dados inválidos", details: { domain: DOMAIN_MESSAGES.domainTaken } },
      },
    });
    renderAdmin(<CustomDomainManager plans={plans} />);
    const row = await item("links6.exemplo.com.br");

    fireEvent.click(screen.getByRole("button", { name: "Adicionar domínio" }));
    let modal = within(screen.getByRole("dialog", { name: "Adicionar domínio" }));
    fireEvent.change(modal.getByLabelText("Domínio"), { target: { value: "novo.exemplo.com.br" } });
    fireEvent.change(modal.getByLabelText("Nome de exibição"), { target: { value: "Novo" } });
    fireEvent.click(modal.getByRole("button", { name: "Adicionar domínio" }));
    expect(await screen.findByText(/configuração automática falhou \(zona não encontrada\)/)).toBeTruthy();
    expect(screen.getByText(/configurá-lo manualmente em até 4 horas úteis/)).toBeTruthy();
    expect(screen.queryByRole("alertdialog")).toBeNull();

    fireEvent.click(row.getByRole("button", { name: "Editar links6.exemplo.com.br" }));
    modal = within(screen.getByRole("dialog", { name: "Editar domínio" }));
    expect((modal.getByLabelText("Domínio") as HTMLInputElement).value).toBe("links6.exemplo.com.br");
    expect((modal.getByLabelText("Para onde vai a raiz do domínio") as HTMLInputElement).value).toBe(
      "https://loja.exemplo.com.br",
    );
    fireEvent.click(modal.getByRole("button", { name: "Salvar alterações" }));
    expect(await modal.findByText(DOMAIN_MESSAGES.domainTaken)).toBeTruthy();
    expect(await screen.findByText("Dados inválidos")).toBeTruthy();

    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("keeps the default domain active in its form", async () => {
    fakeApi({ [LIST]: { body: [customDomain(1, { is_default: true })] } });
    renderAdmin(<CustomDomainManager plans={plans} />);
    fireEvent.click((await item("links1.exemplo.com.br")).getByRole("button", { name: /^Editar/ }));
    const modal = within(screen.getByRole("dialog", { name: "Editar domínio" }));
    expect((modal.getByRole("checkbox", { name: /^Ativo/ }) as HTMLInputElement).disabled).toBe(true);
    expect(modal.getByText(DOMAIN_MESSAGES.defaultMustBeActive)).toBeTruthy();
  });
});

describe("parseDomainForm", () => {
  const values = {
    domain: "links.exemplo.com.br",
    display_name: "Links",
    is_active: true,
    is_premium: false,
  };
  it("takes a pasted address's host, refuses a port, a user or a space, and lowercases the name", () => {
    for (const pasted of ["http://a.com", "https://a.com/x?y=1", "a.com/x"]) {
      expect(parseDomainForm({ ...values, domain: pasted, root_redirect_url: "" }).body?.domain).toBe(
        "a.com",
      );
    }
    for (const domain of ["ftp://a.com", "a.com:8080", "https://a.com:8080/x", "a b.com", "user@a.com"]) {
      expect(parseDomainForm({ ...values, domain, root_redirect_url: "" }).errors?.domain).toBe(
        DOMAIN_MESSAGES.domainInvalid,
      );
    }
    expect(
      parseDomainForm({ ...values, domain: "Links.Exemplo.com.br.", root_redirect_url: "" }).body,
    ).toEqual({
      ...values,
      root_redirect_url: null,
    });
    expect(
      parseDomainForm({ ...values, display_name: "x".repeat(101), root_redirect_url: "" }).errors
        ?.display_name,
    ).toBe(DOMAIN_MESSAGES.displayNameTooLong);
  });
});
