import { describe, expect, it } from "vitest";
import { ACCESS_LOG_PAGE_SIZE, type AccessLogPage } from "../../../common/contract/access-log";
import { accessLog } from "../../../db/schema/access-log";
import { FACTORY_PASSWORD } from "../../../tests/factories";
import { setupTestApp } from "../../../tests/test-app";
import { ACCESS_LOG_CSV_HEADERS } from "./access-log.queries";

const t = setupTestApp();

let sequence = 0;
const uniqueTag = () => `ac${Date.now().toString(36)}${(++sequence).toString(36)}p${process.pid}`;
// Account ids of lines seeded straight into the table (no such user: the log outlives accounts).
let seededId = 800_000 + (process.pid % 10_000) * 10;
const seededUserId = () => ++seededId;

const get = (url: string, cookie?: string) => t.request({ method: "GET", url, cookie });
const list = async (cookie: string, query: string) => {
  const response = await get(`/api/admin/access-log?${query}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AccessLogPage>();
};

describe("GET /api/admin/access-log", () => {
  it("is the administrator's only: 401 for a visitor, 403 for a user, list and CSV alike", async () => {
    const { cookie } = await t.signIn();
    for (const url of ["/api/admin/access-log", "/api/admin/access-log/export.csv"]) {
      const visitor = await get(url);
      expect(visitor.statusCode).toBe(401);
      const user = await get(url, cookie);
      expect(user.statusCode).toBe(403);
      expect(user.body).not.toContain("@");
    }
  });

  it("lists a real login with account, event, IP, port and time, newest first", async () => {
    const admin = await t.signIn({ isAdmin: true });
    const { user } = await t.signIn();
    const login = await t.request({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: user.email, password: FACTORY_PASSWORD },
      remoteAddress: "192.0.2.33",
    });
    expect(login.statusCode).toBe(200);
    const page = await list(admin.cookie, `user_id=${user.id}`);
    expect(page).toMatchObject({ total: 1, page: 1, page_size: ACCESS_LOG_PAGE_SIZE });
    expect(page.entries[0]).toMatchObject({
      user_id: user.id,
      email: user.email,
      event: "login",
      ip: "192.0.2.33",
    });
    expect(Date.parse(page.entries[0]!.created_at)).toBeGreaterThan(Date.now() - 60_000);
    const response = await get(`/api/admin/access-log?user_id=${user.id}`, admin.cookie);
    expect(response.headers["cache-control"]).toBe("private, no-store");
  });

  it("filters by e-mail (part, any case, wildcards literal), account, event, IP and period; pages", async () => {
    const { cookie } = await t.signIn({ isAdmin: true });
    const tag = uniqueTag();
    const ana = seededUserId();
    const bia = seededUserId();
    // 2026-03-10 00:30 in Brasília is 03:30 UTC: the period is read in Brasília's days.
    const at = (iso: string) => new Date(iso);
    await t.database.db.insert(accessLog).values([
      ...Array.from({ length: ACCESS_LOG_PAGE_SIZE + 2 }, (_, i) => ({
        userId: ana,
        email: `ana-${tag}@exemplo.com.br`,
        event: i % 2 ? ("logout" as const) : ("login" as const),
        ip: `203.0.113.${i}`,
        port: 40_000 + i,
        createdAt: at(
          `2026-03-01T${String(10 + (i % 12)).padStart(2, "0")}:${String(i).padStart(2, "0")}:00Z`,
        ),
      })),
      {
        userId: bia,
        email: `Bia-${tag}@Exemplo.com.br`,
        event: "account_deletion" as const,
        ip: "2001:db8::1",
        port: null,
        createdAt: at("2026-03-10T03:30:00Z"),
      },
      {
        userId: bia,
        email: `50%_${tag}@exemplo.com.br`,
        event: "login" as const,
        ip: "::ffff:198.51.100.7",
        createdAt: at("2026-03-11T02:59:59Z"),
      },
    ]);

    const all = await list(cookie, `email=${tag.toUpperCase()}`);
    expect(all.total).toBe(ACCESS_LOG_PAGE_SIZE + 4);
    expect(all.entries).toHaveLength(ACCESS_LOG_PAGE_SIZE);
    expect(all.entries.slice(0, 2).map((e) => e.email)).toEqual([
      `50%_${tag}@exemplo.com.br`,
      `Bia-${tag}@Exemplo.com.br`,
    ]);
    const dates = all.entries.map((e) => Date.parse(e.created_at));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const second = await list(cookie, `email=${tag}&page=2`);
    expect(second.entries).toHaveLength(4);
    expect(second.page).toBe(2);
    const seen = new Set([...all.entries, ...second.entries].map((e) => e.id));
    expect(seen.size).toBe(ACCESS_LOG_PAGE_SIZE + 4);

    expect((await list(cookie, `email=${encodeURIComponent("50%_")}${tag}`)).total).toBe(1);
    expect((await list(cookie, `email=${encodeURIComponent("_")}${tag}`)).total).toBe(1);
    expect((await list(cookie, `user_id=${bia}`)).entries.map((e) => e.event)).toEqual([
      "login",
      "account_deletion",
    ]);
    const logouts = await list(cookie, `user_id=${ana}&event=logout`);
    expect(logouts.total).toBe((ACCESS_LOG_PAGE_SIZE + 2) / 2);
    expect(logouts.entries.every((e) => e.event === "logout")).toBe(true);
    expect((await list(cookie, `email=${tag}&ip=198.51.100.7`)).entries.map((e) => e.user_id)).toEqual([bia]);
    expect((await list(cookie, `email=${tag}&ip=203.0.113.31`)).entries[0]).toMatchObject({ port: 40_031 });

    // 2026-03-10 in Brasília: from 03:00 UTC on the 10th to 02:59:59 UTC on the 11th, both ends kept.
    const day = await list(cookie, `email=${tag}&from=2026-03-10&to=2026-03-10`);
    expect(day.entries.map((e) => e.event)).toEqual(["login", "account_deletion"]);
    expect((await list(cookie, `email=${tag}&from=2026-03-11`)).total).toBe(0);
    expect((await list(cookie, `email=${tag}&to=2026-03-09`)).total).toBe(ACCESS_LOG_PAGE_SIZE + 2);
    expect((await list(cookie, "email=&event=&user_id=&from=&to=&ip=")).page).toBe(1);
  });

  it.each([
    ["event=drop_table", "Evento inválido"],
    ["from=2026-02-30", "Data inválida (use AAAA-MM-DD)"],
    ["to=24/11/2026", "Data inválida (use AAAA-MM-DD)"],
    ["from=2026-03-02&to=2026-03-01", "A data final deve ser igual ou posterior à data inicial"],
    ["user_id=abc", "ID de conta inválido"],
    ["user_id=0", "ID de conta inválido"],
    ["page=0", "Página inválida"],
    [`email=${"a".repeat(255)}`, "Busca muito longa"],
  ])("refuses %s with a pt-BR message", async (query, message) => {
    const { cookie } = await t.signIn({ isAdmin: true });
    const response = await get(`/api/admin/access-log?${query}`, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
    if (!query.startsWith("page")) {
      const csv = await get(`/api/admin/access-log/export.csv?${query}`, cookie);
      expect(csv.statusCode).toBe(400);
      expect(csv.json().error).toBe(message);
    }
  });
});

describe("GET /api/admin/access-log/export.csv", () => {
  it("downloads every filtered line (no paging), with both clocks, the event's label, IP and port", async () => {
    const { cookie } = await t.signIn({ isAdmin: true });
    const tag = uniqueTag();
    const userId = seededUserId();
    await t.database.db.insert(accessLog).values([
      ...Array.from({ length: ACCESS_LOG_PAGE_SIZE + 5 }, (_, i) => ({
        userId,
        email: `csv-${tag}@exemplo.com.br`,
        event: "login" as const,
        ip: "203.0.113.5",
        port: 50_000 + i,
        createdAt: new Date(Date.UTC(2026, 10, 20, 12, 0, i)),
      })),
      {
        userId,
        email: `=cmd-${tag}@exemplo.com.br`,
        event: "password_change" as const,
        ip: "203.0.113.6",
        port: null,
        createdAt: new Date("2026-11-24T01:50:34Z"),
      },
    ]);
    const response = await get(`/api/admin/access-log/export.csv?user_id=${userId}&page=3`, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="registros-de-acesso_\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const lines = response.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(ACCESS_LOG_CSV_HEADERS.join(";"));
    expect(lines).toHaveLength(1 + ACCESS_LOG_PAGE_SIZE + 6);
    // The newest first; a cell that looks like a formula is defused.
    expect(lines[1]).toBe(
      `23/11/2026 22:50:34;2026-11-24T01:50:34.000Z;${userId};"'=cmd-${tag}@exemplo.com.br";Senha alterada;203.0.113.6;`,
    );
    expect(lines[2]).toBe(
      `20/11/2026 09:00:34;2026-11-20T12:00:34.000Z;${userId};csv-${tag}@exemplo.com.br;Login com senha;203.0.113.5;50034`,
    );

    const filtered = await get(
      `/api/admin/access-log/export.csv?user_id=${userId}&event=password_change`,
      cookie,
    );
    expect(filtered.body.trimEnd().split("\r\n")).toHaveLength(2);
  });
});
