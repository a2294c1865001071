import { z } from "@common/zod";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { TextField } from "@web/components/ui/text-field";
import { ApiError } from "@web/lib/api-client";
import { describe, expect, it, vi } from "vitest";
import { type ContractFormOptions, useContractForm } from "./use-contract-form";

const schema = z.object({
  name: z.string().min(1, "Informe o nome"),
  email: z.email("Email inválido"),
});
type Values = { name: string; email: string };
type Options = Partial<ContractFormOptions<typeof schema, Values>>;

function Form(options: Options) {
  const form = useContractForm({
    schema,
    initialValues: { name: "", email: "" },
    onSubmit: () => {},
    ...options,
  });
  return (
    <form onSubmit={form.handleSubmit} noValidate>
      <TextField label="Nome" {...form.field("name")} />
      <TextField label="Email" {...form.field("email")} />
      {form.formError && <p role="alert">{form.formError}</p>}
      <button type="submit" disabled={form.busy}>
        Salvar
      </button>
    </form>
  );
}

/** A server-rendered form: typed into before hydration, its schema loaded on submit. */
function Uncontrolled({ onSubmit }: { onSubmit: () => void }) {
  const form = useContractForm({
    schema: async () => schema,
    initialValues: { name: "", email: "" },
    uncontrolled: true,
    onSubmit,
  });
  return (
    <form onSubmit={form.handleSubmit} noValidate>
      <TextField label="Nome" defaultValue="Ana" {...form.field("name")} />
      <TextField label="Email" {...form.field("email")} />
      <button type="submit">Salvar</button>
    </form>
  );
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Salvar" }));

describe("useContractForm", () => {
  it("shows the schema's message under each field and sends nothing", async () => {
    const onSubmit = vi.fn();
    const onInvalid = vi.fn();
    render(<Form onSubmit={onSubmit} onInvalid={onInvalid} />);
    type("Email", "não é email");
    submit();
    expect(await screen.findByText("Informe o nome")).toBeTruthy();
    expect(screen.getByText("Email inválido")).toBeTruthy();
    expect(screen.getByLabelText("Nome").getAttribute("aria-invalid")).toBe("true");
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onInvalid).toHaveBeenCalledWith(
      { name: "Informe o nome", email: "Email inválido" },
      expect.anything(),
    );
    type("Nome", "Ana");
    expect(screen.queryByText("Informe o nome")).toBeNull();
    expect(screen.getByText("Email inválido")).toBeTruthy();
  });

  it("sends the parsed body, made from the values by toBody", async () => {
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} toBody={(v) => ({ ...v, name: v.name.trim() })} />);
    type("Nome", "  Ana ");
    type("Email", "ana@exemplo.com");
    submit();
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        { name: "Ana", email: "ana@exemplo.com" },
        { name: "  Ana ", email: "ana@exemplo.com" },
      ),
    );
  });

  it("puts the server's field errors on their fields and its message on top", async () => {
    const onError = vi.fn();
    const refusal = new ApiError(400, "Dados inválidos", {
      error: "Dados inválidos",
      details: { email: "Este email já está cadastrado" },
    });
    render(
      <Form
        onSubmit={() => {
          throw refusal;
        }}
        onError={onError}
      />,
    );
    type("Nome", "Ana");
    type("Email", "ana@exemplo.com");
    submit();
    expect(await screen.findByText("Este email já está cadastrado")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("Dados inválidos");
    expect(onError).toHaveBeenCalledWith(refusal);
  });

  it("is busy while the submit runs, and ignores a second one", async () => {
    let finish = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Form onSubmit={onSubmit} />);
    type("Nome", "Ana");
    type("Email", "ana@exemplo.com");
    submit();
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Salvar" }).hasAttribute("disabled")).toBe(true),
    );
    fireEvent.submit(screen.getByRole("button", { name: "Salvar" }).closest("form")!);
    finish();
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Salvar" }).hasAttribute("disabled")).toBe(false),
    );
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it("reads an uncontrolled form on submit, with a schema loaded then", async () => {
    const onSubmit = vi.fn();
    render(<Uncontrolled onSubmit={onSubmit} />);
    submit();
    expect(await screen.findByText("Email inválido")).toBeTruthy();
    type("Email", "ana@exemplo.com");
    expect(screen.queryByText("Email inválido")).toBeNull();
    submit();
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ name: "Ana", email: "ana@exemplo.com" }, expect.anything()),
    );
  });
});
