import { DEFAULT_BUTTON_STYLE } from "@common/button-style";
import { defaultConsentText, LEAD_FORM_DEFAULTS } from "@common/contract/leads";
import { BLOCK_MESSAGES } from "@common/contract/link-blocks";
import { useQuery } from "@tanstack/react-query";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makePage } from "../../../../../tests/web-link-pages";
import { blocksQuery } from "../../api/blocks-query";
import { fakeApi, renderRoutes } from "../../test-helpers";
import { BlocksEditor } from "../blocks-editor";
import { blocksServer, makeBlock } from "./fake-blocks-server";

const PAGE_ID = 7;
const PAGE_TITLE = "Doces da Ana";

function Editor() {
  const { data } = useQuery(blocksQuery(PAGE_ID));
  return data ? (
    <BlocksEditor pageId={PAGE_ID} blocks={data} pageStyle={DEFAULT_BUTTON_STYLE} pageTitle={PAGE_TITLE} />
  ) : null;
}

function setup(initial: Parameters<typeof blocksServer>[1] = []) {
  const server = blocksServer(PAGE_ID, initial);
  const calls = fakeApi({
    [`GET /api/link-pages/${PAGE_ID}`]: { body: makePage({ id: PAGE_ID, title: PAGE_TITLE }) },
    "GET /api/link-pages": { body: [] },
    ...server.routes,
  });
  renderRoutes([{ path: "/", element: <Editor /> }], "/");
  const sent = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);
  return { server, sent };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openNewForm() {
  fireEvent.click(await screen.findByRole("button", { name: "Adicionar bloco" }));
  const item = screen.getByRole("menuitem", { name: "Formulário de contato" });
  expect(item.textContent).toContain(
    "Receba nome, e-mail e WhatsApp de quem visita, com consentimento (LGPD)",
  );
  fireEvent.click(item);
  return screen.getByRole("group", { name: "Novo bloco: Formulário de contato" });
}

const box = (form: HTMLElement, name: string) =>
  within(form).getByRole("checkbox", { name }) as HTMLInputElement;
const type = (form: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(form).getByLabelText(label), { target: { value } });

describe("FormBlockForm", () => {
  it("asks name, e-mail and WhatsApp by default, shows the defaults, and adds the form", async () => {
    const { sent } = setup();
    const form = await openNewForm();
    expect(box(form, "Nome").checked).toBe(true);
    expect(box(form, "E-mail").checked).toBe(true);
    expect(box(form, "WhatsApp").checked).toBe(true);
    expect(within(form).getByLabelText("Texto do botão (opcional)").getAttribute("placeholder")).toBe(
      LEAD_FORM_DEFAULTS.buttonText,
    );
    const consent = within(form).getByLabelText("Texto de consentimento (opcional)");
    expect(consent.getAttribute("placeholder")).toBe(defaultConsentText(PAGE_TITLE));
    expect(within(form).getByText(/os contatos já recebidos guardam a versão que aceitaram/)).toBeTruthy();

    type(form, "Título do formulário", "Receba novidades");
    fireEvent.click(box(form, "E-mail"));
    fireEvent.click(within(form).getByRole("button", { name: "Adicionar à página" }));
    expect(
      await screen.findByRole("button", { name: "Editar Formulário de contato “Receba novidades”" }),
    ).toBeTruthy();
    expect(sent("POST", `/api/link-pages/${PAGE_ID}/blocks`)[0]!.body).toEqual({
      type: "form",
      data: {
        fields: ["name", "whatsapp"],
        title: "Receba novidades",
        button_text: "",
        thank_you: "",
        consent_text: "",
      },
    });
  });

  it("refuses a form without e-mail or WhatsApp, in pt-BR, and sends nothing", async () => {
    const { sent } = setup();
    const form = await openNewForm();
    type(form, "Título do formulário", "Fale comigo");
    fireEvent.click(box(form, "E-mail"));
    fireEvent.click(box(form, "WhatsApp"));
    fireEvent.click(within(form).getByRole("button", { name: "Adicionar à página" }));
    expect(await within(form).findByText(BLOCK_MESSAGES.formContactField)).toBeTruthy();
    const group = within(form).getByRole("group", { name: "Campos do formulário" });
    expect(group.getAttribute("aria-invalid")).toBe("true");
    expect(sent("POST", `/api/link-pages/${PAGE_ID}/blocks`)).toHaveLength(0);

    // Put back, the field goes last, and the form is added.
    fireEvent.click(box(form, "WhatsApp"));
    fireEvent.click(within(form).getByRole("button", { name: "Adicionar à página" }));
    await waitFor(() => expect(sent("POST", `/api/link-pages/${PAGE_ID}/blocks`)).toHaveLength(1));
    expect(
      (sent("POST", `/api/link-pages/${PAGE_ID}/blocks`)[0]!.body as { data: object }).data,
    ).toMatchObject({
      fields: ["name", "whatsapp"],
    });
  });

  it("edits a saved form: its texts, the consent from the default, the fields in their order", async () => {
    const { sent } = setup([
      makeBlock(1, "form", { fields: ["whatsapp", "name"], title: "Orçamento", thank_you: "Valeu!" }),
    ]);
    fireEvent.click(await screen.findByRole("button", { name: "Editar Formulário de contato “Orçamento”" }));
    const form = screen.getByRole("group", { name: "Editar Formulário de contato “Orçamento”" });
    expect(box(form, "E-mail").checked).toBe(false);
    expect((within(form).getByLabelText("Agradecimento (opcional)") as HTMLTextAreaElement).value).toBe(
      "Valeu!",
    );

    fireEvent.click(within(form).getByRole("button", { name: "Editar o texto padrão" }));
    const consent = within(form).getByLabelText("Texto de consentimento (opcional)") as HTMLTextAreaElement;
    expect(consent.value).toBe(defaultConsentText(PAGE_TITLE));
    expect(within(form).queryByRole("button", { name: "Editar o texto padrão" })).toBeNull();
    type(form, "Texto de consentimento (opcional)", "Aceito receber mensagens da Ana.");
    type(form, "Texto do botão (opcional)", "Quero um orçamento");
    fireEvent.click(box(form, "E-mail"));
    fireEvent.click(within(form).getByRole("button", { name: "Salvar bloco" }));
    await waitFor(() => expect(sent("PUT", "/api/blocks/1")).toHaveLength(1));
    expect(sent("PUT", "/api/blocks/1")[0]!.body).toEqual({
      data: {
        fields: ["whatsapp", "name", "email"],
        title: "Orçamento",
        button_text: "Quero um orçamento",
        thank_you: "Valeu!",
        consent_text: "Aceito receber mensagens da Ana.",
      },
    });
  });
});
