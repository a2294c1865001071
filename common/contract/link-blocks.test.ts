import { describe, expect, it } from "vitest";
import { EMBED_MESSAGES } from "../link-bio/embeds";
import { PHONE_MESSAGES } from "../link-bio/phone-number";
import { PIX_KEY_MESSAGES } from "../link-bio/pix-key";
import { socialUrlMessage } from "../link-bio/social-networks";
import type { z } from "../zod";
import {
  BLOCK_DATA_SCHEMAS,
  BLOCK_LIMITS,
  BLOCK_MESSAGES,
  BLOCK_TYPES,
  type BlockType,
  blockCreateBodySchema,
  blockListSchema,
  blockOrderBodySchema,
  blockSchema,
  blockUpdateBodySchema,
  blockUpdateBodySchemaFor,
  blockWindowProblem,
} from "./link-blocks";

/** The first issue of a refused value, as the API reports it: message and dotted path. */
function refusal(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`accepted: ${JSON.stringify(value)}`);
  const [issue] = result.error.issues;
  return { message: issue?.message, path: issue?.path.join(".") };
}

/** Good data of every type, as an editor would send it, and what is stored. */
const GOOD: Record<BlockType, { sent: unknown; stored: unknown }> = {
  link: {
    sent: { title: "  Loja  ", url: "exemplo.com.br/loja", custom_style: '{"backgroundColor":"#111827"}' },
    stored: {
      title: "Loja",
      url: "https://exemplo.com.br/loja",
      custom_style: { backgroundColor: "#111827" },
      highlight: false,
      open_in_app: true,
    },
  },
  header: { sent: { text: " Meus links\n" }, stored: { text: "Meus links" } },
  text: {
    sent: { text: "  Primeira linha\r\nSegunda https://exemplo.com  " },
    stored: { text: "Primeira linha\nSegunda https://exemplo.com" },
  },
  image: {
    sent: { image_url: "exemplo.com/foto.jpg", alt: "Vitrine da loja", link_url: "" },
    stored: { image_url: "https://exemplo.com/foto.jpg", alt: "Vitrine da loja" },
  },
  social: {
    sent: {
      items: [
        { network: "instagram", url: "@padaria" },
        { network: "email", url: "contato@padaria.com.br" },
        { network: "whatsapp", url: "(11) 98765-4321" },
      ],
    },
    stored: {
      items: [
        { network: "instagram", url: "https://www.instagram.com/padaria/" },
        { network: "email", url: "mailto:contato@padaria.com.br" },
        { network: "whatsapp", url: "https://wa.me/5511987654321" },
      ],
    },
  },
  embed: {
    sent: { url: "https://youtu.be/dQw4w9WgXcQ", title: "Nosso clipe" },
    stored: { url: "https://youtu.be/dQw4w9WgXcQ", title: "Nosso clipe" },
  },
  whatsapp: {
    sent: { phone: "(11) 98765-4321", message: "Olá! Quero fazer um pedido.", label: "" },
    stored: { phone: "+5511987654321", message: "Olá! Quero fazer um pedido." },
  },
  pix: {
    sent: { key: "529.982.247-25", name: "Padaria do João", city: "São Paulo", amount_cents: 1050 },
    stored: { key: "52998224725", name: "Padaria do João", city: "São Paulo", amount_cents: 1050 },
  },
  contact: {
    sent: { name: "Maria Silva", phone: "+55 11 98765-4321", email: "maria@exemplo.com.br", website: null },
    stored: { name: "Maria Silva", phone: "+5511987654321", email: "maria@exemplo.com.br" },
  },
  faq: {
    sent: { items: [{ question: "Entregam?", answer: "Sim.\nNo bairro todo." }] },
    stored: { items: [{ question: "Entregam?", answer: "Sim.\nNo bairro todo." }] },
  },
  divider: { sent: {}, stored: {} },
  form: {
    sent: {
      fields: ["name", "whatsapp", "name"],
      title: "  Fale comigo ",
      button_text: "",
      consent_text: null,
    },
    stored: { fields: ["name", "whatsapp"], title: "Fale comigo" },
  },
};

