import { BUTTON_STYLE_OPTIONS, buttonStyleOverridesSchema, buttonStyleSchema } from "../button-style";
import { isReserved } from "../reserved";
import { SLUG_MAX, SLUG_MIN, SLUG_PATTERN } from "../slug";
import { z } from "../zod";
import { hexColorSchema, httpUrlSchema } from "./urls";
import { timestampSchema, wholeNumberSchema } from "./wire";

export const BUTTON_SIZES = ["small", "medium", "large"] as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const MAX_LINKS_PER_PAGE = 100;

export const LINK_PAGE_MESSAGES = {
  slugTaken: "Este slug já está em uso neste domínio. Escolha outro.",
  slugReserved: "Este slug é reservado. Escolha outro.",
  imageInvalid: "Por favor selecione um arquivo de imagem válido",
  imageTooLarge: "A imagem deve ter no máximo 5MB",
  imageUploadFailed: "Erro ao fazer upload da imagem",
  domainUnavailable: "Domínio indisponível para a sua conta.",
  notFound: "Página não encontrada",
  linkNotFound: "Link não encontrado",
  saveFailed: "Erro ao salvar página",
  saveLinkFailed: "Erro ao salvar link",
  deletePageFailed: "Erro ao excluir página",
  deleteLinkBioFailed: "Erro ao excluir Link Bio",
  deleteLinkFailed: "Erro ao excluir link",
  loadFailed: "Erro ao carregar página",
  confirmDeletePage: "Tem certeza que deseja excluir esta página? Esta ação não pode ser desfeita.",
  confirmDeleteLinkBio: "Tem certeza que deseja excluir esta Link Bio? Esta ação não pode ser desfeita.",
  confirmDeleteLink: "Tem certeza que deseja excluir este link?",
  linkLimit: `Uma página pode ter no máximo ${MAX_LINKS_PER_PAGE} links.`,
  /** The profile image's upload hint: the types the upload takes (image-store) and the size cap. */
  imageHint: "PNG, JPG, GIF ou WebP até 5 MB",
} as const;

export const slugSchema = z
  .string({ error: "Slug é obrigatório" })
  .trim()
  .transform((value) => value.toLowerCase())
  .pipe(
    z
      .string()
      .min(1, "Slug é obrigatório")
      .min(SLUG_MIN, `O slug deve ter pelo menos ${SLUG_MIN} caracteres`)
      .max(SLUG_MAX, `O slug deve ter no máximo ${SLUG_MAX} caracteres`)
      .regex(SLUG_PATTERN, "O slug pode ter apenas letras minúsculas, números, - e _")
      .refine((slug) => !isReserved(slug), LINK_PAGE_MESSAGES.slugReserved),
  );

/**
 * An image of the page: an https/http URL (https:// added when missing, as for links: an address
 * stored as typed, "exemplo.com/foto.png", would draw no image), a path of an image we stored
 * (/uploads/…), or a data URL that the server converts into a stored file (spec compatibility).
 */
function pageImageSchema(label: string) {
  return z
    .string()
    .trim()
    .max(8 * 1024 * 1024, LINK_PAGE_MESSAGES.imageTooLarge)
    .nullish()
    .transform((value, ctx) => {
      if (!value) return null;
      if (value.startsWith("data:image/") || /^\/uploads\/[A-Za-z0-9._-]+$/.test(value)) return value;
      const url = httpUrlSchema.safeParse(value);
      if (url.success) return url.data;
      ctx.addIssue({
        code: "custom",
        message: `${label}: informe uma URL válida ou envie um arquivo`,
        input: value,
      });
      return z.NEVER;
    });
}

export const profileImageSchema = pageImageSchema("Imagem de perfil");

/** How long the search-engine title and description may be (what results show, roughly). */
export const SEO_TITLE_MAX = 70;
export const SEO_DESCRIPTION_MAX = 200;

/** Optional one-line text of a page: empty or null clears it (null), absent keeps it (undefined). */
const optionalPageText = (label: string, max: number) =>
  z
    .string({ error: `${label}: informe um texto.` })
    .transform((value) => value.replace(/\s*[\r\n]+\s*/g, " ").trim())
    .pipe(z.string().max(max, `${label}: use no máximo ${max} caracteres.`))
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));

/** The page's background image: like the profile image (URL, our upload, or a data URL to store). */
const backgroundImageSchema = pageImageSchema("Imagem de fundo");

/**
 * How a page's background is drawn: `background_color` is the solid colour, the gradient's start
 * and what an image sits on; `background_gradient_to` and `background_gradient_direction` finish a
 * gradient; `background_image_url` draws an image.
 */
export const BACKGROUND_TYPES = ["solid", "gradient", "image"] as const;
export type BackgroundType = (typeof BACKGROUND_TYPES)[number];
export const backgroundTypeSchema = z.enum(BACKGROUND_TYPES, { error: "Tipo de fundo inválido" });
export const gradientDirectionSchema = z.enum(BUTTON_STYLE_OPTIONS.gradientDirection, {
  error: "Direção do gradiente inválida",
});

