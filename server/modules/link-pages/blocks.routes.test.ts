import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { CreatedApiKey } from "../../../common/contract/api-keys";
import {
  BLOCK_LIMITS,
  BLOCK_MESSAGES,
  BLOCK_TYPES,
  blockListSchema,
  blockSchema,
  MAX_BLOCKS_PER_PAGE,
} from "../../../common/contract/link-blocks";
import { linkPageThemeListSchema } from "../../../common/contract/link-page-themes";
import { LINK_TARGET_MESSAGES } from "../../../common/contract/urls";
import { EMBED_MESSAGES } from "../../../common/link-bio/embeds";
import { PHONE_MESSAGES } from "../../../common/link-bio/phone-number";
import { PIX_KEY_MESSAGES } from "../../../common/link-bio/pix-key";
import { socialUrlMessage } from "../../../common/link-bio/social-networks";
import { links } from "../../../db/schema";
import { setupTestApp } from "../../../tests/test-app";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "atalho-blocks-"));
const t = setupTestApp({ dataDir });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
let counter = 0;
const uniqueSlug = () => `blocos-${process.pid}-${++counter}`;

type Json = Record<string, unknown>;
type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (method: Method, url: string, cookie: string, payload?: unknown) =>
  t.request({ method, url, cookie, ...(payload === undefined ? {} : { payload: payload as Json }) });

async function createPage(cookie: string) {
  const response = await call("POST", "/api/link-pages", cookie, { slug: uniqueSlug(), title: "Ana" });
  expect(response.statusCode).toBe(201);
  return response.json() as Json & { id: number; slug: string };
}

type BlockAnswer = {
  id: number;
  type: string;
  position: number;
  is_active: boolean;
  starts_at: string | null;
  ends_at: string | null;
  data: Json;
};