describe("blockCreateBodySchema", () => {
  it.each(BLOCK_TYPES)("takes good %s data and stores it normalised, active and unscheduled", (type) => {
    expect(blockCreateBodySchema.parse({ type, data: GOOD[type].sent })).toEqual({
      type,
      data: GOOD[type].stored,
      is_active: true,
      starts_at: null,
      ends_at: null,
    });
  });

  it("takes a divider without data", () => {
    expect(blockCreateBodySchema.parse({ type: "divider" }).data).toEqual({});
  });

  it.each([{ type: "video", data: {} }, { data: {} }, { type: 3, data: {} }])(
    "refuses an unknown or missing type, naming the types: %j",
    (body) => {
      expect(refusal(blockCreateBodySchema, body)).toEqual({
        message: BLOCK_MESSAGES.unknownType,
        path: "type",
      });
    },
  );

  it("refuses a type's missing data", () => {
    expect(refusal(blockCreateBodySchema, { type: "header" })).toEqual({
      message: "Campo obrigatório.",
      path: "data",
    });
  });

  it.each<[BlockType, unknown, string, string]>([
    ["link", { title: "", url: "https://a.com" }, "Título é obrigatório", "data.title"],
    [
      "link",
      { title: "Loja", url: "javascript:alert(1)" },
      "Informe uma URL válida começando com http:// ou https://",
      "data.url",
    ],
    [
      "link",
      { title: "Loja", url: "https://a.com", highlight: "sim" },
      "Destaque: use verdadeiro ou falso.",
      "data.highlight",
    ],
    [
      "link",
      { title: "Loja", url: "https://a.com", open_in_app: "sim" },
      "Abrir no app: use verdadeiro ou falso.",
      "data.open_in_app",
    ],
    [
      "link",
      { title: "Loja", url: "https://a.com", custom_style: { width: "999px" } },
      "Largura: valor inválido",
      "data.custom_style.width",
    ],
    ["form", { fields: ["name"], title: "Fale comigo" }, BLOCK_MESSAGES.formContactField, "data.fields"],
    ["form", { fields: ["telefone"], title: "Fale comigo" }, BLOCK_MESSAGES.formFields, "data.fields.0"],
    ["form", { fields: ["email"], title: " " }, "Título é obrigatório", "data.title"],
    ["header", { text: "  " }, "Título é obrigatório", "data.text"],
    ["header", { text: "x".repeat(101) }, "Título: use no máximo 100 caracteres.", "data.text"],
    ["text", { text: "x".repeat(1001) }, "Texto: use no máximo 1000 caracteres.", "data.text"],
    ["text", {}, "Texto é obrigatório", "data.text"],
    ["image", { image_url: "ftp://a.com/x.png", alt: "Foto" }, BLOCK_MESSAGES.imageUrl, "data.image_url"],
    [
      "image",
      { image_url: "https://a.com/x.png", alt: "" },
      "Descreva a imagem para quem não pode vê-la",
      "data.alt",
    ],
    [
      "image",
      { image_url: "https://a.com/x.png", alt: "Foto", link_url: "nada" },
      "Informe uma URL válida começando com http:// ou https://",
      "data.link_url",
    ],
    ["social", { items: [] }, BLOCK_MESSAGES.socialMin, "data.items"],
    ["social", {}, BLOCK_MESSAGES.socialMin, "data.items"],
    [
      "social",
      { items: [{ network: "orkut", url: "https://orkut.com/x" }] },
      "Rede social inválida",
      "data.items.0.network",
    ],
    [
      "social",
      { items: [{ network: "instagram", url: "https://facebook.com/x" }] },
      socialUrlMessage("instagram"),
      "data.items.0.url",
    ],
    ["embed", { url: "https://exemplo.com/video" }, EMBED_MESSAGES.unsupported, "data.url"],
    ["embed", { url: "https://vm.tiktok.com/ZMabc/" }, EMBED_MESSAGES.shortLink, "data.url"],
    ["whatsapp", { phone: "987654321" }, PHONE_MESSAGES.invalid, "data.phone"],
    [
      "whatsapp",
      { phone: "11987654321", message: "x".repeat(1001) },
      "Mensagem: use no máximo 1000 caracteres.",
      "data.message",
    ],
    ["pix", { key: "529.982.247-26", name: "Maria", city: "Recife" }, PIX_KEY_MESSAGES.cpf, "data.key"],
    ["pix", { key: "52998224725", name: "🎉", city: "Recife" }, BLOCK_MESSAGES.pixNameLetters, "data.name"],
    [
      "pix",
      { key: "52998224725", name: "x".repeat(26), city: "Recife" },
      "Nome: use no máximo 25 caracteres.",
      "data.name",
    ],
    [
      "pix",
      { key: "52998224725", name: "Maria", city: "Santo Antônio de Pádua" },
      "Cidade: use no máximo 15 caracteres.",
      "data.city",
    ],
    [
      "pix",
      { key: "52998224725", name: "Maria", city: "Recife", amount_cents: 0 },
      "Valor: informe um valor maior que zero ou deixe em branco.",
      "data.amount_cents",
    ],
    [
      "pix",
      { key: "52998224725", name: "Maria", city: "Recife", amount_cents: 10.5 },
      "Valor: informe um número inteiro de centavos.",
      "data.amount_cents",
    ],
    [
      "pix",
      { key: "52998224725", name: "Maria", city: "Recife", amount_cents: "10" },
      "Valor: informe um número inteiro de centavos.",
      "data.amount_cents",
    ],
    ["contact", { name: "Maria" }, BLOCK_MESSAGES.contactReach, "data.phone"],
    ["contact", { name: "Maria", email: "maria@" }, "E-mail inválido", "data.email"],
    ["contact", { name: "Maria", phone: "123" }, PHONE_MESSAGES.invalid, "data.phone"],
    ["faq", { items: [] }, BLOCK_MESSAGES.faqMin, "data.items"],
    ["faq", { items: [{ question: "Oi?", answer: " " }] }, "Resposta é obrigatória", "data.items.0.answer"],
  ])("%s: refuses %j with a pt-BR message", (type, data, message, path) => {
    expect(refusal(blockCreateBodySchema, { type, data })).toEqual({ message, path });
  });

  it("holds the list limits: 20 social items, 30 questions", () => {
    const item = { network: "site", url: "https://exemplo.com.br" };
    const social = (n: number) => ({ type: "social", data: { items: Array(n).fill(item) } });
    expect(blockCreateBodySchema.safeParse(social(BLOCK_LIMITS.socialItemsMax)).success).toBe(true);
    expect(refusal(blockCreateBodySchema, social(21))).toEqual({
      message: BLOCK_MESSAGES.socialMax,
      path: "data.items",
    });
    const question = { question: "P?", answer: "R." };
    const faq = (n: number) => ({ type: "faq", data: { items: Array(n).fill(question) } });
    expect(blockCreateBodySchema.safeParse(faq(BLOCK_LIMITS.faqItemsMax)).success).toBe(true);
    expect(refusal(blockCreateBodySchema, faq(31))).toEqual({
      message: BLOCK_MESSAGES.faqMax,
      path: "data.items",
    });
  });

  it("refuses a Pix description that does not fit beside a long key, saying how much fits", () => {
    const data = {
      key: `${"a".repeat(55)}@exemplo.com.br`,
      name: "Maria",
      city: "Recife",
      description: "Pedido 42",
    };
    expect(refusal(blockCreateBodySchema, { type: "pix", data })).toEqual({
      message: BLOCK_MESSAGES.pixDescriptionRoom(3),
      path: "data.description",
    });
    expect(
      blockCreateBodySchema.safeParse({ type: "pix", data: { ...data, description: "P42" } }).success,
    ).toBe(true);
  });

  it("accepts an image we store (an upload path, or a data URL the server turns into one)", () => {
    for (const image_url of ["/uploads/abc.png", "data:image/png;base64,iVBORw0KGgo="]) {
      const body = blockCreateBodySchema.parse({ type: "image", data: { image_url, alt: "Foto" } });
      expect(body.data).toEqual({ image_url, alt: "Foto" });
    }
    expect(
      refusal(blockCreateBodySchema, { type: "image", data: { image_url: "/etc/passwd", alt: "x" } }).message,
    ).toBe(BLOCK_MESSAGES.imageUrl);
  });
});

