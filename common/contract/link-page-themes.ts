import { BUTTON_STYLE_OPTIONS } from "../button-style";
import { z } from "../zod";
import { BUTTON_SIZES } from "./link-pages";
import { hexColorSchema } from "./urls";

/**
 * How a page's background is drawn. New page fields (the page body and answers gain them with the
 * block step): `background_type`; `background_color` is the solid colour, the gradient's start and
 * what an image sits on; `background_gradient_to` and `background_gradient_direction` finish a
 * gradient; `background_image_url` (an upload or a URL, like the profile image) draws an image.
 */
export const BACKGROUND_TYPES = ["solid", "gradient", "image"] as const;
export type BackgroundType = (typeof BACKGROUND_TYPES)[number];

export const backgroundTypeSchema = z.enum(BACKGROUND_TYPES, { error: "Tipo de fundo inválido" });
export const gradientDirectionSchema = z.enum(BUTTON_STYLE_OPTIONS.gradientDirection, {
  error: "Direção do gradiente inválida",
});

/** GET /api/link-page-themes: a ready-made look, as the page fields it sets (the editor fills them in). */
export const linkPageThemeSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    background_type: z.enum(["solid", "gradient"]),
    background_color: hexColorSchema,
    background_gradient_to: hexColorSchema.nullable(),
    background_gradient_direction: gradientDirectionSchema.nullable(),
    text_color: hexColorSchema,
    button_style: z.string().describe("O estilo dos botões, como texto JSON (como o da página)."),
    button_font: z.enum(BUTTON_STYLE_OPTIONS.fontFamily),
    button_size: z.enum(BUTTON_SIZES),
  })
  .describe("Um tema pronto para a página Link Bio: os campos da página que ele preenche.");
export type LinkPageTheme = z.infer<typeof linkPageThemeSchema>;
export const linkPageThemeListSchema = z.array(linkPageThemeSchema);
