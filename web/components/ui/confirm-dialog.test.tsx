import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { type ConfirmOptions, ConfirmProvider, useConfirm } from "./confirm-dialog";
import { Modal } from "./modal";

/** A page with a button that asks, and what the answer was. */
function Asker({ options, onAnswer }: { options: ConfirmOptions; onAnswer: (ok: boolean) => void }) {
  const askConfirm = useConfirm();
  return (
    <>
      <button type="button" onClick={() => void askConfirm(options).then(onAnswer)}>
        Excluir
      </button>
      <button type="button">Atrás</button>
    </>
  );
}

const PLAN: ConfirmOptions = {
  title: "Excluir o plano “Enterprise”?",
  body: "Esta ação não pode ser desfeita.",
  confirmLabel: "Excluir plano",
  danger: true,
};

function ask(options: ConfirmOptions = PLAN) {
  const onAnswer = vi.fn();
  render(
    <ConfirmProvider>
      <Asker options={options} onAnswer={onAnswer} />
    </ConfirmProvider>,
  );
  const opener = screen.getByRole("button", { name: "Excluir" });
  opener.focus();
  fireEvent.click(opener);
  const dialog = screen.getByRole("alertdialog", { name: options.title });
  return { opener, dialog, onAnswer, inDialog: within(dialog) };
}

/** A promise the test settles itself. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** An edit dialog with a delete inside it: the confirmation opens over it. */
function EditWithDelete() {
  const askConfirm = useConfirm();
  const [open, setOpen] = useState(true);
  return open ? (
    <Modal title="Gerenciar Categorias" onClose={() => setOpen(false)}>
      <button type="button" onClick={() => void askConfirm(PLAN)}>
        Excluir categoria
      </button>
    </Modal>
  ) : null;
}

/** A component asking with no ConfirmProvider above it. */
function Lonely({ onAnswer, failed }: { onAnswer: (ok: boolean) => void; failed: (error: unknown) => void }) {
  const askConfirm = useConfirm();
  return (
    <button type="button" onClick={() => askConfirm(PLAN).then(onAnswer, failed)}>
      Excluir
    </button>
  );
}

const tab = (shiftKey = false) =>
  fireEvent.keyDown(document.activeElement ?? document, { key: "Tab", shiftKey });

describe("ConfirmDialog", () => {
  it("names the object, says the consequence and the action; danger starts on Cancelar", () => {
    const { dialog, inDialog } = ask();
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    const description = document.getElementById(dialog.getAttribute("aria-describedby")!);
    expect(description?.textContent).toBe("Esta ação não pode ser desfeita.");
    const confirm = inDialog.getByRole("button", { name: "Excluir plano" });
    expect(confirm.className).toContain("bg-red-600");
    expect(document.activeElement).toBe(inDialog.getByRole("button", { name: "Cancelar" }));
  });

  it("a harmless action starts on its own button, not red", () => {
    const { inDialog } = ask({ title: "Ativar o domínio x.com?", body: "…", confirmLabel: "Ativar" });
    const confirm = inDialog.getByRole("button", { name: "Ativar" });
    expect(document.activeElement).toBe(confirm);
    expect(confirm.className).not.toContain("bg-red-600");
  });

  it("keeps Tab inside, cancels on Escape and gives the focus back to the opener", async () => {
    const { opener, inDialog, onAnswer } = ask();
    const close = inDialog.getByRole("button", { name: "Fechar" });
    const confirm = inDialog.getByRole("button", { name: "Excluir plano" });
    confirm.focus();
    tab();
    expect(document.activeElement).toBe(close);
    tab(true);
    expect(document.activeElement).toBe(confirm);
    screen.getByRole("button", { name: "Atrás" }).focus();
    tab();
    expect(document.activeElement).toBe(close);

    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith(false));
  });

  it("answers true on the action's button", async () => {
    const { inDialog, onAnswer } = ask();
    fireEvent.click(inDialog.getByRole("button", { name: "Excluir plano" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith(true));
  });

  it("runs the action pending, shows its failure inside, and closes once it succeeds", async () => {
    let attempt = deferred();
    const action = vi.fn(() => attempt.promise);
    const { inDialog, onAnswer, opener } = ask({ ...PLAN, action });
    const confirm = inDialog.getByRole("button", { name: "Excluir plano" });

    fireEvent.click(confirm);
    expect(action).toHaveBeenCalledTimes(1);
    expect(confirm.getAttribute("aria-busy")).toBe("true");
    expect((inDialog.getByRole("button", { name: "Cancelar" }) as HTMLButtonElement).disabled).toBe(true);
    // While it runs, Escape does not hide what comes of it.
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.getByRole("alertdialog")).toBeTruthy();

    await act(async () => attempt.reject(new Error("Este plano tem 3 assinantes.")));
    expect(inDialog.getByRole("alert").textContent).toBe("Este plano tem 3 assinantes.");
    expect(onAnswer).not.toHaveBeenCalled();

    attempt = deferred();
    fireEvent.click(inDialog.getByRole("button", { name: "Excluir plano" }));
    expect(inDialog.queryByRole("alert")).toBeNull();
    await act(async () => attempt.resolve());
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(onAnswer).toHaveBeenCalledWith(true);
    expect(document.activeElement).toBe(opener);
  });

  it("over another dialog: Escape closes only the confirmation, and Tab stays in it", async () => {
    render(
      <ConfirmProvider>
        <EditWithDelete />
      </ConfirmProvider>,
    );
    const opener = screen.getByRole("button", { name: "Excluir categoria" });
    opener.focus();
    fireEvent.click(opener);
    const confirmation = within(screen.getByRole("alertdialog"));
    const confirm = confirmation.getByRole("button", { name: "Excluir plano" });
    confirm.focus();
    tab();
    expect(document.activeElement).toBe(confirmation.getByRole("button", { name: "Fechar" }));

    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(screen.getByRole("dialog", { name: "Gerenciar Categorias" })).toBeTruthy();
    expect(document.activeElement).toBe(opener);
  });

  it("says plainly when no provider holds it", async () => {
    const onAnswer = vi.fn();
    const failed = vi.fn();
    render(<Lonely onAnswer={onAnswer} failed={failed} />);
    fireEvent.click(screen.getByRole("button", { name: "Excluir" }));
    await waitFor(() => expect(failed).toHaveBeenCalled());
    expect(String(failed.mock.calls[0]![0])).toContain("ConfirmProvider");
  });
});
