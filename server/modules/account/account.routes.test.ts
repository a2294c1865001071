import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clickDaily } from "../../../db/schema/clicks";
import { sessions, users } from "../../../db/schema/users";
import { setupTestApp } from "../../../tests/test-app";
import { hashPassword } from "../auth/auth.service";
import { createSession } from "../auth/session";

const t = setupTestApp();
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
    expect(data.subscriptions).toEqual([]);
    expect(data.payments).toEqual([]);
    expect(response.body).not.toContain("example.com/outro");
  });

  it("is for the signed-in user only", async () => {
    expect((await t.request({ method: "GET", url: "/api/user/export" })).statusCode).toBe(401);
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