async function addBlock(cookie: string, pageId: number, body: Json) {
  const response = await call("POST", `/api/link-pages/${pageId}/blocks`, cookie, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as BlockAnswer;
}

const listBlocks = async (cookie: string, pageId: number) => {
  const response = await call("GET", `/api/link-pages/${pageId}/blocks`, cookie);
  expect(response.statusCode).toBe(200);
  return response.json() as BlockAnswer[];
};

const blockCount = (pageId: number) => t.database.db.$count(links, eq(links.linkPageId, pageId));

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** One good body of each type, and the data the answer carries (normalised). */
const GOOD: [string, Json, Json][] = [
  [
    "link",
    { title: "  Loja  ", url: "loja.exemplo.com.br", highlight: true, open_in_app: false },
    {
      title: "Loja",
      url: "https://loja.exemplo.com.br",
      custom_style: {},
      highlight: true,
      open_in_app: false,
    },
  ],
  ["header", { text: "  Minhas \n redes  " }, { text: "Minhas redes" }],
  [
    "text",
    { text: "  Linha um\r\nLinha dois https://exemplo.com.br  " },
    { text: "Linha um\nLinha dois https://exemplo.com.br" },
  ],
  [
    "image",
    {
      image_url: "cdn.exemplo.com.br/bolo.png",
      alt: "Bolo de cenoura",
      link_url: "loja.exemplo.com.br/bolo",
    },
    {
      image_url: "https://cdn.exemplo.com.br/bolo.png",
      alt: "Bolo de cenoura",
      link_url: "https://loja.exemplo.com.br/bolo",
    },
  ],
  [
    "social",
    {
      items: [
        { network: "instagram", url: "@ana.souza" },
        { network: "youtube", url: "youtube.com/@anasouza" },
        { network: "email", url: "ana@exemplo.com.br" },
        { network: "whatsapp", url: "(11) 98765-4321" },
        { network: "site", url: "exemplo.com.br" },
      ],
    },
    {
      items: [
        { network: "instagram", url: "https://www.instagram.com/ana.souza/" },
        { network: "youtube", url: "https://youtube.com/@anasouza" },
        { network: "email", url: "mailto:ana@exemplo.com.br" },
        { network: "whatsapp", url: "https://wa.me/5511987654321" },
        { network: "site", url: "https://exemplo.com.br" },
      ],
    },
  ],
  [
    "embed",
    { url: "https://youtu.be/dQw4w9WgXcQ", title: " Clipe novo " },
    { url: "https://youtu.be/dQw4w9WgXcQ", title: "Clipe novo" },
  ],
  [
    "whatsapp",
    { phone: "(11) 98765-4321", message: "  Olá! Quero um bolo.  ", label: "Peça pelo WhatsApp" },
    { phone: "+5511987654321", message: "Olá! Quero um bolo.", label: "Peça pelo WhatsApp" },
  ],
  [
    "pix",
    { key: "123.456.789-09", name: "Ana Souza", city: "São Paulo", amount_cents: 1990, description: "Bolo" },
    { key: "12345678909", name: "Ana Souza", city: "São Paulo", amount_cents: 1990, description: "Bolo" },
  ],
  [
    "contact",
    {
      name: "Ana Souza",
      phone: "11 98765-4321",
      email: "ana@exemplo.com.br",
      organization: "Doces da Ana",
      website: "exemplo.com.br",
    },
    {
      name: "Ana Souza",
      phone: "+5511987654321",
      email: "ana@exemplo.com.br",
      organization: "Doces da Ana",
      website: "https://exemplo.com.br",
    },
  ],
  [
    "faq",
    { items: [{ question: "  Vocês entregam?  ", answer: "Sim.\r\nEm toda São Paulo." }] },
    { items: [{ question: "Vocês entregam?", answer: "Sim.\nEm toda São Paulo." }] },
  ],
  ["divider", {}, {}],
  [
    "form",
    { fields: ["email", "name", "email"], title: "  Receba novidades ", thank_you: "Valeu!\r\nAté breve." },
    { fields: ["email", "name"], title: "Receba novidades", thank_you: "Valeu!\nAté breve." },
  ],
];

describe("POST /api/link-pages/{id}/blocks: each type's good data", () => {
  it("covers every block type", () => {
    expect(GOOD.map(([type]) => type).sort()).toEqual([...BLOCK_TYPES].sort());
  });

  it.each(GOOD)("creates a %s block and answers its data normalised", async (type, data, expected) => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const block = await addBlock(cookie, page.id, { type, data });
    expect(blockSchema.safeParse(block).success).toBe(true);
    expect(Object.keys(block).sort()).toEqual(
      ["data", "ends_at", "id", "is_active", "position", "starts_at", "type"].sort(),
    );
    expect(block).toMatchObject({ type, position: 0, is_active: true, starts_at: null, ends_at: null });
    expect(block.data).toEqual(expected);
    // The same on a read, in page order.
    const list = await listBlocks(cookie, page.id);
    expect(list).toEqual([block]);
  });

  it("normalises each kind of Pix key", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const keys: [string, string][] = [
      ["Ana@Exemplo.com.br", "ana@exemplo.com.br"],
      ["+55 (11) 98765-4321", "+5511987654321"],
      ["11.222.333/0001-81", "11222333000181"],
      ["123E4567-E89B-42D3-A456-426614174000", "123e4567-e89b-42d3-a456-426614174000"],
    ];
    for (const [key, stored] of keys) {
      const block = await addBlock(cookie, page.id, {
        type: "pix",
        data: { key, name: "Ana", city: "Recife" },
      });
      expect(block.data).toEqual({ key: stored, name: "Ana", city: "Recife" });
    }
  });

  it("accepts a divider without data, the switch off and a window (one already over too)", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const divider = await addBlock(cookie, page.id, { type: "divider" });
    expect(divider.data).toEqual({});
    const startsAt = "2030-01-02T10:00:00-03:00";
    const scheduled = await addBlock(cookie, page.id, {
      type: "header",
      data: { text: "Promoção" },
      is_active: false,
      starts_at: startsAt,
      ends_at: "2030-01-03T10:00:00-03:00",
    });
    expect(scheduled).toMatchObject({
      position: 1,
      is_active: false,
      starts_at: "2030-01-02T13:00:00.000Z",
      ends_at: "2030-01-03T13:00:00.000Z",
    });
    const over = await addBlock(cookie, page.id, {
      type: "header",
      data: { text: "Acabou" },
      starts_at: "2020-01-01T00:00:00Z",
      ends_at: "2020-01-02T00:00:00Z",
    });
    expect(over).toMatchObject({ position: 2, ends_at: "2020-01-02T00:00:00.000Z" });
  });
});