describe("the window: is_active, starts_at, ends_at", () => {
  it("stores the instants in UTC, whatever offset they were sent with", () => {
    const body = blockCreateBodySchema.parse({
      type: "divider",
      is_active: false,
      starts_at: "2026-12-24T18:00:00-03:00",
      ends_at: "2026-12-26T00:00:00Z",
    });
    expect(body).toMatchObject({
      is_active: false,
      starts_at: "2026-12-24T21:00:00.000Z",
      ends_at: "2026-12-26T00:00:00.000Z",
    });
  });

  it("accepts a window already over (the block is hidden) and an open side", () => {
    expect(
      blockCreateBodySchema.safeParse({
        type: "divider",
        starts_at: "2020-01-01T00:00:00Z",
        ends_at: "2020-01-02T00:00:00Z",
      }).success,
    ).toBe(true);
    expect(
      blockCreateBodySchema.safeParse({ type: "divider", ends_at: "2020-01-02T00:00:00Z" }).success,
    ).toBe(true);
  });

  it.each([
    ["2026-05-04T12:00:00Z", "2026-05-04T12:00:00Z"],
    ["2026-05-04T12:00:00Z", "2026-05-04T09:00:00-03:00"],
    ["2026-05-04T12:00:00Z", "2026-05-04T11:59:59Z"],
  ])("refuses an end at or before the start (%s, %s)", (starts_at, ends_at) => {
    expect(refusal(blockCreateBodySchema, { type: "divider", starts_at, ends_at })).toEqual({
      message: BLOCK_MESSAGES.windowOrder,
      path: "ends_at",
    });
  });

  it.each(["2026-05-04T12:00:00", "2026-05-04", "amanhã", "2026-02-30T12:00:00Z", 1767225600000])(
    "refuses %s (an instant needs its date, time and offset)",
    (starts_at) => {
      expect(refusal(blockCreateBodySchema, { type: "divider", starts_at })).toEqual({
        message: "Data e hora inválidas.",
        path: "starts_at",
      });
    },
  );

  it("refuses a switch that is not true or false", () => {
    expect(refusal(blockCreateBodySchema, { type: "divider", is_active: "sim" })).toEqual({
      message: "Ativo: use verdadeiro ou falso.",
      path: "is_active",
    });
  });

  it("blockWindowProblem compares the merged bounds of an update", () => {
    expect(blockWindowProblem(null, "2026-01-01T00:00:00.000Z")).toBeNull();
    expect(blockWindowProblem("2026-01-01T00:00:00.000Z", "2026-01-01T00:00:01.000Z")).toBeNull();
    expect(blockWindowProblem("2026-01-01T00:00:01.000Z", "2026-01-01T00:00:01.000Z")).toBe(
      BLOCK_MESSAGES.windowOrder,
    );
  });
});

