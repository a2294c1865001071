import http from "node:http";
import type { AddressInfo } from "node:net";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ACCESS_LOG_EVENTS } from "../../../common/contract/access-log";
import { ACCESS_EVENTS, accessLog } from "../../../db/schema/access-log";
import { FACTORY_PASSWORD } from "../../../tests/factories";
import { cookieFrom, setupTestApp } from "../../../tests/test-app";
import { PASSWORD_RESET_TTL_MS } from "../auth/auth.service";
import { issueToken } from "../auth/auth-tokens";
import { ACCESS_LOG_RETENTION_MONTHS, purgeAccessLog } from "./access-log";

// The Marco Civil access log (art. 15): which account events write a line, with which IP, port and
// time, and the 6-month purge. The administrator's reading of it: access-log.routes.test.ts.

const t = setupTestApp();
const proxied = setupTestApp({ trustProxy: true });

let ipCounter = 0;
// Each test speaks from its own address, so the per-IP rate limits do not leak between tests.
const newIp = () => `10.43.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const linesOf = async (db: typeof t.database.db, userId: number) =>
  db
    .select()
    .from(accessLog)
    .where(eq(accessLog.userId, userId))
    .orderBy(asc(accessLog.createdAt), asc(accessLog.id));

describe("the access log's lines", () => {
  it("has the same events in the contract (labels) as in the schema", () => {
    expect([...ACCESS_LOG_EVENTS].sort()).toEqual([...ACCESS_EVENTS].sort());
  });

  it("logs a successful login with the account, IP and time; a failed login logs nothing", async () => {
    const { user } = await t.signIn();
    const ip = newIp();
    const wrong = await t.request({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: user.email, password: "senha-errada-1" },
      remoteAddress: ip,
    });
    expect(wrong.statusCode).toBe(401);
    // Art. 15 keeps the records of access to the application: a refused attempt is no access.
    expect(await linesOf(t.database.db, user.id)).toEqual([]);

    const before = Date.now();
    const login = await t.request({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: user.email, password: FACTORY_PASSWORD },
      remoteAddress: ip,
    });
    expect(login.statusCode, login.body).toBe(200);
    const lines = await linesOf(t.database.db, user.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ userId: user.id, email: user.email, event: "login", ip });
    expect(lines[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect(lines[0]!.createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
  });

  it("logs register (a first sign-in), logout, a password change and a password reset", async () => {
    const ip = newIp();
    const email = `acesso.${Date.now()}.${ipCounter}@exemplo.com.br`;
    const register = await t.request({
      method: "POST",
      url: "/api/auth/register",
      payload: { email, password: "12345678", first_name: "Ana", last_name: "" },
      remoteAddress: ip,
    });
    expect(register.statusCode, register.body).toBe(201);
    const userId = register.json().user.id as number;

    const change = await t.request({
      method: "POST",
      url: "/api/user/password",
      payload: { current_password: "12345678", new_password: "outra-senha-9" },
      cookie: cookieFrom(register),
      remoteAddress: ip,
    });
    expect(change.statusCode, change.body).toBe(200);

    const token = await issueToken(t.database.db, userId, "password_reset", PASSWORD_RESET_TTL_MS);
    const reset = await t.request({
      method: "POST",
      url: "/api/auth/password-reset/confirm",
      payload: { token, password: "mais-uma-senha-7" },
      remoteAddress: "10.43.250.1",
    });
    expect(reset.statusCode, reset.body).toBe(200);

    const logout = await t.request({
      method: "POST",
      url: "/api/auth/logout",
      cookie: cookieFrom(reset),
      remoteAddress: "2001:db8::7",
    });
    expect(logout.statusCode).toBe(200);
    // Signed out already: a second logout has no account to log.
    await t.request({ method: "POST", url: "/api/auth/logout", cookie: cookieFrom(reset) });

    const lines = await linesOf(t.database.db, userId);
    expect(lines.map(({ event, ip, email }) => ({ event, ip, email }))).toEqual([
      { event: "login", ip, email },
      { event: "password_change", ip, email },
      { event: "password_reset", ip: "10.43.250.1", email },
      { event: "logout", ip: "2001:db8::7", email },
    ]);
  });

  it("keeps the client's source port of a real connection", async () => {
    const { user } = await t.signIn();
    const server = http.createServer((request, response) => t.app.routing(request, response));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const body = JSON.stringify({ email: user.email, password: FACTORY_PASSWORD });
      const clientPort = await new Promise<number>((resolve, reject) => {
        const request = http.request(
          {
            host: "127.0.0.1",
            port,
            method: "POST",
            path: "/api/auth/login",
            headers: { "content-type": "application/json", host: "localhost:3000" },
            agent: false,
          },
          (response) => {
            response.resume();
            response.on("end", () =>
              response.statusCode === 200 ? resolve(sourcePort) : reject(new Error(`${response.statusCode}`)),
            );
          },
        );
        let sourcePort = 0;
        request.on("socket", (socket) => socket.on("connect", () => (sourcePort = socket.localPort!)));
        request.on("error", reject);
        request.end(body);
      });
      expect(clientPort).toBeGreaterThan(0);
      const [line] = await linesOf(t.database.db, user.id);
      expect(line).toMatchObject({ event: "login", ip: "127.0.0.1", port: clientPort });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("behind a trusted proxy, takes the IP from X-Forwarded-For and the port from X-Client-Port", async () => {
    const { user } = await proxied.signIn();
    const login = (headers: Record<string, string>) =>
      proxied.request({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: user.email, password: FACTORY_PASSWORD },
        remoteAddress: "10.0.0.2",
        headers,
      });
    expect((await login({ "x-forwarded-for": "203.0.113.9", "x-client-port": "51234" })).statusCode).toBe(
      200,
    );
    // Without X-Client-Port the port is unknown: the proxy's own port is no one's.
    expect((await login({ "x-forwarded-for": "198.51.100.4" })).statusCode).toBe(200);
    expect((await login({ "x-forwarded-for": "198.51.100.5", "x-client-port": "99999" })).statusCode).toBe(
      200,
    );

    const lines = await linesOf(proxied.database.db, user.id);
    expect(lines.map(({ ip, port }) => ({ ip, port }))).toEqual([
      { ip: "203.0.113.9", port: 51234 },
      { ip: "198.51.100.4", port: null },
      { ip: "198.51.100.5", port: null },
    ]);
  });

  it("ignores X-Forwarded-For and X-Client-Port when the proxy is not trusted", async () => {
    const { user } = await t.signIn();
    const ip = newIp();
    const login = await t.request({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: user.email, password: FACTORY_PASSWORD },
      remoteAddress: ip,
      headers: { "x-forwarded-for": "203.0.113.9", "x-client-port": "51234" },
    });
    expect(login.statusCode).toBe(200);
    const [line] = await linesOf(t.database.db, user.id);
    expect(line!.ip).toBe(ip);
    expect(line!.port).not.toBe(51234);
  });
});

describe("purgeAccessLog", () => {
  it("deletes the lines older than 6 months and keeps the newer ones", async () => {
    expect(ACCESS_LOG_RETENTION_MONTHS).toBe(6);
    const userId = 900_000 + (process.pid % 10_000);
    const now = new Date("2026-11-24T12:00:00Z");
    const at = (iso: string) => ({
      userId,
      email: "x@exemplo.com.br",
      event: "login" as const,
      ip: "10.1.1.1",
      createdAt: new Date(iso),
    });
    await t.database.db.insert(accessLog).values([
      at("2026-01-01T00:00:00Z"),
      at("2026-05-24T11:59:59Z"), // 6 months and a second ago
      at("2026-05-24T12:00:01Z"), // a second short of 6 months
      at("2026-11-24T11:00:00Z"),
    ]);
    expect(await purgeAccessLog(t.database.db, now)).toBeGreaterThanOrEqual(2);
    const kept = await linesOf(t.database.db, userId);
    expect(kept.map((line) => line.createdAt.toISOString())).toEqual([
      "2026-05-24T12:00:01.000Z",
      "2026-11-24T11:00:00.000Z",
    ]);
    expect(await purgeAccessLog(t.database.db, now)).toBe(0);
  });
});
