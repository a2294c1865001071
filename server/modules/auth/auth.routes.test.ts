import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, users } from "../../../db/schema";
import { FACTORY_PASSWORD } from "../../../tests/factories";
import { cookieFrom, setupTestApp } from "../../../tests/test-app";

const t = setupTestApp();
let ipCounter = 0;
// Each test speaks from its own address, so the per-IP limits of one test do not leak into another.
const fromNewIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const post = (
  url: string,
  payload: unknown,
  extra: { cookie?: string; ip?: string; headers?: Record<string, string> } = {},
) =>
  t.request({
    method: "POST",
    url,
    payload: payload as object,
    cookie: extra.cookie,
    remoteAddress: extra.ip ?? fromNewIp(),
    headers: extra.headers,
  });
const unique = () => `ana.${Date.now()}.${Math.random().toString(36).slice(2)}@exemplo.com.br`;

describe("POST /api/auth/register", () => {
  it("creates the account, signs in and answers the spec's shape", async () => {
    const email = unique();
    const response = await post("/api/auth/register", {
      email: ` ${email.toUpperCase()} `,
      password: "12345678",
      first_name: "Ana",
      last_name: "",
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      message: "Conta criada com sucesso",
      user: { email, first_name: "Ana", last_name: "", is_admin: false },
    });
    expect(body.user.google_user_data).toEqual({ given_name: "Ana", family_name: "", picture: null });

    const session = response.cookies.find((c) => c.name === "atalho_session")!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    const me = await t.request({ method: "GET", url: "/api/auth/me", cookie: cookieFrom(response) });
    expect(me.json()).toMatchObject({ email, is_admin: false });

    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it.each([
    [{ email: "nao-e-email", password: "12345678", first_name: "Ana" }, "email", "Email inválido"],
    [{ email: "", password: "12345678", first_name: "Ana" }, "email", "Email é obrigatório"],
    [
      { email: "a@b.com.br", password: "1234567", first_name: "Ana" },
      "password",
      "A senha deve conter pelo menos 8 caracteres",
    ],
    [{ email: "a@b.com.br", password: "12345678", first_name: "  " }, "first_name", "Nome é obrigatório"],
    [{ email: "a@b.com.br", password: "12345678" }, "first_name", "Nome é obrigatório"],
    [{ email: 42, password: "12345678", first_name: "Ana" }, "email", "Email é obrigatório"],
  ])("refuses %j with a pt-BR message and creates nothing", async (payload, field, message) => {
    const before = await t.database.db.$count(users);
    const response = await post("/api/auth/register", payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.details[field]).toBe(message);
    expect(body).toMatchObject({ success: false, error: expect.any(String), message: body.error });
    expect(await t.database.db.$count(users)).toBe(before);
  });

  it("says a taken email is taken, whatever its case", async () => {
    const email = unique();
    await post("/api/auth/register", { email, password: "12345678", first_name: "Ana" });
    const again = await post("/api/auth/register", {
      email: email.toUpperCase(),
      password: "87654321",
      first_name: "Outra",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, message: "Este email já está cadastrado" });
  });

  it("refuses a body that is not JSON", async () => {
    const response = await t.request({
      method: "POST",
      url: "/api/auth/register",
      payload: "email=a",
      headers: { "content-type": "text/plain" },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toBe("Envie os dados como JSON.");
  });
});

describe("POST /api/auth/login", () => {
  it("signs in with the right password, any email case", async () => {
    const { user } = await t.signIn();
    const response = await post("/api/auth/login", {
      email: user.email.toUpperCase(),
      password: FACTORY_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: "Login realizado com sucesso",
      user: { id: user.id },
    });
    expect(cookieFrom(response)).not.toBe("");
  });

  it("answers the same message for a wrong password and an unknown email", async () => {
    const { user } = await t.signIn();
    const wrong = await post("/api/auth/login", { email: user.email, password: "errada123" });
    const unknown = await post("/api/auth/login", { email: unique(), password: "errada123" });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        message: "Email ou senha incorretos",
        error: "Email ou senha incorretos",
      });
      expect(cookieFrom(response)).toBe("");
    }
  });

  it("refuses a deactivated account, and only after the right password", async () => {
    const { user } = await t.signIn({ isActive: false });
    const wrong = await post("/api/auth/login", { email: user.email, password: "errada123" });
    expect(wrong.json().message).toBe("Email ou senha incorretos");
    const right = await post("/api/auth/login", { email: user.email, password: FACTORY_PASSWORD });
    expect(right.statusCode).toBe(403);
    expect(right.json().message).toBe("Esta conta está desativada. Fale com o suporte.");
  });

  it("refuses an empty body with pt-BR messages", async () => {
    const response = await post("/api/auth/login", {});
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual({
      email: "Email é obrigatório",
      password: "Senha é obrigatória",
    });
  });

  it("limits attempts per email across addresses, with Retry-After", async () => {
    const { user } = await t.signIn();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await post("/api/auth/login", { email: user.email, password: "errada123" })).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    const limited = await post("/api/auth/login", { email: user.email, password: FACTORY_PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json().message).toBe("Muitas tentativas. Aguarde um pouco e tente novamente.");
  });

  it("limits attempts per address across emails", async () => {
    const ip = "10.99.0.1";
    let last = 0;
    for (let i = 0; i < 31; i++)
      last = (await post("/api/auth/login", { email: unique(), password: "x" }, { ip })).statusCode;
    expect(last).toBe(429);
  });
});

describe("sessions", () => {
  it("/me answers 401 without a session, and with a forged one", async () => {
    expect((await t.request({ method: "GET", url: "/api/auth/me" })).statusCode).toBe(401);
    expect(
      (await t.request({ method: "GET", url: "/api/auth/me", cookie: "atalho_session=forged" })).statusCode,
    ).toBe(401);
  });

  it("/session answers 200 with the user, or null for a visitor and a forged or revoked session", async () => {
    const session = (cookie?: string) => t.request({ method: "GET", url: "/api/auth/session", cookie });
    const visitor = await session();
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual({ user: null });
    expect(visitor.headers["cache-control"]).toBe("private, no-store");
    expect((await session("atalho_session=forged")).json()).toEqual({ user: null });

    const { user, cookie } = await t.signIn();
    expect((await session(cookie)).json()).toMatchObject({ user: { id: user.id, email: user.email } });
    await post("/api/auth/logout", {}, { cookie });
    expect((await session(cookie)).json()).toEqual({ user: null });
  });

  it("logout revokes the session on the server", async () => {
    const { user, cookie } = await t.signIn();
    const logout = await post("/api/auth/logout", {}, { cookie });
    expect(logout.statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: "/api/auth/me", cookie })).statusCode).toBe(401);
    expect(await t.database.db.$count(sessions, eq(sessions.userId, user.id))).toBe(0);
  });

  it("a deactivated user's session stops working", async () => {
    const { user, cookie } = await t.signIn();
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await t.request({ method: "GET", url: "/api/auth/me", cookie })).statusCode).toBe(401);
  });

  it("stores only a hash of the token", async () => {
    const { user, cookie } = await t.signIn();
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(cookie).not.toContain(row!.tokenHash);
  });
});

describe("CSRF", () => {
  it("refuses a state-changing request from another origin and changes nothing", async () => {
    const { cookie } = await t.signIn();
    const response = await post(
      "/api/auth/logout",
      {},
      { cookie, headers: { origin: "https://evil.example" } },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe("Requisição de outra origem recusada.");
    expect((await t.request({ method: "GET", url: "/api/auth/me", cookie })).statusCode).toBe(200);
  });

  it("accepts our own origin", async () => {
    const response = await post(
      "/api/auth/login",
      { email: unique(), password: "x" },
      { headers: { origin: "http://localhost:3000" } },
    );
    expect(response.statusCode).toBe(401);
  });

  it("refuses a cross-site fetch that hides its origin", async () => {
    const response = await post("/api/auth/logout", {}, { headers: { "sec-fetch-site": "cross-site" } });
    expect(response.statusCode).toBe(403);
  });
});
