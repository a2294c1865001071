import { type ButtonStyle, DEFAULT_BUTTON_STYLE } from "../button-style";
import type { LinkPageTheme } from "../contract/link-page-themes";

/**
 * The ready-made looks the editor offers as a gallery. Picking one fills the page's fields, which
 * the owner can still change. Every font is one we serve ourselves (common/link-bio/fonts.ts), and
 * every pair of colours passes WCAG AA for normal text: the page's text (also at the opacity the
 * renderer gives the description and the footer) over every point of its background, and each
 * button's text over the button (a test holds them to it).
 */

type Font = LinkPageTheme["button_font"];

type Look = {
  /** A solid colour, or a gradient [from, to, direction]. */
  background: string | [string, string, ButtonStyle["gradientDirection"]];
  text: string;
  font: Font;
  button: Partial<ButtonStyle>;
};

function theme(id: string, name: string, look: Look): LinkPageTheme {
  const [from, to, direction] = typeof look.background === "string" ? [look.background] : look.background;
  const buttonStyle: ButtonStyle = { ...DEFAULT_BUTTON_STYLE, fontFamily: look.font, ...look.button };
  return {
    id,
    name,
    background_type: to ? "gradient" : "solid",
    background_color: from,
    background_gradient_to: to ?? null,
    background_gradient_direction: direction ?? null,
    text_color: look.text,
    button_style: JSON.stringify(buttonStyle),
    button_font: look.font,
    button_size: "medium",
  };
}

const solidButton = (backgroundColor: string, textColor: string): Partial<ButtonStyle> => ({
  backgroundType: "solid",
  backgroundColor,
  gradientFrom: backgroundColor,
  gradientTo: backgroundColor,
  textColor,
});

export const LINK_PAGE_THEMES: readonly LinkPageTheme[] = [
  theme("claro", "Claro", {
    background: "#ffffff",
    text: "#111827",
    font: "Inter",
    button: { ...solidButton("#111827", "#ffffff"), borderRadius: "12px", shadow: "small" },
  }),
  theme("noite", "Noite", {
    background: "#0f172a",
    text: "#f8fafc",
    font: "Inter",
    button: {
      ...solidButton("#f8fafc", "#0f172a"),
      borderRadius: "12px",
      shadow: "none",
      hoverEffect: "lift",
    },
  }),
  theme("oceano", "Oceano", {
    background: ["#082f49", "#134e4a", "135deg"],
    text: "#ffffff",
    font: "Montserrat",
    button: {
      ...solidButton("#e0f2fe", "#082f49"),
      borderRadius: "50px",
      fontWeight: "600",
      shadow: "medium",
    },
  }),
  theme("por-do-sol", "Pôr do sol", {
    background: ["#431407", "#500724", "0deg"],
    text: "#fff7ed",
    font: "Poppins",
    button: {
      ...solidButton("#fff7ed", "#431407"),
      borderRadius: "50px",
      fontWeight: "600",
      shadow: "large",
    },
  }),
  theme("floresta", "Floresta", {
    background: "#052e16",
    text: "#f0fdf4",
    font: "Lato",
    button: {
      ...solidButton("#052e16", "#f0fdf4"),
      borderWidth: "2px",
      borderColor: "#f0fdf4",
      borderRadius: "8px",
      fontWeight: "700",
      shadow: "none",
      hoverEffect: "glow",
    },
  }),
  theme("areia", "Areia", {
    background: "#faf7f2",
    text: "#1c130b",
    font: "Playfair Display",
    button: { ...solidButton("#1c130b", "#faf7f2"), borderRadius: "4px", fontWeight: "600", shadow: "small" },
  }),
  theme("lavanda", "Lavanda", {
    background: ["#f5f3ff", "#fdf2f8", "135deg"],
    text: "#1e0a3c",
    font: "Poppins",
    button: {
      backgroundType: "gradient",
      backgroundColor: "#6d28d9",
      gradientFrom: "#6d28d9",
      gradientTo: "#9d174d",
      gradientDirection: "90deg",
      textColor: "#ffffff",
      borderRadius: "50px",
      fontWeight: "600",
      shadow: "medium",
      shadowColor: "#6d28d9",
    },
  }),
  theme("neon", "Neon", {
    background: "#0a0a0a",
    text: "#fafafa",
    font: "Montserrat",
    button: {
      ...solidButton("#a3e635", "#0a0a0a"),
      borderRadius: "0px",
      fontWeight: "700",
      shadow: "none",
      hoverEffect: "glow",
    },
  }),
  theme("minimalista", "Minimalista", {
    background: "#fafafa",
    text: "#171717",
    font: "Roboto",
    button: {
      ...solidButton("#fafafa", "#171717"),
      borderWidth: "2px",
      borderColor: "#171717",
      borderRadius: "0px",
      shadow: "none",
      hoverEffect: "lift",
    },
  }),
  theme("tropical", "Tropical", {
    background: ["#022c22", "#083344", "45deg"],
    text: "#ffffff",
    font: "Montserrat",
    button: {
      ...solidButton("#fde047", "#422006"),
      borderRadius: "20px",
      fontWeight: "700",
      shadow: "medium",
    },
  }),
  theme("cafe", "Café", {
    background: "#2b1d14",
    text: "#f5e6d3",
    font: "Lato",
    button: { ...solidButton("#d6a76c", "#2b1d14"), borderRadius: "20px", fontWeight: "700", shadow: "none" },
  }),
  theme("rosa", "Rosa", {
    background: "#fff7f8",
    text: "#4c0519",
    font: "Open Sans",
    button: {
      ...solidButton("#be123c", "#ffffff"),
      borderRadius: "12px",
      fontWeight: "600",
      shadow: "small",
    },
  }),
];

/** A theme by its id, or null. */
export function findLinkPageTheme(id: string): LinkPageTheme | null {
  return LINK_PAGE_THEMES.find((candidate) => candidate.id === id) ?? null;
}
