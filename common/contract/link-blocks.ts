import { buttonStyleOverridesSchema } from "../button-style";
import { embedProblem, recognizeEmbed } from "../link-bio/embeds";
import { PHONE_MESSAGES, toE164 } from "../link-bio/phone-number";
import {
  PIX_CITY_MAX,
  PIX_KEY_PLUS_DESCRIPTION_MAX,
  PIX_NAME_MAX,
  parsePixKey,
  toPixText,
} from "../link-bio/pix-key";
import { normalizeSocialUrl, SOCIAL_NETWORKS } from "../link-bio/social-networks";
import { WHATSAPP_MESSAGE_MAX, WHATSAPP_MESSAGES } from "../link-bio/whatsapp";
import { z } from "../zod";
import { LINK_PAGE_MESSAGES, linkBodySchema, MAX_LINKS_PER_PAGE } from "./link-pages";
import { httpUrlSchema } from "./urls";
import { timestampSchema, wholeNumberSchema } from "./wire";

/**
 * A Link Bio page is an ordered list of blocks. The spec's links are the blocks of type `link`
 * (a link's id is its block's id); the other types are free on every plan.
 */
export const BLOCK_TYPES = [
  "link",
  "header",
  "text",
  "image",
  "social",
  "embed",
  "whatsapp",
  "pix",
  "contact",
  "faq",
  "divider",
  "form",
] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

/** Blocks a page holds at most, of every type together (link blocks also count as the plan's links). */
export const MAX_BLOCKS_PER_PAGE = MAX_LINKS_PER_PAGE;

/** The limits of each block's data: list sizes, and text lengths in characters. */
export const BLOCK_LIMITS = {
  headerText: 100,
  text: 1000,
  imageAlt: 200,
  /** The text of a WhatsApp or Pix button. */
  buttonLabel: 60,
  embedTitle: 100,
  whatsappMessage: WHATSAPP_MESSAGE_MAX,
  pixName: PIX_NAME_MAX,
  pixCity: PIX_CITY_MAX,
  pixDescription: 60,
  /** R$ 1.000.000,00: a Pix button asks for a fixed amount at most this large. */
  pixAmountMaxCents: 100_000_000,
  contactName: 100,
  contactOrganization: 100,
  socialItemsMin: 1,
  socialItemsMax: 20,
  faqItemsMin: 1,
  faqItemsMax: 30,
  faqQuestion: 200,
  faqAnswer: 1000,
  formTitle: 100,
  formButton: 40,
  formThankYou: 300,
  formConsent: 1000,
  /** An image sent inline (a data URL) before the server stores it, as for the profile image. */
  imageDataUrl: 8 * 1024 * 1024,
} as const;

const L = BLOCK_LIMITS;

export const BLOCK_MESSAGES = {
  unknownType: `Tipo de bloco inválido: use um destes: ${BLOCK_TYPES.join(", ")}.`,
  typeChange: "O tipo de um bloco não pode ser alterado.",
  blockLimit: `Uma página pode ter no máximo ${MAX_BLOCKS_PER_PAGE} blocos.`,
  windowOrder: "O fim do agendamento deve ser depois do início.",
  nothingToUpdate: "Nada para atualizar",
  notFound: "Bloco não encontrado",
  orderMismatch: "A nova ordem deve conter exatamente os blocos desta página.",
  orderRepeated: "A nova ordem repete um bloco.",
  saveFailed: "Erro ao salvar bloco",
  deleteFailed: "Erro ao excluir bloco",
  confirmDelete: "Tem certeza que deseja excluir este bloco?",
  imageUrl: "Imagem: informe uma URL válida ou envie um arquivo",
  socialMin: "Adicione pelo menos uma rede social.",
  socialMax: `Use no máximo ${L.socialItemsMax} redes sociais.`,
  faqMin: "Adicione pelo menos uma pergunta.",
  faqMax: `Use no máximo ${L.faqItemsMax} perguntas.`,
  contactReach: "Informe pelo menos um telefone, um e-mail ou um site.",
  formFields: "Campos: escolha entre nome, e-mail e WhatsApp.",
  formContactField: "Escolha pelo menos um campo de contato: e-mail ou WhatsApp.",
  pixNameLetters: "Nome: use letras ou números (é o nome que o banco mostra a quem paga).",
  pixCityLetters: "Cidade: use letras ou números.",
  pixDescriptionRoom: (room: number) =>
    room > 0
      ? `Descrição: com esta chave, o código Pix tem espaço para ${room} caracteres.`
      : "Descrição: com esta chave (um e-mail longo), o código Pix não tem espaço para uma descrição.",
} as const;