describe("POST /api/link-pages/{id}/blocks: bad data, pt-BR, nothing stored", () => {
  const long = (n: number) => "x".repeat(n);
  const social = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ network: "site", url: `https://exemplo.com.br/${i}` }));
  const faq = (n: number) => Array.from({ length: n }, (_, i) => ({ question: `P${i}`, answer: "R" }));
  const pix = { key: "12345678909", name: "Ana", city: "Recife" };

  const BAD: [string, Json, string, string][] = [
    ["an unknown type", { type: "video", data: {} }, "type", BLOCK_MESSAGES.unknownType],
    ["no type", { data: { text: "Oi" } }, "type", BLOCK_MESSAGES.unknownType],
    [
      "a link without title",
      { type: "link", data: { url: "https://a.com" } },
      "data.title",
      "Título é obrigatório",
    ],
    ["a link without url", { type: "link", data: { title: "A" } }, "data.url", "URL é obrigatória"],
    [
      "a link to javascript:",
      { type: "link", data: { title: "A", url: "javascript:alert(1)" } },
      "data.url",
      "Informe uma URL válida começando com http:// ou https://",
    ],
    ["a header without text", { type: "header", data: {} }, "data.text", "Título é obrigatório"],
    ["a blank header", { type: "header", data: { text: "  \n " } }, "data.text", "Título é obrigatório"],
    [
      "a header too long",
      { type: "header", data: { text: long(BLOCK_LIMITS.headerText + 1) } },
      "data.text",
      "Título: use no máximo 100 caracteres.",
    ],
    [
      "a text too long",
      { type: "text", data: { text: long(BLOCK_LIMITS.text + 1) } },
      "data.text",
      "Texto: use no máximo 1000 caracteres.",
    ],
    [
      "an image without alt",
      { type: "image", data: { image_url: "https://a.com/x.png" } },
      "data.alt",
      "Descreva a imagem para quem não pode vê-la",
    ],
    [
      "an image of javascript:",
      { type: "image", data: { image_url: "javascript:alert(1)", alt: "x" } },
      "data.image_url",
      BLOCK_MESSAGES.imageUrl,
    ],
    [
      "an image alt too long",
      { type: "image", data: { image_url: "https://a.com/x.png", alt: long(201) } },
      "data.alt",
      "Descrição da imagem: use no máximo 200 caracteres.",
    ],
    [
      "an unknown social network",
      { type: "social", data: { items: [{ network: "orkut", url: "https://orkut.com/ana" }] } },
      "data.items.0.network",
      "Rede social inválida",
    ],
    ["social without items", { type: "social", data: {} }, "data.items", BLOCK_MESSAGES.socialMin],
    ["social with 0 items", { type: "social", data: { items: [] } }, "data.items", BLOCK_MESSAGES.socialMin],
    [
      "social with 21 items",
      { type: "social", data: { items: social(21) } },
      "data.items",
      BLOCK_MESSAGES.socialMax,
    ],
    [
      "an Instagram icon pointing elsewhere",
      { type: "social", data: { items: [{ network: "instagram", url: "https://exemplo.com.br/ana" }] } },
      "data.items.0.url",
      socialUrlMessage("instagram"),
    ],
    [
      "an embed of an unsupported provider",
      { type: "embed", data: { url: "https://exemplo.com.br/video.mp4" } },
      "data.url",
      EMBED_MESSAGES.unsupported,
    ],
    [
      "an embed of a short link",
      { type: "embed", data: { url: "https://vm.tiktok.com/ZMabc123/" } },
      "data.url",
      EMBED_MESSAGES.shortLink,
    ],
    [
      "WhatsApp with a bad phone",
      { type: "whatsapp", data: { phone: "1234" } },
      "data.phone",
      PHONE_MESSAGES.invalid,
    ],
    [
      "WhatsApp with letters in the phone",
      { type: "whatsapp", data: { phone: "11 9876 ramal 4321" } },
      "data.phone",
      PHONE_MESSAGES.invalid,
    ],
    [
      "WhatsApp with a message too long",
      { type: "whatsapp", data: { phone: "11987654321", message: long(1001) } },
      "data.message",
      "Mensagem: use no máximo 1000 caracteres.",
    ],
    [
      "a Pix CPF with a wrong check digit",
      { type: "pix", data: { ...pix, key: "123.456.789-00" } },
      "data.key",
      PIX_KEY_MESSAGES.cpf,
    ],
    [
      "a Pix CNPJ with a wrong check digit",
      { type: "pix", data: { ...pix, key: "11.222.333/0001-80" } },
      "data.key",
      PIX_KEY_MESSAGES.cnpj,
    ],
    [
      "a Pix amount of 0",
      { type: "pix", data: { ...pix, amount_cents: 0 } },
      "data.amount_cents",
      "Valor: informe um valor maior que zero ou deixe em branco.",
    ],
    [
      "a Pix amount in reais",
      { type: "pix", data: { ...pix, amount_cents: 19.9 } },
      "data.amount_cents",
      "Valor: informe um número inteiro de centavos.",
    ],
    [
      "a Pix without name",
      { type: "pix", data: { ...pix, name: "" } },
      "data.name",
      "Nome de quem recebe é obrigatório",
    ],
    [
      "a Pix name too long",
      { type: "pix", data: { ...pix, name: long(26) } },
      "data.name",
      "Nome: use no máximo 25 caracteres.",
    ],
    [
      "a Pix without city",
      { type: "pix", data: { ...pix, city: undefined } },
      "data.city",
      "Cidade é obrigatória",
    ],
    [
      "a contact without phone, e-mail or site",
      { type: "contact", data: { name: "Ana", organization: "Doces" } },
      "data.phone",
      BLOCK_MESSAGES.contactReach,
    ],
    [
      "a contact without name",
      { type: "contact", data: { email: "ana@exemplo.com.br" } },
      "data.name",
      "Nome é obrigatório",
    ],
    [
      "a contact with a bad e-mail",
      { type: "contact", data: { name: "Ana", email: "ana@" } },
      "data.email",
      "E-mail inválido",
    ],
    ["faq without items", { type: "faq", data: { items: [] } }, "data.items", BLOCK_MESSAGES.faqMin],
    ["faq with 31 items", { type: "faq", data: { items: faq(31) } }, "data.items", BLOCK_MESSAGES.faqMax],
    [
      "a faq item without answer",
      { type: "faq", data: { items: [{ question: "Entregam?" }] } },
      "data.items.0.answer",
      "Resposta é obrigatória",
    ],
    [
      "a window that ends before it starts",
      {
        type: "header",
        data: { text: "Oi" },
        starts_at: "2030-01-02T10:00:00Z",
        ends_at: "2030-01-01T10:00:00Z",
      },
      "ends_at",
      BLOCK_MESSAGES.windowOrder,
    ],
    [
      "a window that ends when it starts",
      {
        type: "header",
        data: { text: "Oi" },
        starts_at: "2030-01-02T10:00:00Z",
        ends_at: "2030-01-02T07:00:00-03:00",
      },
      "ends_at",
      BLOCK_MESSAGES.windowOrder,
    ],
    [
      "a start that is no date",
      { type: "header", data: { text: "Oi" }, starts_at: "amanhã" },
      "starts_at",
      "Data e hora inválidas.",
    ],
    [
      "a switch that is no boolean",
      { type: "header", data: { text: "Oi" }, is_active: "sim" },
      "is_active",
      "Ativo: use verdadeiro ou falso.",
    ],
  ];

  it.each(BAD)("refuses %s", async (_, body, field, message) => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const response = await call("POST", `/api/link-pages/${page.id}/blocks`, cookie, body);
    expect(response.statusCode, response.body).toBe(400);
    const answer = response.json();
    expect(answer.error).toEqual(expect.any(String));
    expect(answer.details?.[field], JSON.stringify(answer)).toBe(message);
    expect(await blockCount(page.id)).toBe(0);
  });
});