describe("blockUpdateBodySchema and blockUpdateBodySchemaFor", () => {
  it("keeps what is absent and clears a bound sent as null", () => {
    expect(blockUpdateBodySchemaFor("header").parse({ is_active: false })).toEqual({ is_active: false });
    expect(blockUpdateBodySchemaFor("header").parse({ starts_at: null })).toEqual({ starts_at: null });
    expect(blockUpdateBodySchema.parse({ ends_at: "2026-05-04T12:00:00Z" })).toEqual({
      ends_at: "2026-05-04T12:00:00.000Z",
    });
  });

  it("checks the data by the block's own type", () => {
    expect(blockUpdateBodySchemaFor("whatsapp").parse({ data: { phone: "(11) 98765-4321" } })).toEqual({
      data: { phone: "+5511987654321" },
    });
    expect(refusal(blockUpdateBodySchemaFor("whatsapp"), { data: { phone: "x" } })).toEqual({
      message: PHONE_MESSAGES.invalid,
      path: "data.phone",
    });
    expect(refusal(blockUpdateBodySchemaFor("header"), { data: { title: "Oi" } })).toEqual({
      message: "Título é obrigatório",
      path: "data.text",
    });
  });

  it("takes the block's own type, refuses another", () => {
    expect(blockUpdateBodySchemaFor("text").parse({ type: "text", data: { text: "Oi" } })).toEqual({
      type: "text",
      data: { text: "Oi" },
    });
    expect(refusal(blockUpdateBodySchemaFor("text"), { type: "header", data: { text: "Oi" } })).toEqual({
      message: BLOCK_MESSAGES.typeChange,
      path: "type",
    });
  });

  it.each([{}, { type: "text" }, { data: undefined }])("refuses a body that changes nothing: %j", (body) => {
    expect(refusal(blockUpdateBodySchema, body).message).toBe(BLOCK_MESSAGES.nothingToUpdate);
    expect(refusal(blockUpdateBodySchemaFor("text"), body).message).toBe(BLOCK_MESSAGES.nothingToUpdate);
  });

  it("refuses a window that ends before it starts, when both bounds are sent", () => {
    const body = { starts_at: "2026-05-04T12:00:00Z", ends_at: "2026-05-04T11:00:00Z" };
    expect(refusal(blockUpdateBodySchema, body)).toEqual({
      message: BLOCK_MESSAGES.windowOrder,
      path: "ends_at",
    });
    expect(refusal(blockUpdateBodySchemaFor("faq"), body)).toEqual({
      message: BLOCK_MESSAGES.windowOrder,
      path: "ends_at",
    });
  });
});