// ---- Field rules shared by the types.

/** Required one-line text: trimmed, line breaks made spaces. */
const lineText = (required: string, label: string, max: number) =>
  z
    .string({ error: required })
    .transform((value) => value.replace(/\s*[\r\n]+\s*/g, " ").trim())
    .pipe(z.string().min(1, required).max(max, `${label}: use no máximo ${max} caracteres.`));

/** Required text of several lines: trimmed, its line breaks kept (as \n). */
const multilineText = (required: string, label: string, max: number) =>
  z
    .string({ error: required })
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().min(1, required).max(max, `${label}: use no máximo ${max} caracteres.`));

/** Optional text: empty or absent is left out of the stored data. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === null || value === "" ? undefined : value), schema.optional());

const optionalLine = (label: string, max: number) =>
  optional(
    z
      .string({ error: `${label}: informe um texto.` })
      .transform((value) => value.replace(/\s*[\r\n]+\s*/g, " ").trim())
      .pipe(z.string().max(max, `${label}: use no máximo ${max} caracteres.`))
      .transform((value) => value || undefined),
  );

const optionalUrl = optional(httpUrlSchema);

/** A phone number in any form people type it, stored in E.164 (+5511987654321). */
const phoneSchema = (message: string) =>
  z.string({ error: message }).transform((value, ctx) => {
    const e164 = toE164(value);
    if (e164) return e164;
    ctx.addIssue({ code: "custom", message, input: value });
    return z.NEVER;
  });

const UPLOAD_PATH = /^\/uploads\/[A-Za-z0-9._-]+$/;

/**
 * An image: an http(s) URL (https:// added when missing), one of our stored uploads (/uploads/…),
 * or a data URL that the server stores as a file before saving, as for the profile image.
 */
const blockImageSchema = z
  .string({ error: "Imagem é obrigatória" })
  .trim()
  .min(1, "Imagem é obrigatória")
  .max(L.imageDataUrl, LINK_PAGE_MESSAGES.imageTooLarge)
  .transform((value, ctx) => {
    if (value.startsWith("data:image/") || UPLOAD_PATH.test(value)) return value;
    const url = httpUrlSchema.safeParse(value);
    if (url.success) return url.data;
    ctx.addIssue({ code: "custom", message: BLOCK_MESSAGES.imageUrl, input: value });
    return z.NEVER;
  });

// ---- Each type's data. Parsing stored data again gives it back unchanged (answers are checked
// against these same schemas).

export const linkBlockDataSchema = z.object({
  title: linkBodySchema.shape.title,
  url: httpUrlSchema,
  custom_style: buttonStyleOverridesSchema.optional().default({}),
  /** A gentle animation that draws the eye (none when the visitor asks for reduced motion). */
  highlight: z.boolean({ error: "Destaque: use verdadeiro ou falso." }).optional().default(false),
  /** "Abrir no app" (issue 36): out of an in-app browser, into the target's app or the browser. */
  open_in_app: z.boolean({ error: "Abrir no app: use verdadeiro ou falso." }).optional().default(true),
});

export const headerBlockDataSchema = z.object({
  text: lineText("Título é obrigatório", "Título", L.headerText),
});

/** Plain text: line breaks kept, nothing turned into a link. */
export const textBlockDataSchema = z.object({
  text: multilineText("Texto é obrigatório", "Texto", L.text),
});

export const imageBlockDataSchema = z.object({
  image_url: blockImageSchema,
  alt: lineText("Descreva a imagem para quem não pode vê-la", "Descrição da imagem", L.imageAlt),
  link_url: optionalUrl,
});

const socialItemSchema = z
  .object({
    network: z.enum(SOCIAL_NETWORKS, { error: "Rede social inválida" }),
    url: z.string({ error: "Link da rede social é obrigatório" }),
  })
  .transform((item, ctx) => {
    const result = normalizeSocialUrl(item.network, item.url);
    if (result.ok) return { network: item.network, url: result.url };
    ctx.addIssue({ code: "custom", message: result.message, path: ["url"], input: item.url });
    return z.NEVER;
  });