describe("PUT /api/blocks/{id}", () => {
  it("changes what is sent and keeps what is absent", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const startsAt = inMinutes(60);
    const block = await addBlock(cookie, page.id, {
      type: "whatsapp",
      data: { phone: "11987654321", message: "Oi" },
      is_active: false,
      starts_at: startsAt,
    });
    const edited = await call("PUT", `/api/blocks/${block.id}`, cookie, {
      data: { phone: "+351 912 345 678", label: "Fale comigo" },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // `data` is the block's whole data: the message not sent is gone; the rest is kept.
    expect(edited.json()).toEqual({
      ...block,
      data: { phone: "+351912345678", label: "Fale comigo" },
    });

    const switched = await call("PUT", `/api/blocks/${block.id}`, cookie, { is_active: true });
    expect(switched.json()).toMatchObject({
      is_active: true,
      starts_at: block.starts_at,
      data: { phone: "+351912345678", label: "Fale comigo" },
    });
    const opened = await call("PUT", `/api/blocks/${block.id}`, cookie, { starts_at: null });
    expect(opened.json()).toMatchObject({ is_active: true, starts_at: null, ends_at: null });
    expect(await listBlocks(cookie, page.id)).toEqual([opened.json()]);
  });

  it("accepts the block's own type in the body, and refuses another type", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const header = await addBlock(cookie, page.id, { type: "header", data: { text: "Antes" } });
    const same = await call("PUT", `/api/blocks/${header.id}`, cookie, {
      type: "header",
      data: { text: "Depois" },
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().data).toEqual({ text: "Depois" });

    const other = await call("PUT", `/api/blocks/${header.id}`, cookie, {
      type: "text",
      data: { text: "Virou texto" },
    });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({
      error: BLOCK_MESSAGES.typeChange,
      details: { type: BLOCK_MESSAGES.typeChange },
    });
    const unknown = await call("PUT", `/api/blocks/${header.id}`, cookie, { type: "video", data: {} });
    expect(unknown.statusCode).toBe(400);
    expect((await listBlocks(cookie, page.id))[0]).toMatchObject({
      type: "header",
      data: { text: "Depois" },
    });
  });

  it("checks the data by the block's own type", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const whatsapp = await addBlock(cookie, page.id, { type: "whatsapp", data: { phone: "11987654321" } });
    const pix = await addBlock(cookie, page.id, {
      type: "pix",
      data: { key: "12345678909", name: "Ana", city: "Recife" },
    });
    const link = await addBlock(cookie, page.id, {
      type: "link",
      data: { title: "A", url: "https://a.com" },
    });
    const cases: [BlockAnswer, Json, string, string][] = [
      [whatsapp, { phone: "12" }, "data.phone", PHONE_MESSAGES.invalid],
      // A header's data is not a WhatsApp button's.
      [whatsapp, { text: "Oi" }, "data.phone", PHONE_MESSAGES.invalid],
      [pix, { key: "123.456.789-00", name: "Ana", city: "Recife" }, "data.key", PIX_KEY_MESSAGES.cpf],
      [
        pix,
        { key: "12345678909", name: "Ana", city: "Recife", amount_cents: 0 },
        "data.amount_cents",
        "Valor: informe um valor maior que zero ou deixe em branco.",
      ],
      [link, { title: "A" }, "data.url", "URL é obrigatória"],
    ];
    for (const [block, data, field, message] of cases) {
      const response = await call("PUT", `/api/blocks/${block.id}`, cookie, { data });
      expect(response.statusCode, JSON.stringify(data)).toBe(400);
      expect(response.json().details?.[field], response.body).toBe(message);
    }
    expect(await listBlocks(cookie, page.id)).toEqual([whatsapp, pix, link]);
  });

  it("checks the window merged with the bounds kept", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const startsAt = inMinutes(60);
    const block = await addBlock(cookie, page.id, {
      type: "header",
      data: { text: "Oi" },
      starts_at: startsAt,
    });
    const before = await call("PUT", `/api/blocks/${block.id}`, cookie, { ends_at: inMinutes(30) });
    expect(before.statusCode).toBe(400);
    expect(before.json()).toMatchObject({
      error: BLOCK_MESSAGES.windowOrder,
      details: { ends_at: BLOCK_MESSAGES.windowOrder },
    });
    const endsAt = inMinutes(120);
    const after = await call("PUT", `/api/blocks/${block.id}`, cookie, { ends_at: endsAt });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ starts_at: block.starts_at, ends_at: endsAt });
    // Moving the start past the end kept is refused too.
    const late = await call("PUT", `/api/blocks/${block.id}`, cookie, { starts_at: inMinutes(180) });
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toBe(BLOCK_MESSAGES.windowOrder);
    expect((await listBlocks(cookie, page.id))[0]).toMatchObject({
      starts_at: block.starts_at,
      ends_at: endsAt,
    });
  });

  it("refuses an empty update", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const block = await addBlock(cookie, page.id, { type: "header", data: { text: "Oi" } });
    for (const body of [{}, { type: "header" }]) {
      const response = await call("PUT", `/api/blocks/${block.id}`, cookie, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(BLOCK_MESSAGES.nothingToUpdate);
    }
  });
});

