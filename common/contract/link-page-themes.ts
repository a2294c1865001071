import { BUTTON_STYLE_OPTIONS } from "../button-style";
import { z } from "../zod";
/** The page fields of the background live in ./link-pages (BACKGROUND_TYPES and its schemas). */
import { BUTTON_SIZES, gradientDirectionSchema } from "./link-pages";
import { hexColorSchema } from "./urls";

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