export const socialBlockDataSchema = z.object({
  items: z
    .array(socialItemSchema, { error: BLOCK_MESSAGES.socialMin })
    .min(L.socialItemsMin, BLOCK_MESSAGES.socialMin)
    .max(L.socialItemsMax, BLOCK_MESSAGES.socialMax),
});

/** A video or song of a provider recognised from the URL (common/link-bio/embeds.ts). */
export const embedBlockDataSchema = z.object({
  url: httpUrlSchema.superRefine((url, ctx) => {
    if (!recognizeEmbed(url)) ctx.addIssue({ code: "custom", message: embedProblem(url), input: url });
  }),
  /** Labels the facade (the player's own title is never fetched). */
  title: optionalLine("Título", L.embedTitle),
});

export const whatsappBlockDataSchema = z.object({
  phone: phoneSchema(WHATSAPP_MESSAGES.phoneInvalid),
  message: optional(
    z
      .string({ error: "Mensagem: informe um texto." })
      .transform((value) => value.replace(/\r\n?/g, "\n").trim())
      .pipe(z.string().max(L.whatsappMessage, `Mensagem: use no máximo ${L.whatsappMessage} caracteres.`))
      .transform((value) => value || undefined),
  ),
  label: optionalLine("Texto do botão", L.buttonLabel),
});

/** A name or city as typed (accents kept for the page); the BR Code carries it without accents. */
const pixText = (required: string, label: string, max: number, letters: string) =>
  lineText(required, label, max).refine((value) => toPixText(value, max) !== "", letters);

export const pixBlockDataSchema = z
  .object({
    key: z.string({ error: "Informe a chave Pix." }).transform((value, ctx) => {
      const parsed = parsePixKey(value);
      if (parsed.ok) return parsed.key;
      ctx.addIssue({ code: "custom", message: parsed.message, input: value });
      return z.NEVER;
    }),
    name: pixText("Nome de quem recebe é obrigatório", "Nome", L.pixName, BLOCK_MESSAGES.pixNameLetters),
    city: pixText("Cidade é obrigatória", "Cidade", L.pixCity, BLOCK_MESSAGES.pixCityLetters),
    amount_cents: optional(
      z
        .number({ error: "Valor: informe um número inteiro de centavos." })
        .int("Valor: informe um número inteiro de centavos.")
        .min(1, "Valor: informe um valor maior que zero ou deixe em branco.")
        .max(L.pixAmountMaxCents, "Valor: use no máximo R$ 1.000.000,00."),
    ),
    description: optionalLine("Descrição", L.pixDescription),
    label: optionalLine("Texto do botão", L.buttonLabel),
  })
  .superRefine((pix, ctx) => {
    if (!pix.description) return;
    const room = Math.max(0, PIX_KEY_PLUS_DESCRIPTION_MAX - pix.key.length);
    if (toPixText(pix.description, L.pixDescription).length > room)
      ctx.addIssue({
        code: "custom",
        message: BLOCK_MESSAGES.pixDescriptionRoom(room),
        path: ["description"],
        input: pix.description,
      });
  });

/** "Salvar contato" downloads this card as a vCard served by us. */
export const contactBlockDataSchema = z
  .object({
    name: lineText("Nome é obrigatório", "Nome", L.contactName),
    phone: optional(phoneSchema(PHONE_MESSAGES.invalid)),
    email: optional(z.email({ error: "E-mail inválido" }).max(254, "E-mail inválido")),
    organization: optionalLine("Empresa", L.contactOrganization),
    website: optionalUrl,
  })
  .refine((contact) => contact.phone || contact.email || contact.website, {
    message: BLOCK_MESSAGES.contactReach,
    path: ["phone"],
  });

/** Questions that open in place (no script). */
export const faqBlockDataSchema = z.object({
  items: z
    .array(
      z.object({
        question: lineText("Pergunta é obrigatória", "Pergunta", L.faqQuestion),
        answer: multilineText("Resposta é obrigatória", "Resposta", L.faqAnswer),
      }),
      { error: BLOCK_MESSAGES.faqMin },
    )
    .min(L.faqItemsMin, BLOCK_MESSAGES.faqMin)
    .max(L.faqItemsMax, BLOCK_MESSAGES.faqMax),
});

export const dividerBlockDataSchema = z.object({});

/** What a contact form (issue 37) may ask; a form asks at least one of the contact fields. */
export const LEAD_FIELDS = ["name", "email", "whatsapp"] as const;
export type LeadField = (typeof LEAD_FIELDS)[number];

