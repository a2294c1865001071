import { BUTTON_STYLE_OPTIONS, type ButtonStyle, buttonTextContrast } from "@common/button-style";
import { escapeHtml } from "@common/link-bio/escape-html";
import { buttonCss, LINK_BIO_CSS } from "@common/link-bio/render";
import { useId, useState } from "react";
import { ColorField } from "./color-field";
import { ContrastWarning } from "./contrast-warning";

type OptionKey = keyof typeof BUTTON_STYLE_OPTIONS;

const TABS = [
  { id: "colors", label: "Cores" },
  { id: "text", label: "Texto" },
  { id: "layout", label: "Layout" },
  { id: "effects", label: "Efeitos" },
] as const;
type Tab = (typeof TABS)[number]["id"];

// "Sombra" and "Animação" are feminine in Portuguese.
const FEMININE_NONE: ReadonlySet<OptionKey> = new Set(["shadow", "animation"]);

// pt-BR names for option values that are words; sizes and fonts are shown as they are.
const VALUE_LABELS: Record<string, string> = {
  solid: "Sólida",
  gradient: "Gradiente",
  left: "Esquerda",
  center: "Centro",
  right: "Direita",
  auto: "Automática",
  none: "Nenhum",
  scale: "Aumentar",
  glow: "Brilho",
  lift: "Elevar",
  pulse: "Pulsar",
  fadeIn: "Aparecer",
  slideIn: "Deslizar",
  bounce: "Quicar",
  shake: "Tremer",
  small: "Pequena",
  medium: "Média",
  large: "Grande",
  "300": "Leve (300)",
  "400": "Normal (400)",
  "500": "Média (500)",
  "600": "Seminegrito (600)",
  "700": "Negrito (700)",
  "0deg": "Para cima (0°)",
  "90deg": "Para a direita (90°)",
  "45deg": "Diagonal (45°)",
  "135deg": "Diagonal (135°)",
};

/**
 * The four tabs of spec 2 (Button style editor) over exactly the option lists of
 * BUTTON_STYLE_OPTIONS, with a preview button drawn by the public page's own CSS.
 */
export function ButtonStyleEditor({
  style,
  onChange,
  previewLabel = "Botão de exemplo",
}: {
  /** The effective (complete) style shown in the controls. */
  style: ButtonStyle;
  /** Called with the one key that changed. */
  onChange: (patch: Partial<ButtonStyle>) => void;
  previewLabel?: string;
}) {
  const [tab, setTab] = useState<Tab>("colors");
  const baseId = useId();
  const select = (key: OptionKey, label: string) => (
    <OptionSelect
      label={label}
      value={style[key]}
      options={BUTTON_STYLE_OPTIONS[key]}
      optionLabel={(value) => (value === "none" && FEMININE_NONE.has(key) ? "Nenhuma" : undefined)}
      onChange={(value) => onChange({ [key]: value } as Partial<ButtonStyle>)}
    />
  );
  const color = (key: keyof ButtonStyle, label: string) => (
    <ColorField
      label={label}
      value={style[key]}
      onChange={(value) => onChange({ [key]: value } as Partial<ButtonStyle>)}
    />
  );

  return (
    <div className="space-y-4">
      <div
        role="tablist"
        aria-label="Estilo do botão"
        className="grid grid-cols-4 gap-1 rounded-lg bg-gray-100 p-1"
      >
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`${baseId}-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`${baseId}-panel`}
            onClick={() => setTab(t.id)}
            className={`rounded-md px-2 py-1.5 text-sm font-medium transition ${
              tab === t.id ? "bg-white text-brand-700 shadow-sm" : "text-gray-600 hover:text-gray-900"
            }`}
          >
            {t.label}
          </button>
        ))}
      </div>

      <div
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-${tab}`}
        className="grid gap-4 sm:grid-cols-2"
      >
        {tab === "colors" && (
          <>
            {select("backgroundType", "Tipo de fundo")}
            {style.backgroundType === "gradient" ? (
              <>
                {color("gradientFrom", "Cor inicial")}
                {color("gradientTo", "Cor final")}
                {select("gradientDirection", "Direção do gradiente")}
              </>
            ) : (
              color("backgroundColor", "Cor de fundo do botão")
            )}
            {color("textColor", "Cor do texto do botão")}
            {color("borderColor", "Cor da borda")}
            <ContrastWarning
              ratio={buttonTextContrast(style)}
              subject="o texto do botão"
              className="sm:col-span-2"
            />
          </>
        )}
        {tab === "text" && (
          <>
            {select("fontFamily", "Fonte")}
            {select("fontSize", "Tamanho da fonte")}
            {select("fontWeight", "Peso da fonte")}
            {select("textAlign", "Alinhamento")}
          </>
        )}
        {tab === "layout" && (
          <>
            {select("width", "Largura")}
            {select("padding", "Espaçamento interno")}
            {select("margin", "Margem externa")}
            {select("borderRadius", "Arredondamento")}
            {select("borderWidth", "Espessura da borda")}
          </>
        )}
        {tab === "effects" && (
          <>
            {select("shadow", "Sombra")}
            {select("hoverEffect", "Efeito ao passar o mouse")}
            {select("animation", "Animação")}
            {color("shadowColor", "Cor da sombra")}
          </>
        )}
      </div>

      <ButtonPreview style={style} label={previewLabel} />
    </div>
  );
}

/** One button exactly as the public page draws it (same CSS, same inline style). */
export function ButtonPreview({ style, label }: { style: ButtonStyle; label: string }) {
  const html =
    `<div class="lb-links" style="margin:0">` +
    `<span class="lb-btn lb-hover-${style.hoverEffect} lb-anim-${style.animation}" style="${escapeHtml(buttonCss(style))}">` +
    `${escapeHtml(label)}</span></div>`;
  return (
    <div className="rounded-lg border border-dashed border-gray-300 bg-gray-50 p-4">
      <p className="mb-2 text-xs font-medium uppercase tracking-wide text-gray-500">Prévia do botão</p>
      <style>{LINK_BIO_CSS}</style>
      <div data-testid="button-style-preview" dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}

function OptionSelect({
  label,
  value,
  options,
  optionLabel,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly string[];
  optionLabel: (value: string) => string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-700">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option) ?? VALUE_LABELS[option] ?? option}
          </option>
        ))}
      </select>
    </div>
  );
}