describe("image blocks with an upload", () => {
  const PNG =
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
  const fileOf = (url: string) => path.join(dataDir, url);

  it("stores the file, never lets another block claim it, and removes it with its block", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const image = await addBlock(cookie, page.id, { type: "image", data: { image_url: PNG, alt: "Bolo" } });
    const stored = image.data.image_url as string;
    expect(stored).toMatch(/^\/uploads\/[\w.-]+\.png$/);
    expect(fs.existsSync(fileOf(stored))).toBe(true);

    const other = await call("POST", `/api/link-pages/${page.id}/blocks`, cookie, {
      type: "image",
      data: { image_url: stored, alt: "Meu" },
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().error).toBe(BLOCK_MESSAGES.imageUrl);
    // Its own block keeps it through an edit of something else.
    const renamed = await call("PUT", `/api/blocks/${image.id}`, cookie, {
      data: { image_url: stored, alt: "Bolo de cenoura" },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(fs.existsSync(fileOf(stored))).toBe(true);

    expect((await call("DELETE", `/api/blocks/${image.id}`, cookie)).statusCode).toBe(204);
    expect(fs.existsSync(fileOf(stored))).toBe(false);
  });

  it("removes an image block's file when its picture changes, and with its page", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const first = await addBlock(cookie, page.id, { type: "image", data: { image_url: PNG, alt: "Um" } });
    const firstFile = first.data.image_url as string;
    const changed = await call("PUT", `/api/blocks/${first.id}`, cookie, {
      data: { image_url: "https://cdn.exemplo.com.br/dois.png", alt: "Dois" },
    });
    expect(changed.statusCode).toBe(200);
    expect(fs.existsSync(fileOf(firstFile))).toBe(false);

    const second = await addBlock(cookie, page.id, { type: "image", data: { image_url: PNG, alt: "Três" } });
    const secondFile = second.data.image_url as string;
    expect(fs.existsSync(fileOf(secondFile))).toBe(true);
    expect((await call("DELETE", `/api/link-pages/${page.id}`, cookie)).statusCode).toBe(204);
    expect(fs.existsSync(fileOf(secondFile))).toBe(false);
  });
});

describe("DELETE /api/blocks/{id}", () => {
  it("deletes the block and keeps the others", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const a = await addBlock(cookie, page.id, { type: "header", data: { text: "A" } });
    const b = await addBlock(cookie, page.id, { type: "divider", data: {} });
    const response = await call("DELETE", `/api/blocks/${a.id}`, cookie);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    expect((await listBlocks(cookie, page.id)).map((block) => block.id)).toEqual([b.id]);
    const again = await call("DELETE", `/api/blocks/${a.id}`, cookie);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe(BLOCK_MESSAGES.notFound);
  });
});

