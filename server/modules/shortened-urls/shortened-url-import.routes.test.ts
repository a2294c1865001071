import { eq, sql } from "drizzle-orm";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { limitReachedMessage } from "../../../common/contract/billing";
import {
  SHORT_URL_IMPORT_COLUMNS,
  SHORT_URL_IMPORT_MAX_BYTES,
  SHORT_URL_IMPORT_MESSAGES,
  SHORT_URL_MESSAGES,
  type ShortenedUrlImportResult,
} from "../../../common/contract/shortened-urls";
import { LINK_TARGET_MESSAGES } from "../../../common/contract/urls";
import { domains, shortenedUrls, subscriptionPlans, userSubscriptions } from "../../../db/schema";
import { setupTestApp } from "../../../tests/test-app";
import { parseImportExpiry } from "./shortened-url-import";

const t = setupTestApp();
const uniqueCode = () => `i-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
const importCsv = (cookie: string, csv: string) =>
  t.request({ method: "POST", url: "/api/shortened-urls/import", payload: { csv }, cookie });
const linksOf = (userId: number) =>
  t.database.db
    .select()
    .from(shortenedUrls)
    .where(eq(shortenedUrls.userId, userId))
    .orderBy(shortenedUrls.id);

describe("parseImportExpiry", () => {
  it.each([
    ["31/12/2030", "2031-01-01T02:59:00.000Z"],
    ["1/2/2030 08:30", "2030-02-01T11:30:00.000Z"],
    ["2030-12-31", "2031-01-01T02:59:00.000Z"],
    ["2030-12-31T10:00", "2030-12-31T13:00:00.000Z"],
    ["2030-12-31T10:00:00Z", "2030-12-31T10:00:00.000Z"],
    ["2030-12-31T10:00:00-03:00", "2030-12-31T13:00:00.000Z"],
    ["", null],
  ])("reads %s in São Paulo time", (value, expected) => {
    expect(parseImportExpiry(value)).toBe(expected);
  });

  it.each(["31/02/2030", "12/31/2030", "amanhã", "31/12/2030 25:00", "2030-13-01"])("refuses %s", (value) => {
    expect(parseImportExpiry(value)).toBeUndefined();
  });
});

describe("POST /api/shortened-urls/import", () => {
  it("reads UTF-8 with BOM and semicolons (Excel pt-BR), creating every valid row", async () => {
    const { user, cookie } = await t.signIn();
    const code = uniqueCode();
    const csv =
      "\uFEFForiginal_url;title;custom_code;expires_at\r\n" +
      `https://exemplo.com.br/a;Promoção de "verão";${code};31/12/2030 18:00\r\n` +
      "\r\n" +
      "exemplo.com.br/b;;;\r\n";
    const response = await importCsv(cookie, csv);
    expect(response.statusCode).toBe(200);
    expect(response.json<ShortenedUrlImportResult>()).toEqual({ created: 2, refused: [] });
    const rows = await linksOf(user.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      originalUrl: "https://exemplo.com.br/a",
      title: 'Promoção de "verão"',
      shortCode: code,
      expiresAt: new Date("2030-12-31T21:00:00Z"),
    });
    expect(rows[1]).toMatchObject({ originalUrl: "https://exemplo.com.br/b", title: null, expiresAt: null });
    expect(rows[1]!.shortCode).toHaveLength(7);
    // The imported code redirects at once.
    const visit = await t.request({ method: "GET", url: `/s/${code}` });
    expect(visit.headers.location).toBe("https://exemplo.com.br/a");
  });

  it("reads commas without a BOM, with columns in any order and quoted commas", async () => {
    const { user, cookie } = await t.signIn();
    const response = await importCsv(
      cookie,
      'title,original_url\n"Um, dois",https://exemplo.com.br/x?a=1&b=2\n',
    );
    expect(response.json()).toEqual({ created: 1, refused: [] });
    expect((await linksOf(user.id))[0]).toMatchObject({
      title: "Um, dois",
      originalUrl: "https://exemplo.com.br/x?a=1&b=2",
    });
  });

  it("reads 'Abrir no app' as sim or não (empty is sim) and refuses anything else", async () => {
    const { user, cookie } = await t.signIn();
    const response = await importCsv(
      cookie,
      "original_url;open_in_app\nhttps://a.com.br;não\nhttps://b.com.br;\nhttps://c.com.br;talvez\n",
    );
    expect(response.json()).toEqual({
      created: 2,
      refused: [{ row: 4, field: "open_in_app", message: SHORT_URL_IMPORT_MESSAGES.openInApp }],
    });
    const links = await linksOf(user.id);
    expect(links.map((link) => [link.originalUrl, link.openInApp])).toEqual([
      ["https://a.com.br", false],
      ["https://b.com.br", true],
    ]);
  });

  it("reports each bad row by line, field and pt-BR message, and creates the good ones", async () => {
    const taken = uniqueCode();
    const owner = await t.signIn();
    await importCsv(owner.cookie, `original_url,custom_code\nhttps://a.com.br,${taken}\n`);
    const { user, cookie } = await t.signIn();
    const dup = uniqueCode();
    const csv = [
      "original_url,title,custom_code,expires_at",
      "https://ok.com.br/1,,,",
      "javascript:alert(1),,,",
      ",sem url,,",
      "http://10.0.0.1/admin,,,",
      "http://localhost:3000/s/abc,,,",
      `https://ok.com.br/2,,${taken},`,
      "https://ok.com.br/3,,admin,",
      "https://ok.com.br/4,,a b,",
      "https://ok.com.br/5,,,01/01/2020",
      "https://ok.com.br/6,,,32/01/2030",
      `https://ok.com.br/7,,${dup},`,
      `https://ok.com.br/8,,${dup},`,
      `https://ok.com.br/9,${"t".repeat(201)},,`,
    ].join("\n");
    const response = await importCsv(cookie, csv);
    expect(response.statusCode).toBe(200);
    expect(response.json<ShortenedUrlImportResult>()).toEqual({
      created: 2,
      refused: [
        {
          row: 3,
          field: "original_url",
          message: "Informe uma URL válida começando com http:// ou https://",
        },
        { row: 4, field: "original_url", message: "URL é obrigatória" },
        { row: 5, field: "original_url", message: LINK_TARGET_MESSAGES.internal },
        { row: 6, field: "original_url", message: SHORT_URL_MESSAGES.ownShortLink },
        { row: 7, field: "custom_code", message: SHORT_URL_MESSAGES.codeTaken },
        { row: 8, field: "custom_code", message: SHORT_URL_MESSAGES.codeReserved },
        { row: 9, field: "custom_code", message: SHORT_URL_MESSAGES.codeHint },
        { row: 10, field: "expires_at", message: SHORT_URL_MESSAGES.expiryInPast },
        { row: 11, field: "expires_at", message: SHORT_URL_IMPORT_MESSAGES.expiresAt },
        { row: 13, field: "custom_code", message: SHORT_URL_IMPORT_MESSAGES.duplicateCode },
        { row: 14, field: "title", message: "O título deve ter no máximo 200 caracteres" },
      ],
    });
    expect((await linksOf(user.id)).map((r) => r.originalUrl)).toEqual([
      "https://ok.com.br/1",
      "https://ok.com.br/7",
    ]);
  });

  it("counts the import against the plan's limit and refuses the rows past it", async () => {
    const { user, cookie } = await t.signIn({ customMaxShortenedUrls: 3 });
    await importCsv(cookie, "original_url\nhttps://a.com.br/0\n");
    const response = await importCsv(
      cookie,
      "original_url\nhttps://a.com.br/1\nhttps://a.com.br/2\nhttps://a.com.br/3\nhttps://a.com.br/4\n",
    );
    const message = limitReachedMessage("shortened_urls", 3, "Gratuito");
    expect(response.json()).toEqual({
      created: 2,
      refused: [
        { row: 4, field: "limit", message },
        { row: 5, field: "limit", message },
      ],
    });
    expect(await linksOf(user.id)).toHaveLength(3);
  });

  it.each([
    ["", SHORT_URL_IMPORT_MESSAGES.empty],
    ["\uFEFF\r\n", SHORT_URL_IMPORT_MESSAGES.empty],
    ["original_url\n\n", SHORT_URL_IMPORT_MESSAGES.empty],
    ["url;titulo\nhttps://a.com.br;x\n", SHORT_URL_IMPORT_MESSAGES.missingColumn],
    [`original_url\n${"https://a.com.br\n".repeat(1001)}`, SHORT_URL_IMPORT_MESSAGES.tooManyRows],
    [`original_url\n${"x".repeat(SHORT_URL_IMPORT_MAX_BYTES)}`, SHORT_URL_IMPORT_MESSAGES.tooLarge],
  ])("refuses the whole file %#, creating nothing", async (csv, message) => {
    const { user, cookie } = await t.signIn();
    const response = await importCsv(cookie, csv);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: message, details: { csv: message } });
    expect(await linksOf(user.id)).toHaveLength(0);
  });

  it("accepts exactly 1000 rows", async () => {
    const { user, cookie } = await t.signIn({ customMaxShortenedUrls: -1 });
    // On a plan without an hourly creation rate (the free plan's 30 an hour would refuse the rest).
    const [plan] = await t.database.db
      .insert(subscriptionPlans)
      .values({ name: `Sem taxa ${uniqueCode()}`, priceCents: 990, creationsPerHour: null })
      .returning();
    await t.database.db.insert(userSubscriptions).values({
      userId: user.id,
      planId: plan!.id,
      status: "active",
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const response = await importCsv(cookie, `original_url\n${"https://a.com.br\n".repeat(1000)}`);
    expect(response.json()).toEqual({ created: 1000, refused: [] });
    expect(await linksOf(user.id)).toHaveLength(1000);
  });

  it("needs a session", async () => {
    const response = await t.request({
      method: "POST",
      url: "/api/shortened-urls/import",
      payload: { csv: "original_url\nhttps://a.com.br\n" },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe("GET /api/shortened-urls/export.csv", () => {
  it("downloads the user's links with clicks, UTF-8 with BOM and `;`, and imports back", async () => {
    const { user, cookie } = await t.signIn();
    const code = uniqueCode();
    await importCsv(
      cookie,
      `original_url;title;custom_code;expires_at\nhttps://a.com.br/x;"Título; com ponto";${code};31/12/2030 18:00\nhttps://b.com.br;=SOMA(1);;\n`,
    );
    const [first] = await linksOf(user.id);
    await t.database.db.update(shortenedUrls).set({ clickCount: 42 }).where(eq(shortenedUrls.id, first!.id));
    const stranger = await t.signIn();
    await importCsv(stranger.cookie, "original_url\nhttps://segredo.com.br\n");

    const response = await t.request({ method: "GET", url: "/api/shortened-urls/export.csv", cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/attachment; filename="links-curtos-.*\.csv"/);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(response.body.startsWith("\uFEFF")).toBe(true);
    expect(response.body).not.toContain("segredo");
    const rows = Papa.parse<string[]>(response.body.slice(1).trim(), { delimiter: ";" }).data;
    // The import's columns first: the file imports back.
    expect(rows[0]).toEqual([...SHORT_URL_IMPORT_COLUMNS, "short_url", "click_count", "created_at"]);
    expect(rows).toHaveLength(3);
    const byUrl = Object.fromEntries(rows.slice(1).map((r) => [r[0], r]));
    expect(byUrl["https://a.com.br/x"]!.slice(0, 7)).toEqual([
      "https://a.com.br/x",
      "Título; com ponto",
      code,
      "31/12/2030 18:00",
      "sim",
      `http://localhost:3000/s/${code}`,
      "42",
    ]);
    // A formula-looking title is defused for the spreadsheet.
    expect(byUrl["https://b.com.br"]![1]).toBe("'=SOMA(1)");

    // The first five columns import back: every code is in the file, so on the same domain
    // each row is refused as taken, and with the codes cleared both are created again.
    const other = await t.signIn();
    const again = await importCsv(other.cookie, response.body);
    expect(again.json()).toEqual({
      created: 0,
      refused: [
        { row: 2, field: "custom_code", message: SHORT_URL_MESSAGES.codeTaken },
        { row: 3, field: "custom_code", message: SHORT_URL_MESSAGES.codeTaken },
      ],
    });
    const withoutCodes = rows.map((r) => [r[0]!, r[1]!, "", r[3]!, r[4]!]);
    const copied = await importCsv(other.cookie, Papa.unparse(withoutCodes, { delimiter: ";" }));
    expect(copied.json()).toEqual({ created: 2, refused: [] });
  });

  it("pages past 1,000 rows by the last one read: every link once, newest first, ties by id", async () => {
    const { user, cookie } = await t.signIn();
    const [main] = await t.database.db
      .select({ id: domains.id })
      .from(domains)
      .where(eq(domains.isDefault, true));
    const prefix = uniqueCode();
    // Two instants, microseconds apart, each shared by many links: a cursor that lost the
    // microseconds, or ignored the id, would skip or repeat links across the pages.
    const at = (micros: string) => sql`${`2030-01-02 03:04:05.${micros}+00`}::timestamptz`;
    const rows = Array.from({ length: 2_300 }, (_, i) => ({
      userId: user.id,
      domainId: main!.id,
      shortCode: `${prefix}-${i}`,
      originalUrl: `https://exemplo.com.br/${i}`,
      createdAt: i < 1_500 ? at("000001") : at("000002"),
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await t.database.db.insert(shortenedUrls).values(rows.slice(i, i + 500));
    }
    const response = await t.request({ method: "GET", url: "/api/shortened-urls/export.csv", cookie });
    const codes = Papa.parse<string[]>(response.body.slice(1).trim(), { delimiter: ";" })
      .data.slice(1)
      .map((r) => r[2]!);
    expect(codes).toHaveLength(2_300);
    expect(new Set(codes).size).toBe(2_300);
    const ids = new Map((await linksOf(user.id)).map((link) => [link.shortCode, link.id]));
    const index = (code: string) => Number(code.slice(prefix.length + 1));
    // The later instant first; within one, the higher id first.
    expect(codes.slice(0, 800).every((code) => index(code) >= 1_500)).toBe(true);
    expect(codes.slice(800).every((code) => index(code) < 1_500)).toBe(true);
    for (let i = 1; i < codes.length; i++) {
      if (i === 800) continue;
      expect(ids.get(codes[i - 1]!)! > ids.get(codes[i]!)!, codes[i]).toBe(true);
    }
  });

  it("needs a session", async () => {
    const response = await t.request({ method: "GET", url: "/api/shortened-urls/export.csv" });
    expect(response.statusCode).toBe(401);
  });
});