/**
 * A contact form: its fields in the order shown (repeats dropped), its title, and optional button,
 * thank-you and consent texts (absent: the defaults of common/contract/leads.ts, the consent naming
 * the page and the purpose). The visitor's answers go to POST /p/{slug}/leads.
 */
export const formBlockDataSchema = z.object({
  fields: z
    .array(z.enum(LEAD_FIELDS, BLOCK_MESSAGES.formFields), { error: BLOCK_MESSAGES.formContactField })
    .max(LEAD_FIELDS.length * 2, BLOCK_MESSAGES.formFields)
    .transform((fields) => [...new Set(fields)])
    .refine(
      (fields) => fields.includes("email") || fields.includes("whatsapp"),
      BLOCK_MESSAGES.formContactField,
    ),
  title: lineText("Título é obrigatório", "Título", L.formTitle),
  button_text: optionalLine("Texto do botão", L.formButton),
  thank_you: optional(multilineText("Agradecimento: informe um texto.", "Agradecimento", L.formThankYou)),
  consent_text: optional(
    multilineText("Texto de consentimento: informe um texto.", "Texto de consentimento", L.formConsent),
  ),
});

/** The data schema of each type: the route validates an update's data with its block's own. */
export const BLOCK_DATA_SCHEMAS = {
  link: linkBlockDataSchema,
  header: headerBlockDataSchema,
  text: textBlockDataSchema,
  image: imageBlockDataSchema,
  social: socialBlockDataSchema,
  embed: embedBlockDataSchema,
  whatsapp: whatsappBlockDataSchema,
  pix: pixBlockDataSchema,
  contact: contactBlockDataSchema,
  faq: faqBlockDataSchema,
  divider: dividerBlockDataSchema,
  form: formBlockDataSchema,
} as const satisfies Record<BlockType, z.ZodType>;

export type BlockData<T extends BlockType = BlockType> = z.output<(typeof BLOCK_DATA_SCHEMAS)[T]>;

// ---- The switch and the window.

/** An instant of the window: ISO 8601 with its offset, stored as UTC (`toISOString()`); null: open. */
const instantSchema = z.iso
  .datetime({ offset: true, error: "Data e hora inválidas." })
  .transform((value) => new Date(value).toISOString());

/** Why a window cannot be, or null. A window already over is fine: the block is just hidden. */
export function blockWindowProblem(startsAt: string | null, endsAt: string | null): string | null {
  if (!startsAt || !endsAt) return null;
  return Date.parse(endsAt) > Date.parse(startsAt) ? null : BLOCK_MESSAGES.windowOrder;
}

const activeSchema = z.boolean({ error: "Ativo: use verdadeiro ou falso." });

function checkWindow(
  body: { starts_at?: string | null; ends_at?: string | null },
  ctx: z.core.$RefinementCtx<unknown>,
): void {
  const problem = blockWindowProblem(body.starts_at ?? null, body.ends_at ?? null);
  if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["ends_at"], input: body.ends_at });
}

const createFields = {
  is_active: activeSchema.optional().default(true),
  starts_at: instantSchema.nullish().transform((value) => value ?? null),
  ends_at: instantSchema.nullish().transform((value) => value ?? null),
};

const createVariant = <T extends BlockType, D extends z.ZodType>(type: T, data: D) =>
  z.object({ type: z.literal(type), data, ...createFields });

/** POST /api/link-pages/{id}/blocks: a block of any type, at the end of the page. */
export const blockCreateBodySchema = z
  .discriminatedUnion(
    "type",
    [
      createVariant("link", linkBlockDataSchema),
      createVariant("header", headerBlockDataSchema),
      createVariant("text", textBlockDataSchema),
      createVariant("image", imageBlockDataSchema),
      createVariant("social", socialBlockDataSchema),
      createVariant("embed", embedBlockDataSchema),
      createVariant("whatsapp", whatsappBlockDataSchema),
      createVariant("pix", pixBlockDataSchema),
      createVariant("contact", contactBlockDataSchema),
      createVariant("faq", faqBlockDataSchema),
      createVariant("divider", dividerBlockDataSchema.optional().default({})),
      createVariant("form", formBlockDataSchema),
    ],
    { error: (issue) => (issue.code === "invalid_union" ? BLOCK_MESSAGES.unknownType : undefined) },
  )
  .superRefine(checkWindow);