describe("PUT /api/link-pages/{id}/blocks/order", () => {
  it("takes exactly the page's blocks, each once, else 400 and nothing moves", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const a = await addBlock(cookie, page.id, { type: "header", data: { text: "A" } });
    const b = await addBlock(cookie, page.id, { type: "link", data: { title: "B", url: "https://b.com" } });
    const c = await addBlock(cookie, page.id, { type: "divider" });
    const foreign = await addBlock(cookie, (await createPage(cookie)).id, { type: "divider" });

    const mismatches = [[a.id, b.id], [a.id, b.id, foreign.id], [a.id, b.id, c.id, foreign.id], []];
    for (const ids of mismatches) {
      const response = await call("PUT", `/api/link-pages/${page.id}/blocks/order`, cookie, { ids });
      expect(response.statusCode, JSON.stringify(ids)).toBe(400);
      expect(response.json().error).toBe(BLOCK_MESSAGES.orderMismatch);
    }
    const repeated = await call("PUT", `/api/link-pages/${page.id}/blocks/order`, cookie, {
      ids: [a.id, b.id, b.id],
    });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().error).toBe(BLOCK_MESSAGES.orderRepeated);
    expect((await listBlocks(cookie, page.id)).map((block) => block.id)).toEqual([a.id, b.id, c.id]);

    const response = await call("PUT", `/api/link-pages/${page.id}/blocks/order`, cookie, {
      ids: [c.id, a.id, b.id],
    });
    expect(response.statusCode).toBe(200);
    const ordered = response.json() as BlockAnswer[];
    expect(blockListSchema.safeParse(ordered).success).toBe(true);
    expect(ordered.map((block) => [block.id, block.position])).toEqual([
      [c.id, 0],
      [a.id, 1],
      [b.id, 2],
    ]);
    expect(await listBlocks(cookie, page.id)).toEqual(ordered);
    // A new block still goes to the end.
    expect((await addBlock(cookie, page.id, { type: "divider" })).position).toBe(3);
  });
});

