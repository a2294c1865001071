import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { clickDaily, pageDaily } from "../../../db/schema/clicks";
import { linkPages, links } from "../../../db/schema/link-pages";
import { apiKeys, shortenedUrls, webhooks } from "../../../db/schema/shortened-urls";
import { sessions, users } from "../../../db/schema/users";
import { FACTORY_PASSWORD } from "../../../tests/factories";
import { cookieFrom, setupTestApp } from "../../../tests/test-app";
import { hashPassword } from "../auth/auth.service";
import { createSession } from "../auth/session";
import { EXPORT_PAGE_ROWS, exportUserData } from "./account-export";

const photoDir = fs.mkdtempSync(path.join(os.tmpdir(), "atalho-account-"));
const t = setupTestApp({ dataDir: photoDir });
afterAll(() => fs.rmSync(photoDir, { recursive: true, force: true }));
let counter = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${++counter}`;

async function post(url: string, cookie: string, payload: Record<string, unknown>) {
  const response = await t.request({ method: "POST", url, cookie, payload });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number };
}

describe("GET /api/user/export", () => {
  it("downloads everything we hold about the user as JSON, and nothing of anyone else", async () => {
    const { user, cookie } = await t.signIn({ firstName: "Ana" });
    const other = await t.signIn();
    const page = await post("/api/link-pages", cookie, { slug: unique("export"), title: "Minha página" });
    await post(`/api/link-pages/${page.id}/links`, cookie, {
      title: "Loja",
      url: "https://loja.example/ana",
    });
    const code = unique("exp");
    const short = await post("/api/shortened-urls", cookie, {
      original_url: "https://example.com/promo",
      custom_code: code,
    });
    await post("/api/shortened-urls", other.cookie, { original_url: "https://example.com/outro" });
    await t.database.db.insert(clickDaily).values({
      userId: user.id,
      day: "2026-11-20",
      targetType: "short_url",
      targetId: short.id,
      dimension: "total",
      clicks: 7,
    });
    await t.database.db.insert(pageDaily).values([
      {
        userId: user.id,
        linkPageId: page.id,
        day: "2026-11-21",
        dimension: "total",
        views: 9,
        visitors: 4,
        clicks: 2,
      },
      {
        userId: user.id,
        linkPageId: page.id,
        day: "2026-11-20",
        dimension: "total",
        views: 5,
        visitors: 5,
        clicks: 0,
      },
      {
        userId: user.id,
        linkPageId: page.id,
        day: "2026-11-20",
        dimension: "country",
        value: "BR",
        views: 5,
      },
      { userId: other.user.id, linkPageId: page.id + 1000, day: "2026-11-20", dimension: "total", views: 3 },
    ]);

    await t.database.db.insert(apiKeys).values({
      userId: user.id,
      name: "Planilha",
      prefix: "atk_abc",
      keyHash: unique("hash-da-chave"),
      scopes: ["links:read"],
    });
    await t.database.db.insert(webhooks).values({
      userId: user.id,
      url: "https://exemplo.com.br/gancho",
      secret: "segredo-de-assinatura",
      events: ["link.clicked"],
    });

    const response = await t.request({ method: "GET", url: "/api/user/export", cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="meus-dados-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers["cache-control"]).toBe("private, no-store");

    const data = response.json();
    expect(data.account).toMatchObject({ id: user.id, email: user.email, first_name: "Ana" });
    expect(response.body).not.toMatch(/password|argon2|token/i);
    expect(data.link_pages).toHaveLength(1);
    expect(data.link_pages[0]).toMatchObject({ title: "Minha página", domain: expect.any(String) });
    expect(data.link_pages[0].links).toMatchObject([{ title: "Loja", url: "https://loja.example/ana" }]);
    expect(data.shortened_urls).toMatchObject([
      { short_code: code, original_url: "https://example.com/promo" },
    ]);
    expect(data.clicks_per_day).toEqual([
      { day: "2026-11-20", target_type: "short_url", target_id: short.id, clicks: 7 },
    ]);
    // A page's daily figures: counts only, no visitor.
    expect(data.page_views_per_day).toEqual([
      { day: "2026-11-20", link_page_id: page.id, views: 5, unique_visitors: 5, clicks: 0 },
      { day: "2026-11-21", link_page_id: page.id, views: 9, unique_visitors: 4, clicks: 2 },
    ]);
    expect(data.subscriptions).toEqual([]);
    expect(data.payments).toEqual([]);
    expect(data.api_keys).toMatchObject([{ name: "Planilha", prefix: "atk_abc", scopes: ["links:read"] }]);
    expect(data.webhooks).toMatchObject([
      { url: "https://exemplo.com.br/gancho", events: ["link.clicked"], is_active: true },
    ]);
    expect(response.body).not.toMatch(/hash-da-chave|segredo-de-assinatura|key_hash|secret/);
    expect(response.body).not.toContain("example.com/outro");
  });

  it("is for the signed-in user only", async () => {
    expect((await t.request({ method: "GET", url: "/api/user/export" })).statusCode).toBe(401);
  });

  it("sends an account larger than a read whole: every short link and day once, in order", async () => {
    const { user, cookie } = await t.signIn();
    const domainId = t.app.domains.default.id;
    const count = EXPORT_PAGE_ROWS * 2 + 345;
    // Most of them created in the same instant, as a bulk import does: ties go by id.
    const at = new Date("2026-11-01T12:00:00.123Z");
    const created = await t.database.db
      .insert(shortenedUrls)
      .values(
        Array.from({ length: count }, (_, i) => ({
          userId: user.id,
          domainId,
          shortCode: unique(`lote${i}`),
          originalUrl: `https://exemplo.com.br/${i}`,
          createdAt: i < 10 ? new Date(at.getTime() - 1000 + i) : at,
        })),
      )
      .returning({ id: shortenedUrls.id });
    const targets = created.slice(0, 700).map((row) => row.id);
    // Two days of totals per target, and a country row each that the file leaves out.
    await t.database.db.insert(clickDaily).values(
      targets.flatMap((targetId) =>
        ["2026-11-20", "2026-11-21"].flatMap((day) => [
          {
            userId: user.id,
            day,
            targetType: "short_url" as const,
            targetId,
            dimension: "total" as const,
            clicks: 2,
          },
          {
            userId: user.id,
            day,
            targetType: "short_url" as const,
            targetId,
            dimension: "country" as const,
            value: "BR",
            clicks: 2,
          },
        ]),
      ),
    );

    const response = await t.request({ method: "GET", url: "/api/user/export", cookie });
    expect(response.statusCode).toBe(200);
    const data = response.json();
    expect(data.shortened_urls.map((row: { id: number }) => row.id)).toEqual(created.map((row) => row.id));
    expect(data.clicks_per_day).toHaveLength(targets.length * 2);
    expect(data.clicks_per_day.slice(0, 3)).toEqual([
      { day: "2026-11-20", target_type: "short_url", target_id: targets[0], clicks: 2 },
      { day: "2026-11-21", target_type: "short_url", target_id: targets[0], clicks: 2 },
      { day: "2026-11-20", target_type: "short_url", target_id: targets[1], clicks: 2 },
    ]);
    const keys = data.clicks_per_day.map(
      (row: { target_id: number; day: string }) => `${row.target_id}|${row.day}`,
    );
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("writes the file as JSON.stringify(…, null, 2) would, pages and their links in pieces", async () => {
    const { user } = await t.signIn();
    const domainId = t.app.domains.default.id;
    const pages = await t.database.db
      .insert(linkPages)
      .values(
        [0, 1, 2].map((i) => ({
          userId: user.id,
          domainId,
          slug: unique(`pedaco${i}`),
          title: `Página ${i}`,
        })),
      )
      .returning({ id: linkPages.id });
    await t.database.db.insert(links).values([
      { linkPageId: pages[2]!.id, title: 'Último "link"\n', url: "https://exemplo.com.br/c", position: 0 },
      { linkPageId: pages[0]!.id, title: "Primeiro", url: "https://exemplo.com.br/a", position: 0 },
    ]);
    const pieces = await exportUserData(t.database.db, user.id, { pageRows: 2 });
    let text = "";
    for await (const piece of pieces!) text += piece;
    const data = JSON.parse(text);
    expect(text).toBe(`${JSON.stringify(data, null, 2)}\n`);
    expect(
      data.link_pages.map((page: { links: { title: string }[] }) => page.links.map((link) => link.title)),
    ).toEqual([["Primeiro"], [], ['Último "link"\n']]);
    expect(data.shortened_urls).toEqual([]);
    expect(await exportUserData(t.database.db, 2_000_000_000)).toBeNull();
  });
});

