import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  consentTagOf,
  defaultConsentText,
  LEAD_FORM_DEFAULTS,
  LEAD_LIMITS,
  LEAD_MESSAGES,
} from "../../../common/contract/leads";
import { rowsOf } from "../../../db/client";
import { consentTexts, leads, subscriptionPlans, users } from "../../../db/schema";
import { BROWSER_USER_AGENT, setupTestApp, startApp, TEST_PUBLIC_URL } from "../../../tests/test-app";
import { testDatabaseKind } from "../../../tests/test-database";
import { type LeadCreated, onLeadCreated } from "./lead-created";
import { LEAD_FORM_RATES } from "./lead-form.routes";

// The visitor's side of a Link Bio page's contact form (issue 37): POST /p/{slug}/leads without
// script (303 to the thank-you page, or the page again with its errors) and with it (JSON), the
// consent and its versioned text, the honeypot, duplicates merged, the rate limits and the plan's
// contacts per month.

const t = setupTestApp();
let counter = 0;
let ipCounter = 0;
const uniqueSlug = () => `contato-${process.pid}-${++counter}`;
const fromNewIp = () => `10.37.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

type Json = Record<string, unknown>;
type Page = Json & { id: number; slug: string; title: string };

const created: LeadCreated[] = [];
beforeAll(() => {
  onLeadCreated(t.app, (event) => {
    created.push(event);
  });
});

async function createPage(cookie: string, body: Json = {}) {
  const response = await t.request({
    method: "POST",
    url: "/api/link-pages",
    cookie,
    payload: { slug: uniqueSlug(), title: "Doces da Ana", ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Page;
}

async function addForm(cookie: string, pageId: number, data: Json = {}, extra: Json = {}) {
  const response = await t.request({
    method: "POST",
    url: `/api/link-pages/${pageId}/blocks`,
    cookie,
    payload: {
      type: "form",
      data: { fields: ["name", "email", "whatsapp"], title: "Receba as novidades", ...data },
      ...extra,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Json & { id: number };
}

/** A signed-in owner with a page and a form on it. */
async function pageWithForm(data: Json = {}, pageBody: Json = {}) {
  const { user, cookie } = await t.signIn();
  const page = await createPage(cookie, pageBody);
  const form = await addForm(cookie, page.id, data);
  return { user, cookie, page, form };
}

type Post = {
  slug: string;
  fields: Record<string, string>;
  json?: boolean;
  query?: string;
  ip?: string;
  app?: typeof t.app;
};

/** The form's post, form-encoded, as the browser sends it (JSON back when `json`). */
const post = ({ slug, fields, json, query = "", ip = fromNewIp(), app = t.app }: Post) =>
  app.inject({
    method: "POST",
    url: `/p/${slug}/leads${query}`,
    remoteAddress: ip,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "user-agent": BROWSER_USER_AGENT,
      origin: TEST_PUBLIC_URL,
      ...(json ? { accept: "application/json" } : { accept: "text/html,application/xhtml+xml" }),
    },
    payload: new URLSearchParams(fields).toString(),
  });

const answers = (blockId: number, fields: Record<string, string>) => ({
  block_id: String(blockId),
  website: "",
  consent: "on",
  ...fields,
});

const leadsOf = (pageId: number) =>
  t.database.db.select().from(leads).where(eq(leads.linkPageId, pageId)).orderBy(asc(leads.id));
const consentTextsOf = (userId: number) =>
  t.database.db
    .select()
    .from(consentTexts)
    .where(eq(consentTexts.userId, userId))
    .orderBy(asc(consentTexts.id));

const { JSDOM } = createRequire(import.meta.url)("jsdom") as {
  JSDOM: new (html: string) => { window: Window & typeof globalThis };
};
/** An answer's HTML as a browser reads it. */
const documentOf = (html: string) => new JSDOM(html).window.document;

describe("POST /p/{slug}/leads without script", () => {
  it("stores the answers normalised with the consent, and thanks on a page of its own", async () => {
    const { user, page, form } = await pageWithForm();
    const before = Date.now();
    const response = await post({
      slug: page.slug,
      fields: answers(form.id, {
        name: "  Maria   da Silva ",
        email: " Maria.Silva@Exemplo.COM.br ",
        whatsapp: "(11) 98765-4321",
      }),
    });
    expect(response.statusCode, response.body).toBe(303);
    expect(response.headers.location).toBe(`/p/${page.slug}/obrigado?bloco=${form.id}`);
    expect(response.headers["cache-control"]).toBe("no-store");

    const [lead, ...more] = await leadsOf(page.id);
    expect(more).toEqual([]);
    expect(lead).toMatchObject({
      userId: user.id,
      blockId: form.id,
      name: "Maria da Silva",
      email: "maria.silva@exemplo.com.br",
      phone: "+5511987654321",
    });
    expect(lead!.consentAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // The exact words shown, kept once per owner with their SHA-256.
    const [text] = await consentTextsOf(user.id);
    expect(text!.id).toBe(lead!.consentTextId);
    expect(text!.text).toBe(defaultConsentText("Doces da Ana"));
    expect(text!.sha256).toBe(createHash("sha256").update(text!.text).digest("hex"));

    const thanks = await t.request({ method: "GET", url: response.headers.location as string });
    expect(thanks.statusCode).toBe(200);
    expect(thanks.headers["cache-control"]).toBe("no-store");
    expect(thanks.headers["x-robots-tag"]).toBe("noindex");
    const document = documentOf(thanks.body);
    expect(document.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex");
    expect(document.querySelector("h1")?.textContent).toBe("Doces da Ana");
    expect(document.querySelector('[role="status"]')?.textContent).toBe(LEAD_FORM_DEFAULTS.thankYou);
    expect(document.querySelector(".lb-thanks a")?.getAttribute("href")).toBe(`/p/${page.slug}`);
  });

  it("thanks with the form's own text, and the default one for a form no longer shown", async () => {
    const { cookie, page, form } = await pageWithForm({ thank_you: "Valeu! Logo chamamos <você>." });
    const sent = await post({ slug: page.slug, fields: answers(form.id, { email: "joao@exemplo.com" }) });
    const thanks = await t.request({ method: "GET", url: sent.headers.location as string });
    expect(documentOf(thanks.body).querySelector('[role="status"]')?.textContent).toBe(
      "Valeu! Logo chamamos <você>.",
    );
    await t.request({ method: "PUT", url: `/api/blocks/${form.id}`, cookie, payload: { is_active: false } });
    const later = await t.request({ method: "GET", url: sent.headers.location as string });
    expect(documentOf(later.body).querySelector('[role="status"]')?.textContent).toBe(
      LEAD_FORM_DEFAULTS.thankYou,
    );
    expect(
      (await t.request({ method: "GET", url: "/p/pagina-que-nao-existe/obrigado?bloco=1" })).statusCode,
    ).toBe(404);
  });

  it("refuses a submission without consent: the page again, uncached, with the errors and the values", async () => {
    const { page, form } = await pageWithForm();
    const response = await post({
      slug: page.slug,
      fields: { block_id: String(form.id), name: `Zé "<b>"`, email: "ze@exemplo.com" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["content-security-policy"]).toContain("form-action 'self'");
    expect(response.body).not.toContain("<b>");
    const document = documentOf(response.body);
    const formElement = document.querySelector<HTMLFormElement>(`form#lb-form-${form.id}`)!;
    expect(formElement.getAttribute("action")).toBe(`/p/${page.slug}/leads`);
    expect(formElement.querySelector('[role="alert"]')?.textContent).toBe(LEAD_MESSAGES.consentRequired);
    const field = (name: string) => formElement.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
    expect(field("name").value).toBe(`Zé "<b>"`);
    expect(field("email").value).toBe("ze@exemplo.com");
    expect(field("consent").checked).toBe(false);
    expect(field("consent").getAttribute("aria-invalid")).toBe("true");
    expect(await leadsOf(page.id)).toEqual([]);

    // "on" is the only yes.
    const other = await post({
      slug: page.slug,
      fields: answers(form.id, { email: "ze@exemplo.com", consent: "true" }),
    });
    expect(other.statusCode).toBe(400);
    expect(await leadsOf(page.id)).toEqual([]);
  });

  it("sends the refused page with the CSP of its blocks: its video's player may still load", async () => {
    const { cookie, page, form } = await pageWithForm();
    const video = await t.request({
      method: "POST",
      url: `/api/link-pages/${page.id}/blocks`,
      cookie,
      payload: { type: "embed", data: { url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" } },
    });
    expect(video.statusCode, video.body).toBe(201);
    const response = await post({
      slug: page.slug,
      fields: { block_id: String(form.id), email: "ze@exemplo.com" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
    expect(response.headers["content-security-policy"]).toContain(
      "frame-src https://www.youtube-nocookie.com",
    );
  });

  it("refuses a bad e-mail, a bad number and a long name, in pt-BR, all at once", async () => {
    const { page, form } = await pageWithForm();
    const response = await post({
      slug: page.slug,
      fields: answers(form.id, {
        name: "a".repeat(LEAD_LIMITS.name + 1),
        email: "maria@",
        whatsapp: "(11) 1234",
      }),
    });
    expect(response.statusCode).toBe(400);
    const alert = documentOf(response.body).querySelector(`#lb-form-${form.id} [role="alert"]`)!;
    expect([...alert.querySelectorAll("p")].map((p) => p.textContent)).toEqual([
      LEAD_MESSAGES.nameTooLong,
      LEAD_MESSAGES.emailInvalid,
      LEAD_MESSAGES.whatsappInvalid,
    ]);
    expect(LEAD_MESSAGES.whatsappInvalid).toMatch(/^Informe um número de WhatsApp válido/);

    for (const whatsapp of ["11 2345", "+55 (00) 98765-4321", "98765-4321", "abc"]) {
      const bad = await post({ slug: page.slug, json: true, fields: answers(form.id, { whatsapp }) });
      expect(bad.json(), whatsapp).toMatchObject({ error: LEAD_MESSAGES.whatsappInvalid });
    }
    const none = await post({ slug: page.slug, json: true, fields: answers(form.id, { name: "Ana" }) });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({
      error: LEAD_MESSAGES.contactRequired,
      details: { email: LEAD_MESSAGES.contactRequired, whatsapp: LEAD_MESSAGES.contactRequired },
      validation_errors: [LEAD_MESSAGES.contactRequired],
    });
    expect(await leadsOf(page.id)).toEqual([]);
  });

  it("reads a number without a country code as Brazilian, and keeps a foreign one with its code", async () => {
    const { page, form } = await pageWithForm({ fields: ["whatsapp"] });
    for (const whatsapp of ["21 99876-5432", "+351 912 345 678"]) {
      const response = await post({ slug: page.slug, fields: answers(form.id, { whatsapp }) });
      expect(response.statusCode, response.body).toBe(303);
    }
    expect((await leadsOf(page.id)).map((lead) => lead.phone)).toEqual(["+5521998765432", "+351912345678"]);
  });

  it("ignores the fields the form does not ask", async () => {
    const { page, form } = await pageWithForm({ fields: ["email"] });
    const response = await post({
      slug: page.slug,
      fields: answers(form.id, { name: "Não perguntado", email: "so@exemplo.com", whatsapp: "não é número" }),
    });
    expect(response.statusCode, response.body).toBe(303);
    expect(await leadsOf(page.id)).toMatchObject([{ name: null, email: "so@exemplo.com", phone: null }]);
    // Nor does an answer the form does not ask count as its contact.
    const onlyPhone = await post({
      slug: page.slug,
      json: true,
      fields: answers(form.id, { whatsapp: "(11) 98765-4321" }),
    });
    expect(onlyPhone.json()).toMatchObject({ error: LEAD_MESSAGES.contactRequired });
  });

  it("thanks a bot that filled the honeypot and keeps nothing; an absent or empty honeypot is a person", async () => {
    const { page, form } = await pageWithForm();
    const before = created.length;
    const bot = await post({
      slug: page.slug,
      fields: answers(form.id, { email: "bot@exemplo.com", website: "https://spam.example" }),
    });
    expect(bot.statusCode).toBe(303);
    expect(bot.headers.location).toBe(`/p/${page.slug}/obrigado?bloco=${form.id}`);
    const jsonBot = await post({
      slug: page.slug,
      json: true,
      fields: answers(form.id, { email: "bot2@exemplo.com", website: "x" }),
    });
    expect(jsonBot.statusCode).toBe(200);
    expect(jsonBot.json()).toEqual({ message: LEAD_FORM_DEFAULTS.thankYou });
    expect(await leadsOf(page.id)).toEqual([]);

    const { website: _absent, ...withoutTrap } = answers(form.id, { email: "sem@exemplo.com" });
    expect((await post({ slug: page.slug, fields: withoutTrap })).statusCode).toBe(303);
    expect(
      (await post({ slug: page.slug, fields: answers(form.id, { email: "vazio@exemplo.com" }) })).statusCode,
    ).toBe(303);
    expect((await leadsOf(page.id)).map((lead) => lead.email)).toEqual([
      "sem@exemplo.com",
      "vazio@exemplo.com",
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(created.slice(before).map((event) => event.lead.email)).toEqual([
      "sem@exemplo.com",
      "vazio@exemplo.com",
    ]);
  });

  it("answers 404 in pt-BR for a form switched off, of another page, or no form at all", async () => {
    const { cookie, page, form } = await pageWithForm();
    const other = await pageWithForm();
    const header = await t.request({
      method: "POST",
      url: `/api/link-pages/${page.id}/blocks`,
      cookie,
      payload: { type: "header", data: { text: "Olá" } },
    });
    const off = await addForm(cookie, page.id, {}, { is_active: false });
    const later = await addForm(
      cookie,
      page.id,
      {},
      { starts_at: new Date(Date.now() + 86_400_000).toISOString() },
    );
    for (const blockId of [off.id, other.form.id, header.json().id, later.id, "abc", ""]) {
      const response = await post({
        slug: page.slug,
        fields: answers(blockId as number, { email: "ana@exemplo.com" }),
      });
      expect(response.statusCode, String(blockId)).toBe(404);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(documentOf(response.body).querySelector("h1")?.textContent).toBe(LEAD_MESSAGES.formNotFound);
      const json = await post({
        slug: page.slug,
        json: true,
        fields: answers(blockId as number, { email: "ana@exemplo.com" }),
      });
      expect(json.statusCode).toBe(404);
      expect(json.json()).toEqual({ error: LEAD_MESSAGES.formNotFound });
    }
    const unknownPage = await post({
      slug: "nao-existe-esta",
      fields: answers(form.id, { email: "a@b.co" }),
    });
    expect(unknownPage.statusCode).toBe(404);
    expect(await leadsOf(page.id)).toEqual([]);
    expect(await leadsOf(other.page.id)).toEqual([]);
  });

  it("takes a sensitive page's form only behind the 18+ confirmation, and keeps it on the way", async () => {
    const { page, form } = await pageWithForm({}, { is_sensitive: true });
    const gated = await post({ slug: page.slug, fields: answers(form.id, { email: "adulto@exemplo.com" }) });
    expect(gated.statusCode).toBe(404);
    const html = (await t.request({ method: "GET", url: `/p/${page.slug}?idade=18` })).body;
    expect(documentOf(html).querySelector("form.lb-form")?.getAttribute("action")).toBe(
      `/p/${page.slug}/leads?idade=18`,
    );
    const sent = await post({
      slug: page.slug,
      query: "?idade=18",
      fields: answers(form.id, { email: "adulto@exemplo.com" }),
    });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe(`/p/${page.slug}/obrigado?bloco=${form.id}&idade=18`);
    expect(await leadsOf(page.id)).toHaveLength(1);
  });

  it("refuses a body that is not form-encoded, in pt-BR", async () => {
    const { page, form } = await pageWithForm();
    const response = await t.request({
      method: "POST",
      url: `/p/${page.slug}/leads`,
      payload: { block_id: form.id, email: "json@exemplo.com", consent: "on" },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ error: "Dados inválidos." });
    expect(await leadsOf(page.id)).toEqual([]);
    // An address reloaded after a refusal is the page.
    const reload = await t.request({ method: "GET", url: `/p/${page.slug}/leads` });
    expect([reload.statusCode, reload.headers.location]).toEqual([303, `/p/${page.slug}`]);
  });
});

describe("the form on /p/{slug}", () => {
  it("is in the page's HTML with an unticked consent, its action on the page's origin, allowed by the CSP", async () => {
    const { page, form } = await pageWithForm({ consent_text: "Aceito receber ofertas por WhatsApp." });
    const response = await t.request({ method: "GET", url: `/p/${page.slug}` });
    expect(response.headers["content-security-policy"]).toContain("form-action 'self'");
    const document = documentOf(response.body);
    const formElement = document.querySelector<HTMLFormElement>(`form#lb-form-${form.id}`)!;
    expect(formElement.getAttribute("method")).toBe("post");
    expect(formElement.getAttribute("action")).toBe(`/p/${page.slug}/leads`);
    const consent = formElement.querySelector<HTMLInputElement>('input[name="consent"]')!;
    expect(consent.checked).toBe(false);
    expect(document.querySelector(`label[for="${consent.id}"]`)?.textContent).toBe(
      "Aceito receber ofertas por WhatsApp.",
    );
    expect(formElement.querySelector('[role="alert"]')?.textContent).toBe("");
  });
});

describe("POST /p/{slug}/leads with script (Accept: application/json)", () => {
  it("answers the thank-you text, or the API's error shape with every error", async () => {
    const { page, form } = await pageWithForm({ thank_you: "Recebido!" });
    const ok = await post({
      slug: page.slug,
      json: true,
      fields: answers(form.id, { email: "js@exemplo.com" }),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: "Recebido!" });
    expect(await leadsOf(page.id)).toHaveLength(1);

    const refused = await post({
      slug: page.slug,
      json: true,
      fields: { block_id: String(form.id), email: "js@", whatsapp: "" },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers["content-type"]).toMatch(/^application\/json/);
    expect(refused.json()).toEqual({
      error: LEAD_MESSAGES.emailInvalid,
      details: { email: LEAD_MESSAGES.emailInvalid, consent: LEAD_MESSAGES.consentRequired },
      validation_errors: [LEAD_MESSAGES.emailInvalid, LEAD_MESSAGES.consentRequired],
    });
  });
});

describe("duplicates", () => {
  it("merges the same e-mail into one contact, its consent renewed and its name and number added", async () => {
    const { page, form } = await pageWithForm();
    await post({ slug: page.slug, fields: answers(form.id, { email: "ana@exemplo.com" }) });
    const [first] = await leadsOf(page.id);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const before = created.length;
    const again = await post({
      slug: page.slug,
      fields: answers(form.id, { name: "Ana Souza", email: "ANA@exemplo.com", whatsapp: "11 98765-4321" }),
    });
    expect(again.statusCode).toBe(303);
    const [lead, ...more] = await leadsOf(page.id);
    expect(more).toEqual([]);
    expect(lead).toMatchObject({ id: first!.id, name: "Ana Souza", phone: "+5511987654321" });
    expect(lead!.consentAt.getTime()).toBeGreaterThan(first!.consentAt.getTime());
    expect(lead!.createdAt).toEqual(first!.createdAt);
    // A repeat is no new contact: no one is told.
    await new Promise((resolve) => setImmediate(resolve));
    expect(created.length).toBe(before);

    // A repeat without a name keeps the name.
    await post({ slug: page.slug, fields: answers(form.id, { email: "ana@exemplo.com" }) });
    expect(await leadsOf(page.id)).toMatchObject([{ id: first!.id, name: "Ana Souza" }]);
  });

  it("merges the same number, and adds the e-mail it lacked", async () => {
    const { page, form } = await pageWithForm();
    await post({ slug: page.slug, fields: answers(form.id, { whatsapp: "(11) 91234-5678" }) });
    await post({
      slug: page.slug,
      fields: answers(form.id, { whatsapp: "+55 11 91234-5678", email: "novo@exemplo.com" }),
    });
    expect(await leadsOf(page.id)).toMatchObject([{ phone: "+5511912345678", email: "novo@exemplo.com" }]);
  });

  it("merges into the e-mail's contact when the number is another's, without a crash", async () => {
    const { page, form } = await pageWithForm();
    await post({ slug: page.slug, fields: answers(form.id, { email: "um@exemplo.com" }) });
    await post({ slug: page.slug, fields: answers(form.id, { whatsapp: "(11) 93333-4444" }) });
    const response = await post({
      slug: page.slug,
      fields: answers(form.id, { name: "Um", email: "um@exemplo.com", whatsapp: "(11) 93333-4444" }),
    });
    expect(response.statusCode, response.body).toBe(303);
    expect(await leadsOf(page.id)).toMatchObject([
      { name: "Um", email: "um@exemplo.com", phone: null },
      { name: null, email: null, phone: "+5511933334444" },
    ]);
  });

  it("keeps one contact when the same answers arrive at once", async () => {
    const { page, form } = await pageWithForm();
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        post({
          slug: page.slug,
          fields: answers(form.id, {
            email: "corrida@exemplo.com",
            whatsapp: "(11) 95555-6666",
            name: `N${i}`,
          }),
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(6).fill(303));
    expect(await leadsOf(page.id)).toHaveLength(1);
  });

  it("keeps a contact per page: the same e-mail on another page is another contact", async () => {
    const { cookie, page, form } = await pageWithForm();
    const second = await createPage(cookie);
    const secondForm = await addForm(cookie, second.id);
    await post({ slug: page.slug, fields: answers(form.id, { email: "dois@exemplo.com" }) });
    await post({ slug: second.slug, fields: answers(secondForm.id, { email: "dois@exemplo.com" }) });
    expect(await leadsOf(page.id)).toHaveLength(1);
    expect(await leadsOf(second.id)).toHaveLength(1);
  });
});

describe("the consent text, versioned", () => {
  it("records a new version when the owner edits the text; earlier contacts keep the words they agreed to", async () => {
    const { user, cookie, page, form } = await pageWithForm({ consent_text: "Versão um do consentimento." });
    await post({ slug: page.slug, fields: answers(form.id, { email: "primeiro@exemplo.com" }) });
    const edited = await t.request({
      method: "PUT",
      url: `/api/blocks/${form.id}`,
      cookie,
      payload: {
        data: {
          fields: ["name", "email", "whatsapp"],
          title: "Receba",
          consent_text: "Versão dois do consentimento.",
        },
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const html = (await t.request({ method: "GET", url: `/p/${page.slug}` })).body;
    expect(html).toContain("Versão dois do consentimento.");
    await post({ slug: page.slug, fields: answers(form.id, { email: "segundo@exemplo.com" }) });
    await post({ slug: page.slug, fields: answers(form.id, { email: "terceiro@exemplo.com" }) });

    const texts = await consentTextsOf(user.id);
    expect(texts.map((text) => text.text)).toEqual([
      "Versão um do consentimento.",
      "Versão dois do consentimento.",
    ]);
    const [first, second, third] = await leadsOf(page.id);
    expect(first!.consentTextId).toBe(texts[0]!.id);
    expect(second!.consentTextId).toBe(texts[1]!.id);
    expect(third!.consentTextId).toBe(texts[1]!.id);

    // The first visitor agreeing again agrees to the new words.
    await post({ slug: page.slug, fields: answers(form.id, { email: "primeiro@exemplo.com" }) });
    expect((await leadsOf(page.id))[0]!.consentTextId).toBe(texts[1]!.id);
  });

  it("asks again a visitor who saw a consent text the owner has since changed, and records nothing", async () => {
    const { cookie, page, form } = await pageWithForm({ consent_text: "Texto que o visitante leu." });
    const seen = documentOf((await t.request({ method: "GET", url: `/p/${page.slug}` })).body);
    const tag = seen.querySelector<HTMLInputElement>('input[name="consent_tag"]')!.value;
    expect(tag).toBe(consentTagOf("Texto que o visitante leu."));
    await t.request({
      method: "PUT",
      url: `/api/blocks/${form.id}`,
      cookie,
      payload: {
        data: { fields: ["email"], title: "Receba", consent_text: "Texto novo, com outra finalidade." },
      },
    });
    const refused = await post({
      slug: page.slug,
      fields: answers(form.id, { email: "leitor@exemplo.com", consent_tag: tag }),
    });
    expect(refused.statusCode).toBe(400);
    const page2 = documentOf(refused.body);
    expect(page2.querySelector('[role="alert"]')!.textContent).toContain(LEAD_MESSAGES.consentChanged);
    expect(page2.body.textContent).toContain("Texto novo, com outra finalidade.");
    expect(page2.querySelector<HTMLInputElement>('input[name="consent"]')!.checked).toBe(false);
    expect(await leadsOf(page.id)).toEqual([]);
    // Agreeing to the text now shown is recorded.
    const now = await post({
      slug: page.slug,
      fields: answers(form.id, {
        email: "leitor@exemplo.com",
        consent_tag: consentTagOf("Texto novo, com outra finalidade."),
      }),
    });
    expect(now.statusCode).toBe(303);
    expect(await leadsOf(page.id)).toHaveLength(1);
  });
});

describe("the plan's contacts per month", () => {
  let previous: number | null = null;
  beforeAll(async () => {
    const [free] = await t.database.db
      .select()
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.name, "Gratuito"));
    previous = free!.maxLeadsPerMonth;
    await t.database.db
      .update(subscriptionPlans)
      .set({ maxLeadsPerMonth: 1 })
      .where(eq(subscriptionPlans.name, "Gratuito"));
  });
  afterAll(async () => {
    await t.database.db
      .update(subscriptionPlans)
      .set({ maxLeadsPerMonth: previous })
      .where(eq(subscriptionPlans.name, "Gratuito"));
  });

  it("keeps a contact past the limit and thanks the visitor; the owner is told it is over", async () => {
    const { page, form } = await pageWithForm({ thank_you: "Obrigada!" });
    const before = created.length;
    const first = await post({ slug: page.slug, fields: answers(form.id, { email: "limite1@exemplo.com" }) });
    const second = await post({
      slug: page.slug,
      json: true,
      fields: answers(form.id, { email: "limite2@exemplo.com" }),
    });
    expect(first.statusCode).toBe(303);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ message: "Obrigada!" });
    expect(await leadsOf(page.id)).toHaveLength(2);
    await new Promise((resolve) => setImmediate(resolve));
    expect(
      created
        .slice(before)
        .map((event) => [event.lead.email, event.overLimit, event.page.slug, event.page.title]),
    ).toEqual([
      ["limite1@exemplo.com", false, page.slug, "Doces da Ana"],
      ["limite2@exemplo.com", true, page.slug, "Doces da Ana"],
    ]);
  });

  it("follows the administrator's limit for the owner over the plan's (-1: unlimited)", async () => {
    const { user, page, form } = await pageWithForm();
    await t.database.db.update(users).set({ customMaxLeadsPerMonth: -1 }).where(eq(users.id, user.id));
    const before = created.length;
    for (const email of ["sem-limite1@exemplo.com", "sem-limite2@exemplo.com"]) {
      const response = await post({ slug: page.slug, fields: answers(form.id, { email }) });
      expect(response.statusCode).toBe(303);
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(created.slice(before).map((event) => event.overLimit)).toEqual([false, false]);
  });

  // Postgres only: PGlite has one connection, so two submissions never overlap there.
  it.runIf(testDatabaseKind === "postgres")(
    "counts two contacts arriving together at the limit one after the other: one is told it is over",
    async () => {
      const { user, page, form } = await pageWithForm();
      const before = created.length;
      const submit = (email: string) => post({ slug: page.slug, fields: answers(form.id, { email }) });
      // The owner's row, locked here as a submission locks it, until both submissions wait for it.
      let both: Promise<Awaited<ReturnType<typeof post>>[]> | undefined;
      await t.database.db.transaction(async (tx) => {
        await tx.select().from(users).where(eq(users.id, user.id)).for("no key update");
        const [holder] = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`));
        both = Promise.all([submit("junto1@exemplo.com"), submit("junto2@exemplo.com")]);
        await vi.waitFor(async () => expect(await blockedBy(holder!.pid)).toBe(2), { timeout: 10_000 });
      });
      const answered = await both!;
      expect(answered.map((response) => response.statusCode)).toEqual([303, 303]);
      expect(await leadsOf(page.id)).toHaveLength(2);
      await new Promise((resolve) => setImmediate(resolve));
      const told = created.slice(before).map((event) => [event.lead.email, event.overLimit]);
      expect(told).toHaveLength(2);
      // The first to take the lock is within the limit (1), the second past it.
      expect(told.map(([, overLimit]) => overLimit).sort()).toEqual([false, true]);
    },
  );
});

/** Connections waiting behind the connection `pid`: on its locks, or queued behind one that is. */
async function blockedBy(pid: number): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await t.database.db.execute(sql`with recursive waiting(pid) as (
        select pid from pg_stat_activity where ${pid}::int = any(pg_blocking_pids(pid))
        union
        select a.pid from pg_stat_activity a join waiting w on w.pid = any(pg_blocking_pids(a.pid))
      ) select count(*)::int as n from waiting`),
  );
  return rows[0]!.n;
}

describe("the rate limits", () => {
  it("refuses a visitor's eleventh post in ten minutes on a page (429 in pt-BR), not another visitor's", async () => {
    const app = await startApp(t.database, {
      rateLimits: true,
      ...(testDatabaseKind === "postgres" && process.env.REDIS_URL
        ? {
            redisUrl: process.env.REDIS_URL,
            redisPrefix: `atalho-test:${process.pid}:${Math.random().toString(36).slice(2)}:`,
          }
        : {}),
    });
    try {
      const { page, form } = await pageWithForm();
      const ip = fromNewIp();
      const max = LEAD_FORM_RATES.perVisitor.max;
      expect([max, LEAD_FORM_RATES.perVisitor.windowMs]).toEqual([10, 10 * 60_000]);
      for (let i = 0; i < max; i++) {
        const response = await post({
          app,
          ip,
          slug: page.slug,
          // Mistakes count too.
          fields: i % 2 ? answers(form.id, { email: `v${i}@exemplo.com` }) : answers(form.id, { email: "x" }),
        });
        expect(response.statusCode).toBe(i % 2 ? 303 : 400);
      }
      const refused = await post({
        app,
        ip,
        slug: page.slug,
        fields: answers(form.id, { email: "z@exemplo.com" }),
      });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(refused.headers["cache-control"]).toBe("no-store");
      const document = documentOf(refused.body);
      expect(document.querySelector("h1")?.textContent).toBe(LEAD_MESSAGES.tooMany);
      expect(document.querySelector("a")?.getAttribute("href")).toBe(`/p/${page.slug}`);
      const json = await post({
        app,
        ip,
        slug: page.slug,
        json: true,
        fields: answers(form.id, { email: "z@exemplo.com" }),
      });
      expect([json.statusCode, json.json()]).toEqual([429, { error: LEAD_MESSAGES.tooMany }]);
      expect((await leadsOf(page.id)).map((lead) => lead.email)).not.toContain("z@exemplo.com");

      // Another visitor, or the same one on another page, is not held back.
      const other = await post({
        app,
        slug: page.slug,
        fields: answers(form.id, { email: "z@exemplo.com" }),
      });
      expect(other.statusCode).toBe(303);
      const elsewhere = await pageWithForm();
      const there = await post({
        app,
        ip,
        slug: elsewhere.page.slug,
        fields: answers(elsewhere.form.id, { email: "z@exemplo.com" }),
      });
      expect(there.statusCode).toBe(303);
    } finally {
      await app.close();
    }
  });

  it("refuses a page's submissions past its hourly budget, whoever sends them", async () => {
    const app = await startApp(t.database, { rateLimits: true });
    try {
      const { page, form } = await pageWithForm();
      const max = LEAD_FORM_RATES.perPage.max;
      expect([max, LEAD_FORM_RATES.perPage.windowMs]).toEqual([120, 60 * 60_000]);
      // The same contact again and again (each merged): only what would be stored counts.
      for (let i = 0; i < max; i++) {
        const response = await post({
          app,
          slug: page.slug,
          fields: answers(form.id, { email: "muitos@exemplo.com" }),
        });
        expect(response.statusCode).toBe(303);
      }
      const refused = await post({
        app,
        slug: page.slug,
        fields: answers(form.id, { email: "outro@exemplo.com" }),
      });
      expect(refused.statusCode).toBe(429);
      expect(documentOf(refused.body).querySelector("h1")?.textContent).toBe(LEAD_MESSAGES.tooMany);
      expect(await leadsOf(page.id)).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