describe("limits", () => {
  it(`caps a page at ${MAX_BLOCKS_PER_PAGE} blocks of every type`, async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    await t.database.db.insert(links).values(
      Array.from({ length: MAX_BLOCKS_PER_PAGE }, (_, i) => ({
        linkPageId: page.id,
        type: "header" as const,
        data: { text: `H${i}` },
        position: i,
      })),
    );
    const response = await call("POST", `/api/link-pages/${page.id}/blocks`, cookie, {
      type: "divider",
      data: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(BLOCK_MESSAGES.blockLimit);
    expect(await blockCount(page.id)).toBe(MAX_BLOCKS_PER_PAGE);
  });
});

describe("targets", () => {
  it("refuses a target on our own short domain or an internal address, with the link rules' message", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const own = "http://localhost:3000/s/abcdefg";
    const cases: [Json, string, string][] = [
      [
        { type: "link", data: { title: "x", url: "http://192.168.0.1/" } },
        "data.url",
        LINK_TARGET_MESSAGES.internal,
      ],
      [{ type: "link", data: { title: "x", url: own } }, "data.url", LINK_TARGET_MESSAGES.ownLink],
      [
        { type: "image", data: { image_url: "https://a.com/x.png", alt: "x", link_url: own } },
        "data.link_url",
        LINK_TARGET_MESSAGES.ownLink,
      ],
      [
        { type: "image", data: { image_url: "https://a.com/x.png", alt: "x", link_url: "http://10.0.0.1/" } },
        "data.link_url",
        LINK_TARGET_MESSAGES.internal,
      ],
      [
        {
          type: "social",
          data: {
            items: [
              { network: "instagram", url: "@ana" },
              { network: "site", url: "http://127.0.0.1/admin" },
            ],
          },
        },
        "data.items.1.url",
        LINK_TARGET_MESSAGES.internal,
      ],
      [
        { type: "contact", data: { name: "Ana", website: own } },
        "data.website",
        LINK_TARGET_MESSAGES.ownLink,
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await call("POST", `/api/link-pages/${page.id}/blocks`, cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ error: message, details: { [field]: message } });
    }
    expect(await blockCount(page.id)).toBe(0);

    const link = await addBlock(cookie, page.id, {
      type: "link",
      data: { title: "x", url: "https://a.com" },
    });
    const edited = await call("PUT", `/api/blocks/${link.id}`, cookie, {
      data: { title: "x", url: "http://10.0.0.1/" },
    });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().details["data.url"]).toBe(LINK_TARGET_MESSAGES.internal);
    expect((await listBlocks(cookie, page.id))[0]!.data.url).toBe("https://a.com");
  });
});

