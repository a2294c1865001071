import { fireEvent, render, screen, within } from "@testing-library/react";
import { type ReactNode, useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { Modal } from "./modal";

/** A page with a button that opens the modal, and another control behind it. */
function Page({
  onClose = () => {},
  dismissible,
  body = (
    <>
      <input aria-label="Nome" />
      <button type="button">Salvar</button>
    </>
  ),
}: {
  onClose?: () => void;
  dismissible?: boolean;
  body?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [, rerender] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <button type="button" onClick={() => rerender((n) => n + 1)}>
        Atrás
      </button>
      {open && (
        <Modal
          title="Editar"
          dismissible={dismissible}
          onClose={() => {
            onClose();
            setOpen(false);
          }}
        >
          {body}
          <button type="button" onClick={() => rerender((n) => n + 1)}>
            Redesenhar
          </button>
        </Modal>
      )}
    </>
  );
}

function open() {
  const opener = screen.getByRole("button", { name: "Abrir" });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole("dialog", { name: "Editar" }) };
}

const tab = (shiftKey = false) =>
  fireEvent.keyDown(document.activeElement ?? document, { key: "Tab", shiftKey });

describe("Modal", () => {
  it("takes the focus on its first control and gives it back to the opener when it closes", () => {
    render(<Page />);
    const { opener, dialog } = open();
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Fechar" }));

    fireEvent.click(within(dialog).getByRole("button", { name: "Fechar" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("focuses the dialog itself when nothing inside can take the focus", () => {
    render(
      <Modal title="Aviso" onClose={() => {}} dismissible={false}>
        <p>Só texto.</p>
      </Modal>,
    );
    const dialog = screen.getByRole("dialog", { name: "Aviso" });
    expect(document.activeElement).toBe(dialog);
    tab();
    expect(document.activeElement).toBe(dialog);
  });

  it("keeps Tab and Shift+Tab inside the dialog", () => {
    render(<Page />);
    const { dialog } = open();
    const close = within(dialog).getByRole("button", { name: "Fechar" });
    const last = within(dialog).getByRole("button", { name: "Redesenhar" });

    // From the last control, Tab goes round to the first; from the first, Shift+Tab to the last.
    last.focus();
    expect(tab()).toBe(false);
    expect(document.activeElement).toBe(close);
    expect(tab(true)).toBe(false);
    expect(document.activeElement).toBe(last);

    // In between, the browser moves the focus as usual.
    within(dialog).getByLabelText("Nome").focus();
    expect(tab()).toBe(true);

    // Focus that slipped out (behind the backdrop) comes back in.
    screen.getByRole("button", { name: "Atrás" }).focus();
    tab();
    expect(document.activeElement).toBe(close);
  });

  it("closes on Escape, with one listener however often it renders", () => {
    const onClose = vi.fn();
    const add = vi.spyOn(document, "addEventListener");
    render(<Page onClose={onClose} />);
    const { dialog, opener } = open();
    const keydowns = () => add.mock.calls.filter(([type]) => type === "keydown").length;
    const before = keydowns();
    for (let i = 0; i < 3; i++) fireEvent.click(within(dialog).getByRole("button", { name: "Redesenhar" }));
    expect(keydowns()).toBe(before);

    fireEvent.keyDown(document, { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
    add.mockRestore();
  });

  it("closes on the backdrop", () => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    const { dialog } = open();
    const backdrop = screen.getAllByRole("button", { name: "Fechar" }).find((b) => !dialog.contains(b))!;
    fireEvent.click(backdrop);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("not dismissible: Escape, the backdrop and ✕ leave it open", () => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} dismissible={false} />);
    const { dialog } = open();
    fireEvent.keyDown(document, { key: "Escape" });
    for (const button of screen.getAllByRole("button", { name: "Fechar" })) fireEvent.click(button);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog")).toBe(dialog);
  });

  it("leaves the focus on a control inside that took it first", () => {
    render(
      <Page
        body={
          // biome-ignore lint/a11y/noAutofocus: what is tested
          <input aria-label="Nome" autoFocus />
        }
      />,
    );
    const { dialog } = open();
    expect(document.activeElement).toBe(within(dialog).getByLabelText("Nome"));
  });
});