export type BlockCreateBody = z.input<typeof blockCreateBodySchema>;
export type BlockCreateInput = z.output<typeof blockCreateBodySchema>;

const updateFields = {
  is_active: activeSchema.optional(),
  /** Absent: kept; null: the window opens on that side. */
  starts_at: instantSchema.nullable().optional(),
  ends_at: instantSchema.nullable().optional(),
};

const hasChange = (body: Record<string, unknown>) =>
  Object.entries(body).some(([key, value]) => key !== "type" && value !== undefined);

/**
 * PUT /api/blocks/{id}: what is absent stays as it is; `data`, when sent, is the block's whole
 * data. The type never changes (sending it is allowed, as the editor sends whole blocks). This
 * schema describes the body; the route parses it again with blockUpdateBodySchemaFor(block.type),
 * which checks `data` by the block's type, and checks the window against the stored bounds with
 * blockWindowProblem.
 */
export const blockUpdateBodySchema = z
  .object({
    type: z.enum(BLOCK_TYPES, { error: BLOCK_MESSAGES.unknownType }).optional(),
    data: z.record(z.string(), z.unknown(), { error: "Dados do bloco inválidos" }).optional(),
    ...updateFields,
  })
  .refine(hasChange, BLOCK_MESSAGES.nothingToUpdate)
  .superRefine(checkWindow);
export type BlockUpdateBody = z.input<typeof blockUpdateBodySchema>;

/** The update body of a block of this type, its data checked by the type's schema. */
export function blockUpdateBodySchemaFor<T extends BlockType>(type: T) {
  return z
    .object({
      type: z.literal(type, { error: BLOCK_MESSAGES.typeChange }).optional(),
      data: (BLOCK_DATA_SCHEMAS[type] as (typeof BLOCK_DATA_SCHEMAS)[T]).optional(),
      ...updateFields,
    })
    .refine(hasChange, BLOCK_MESSAGES.nothingToUpdate)
    .superRefine(checkWindow);
}
export type BlockUpdateInput<T extends BlockType = BlockType> = z.output<
  ReturnType<typeof blockUpdateBodySchemaFor<T>>
>;

/** PUT /api/link-pages/{id}/blocks/order: every block id of the page, in the new order. */
export const blockOrderBodySchema = z.object({
  ids: z
    .array(z.number({ error: "Id inválido" }).int("Id inválido").positive("Id inválido"), {
      error: BLOCK_MESSAGES.orderMismatch,
    })
    .max(MAX_BLOCKS_PER_PAGE, BLOCK_MESSAGES.orderMismatch)
    .refine((ids) => new Set(ids).size === ids.length, BLOCK_MESSAGES.orderRepeated),
});
export type BlockOrderBody = z.input<typeof blockOrderBodySchema>;

// ---- Answers.

const blockVariant = <T extends BlockType, D extends z.ZodType>(type: T, data: D) =>
  z.object({
    id: wholeNumberSchema,
    type: z.literal(type),
    /** Its place in the page: blocks sort by it (a reorder numbers them 0, 1, 2…). */
    position: wholeNumberSchema,
    is_active: z.boolean(),
    starts_at: timestampSchema.nullable(),
    ends_at: timestampSchema.nullable(),
    data,
  });

/** A block as the API answers it: GET/POST /api/link-pages/{id}/blocks, PUT /api/blocks/{id}. */
export const blockSchema = z
  .discriminatedUnion("type", [
    blockVariant("link", linkBlockDataSchema),
    blockVariant("header", headerBlockDataSchema),
    blockVariant("text", textBlockDataSchema),
    blockVariant("image", imageBlockDataSchema),
    blockVariant("social", socialBlockDataSchema),
    blockVariant("embed", embedBlockDataSchema),
    blockVariant("whatsapp", whatsappBlockDataSchema),
    blockVariant("pix", pixBlockDataSchema),
    blockVariant("contact", contactBlockDataSchema),
    blockVariant("faq", faqBlockDataSchema),
    blockVariant("divider", dividerBlockDataSchema),
    blockVariant("form", formBlockDataSchema),
  ])
  .describe(
    "Um bloco de uma página Link Bio: link, título, texto, imagem, redes sociais, player, WhatsApp, Pix, contato, perguntas ou divisor.",
  );
export type Block = z.infer<typeof blockSchema>;
/** GET /api/link-pages/{id}/blocks and the reordered blocks, in page order. */
export const blockListSchema = z.array(blockSchema);
