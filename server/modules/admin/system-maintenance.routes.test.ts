import { gunzipSync } from "node:zlib";
import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it, vi } from "vitest";
import { ADMIN_MESSAGES, backupFilename, type SystemInfo } from "../../../common/contract/admin";
import { dayOf } from "../../../common/time";
import { auditLog, shortenedUrls } from "../../../db/schema";
import { setupAdmin, setupTestApp, withTwoProcesses } from "../../../tests/test-app";
import { testDatabaseKind } from "../../../tests/test-database";
import { createSession } from "../auth/session";

const t = setupTestApp();

const { admin } = setupAdmin(t);

let sequence = 0;
/** A short link of a new user, with its code and target, straight in the table. */
async function shortLink(target: string) {
  const { user } = await t.signIn();
  const code = `cache-${process.pid}-${++sequence}`;
  await t.database.db.insert(shortenedUrls).values({
    userId: user.id,
    domainId: t.app.domains.default.id,
    shortCode: code,
    originalUrl: target,
  });
  return code;
}

/** Changes a target behind the app's back: no event on the bus, so caches keep the old one. */
const retarget = (code: string, target: string) =>
  t.database.db.update(shortenedUrls).set({ originalUrl: target }).where(eq(shortenedUrls.shortCode, code));

const lastAudit = async (action: string) =>
  (
    await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.actorId, admin.user.id)))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

describe("GET /api/admin/system/info", () => {
  it("says which database this is and whether the processes share a cache", async () => {
    const response = await t.request({ method: "GET", url: "/api/admin/system/info", cookie: admin.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual<SystemInfo>({
      database: testDatabaseKind,
      shared_cache: t.app.bus.distributed,
    });
  });
});

describe("POST /api/admin/system/cache/clear", () => {
  const clear = (app: FastifyInstance = t.app, cookie = admin.cookie) =>
    app.inject({ method: "POST", url: "/api/admin/system/cache/clear", headers: { cookie } });

  it("drops the redirect cache (the next visit reads the database) and writes the audit line", async () => {
    const code = await shortLink("https://exemplo.com.br/antes");
    const visit = () => t.request({ method: "GET", url: `/s/${code}` });
    expect((await visit()).headers.location).toBe("https://exemplo.com.br/antes");
    await retarget(code, "https://exemplo.com.br/depois");
    expect((await visit()).headers.location).toBe("https://exemplo.com.br/antes");

    const response = await clear();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: ADMIN_MESSAGES.cacheCleared });
    expect((await visit()).headers.location).toBe("https://exemplo.com.br/depois");

    const audit = await lastAudit("system.cache_clear");
    expect(audit).toMatchObject({ targetType: "system", targetLabel: "Cache", actorEmail: admin.user.email });
    expect(audit!.after).toMatchObject({ every_process: t.app.bus.distributed });
    expect(audit!.after!.topics).toEqual(expect.arrayContaining(["short-url", "link-page", "blog", "plans"]));
  });

  it("is for administrators only", async () => {
    const member = await t.signIn();
    expect((await clear(t.app, member.cookie)).statusCode).toBe(403);
  });

  it.skipIf(!process.env.REDIS_URL)("reaches every process through Redis", async () => {
    await withTwoProcesses(t, async (first, second) => {
      await vi.waitFor(() => expect(first.bus.connected && second.bus.connected).toBe(true));
      const code = await shortLink("https://exemplo.com.br/antes");
      const visitSecond = () => second.inject({ method: "GET", url: `/s/${code}` });
      expect((await visitSecond()).headers.location).toBe("https://exemplo.com.br/antes");
      await retarget(code, "https://exemplo.com.br/depois");

      const session = await createSession(t.database.db, admin.user.id);
      expect((await clear(first, `atalho_session=${session.token}`)).statusCode).toBe(200);
      await vi.waitFor(
        async () => expect((await visitSecond()).headers.location).toBe("https://exemplo.com.br/depois"),
        { timeout: 3000, interval: 20 },
      );
    });
  });
});

describe("GET /api/admin/system/backup", () => {
  const backup = (cookie = admin.cookie) =>
    t.request({ method: "GET", url: "/api/admin/system/backup", cookie });

  it.runIf(testDatabaseKind === "pglite")(
    "downloads the embedded database's data directory as a .tar.gz, and writes the audit line",
    async () => {
      const response = await backup();
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      const filename = backupFilename(dayOf(new Date()));
      expect(response.headers["content-type"]).toBe("application/gzip");
      expect(response.headers["content-disposition"]).toBe(`attachment; filename="${filename}"`);
      expect(response.headers["cache-control"]).toBe("no-store");
      const archive = response.rawPayload;
      expect(Number(response.headers["content-length"])).toBe(archive.length);
      // A tar of a Postgres data directory inside the gzip.
      const tar = gunzipSync(archive);
      expect(tar.subarray(257, 262).toString()).toBe("ustar");
      expect(tar.includes(Buffer.from("PG_VERSION"))).toBe(true);

      const audit = await lastAudit("system.backup");
      expect(audit).toMatchObject({ targetType: "system", targetLabel: "Banco de dados" });
      expect(audit!.after).toEqual({ filename, bytes: archive.length });
    },
  );

  it.runIf(testDatabaseKind === "postgres")("refuses on a Postgres server: pg_dump does it", async () => {
    const before = await lastAudit("system.backup");
    const response = await backup();
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(ADMIN_MESSAGES.backupUsePgDump);
    expect(await lastAudit("system.backup")).toEqual(before);
  });

  it("is for administrators only", async () => {
    const member = await t.signIn();
    expect((await backup(member.cookie)).statusCode).toBe(403);
  });
});
