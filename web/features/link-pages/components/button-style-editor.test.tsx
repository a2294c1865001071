import { type ButtonStyle, DEFAULT_BUTTON_STYLE } from "@common/button-style";
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { ButtonStyleEditor } from "./button-style-editor";

function Editor({ initial = {}, onSave }: { initial?: Partial<ButtonStyle>; onSave?: () => void }) {
  const [style, setStyle] = useState<ButtonStyle>({ ...DEFAULT_BUTTON_STYLE, ...initial });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSave?.();
      }}
    >
      <ButtonStyleEditor style={style} onChange={(patch) => setStyle((s) => ({ ...s, ...patch }))} />
      <button type="submit">Salvar</button>
    </form>
  );
}

const warning = () => screen.getByRole("status");
const typeColor = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("ButtonStyleEditor, contrast", () => {
  it("says nothing about the defaults, which pass AA", () => {
    render(<Editor />);
    expect(warning().textContent).toBe("");
  });

  it("warns beside the colours when the button text is hard to read, and clears when fixed", () => {
    render(<Editor />);
    typeColor("Cor de fundo do botão", "#3b82f6");
    expect(warning().textContent).toBe(
      "Contraste baixo (3,7:1): o texto do botão pode ficar difícil de ler. Recomendado: 4,5:1 ou mais.",
    );
    typeColor("Cor do texto do botão", "#000000");
    expect(warning().textContent).toBe("");
  });

  it("checks the whole gradient, not the unused solid colour", () => {
    render(<Editor initial={{ backgroundColor: "#ffffff" }} />);
    expect(warning().textContent).toMatch(/^Contraste baixo \(1:1\)/);
    fireEvent.change(screen.getByLabelText("Tipo de fundo"), { target: { value: "gradient" } });
    expect(warning().textContent).toBe("");
    typeColor("Cor final", "#fde047");
    expect(warning().textContent).toMatch(/^Contraste baixo \(1,3:1\)/);
  });

  it("never blocks saving", () => {
    const onSave = vi.fn();
    render(<Editor initial={{ textColor: "#eeeeee", backgroundColor: "#ffffff" }} onSave={onSave} />);
    expect(warning().textContent).toMatch(/^Contraste baixo/);
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it("keeps the verdict of the last valid colour while one is half-typed", () => {
    render(<Editor />);
    typeColor("Cor de fundo do botão", "#3b82f6");
    typeColor("Cor de fundo do botão", "#3b82f");
    expect(screen.getByText("Use uma cor no formato hexadecimal, como #3b82f6")).toBeTruthy();
    expect(warning().textContent).toMatch(/^Contraste baixo \(3,7:1\)/);
  });
});