describe("ownership and API keys", () => {
  it("answers 404 for another user's page or block, and changes nothing", async () => {
    const owner = await t.signIn();
    const page = await createPage(owner.cookie);
    const block = await addBlock(owner.cookie, page.id, { type: "header", data: { text: "Meu" } });
    const { cookie } = await t.signIn();
    const attempts: [Method, string, unknown][] = [
      ["GET", `/api/link-pages/${page.id}/blocks`, undefined],
      ["POST", `/api/link-pages/${page.id}/blocks`, { type: "divider", data: {} }],
      ["PUT", `/api/link-pages/${page.id}/blocks/order`, { ids: [block.id] }],
      ["PUT", `/api/blocks/${block.id}`, { data: { text: "Roubado" } }],
      ["DELETE", `/api/blocks/${block.id}`, undefined],
    ];
    for (const [method, url, payload] of attempts) {
      const response = await call(method, url, cookie, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error).toMatch(/não encontrad/);
    }
    expect(await listBlocks(owner.cookie, page.id)).toEqual([block]);
  });

  it("answers 401 without a session", async () => {
    const response = await t.request({ method: "GET", url: "/api/link-page-themes" });
    expect(response.statusCode).toBe(401);
  });

  it("lets a pages:write key create blocks and a pages:read key only read them", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const keyWith = async (scopes: string[]) => {
      const response = await call("POST", "/api/api-keys", cookie, { name: scopes.join(" "), scopes });
      expect(response.statusCode).toBe(201);
      return response.json<CreatedApiKey>().key;
    };
    const bearer = (key: string, method: Method, url: string, payload?: Json) =>
      t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${key}` },
        ...(payload ? { payload } : {}),
      });
    const reader = await keyWith(["pages:read"]);
    const writer = await keyWith(["pages:write"]);

    const refused = await bearer(reader, "POST", `/api/link-pages/${page.id}/blocks`, {
      type: "header",
      data: { text: "Pela API" },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers["www-authenticate"]).toContain("insufficient_scope");
    expect(await blockCount(page.id)).toBe(0);

    const created = await bearer(writer, "POST", `/api/link-pages/${page.id}/blocks`, {
      type: "header",
      data: { text: "Pela API" },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect((await bearer(writer, "PUT", `/api/blocks/${id}`, { is_active: false })).statusCode).toBe(200);
    const read = await bearer(reader, "GET", `/api/link-pages/${page.id}/blocks`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual([
      expect.objectContaining({ id, is_active: false, data: { text: "Pela API" } }),
    ]);
    expect((await bearer(reader, "GET", "/api/link-page-themes")).statusCode).toBe(200);
    expect((await bearer(reader, "DELETE", `/api/blocks/${id}`)).statusCode).toBe(403);
    expect((await bearer(writer, "DELETE", `/api/blocks/${id}`)).statusCode).toBe(204);
  });
});

describe("GET /api/link-page-themes", () => {
  it("lists at least 10 themes in the contract's shape", async () => {
    const { cookie } = await t.signIn();
    const response = await call("GET", "/api/link-page-themes", cookie);
    expect(response.statusCode).toBe(200);
    const parsed = linkPageThemeListSchema.safeParse(response.json());
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    const themes = parsed.data!;
    expect(themes.length).toBeGreaterThanOrEqual(10);
    expect(new Set(themes.map((theme) => theme.id)).size).toBe(themes.length);
    expect(new Set(themes.map((theme) => theme.name)).size).toBe(themes.length);
    for (const theme of themes) expect(() => JSON.parse(theme.button_style)).not.toThrow();
  });
});