describe("blockOrderBodySchema", () => {
  it("takes the page's ids in order", () => {
    expect(blockOrderBodySchema.parse({ ids: [3, 1, 2] })).toEqual({ ids: [3, 1, 2] });
    expect(blockOrderBodySchema.parse({ ids: [] })).toEqual({ ids: [] });
  });

  it.each<[unknown, string]>([
    [{ ids: [1, 1] }, BLOCK_MESSAGES.orderRepeated],
    [{ ids: [1, "2"] }, "Id inválido"],
    [{ ids: [0] }, "Id inválido"],
    [{ ids: Array.from({ length: 101 }, (_, i) => i + 1) }, BLOCK_MESSAGES.orderMismatch],
    [{}, BLOCK_MESSAGES.orderMismatch],
  ])("refuses %j", (body, message) => {
    expect(refusal(blockOrderBodySchema, body).message).toBe(message);
  });
});

describe("blockSchema (the answer)", () => {
  it.each(BLOCK_TYPES)("describes a stored %s block, whose data parses back unchanged", (type) => {
    const stored = BLOCK_DATA_SCHEMAS[type].parse(GOOD[type].sent);
    expect(BLOCK_DATA_SCHEMAS[type].parse(stored)).toEqual(stored);
    const block = {
      id: 7,
      type,
      position: 0,
      is_active: true,
      starts_at: null,
      ends_at: "2026-05-04T12:00:00.000Z",
      data: stored,
    };
    expect(blockSchema.parse(block)).toEqual(block);
  });

  it("lists blocks of mixed types", () => {
    const blocks = BLOCK_TYPES.map((type, position) => ({
      id: position + 1,
      type,
      position,
      is_active: true,
      starts_at: null,
      ends_at: null,
      data: BLOCK_DATA_SCHEMAS[type].parse(GOOD[type].sent),
    }));
    expect(blockListSchema.parse(blocks)).toHaveLength(BLOCK_TYPES.length);
  });
});

describe("messages", () => {
  it("say what to send in Portuguese, never JavaScript's words", () => {
    const bodies: unknown[] = [
      null,
      "x",
      { type: "link", data: null },
      { type: "link", data: { title: 1, url: 2 } },
      { type: "image", data: { image_url: 1, alt: [] } },
      { type: "social", data: { items: [null] } },
      { type: "social", data: { items: "instagram" } },
      { type: "pix", data: { key: 1, name: null, city: {} } },
      { type: "contact", data: { name: "M", email: 3 } },
      { type: "faq", data: { items: [{}] } },
      { type: "divider", starts_at: 5, ends_at: true },
      { type: "whatsapp", data: { phone: 11987654321 } },
      { type: "embed", data: { url: "https://youtu.be/x", title: 3 } },
    ];
    for (const body of bodies) {
      const result = blockCreateBodySchema.safeParse(body);
      expect(result.success, JSON.stringify(body)).toBe(false);
      for (const issue of result.error?.issues ?? []) {
        expect(issue.message, JSON.stringify(body)).not.toMatch(
          /undefined|null|NaN|object|string|number|boolean|Invalid|Expected|received/,
        );
      }
    }
  });
});