export const linkPageBodySchema = z.object({
  slug: slugSchema,
  title: z
    .string({ error: "Título é obrigatório" })
    .trim()
    .min(1, "Título é obrigatório")
    .max(100, "O título deve ter no máximo 100 caracteres"),
  description: z
    .string()
    .trim()
    .max(500, "A descrição deve ter no máximo 500 caracteres")
    .nullish()
    .transform((v) => v || null),
  profile_image_url: profileImageSchema,
  background_color: hexColorSchema.optional().default("#ffffff"),
  text_color: hexColorSchema.optional().default("#000000"),
  button_style: buttonStyleSchema.optional().default(buttonStyleSchema.parse({})),
  button_font: z
    .enum(BUTTON_STYLE_OPTIONS.fontFamily, { error: "Fonte inválida" })
    .optional()
    .default("Inter"),
  button_size: z.enum(BUTTON_SIZES, { error: "Tamanho de botão inválido" }).optional().default("medium"),
  custom_domain_id: z.number({ error: "Domínio inválido" }).int().positive().nullish(),
  is_active: z.boolean({ error: "Status inválido" }).optional(),
  // The page's look and reach beyond the spec (decision 024). Absent: kept on update, today's look
  // on create, so a client that knows only the spec's fields never resets them.
  background_type: backgroundTypeSchema.optional(),
  background_gradient_to: hexColorSchema.nullish(),
  background_gradient_direction: gradientDirectionSchema.nullish(),
  background_image_url: backgroundImageSchema.optional(),
  is_sensitive: z.boolean({ error: "Conteúdo sensível: use verdadeiro ou falso." }).optional(),
  seo_title: optionalPageText("Título para buscadores", SEO_TITLE_MAX),
  seo_description: optionalPageText("Descrição para buscadores", SEO_DESCRIPTION_MAX),
});
export type LinkPageBody = z.input<typeof linkPageBodySchema>;
export type LinkPageInput = z.output<typeof linkPageBodySchema>;

export const linkBodySchema = z.object({
  title: z
    .string({ error: "Título é obrigatório" })
    .trim()
    .min(1, "Título é obrigatório")
    .max(100, "O título deve ter no máximo 100 caracteres"),
  url: httpUrlSchema,
  custom_style: buttonStyleOverridesSchema.optional().default({}),
});
export type LinkBody = z.input<typeof linkBodySchema>;

/**
 * PUT /api/links/{id}: the modal sends only custom_style; the form sends all three. A field that is
 * absent stays as it is (no default here: a title-only update must not wipe the style).
 */
export const linkUpdateBodySchema = z
  .object({
    title: linkBodySchema.shape.title.optional(),
    url: httpUrlSchema.optional(),
    custom_style: buttonStyleOverridesSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), "Nada para atualizar");
export type LinkUpdateBody = z.input<typeof linkUpdateBodySchema>;

/**
 * POST /api/link-pages: the page and, optionally, its first links in their order, created together
 * or not at all (the editor lets a new page collect links before its first save).
 */
export const linkPageCreateBodySchema = linkPageBodySchema.extend({
  links: z.array(linkBodySchema).max(MAX_LINKS_PER_PAGE, LINK_PAGE_MESSAGES.linkLimit).optional().default([]),
});
export type LinkPageCreateBody = z.input<typeof linkPageCreateBodySchema>;

/** PUT /api/link-pages/{id}/links/order: the page's link ids in their new order. */
export const linkOrderBodySchema = z.object({
  link_ids: z.array(z.number().int().positive()).max(500, "Links demais"),
});

export const idParamsSchema = z.object({
  id: z.coerce.number({ error: "Id inválido" }).int().positive("Id inválido").max(2147483647, "Id inválido"),
});

/** A page as the API returns it (button_style as a JSON string, as the spec's clients expect). */
export const linkPageSchema = z
  .object({
    id: wholeNumberSchema,
    slug: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    profile_image_url: z.string().nullable(),
    background_color: z.string(),
    text_color: z.string(),
    button_style: z.string().describe("O estilo dos botões, como texto JSON."),
    button_font: z.string(),
    button_size: z.string(),
    custom_domain_id: wholeNumberSchema,
    is_active: z.boolean(),
    background_type: backgroundTypeSchema,
    background_gradient_to: z.string().nullable(),
    background_gradient_direction: z.string().nullable(),
    background_image_url: z.string().nullable(),
    is_sensitive: z.boolean().describe("Visitantes confirmam ter 18 anos antes de ver o conteúdo."),
    seo_title: z.string().nullable(),
    seo_description: z.string().nullable(),
    click_count: wholeNumberSchema,
    links_count: wholeNumberSchema.optional().describe("Presente na listagem."),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .describe("Uma página Link Bio.");
export type LinkPage = z.infer<typeof linkPageSchema>;
/** GET /api/link-pages */
export const linkPageListSchema = z.array(linkPageSchema);

export const linkSchema = z
  .object({
    id: wholeNumberSchema,
    title: z.string(),
    url: z.string(),
    custom_style: z.string().describe("O estilo próprio do botão, como texto JSON."),
    position: wholeNumberSchema,
    click_count: wholeNumberSchema,
  })
  .describe("Um link (botão) de uma página Link Bio.");
export type Link = z.infer<typeof linkSchema>;
/** GET /api/link-pages/{id}/links, and the reordered links. */
export const linkListSchema = z.array(linkSchema);

/** GET /api/public/link-pages/{slug}: a published page's look, as anyone may read it. */
export const publicLinkPageSchema = linkPageSchema.pick({
  title: true,
  description: true,
  profile_image_url: true,
  background_color: true,
  text_color: true,
  button_style: true,
  button_font: true,
});
export type PublicLinkPage = z.infer<typeof publicLinkPageSchema>;
/** GET /api/public/link-pages/{slug}/links: its buttons, in order (no click counts). */
export const publicLinkListSchema = z.array(
  linkSchema.pick({ id: true, title: true, url: true, custom_style: true }),
);
export type PublicLink = z.infer<typeof publicLinkListSchema>[number];

export const trackLinkClickBodySchema = z.object({
  link_id: z.coerce.number({ error: "Link inválido" }).int().positive("Link inválido"),
  /**
   * Where the visitor came from to the page (the page's document.referrer; empty: typed, pasted or
   * an app that sends none). The call's own Referer is the page itself. A bad value counts as none.
   */
  referrer: z.string().max(2048).optional().catch(undefined),
});