describe("PUT /api/user/profile", () => {
  it("changes the name with the registration's rules, and nothing else", async () => {
    const { user, cookie } = await t.signIn();
    const response = await t.request({
      method: "PUT",
      url: "/api/user/profile",
      cookie,
      payload: { first_name: "  Joana ", last_name: "Silva", email: "outro@exemplo.com", is_admin: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: "Perfil atualizado",
      user: { first_name: "Joana", last_name: "Silva", email: user.email, is_admin: false },
    });
    const refused = await t.request({
      method: "PUT",
      url: "/api/user/profile",
      cookie,
      payload: { first_name: " " },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.first_name).toBe("Nome é obrigatório");
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ firstName: "Joana", email: user.email, isAdmin: false });
  });
});

describe("POST /api/user/password", () => {
  async function withPassword(password: string) {
    const signed = await t.signIn({ passwordHash: await hashPassword(password) });
    const other = await createSession(t.database.db, signed.user.id);
    return { ...signed, otherCookie: `atalho_session=${other.token}` };
  }
  const change = (cookie: string, payload: Record<string, string>) =>
    t.request({ method: "POST", url: "/api/user/password", cookie, payload });

  it("needs the current password; then ends every other session and keeps this device signed in", async () => {
    const { user, cookie, otherCookie } = await withPassword("senha-antiga-1");
    const wrong = await change(cookie, { current_password: "errada", new_password: "senha-nova-123" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details.current_password).toBe("A senha atual está incorreta");
    const short = await change(cookie, { current_password: "senha-antiga-1", new_password: "curta" });
    expect(short.statusCode).toBe(400);
    expect(short.json().details.new_password).toBe("A senha deve conter pelo menos 8 caracteres");

    const ok = await change(cookie, { current_password: "senha-antiga-1", new_password: "senha-nova-123" });
    expect(ok.statusCode).toBe(200);
    const fresh = ok.cookies.find((c) => c.name === "atalho_session")!;
    expect((await t.request({ method: "GET", url: "/api/auth/me", cookie })).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url: "/api/auth/me", cookie: otherCookie })).statusCode).toBe(
      401,
    );
    const me = await t.request({
      method: "GET",
      url: "/api/auth/me",
      cookie: `atalho_session=${fresh.value}`,
    });
    expect(me.json()).toMatchObject({ id: user.id });
    const login = await t.request({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: user.email, password: "senha-nova-123" },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe("sessions", () => {
  it("lists the account's sessions, marks this one, and signs the others out", async () => {
    const { user, cookie } = await t.signIn();
    const other = await createSession(t.database.db, user.id);
    const list = await t.request({ method: "GET", url: "/api/user/sessions", cookie });
    expect(list.statusCode).toBe(200);
    const items = list.json() as { id: string; current: boolean }[];
    expect(items).toHaveLength(2);
    expect(items.filter((s) => s.current)).toHaveLength(1);
    expect(JSON.stringify(items)).not.toContain(other.token);

    const revoke = await t.request({
      method: "POST",
      url: "/api/user/sessions/revoke-others",
      cookie,
      payload: {},
    });
    expect(revoke.json()).toMatchObject({ message: "Sessões nos outros dispositivos encerradas" });
    expect(await t.database.db.$count(sessions, eq(sessions.userId, user.id))).toBe(1);
    expect((await t.request({ method: "GET", url: "/api/auth/me", cookie })).statusCode).toBe(200);
  });
});

describe("PUT /api/user/photo", () => {
  const PNG =
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
  const GIF = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";
  const setPhoto = (cookie: string, value: unknown) =>
    t.request({ method: "PUT", url: "/api/user/photo", cookie, payload: { profile_picture_url: value } });
  const fileOf = (url: string) => path.join(photoDir, url);

  it("stores an upload as a file, replaces it (the old file goes), takes a URL, and removes it", async () => {
    const { user, cookie } = await t.signIn();
    const first = await setPhoto(cookie, PNG);
    expect(first.statusCode, first.body).toBe(200);
    const firstUrl = first.json().user.profile_picture_url as string;
    expect(first.json().message).toBe("Foto atualizada");
    expect(firstUrl).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    expect(fs.existsSync(fileOf(firstUrl))).toBe(true);
    const served = await t.request({ method: "GET", url: firstUrl });
    expect(served.headers["content-type"]).toBe("image/png");

    const second = await setPhoto(cookie, GIF);
    const secondUrl = second.json().user.profile_picture_url as string;
    expect(secondUrl).toMatch(/\.gif$/);
    expect(fs.existsSync(fileOf(firstUrl))).toBe(false);
    // Saving the same stored path again keeps it.
    expect((await setPhoto(cookie, secondUrl)).json().user.profile_picture_url).toBe(secondUrl);

    const linked = await setPhoto(cookie, "https://cdn.exemplo.com.br/eu.jpg");
    expect(linked.json().user.profile_picture_url).toBe("https://cdn.exemplo.com.br/eu.jpg");
    expect(fs.existsSync(fileOf(secondUrl))).toBe(false);
    const me = await t.request({ method: "GET", url: "/api/auth/me", cookie });
    expect(me.json().profile_picture_url).toBe("https://cdn.exemplo.com.br/eu.jpg");

    const removed = await setPhoto(cookie, null);
    expect(removed.json()).toMatchObject({ message: "Foto removida", user: { profile_picture_url: null } });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.profilePictureUrl).toBeNull();
  });

  it("refuses what is not an image, an image over 5MB, and another user's file, changing nothing", async () => {
    const owner = await t.signIn();
    const ownerUrl = (await setPhoto(owner.cookie, PNG)).json().user.profile_picture_url as string;
    const { user, cookie } = await t.signIn();
    const stored = (await setPhoto(cookie, PNG)).json().user.profile_picture_url as string;

    const text = await setPhoto(
      cookie,
      `data:image/png;base64,${Buffer.from("não é imagem").toString("base64")}`,
    );
    expect(text.statusCode).toBe(400);
    expect(text.json().error).toBe("Por favor selecione um arquivo de imagem válido");
    const big = Buffer.alloc(5 * 1024 * 1024 + 10);
    Buffer.from(PNG.split(",")[1]!, "base64").copy(big);
    const tooLarge = await setPhoto(cookie, `data:image/png;base64,${big.toString("base64")}`);
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().error).toBe("A imagem deve ter no máximo 5MB");
    const notUrl = await setPhoto(cookie, "javascript:alert(1)");
    expect(notUrl.statusCode).toBe(400);
    const claimed = await setPhoto(cookie, ownerUrl);
    expect(claimed.statusCode).toBe(400);

    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.profilePictureUrl).toBe(stored);
    expect(fs.existsSync(fileOf(stored))).toBe(true);
    expect(fs.existsSync(fileOf(ownerUrl))).toBe(true);
    expect(fs.readdirSync(path.join(photoDir, "uploads")).length).toBeGreaterThanOrEqual(2);
  });

  it("is for the signed-in user only", async () => {
    expect((await setPhoto("", PNG)).statusCode).toBe(401);
  });
});

describe("GET /api/user/export: the access log", () => {
  it("includes the account's access-log lines (IP, port, time), and nobody else's", async () => {
    const { user } = await t.signIn();
    const login = await t.request({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress: "203.0.113.5",
      payload: { email: user.email, password: FACTORY_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const cookie = cookieFrom(login);
    await t.signIn();
    const data = (await t.request({ method: "GET", url: "/api/user/export", cookie })).json();
    expect(data.access_log).toEqual([
      // app.inject has no socket port; a real request's is recorded (access-log.ts).
      { event: "login", email: user.email, ip: "203.0.113.5", port: null, created_at: expect.any(String) },
    ]);
  });
});
