import { lowestContrastOverGradient } from "./color-contrast";
import { z } from "./zod";

/** The option lists of spec section 3 (Button style object). Anything else is refused. */
export const BUTTON_STYLE_OPTIONS = {
  backgroundType: ["solid", "gradient"],
  gradientDirection: ["0deg", "90deg", "45deg", "135deg"],
  borderRadius: ["0px", "4px", "8px", "12px", "20px", "50px"],
  borderWidth: ["0px", "1px", "2px", "3px"],
  fontFamily: [
    "Inter",
    "Arial",
    "Helvetica",
    "Georgia",
    "Times",
    "Courier",
    "Verdana",
    "Poppins",
    "Roboto",
    "Open Sans",
    "Lato",
    "Montserrat",
    "Playfair Display",
  ],
  fontSize: ["12px", "14px", "16px", "18px", "20px", "24px"],
  fontWeight: ["300", "400", "500", "600", "700"],
  textAlign: ["left", "center", "right"],
  width: ["100%", "80%", "60%", "auto", "200px", "300px"],
  hoverEffect: ["none", "scale", "glow", "lift", "pulse"],
  animation: ["none", "fadeIn", "slideIn", "bounce", "shake"],
  // Not listed by the spec (it gives only the defaults): our choices, in the same style.
  shadow: ["none", "small", "medium", "large"],
  padding: ["8px 16px", "12px 20px", "16px 24px", "20px 32px"],
  margin: ["4px 0", "8px 0", "12px 0", "16px 0"],
} as const;

export const BUTTON_COLOR_KEYS = [
  "backgroundColor",
  "gradientFrom",
  "gradientTo",
  "textColor",
  "borderColor",
  "shadowColor",
] as const;

type Options = typeof BUTTON_STYLE_OPTIONS;
export type ButtonStyle = { [K in keyof Options]: Options[K][number] } & {
  [K in (typeof BUTTON_COLOR_KEYS)[number]]: string;
};

/**
 * The spec's defaults, except the blues: the spec's white on #3b82f6 (and its #8b5cf6 gradient
 * end) is below WCAG AA (3.7:1, 4.2:1), so every new page would fail it. The next shades of the
 * same hues keep the look and pass (#2563eb 5.2:1, #7c3aed 5.7:1). Pages saved with the old pair
 * are moved by migration 0009.
 */
export const DEFAULT_BUTTON_STYLE: ButtonStyle = {
  backgroundColor: "#2563eb",
  backgroundType: "solid",
  gradientFrom: "#2563eb",
  gradientTo: "#7c3aed",
  gradientDirection: "135deg",
  textColor: "#ffffff",
  borderRadius: "12px",
  borderWidth: "0px",
  borderColor: "#e5e7eb",
  fontFamily: "Inter",
  fontSize: "16px",
  fontWeight: "500",
  padding: "16px 24px",
  margin: "8px 0",
  shadow: "medium",
  shadowColor: "#000000",
  hoverEffect: "scale",
  animation: "none",
  width: "100%",
  textAlign: "center",
};

/** Animation and hover timings of spec section 9. */
export const ANIMATION_SECONDS = { fadeIn: 0.6, slideIn: 0.5, bounce: 2, shake: 0.8, pulse: 1.5 } as const;

const LABELS: Record<string, string> = {
  backgroundType: "Tipo de fundo",
  gradientDirection: "Direção do gradiente",
  borderRadius: "Arredondamento",
  borderWidth: "Espessura da borda",
  fontFamily: "Fonte",
  fontSize: "Tamanho da fonte",
  fontWeight: "Peso da fonte",
  textAlign: "Alinhamento",
  width: "Largura",
  hoverEffect: "Efeito ao passar o mouse",
  animation: "Animação",
  shadow: "Sombra",
  padding: "Espaçamento interno",
  margin: "Margem externa",
  backgroundColor: "Cor de fundo",
  gradientFrom: "Cor inicial do gradiente",
  gradientTo: "Cor final do gradiente",
  textColor: "Cor do texto",
  borderColor: "Cor da borda",
  shadowColor: "Cor da sombra",
};

const HEX = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

const shape = Object.fromEntries([
  ...Object.entries(BUTTON_STYLE_OPTIONS).map(([key, values]) => [
    key,
    z
      .string({ error: `${LABELS[key]}: valor inválido` })
      .refine((v) => (values as readonly string[]).includes(v), `${LABELS[key]}: valor inválido`)
      .optional(),
  ]),
  ...BUTTON_COLOR_KEYS.map((key) => [
    key,
    z
      .string({ error: `${LABELS[key]}: use uma cor hexadecimal, como #3b82f6` })
      .regex(HEX, `${LABELS[key]}: use uma cor hexadecimal, como #3b82f6`)
      .transform((v) => v.toLowerCase())
      .optional(),
  ]),
]) as Record<keyof ButtonStyle, z.ZodOptional<z.ZodType<string>>>;

/** Parses a JSON string or an object; the wire carries button_style and custom_style as JSON strings. */
const jsonObject = z.preprocess((value, ctx) => {
  if (value === null || value === undefined || value === "") return {};
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    ctx.addIssue({ code: "custom", message: "Estilo inválido: JSON malformado" });
    return z.NEVER;
  }
}, z.object(shape, { error: "Estilo inválido" }).strip());

/**
 * A link's own overrides: only the keys it sets, each checked against the option lists; unknown
 * keys are dropped, bad values refused.
 */
export const buttonStyleOverridesSchema = jsonObject.transform(
  (style) =>
    Object.fromEntries(Object.entries(style).filter(([, v]) => v !== undefined)) as Partial<ButtonStyle>,
);

/** A page's button style: the overrides it sets over the spec's defaults, complete. */
export const buttonStyleSchema = buttonStyleOverridesSchema.transform(
  (style): ButtonStyle => ({ ...DEFAULT_BUTTON_STYLE, ...style }),
);

/** The effective style of one button: page style, then the link's own overrides. */
export function resolveButtonStyle(
  page: Partial<ButtonStyle> | undefined,
  link: Partial<ButtonStyle> | undefined,
): ButtonStyle {
  return { ...DEFAULT_BUTTON_STYLE, ...page, ...link };
}

/**
 * How readable a button's text is: its lowest contrast ratio over the button's background (the
 * whole gradient when it has one), or null when a colour is not a hex colour.
 */
export function buttonTextContrast(style: ButtonStyle): number | null {
  return style.backgroundType === "gradient"
    ? lowestContrastOverGradient(style.textColor, style.gradientFrom, style.gradientTo)
    : lowestContrastOverGradient(style.textColor, style.backgroundColor, style.backgroundColor);
}

/** Reads a stored or sent style leniently (for display): invalid values fall back to defaults. */
export function readButtonStyle(value: unknown): Partial<ButtonStyle> {
  const parsed = buttonStyleOverridesSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const raw = typeof value === "string" ? safeJson(value) : value;
  if (!raw || typeof raw !== "object") return {};
  const clean: Record<string, string> = {};
  for (const [key, v] of Object.entries(raw)) {
    const one = buttonStyleOverridesSchema.safeParse({ [key]: v });
    if (one.success) Object.assign(clean, one.data);
  }
  return clean as Partial<ButtonStyle>;
}

function safeJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}
