import { createHmac } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  LINK_REPORT_MESSAGES,
  LINK_REPORT_REASON_LABELS,
  LINK_REPORTS_PER_HOUR,
  type LinkReportPage,
} from "../../../common/contract/link-reports";
import { APP_FONT_PRELOAD } from "../../../common/link-bio/fonts";
import { auditLog, domains, linkReports, shortenedUrls } from "../../../db/schema";
import { createUser } from "../../../tests/factories";
import { setupAdmin, setupTestApp, unavailableLocation } from "../../../tests/test-app";
import { reporterHash } from "./link-reports-reporter";

// A real name (localhost has no dot), so our own short links can be typed as a visitor would.
const PUBLIC_URL = "https://atalho.exemplo.com.br";
const t = setupTestApp({
  publicUrl: PUBLIC_URL,
  dataDir: mkdtempSync(path.join(os.tmpdir(), "atalho-link-reports-")),
});
const db = () => t.database.db;

const { admin } = setupAdmin(t);

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${++sequence}`;
/** A documentation address of its own per test, so limits and repeats do not cross tests. */
let ipSequence = 0;
const newIp = () => {
  const n = ++ipSequence;
  return `198.51.${Math.floor(n / 250)}.${(n % 250) + 1}`;
};
let ipv6Sequence = 0;
const newIpv6 = () => `2001:db8:${(++ipv6Sequence).toString(16)}::1`;

type Form = Partial<Record<"url" | "reason" | "details" | "email", string>>;

const post = (form: Form, options: { ip?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    method: "POST",
    url: "/denunciar",
    remoteAddress: options.ip ?? newIp(),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: PUBLIC_URL,
      ...options.headers,
    },
    payload: new URLSearchParams(form as Record<string, string>).toString(),
  });

const reportsOf = (url: string) => db().select().from(linkReports).where(eq(linkReports.url, url));

const admins = (method: "GET" | "PATCH" | "POST", url: string, payload?: object, cookie = admin.cookie) =>
  t.request({ method, url, cookie, ...(payload ? { payload } : {}) });

async function shortLink(domainId?: number) {
  const owner = await createUser(db(), { email: `dono-${unique()}@exemplo.com.br` });
  const domain = domainId ?? t.app.domains.default.id;
  const [row] = await db()
    .insert(shortenedUrls)
    .values({
      userId: owner.id,
      domainId: domain,
      shortCode: `d${unique()}`,
      originalUrl: `https://golpe-${unique()}.exemplo.net/premio`,
    })
    .returning();
  return { owner, link: row! };
}

describe("GET /denunciar", () => {
  it("shows the pt-BR form, prefilled from ?url=, escaped, never cached", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: `/denunciar?url=${encodeURIComponent('https://x.exemplo.net/"><script>')}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.headers["cache-control"]).toBe("no-store");
    const html = response.body;
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain("<h1>Denunciar link</h1>");
    expect(html).toContain('value="https://x.exemplo.net/&quot;&gt;&lt;script&gt;"');
    expect(html).not.toContain("<script>");
    for (const label of Object.values(LINK_REPORT_REASON_LABELS)) expect(html).toContain(label);
    expect(html).toContain('<form method="post" action="/denunciar"');
  });

  it("has the site's font, served by us, and its way back to the site", async () => {
    const html = (await t.app.inject({ method: "GET", url: "/denunciar" })).body;
    expect(html).toContain(`<link rel="preload" href="${APP_FONT_PRELOAD}" as="font"`);
    expect(html).toContain(`@font-face{font-family:"Inter"`);
    expect(html).toContain(`src:url(${APP_FONT_PRELOAD}) format("woff2")`);
    const font = await t.app.inject({ method: "GET", url: APP_FONT_PRELOAD });
    expect(font.statusCode).toBe(200);
    expect(font.headers["content-type"]).toBe("font/woff2");
    for (const [href, label] of [
      ["/", "Atalho"],
      ["/blog", "Blog"],
      ["/pricing", "Preços"],
      ["/auth", "Entrar"],
    ])
      expect(html).toMatch(new RegExp(`<a [^>]*href="${href}"[^>]*>(<svg.*?</svg>)?(<span>)?${label}<`));
  });

  it("thanks on /denunciar/enviada", async () => {
    const response = await t.app.inject({ method: "GET", url: "/denunciar/enviada" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.body).toContain(LINK_REPORT_MESSAGES.thanksTitle);
  });
});

describe("POST /denunciar", () => {
  it("takes a report, keeps the reporter only as an HMAC of the address, and sends to the thanks page", async () => {
    const url = `https://golpe-${unique()}.exemplo.net/pix`;
    const ip = newIp();
    const response = await post(
      { url, reason: "phishing", details: "  Pede o PIX  ", email: "Ana@Exemplo.com.br" },
      { ip },
    );
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/denunciar/enviada");
    expect(response.headers["cache-control"]).toBe("no-store");

    const [row] = await reportsOf(url);
    expect(row).toMatchObject({
      reason: "phishing",
      details: "Pede o PIX",
      reporterEmail: "Ana@Exemplo.com.br",
      status: "open",
      shortUrlId: null,
    });
    // HMAC-SHA256, base64url: neither the address nor a plain hash of it.
    expect(row!.reporterHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(row)).not.toContain(ip);
    const plain = createHmac("sha256", "").update(ip).digest("base64url");
    expect(row!.reporterHash).not.toBe(plain);

    // The same address gives the same hash; another address another one.
    const other = `https://golpe-${unique()}.exemplo.net/`;
    await post({ url: other, reason: "spam" }, { ip });
    const another = `https://golpe-${unique()}.exemplo.net/`;
    await post({ url: another, reason: "spam" }, { ip: newIp() });
    expect((await reportsOf(other))[0]!.reporterHash).toBe(row!.reporterHash);
    expect((await reportsOf(another))[0]!.reporterHash).not.toBe(row!.reporterHash);
  });

  it("counts an IPv6 subscriber by its /64", async () => {
    const prefix = newIpv6().replace(/::1$/, "");
    const url = `https://golpe-${unique()}.exemplo.net/`;
    expect((await post({ url, reason: "spam" }, { ip: `${prefix}::1` })).statusCode).toBe(303);
    const again = await post({ url, reason: "malware" }, { ip: `${prefix}::beef` });
    expect(again.statusCode).toBe(409);
  });

  it("re-renders the form with every error in pt-BR and the values kept, saving nothing", async () => {
    const url = `ftp://golpe-${unique()}.exemplo.net/`;
    const response = await post({
      url,
      reason: "nada",
      details: "x".repeat(1001),
      email: "não-é-email",
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers["cache-control"]).toBe("no-store");
    const html = response.body;
    expect(html).toContain(LINK_REPORT_MESSAGES.fixErrors);
    expect(html).toContain(LINK_REPORT_MESSAGES.urlInvalid);
    expect(html).toContain(LINK_REPORT_MESSAGES.reasonRequired);
    expect(html).toContain(LINK_REPORT_MESSAGES.detailsTooLong);
    expect(html).toContain(LINK_REPORT_MESSAGES.emailInvalid);
    expect(html).toContain(`value="${url}"`);
    expect(html).toContain("não-é-email");
    expect(await reportsOf(url)).toHaveLength(0);

    const empty = await post({});
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(LINK_REPORT_MESSAGES.urlRequired);
    expect(empty.body).toContain(LINK_REPORT_MESSAGES.reasonRequired);
  });

  it("keeps the chosen reason checked after an error", async () => {
    const response = await post({ url: "", reason: "malware" });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('value="malware" checked');
  });

  it("adds https:// to an address typed without it", async () => {
    const host = `golpe-${unique()}.exemplo.net`;
    expect((await post({ url: `${host}/x`, reason: "other" })).statusCode).toBe(303);
    expect(await reportsOf(`https://${host}/x`)).toHaveLength(1);
  });

  it("refuses a second open report of the same link from the same address", async () => {
    const url = `https://golpe-${unique()}.exemplo.net/`;
    const ip = newIp();
    expect((await post({ url, reason: "spam" }, { ip })).statusCode).toBe(303);
    const again = await post({ url, reason: "phishing", details: "de novo" }, { ip });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain(LINK_REPORT_MESSAGES.duplicate);
    expect(again.body).toContain("de novo");
    expect(await reportsOf(url)).toHaveLength(1);
    // Someone else may report it too.
    expect((await post({ url, reason: "spam" })).statusCode).toBe(303);

    // Once the administrator closes it, the same address may report it again.
    const [first] = await db().select().from(linkReports).where(eq(linkReports.url, url)).limit(1);
    const closed = await admins("PATCH", `/api/admin/link-reports/${first!.id}`, { status: "dismissed" });
    expect(closed.statusCode).toBe(200);
    expect((await post({ url, reason: "spam" }, { ip })).statusCode).toBe(303);
  });

  it(`takes at most ${LINK_REPORTS_PER_HOUR} reports an hour from one address`, async () => {
    const ip = newIp();
    for (let i = 0; i < LINK_REPORTS_PER_HOUR; i++) {
      const response = await post({ url: `https://golpe-${unique()}.exemplo.net/`, reason: "spam" }, { ip });
      expect(response.statusCode).toBe(303);
    }
    const url = `https://golpe-${unique()}.exemplo.net/`;
    const refused = await post({ url, reason: "spam" }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.body).toContain(LINK_REPORT_MESSAGES.tooMany);
    expect(await reportsOf(url)).toHaveLength(0);
    // Another address is not held back.
    expect((await post({ url, reason: "spam" })).statusCode).toBe(303);
  });

  it("refuses a post from another site and accepts one from our pages", async () => {
    const url = `https://golpe-${unique()}.exemplo.net/`;
    const evil = await post(
      { url, reason: "spam" },
      { headers: { origin: "https://malicioso.exemplo.org" } },
    );
    expect(evil.statusCode).toBe(403);
    expect(evil.body).toContain(LINK_REPORT_MESSAGES.crossOrigin);
    const opaque = await post({ url, reason: "spam" }, { headers: { origin: "null" } });
    expect(opaque.statusCode).toBe(403);
    const crossSite = await t.app.inject({
      method: "POST",
      url: "/denunciar",
      remoteAddress: newIp(),
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site" },
      payload: new URLSearchParams({ url, reason: "spam" }).toString(),
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await reportsOf(url)).toHaveLength(0);

    const ours = await post({ url, reason: "spam" }, { headers: { origin: PUBLIC_URL } });
    expect(ours.statusCode).toBe(303);
  });

  it("bounds the body and reads no other content type", async () => {
    const big = await post({ url: "https://x.exemplo.net/", reason: "spam", details: "x".repeat(40_000) });
    expect(big.statusCode).toBe(413);
    const json = await t.app.inject({
      method: "POST",
      url: "/denunciar",
      headers: { "content-type": "application/json", origin: PUBLIC_URL },
      payload: JSON.stringify({ url: "https://x.exemplo.net/", reason: "spam" }),
    });
    expect(json.statusCode).toBe(400);
  });

  it("recognises our short links, on the main host and on a custom domain", async () => {
    const { link } = await shortLink();
    const url = `${PUBLIC_URL}/s/${link.shortCode}`;
    expect((await post({ url, reason: "phishing" })).statusCode).toBe(303);
    expect((await reportsOf(url))[0]!.shortUrlId).toBe(link.id);

    const name = `links-${unique()}.exemplo.com.br`;
    const [domain] = await db().insert(domains).values({ domain: name, displayName: "Links" }).returning();
    await t.app.domains.reload();
    const onCustom = await shortLink(domain!.id);
    const customUrl = `https://${name}/s/${onCustom.link.shortCode}`;
    expect((await post({ url: customUrl, reason: "malware" })).statusCode).toBe(303);
    expect((await reportsOf(customUrl))[0]!.shortUrlId).toBe(onCustom.link.id);

    // The same code on a host that is not ours, an unknown code, another path: not ours.
    for (const other of [
      `https://outro.exemplo.org/s/${link.shortCode}`,
      `${PUBLIC_URL}/s/naoexiste${unique()}`,
      `${PUBLIC_URL}/p/${link.shortCode}`,
    ]) {
      expect((await post({ url: other, reason: "spam" })).statusCode).toBe(303);
      expect((await reportsOf(other))[0]!.shortUrlId).toBeNull();
    }
  });
});

describe("the reporter's HMAC", () => {
  it("is HMAC-SHA256 of the address under the secret, an IPv6 by its /64", () => {
    const secret = Buffer.from("segredo-de-teste");
    expect(reporterHash(secret, "203.0.113.7")).toBe(
      createHmac("sha256", secret).update("203.0.113.7").digest("base64url"),
    );
    expect(reporterHash(secret, "::ffff:203.0.113.7")).toBe(reporterHash(secret, "203.0.113.7"));
    expect(reporterHash(secret, "2001:db8:1:2::1")).toBe(reporterHash(secret, "2001:db8:1:2:abcd::9"));
    expect(reporterHash(secret, "2001:db8:1:3::1")).not.toBe(reporterHash(secret, "2001:db8:1:2::1"));
    expect(reporterHash(Buffer.from("outro"), "203.0.113.7")).not.toBe(reporterHash(secret, "203.0.113.7"));
  });
});

describe("the administrator's queue", () => {
  const auditOf = (reportId: number) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "link_report"), eq(auditLog.targetId, String(reportId))))
      .orderBy(desc(auditLog.id));

  async function report(url: string, form: Form = {}) {
    expect((await post({ url, reason: "phishing", ...form })).statusCode).toBe(303);
    const [row] = await db()
      .select()
      .from(linkReports)
      .where(eq(linkReports.url, url))
      .orderBy(desc(linkReports.id));
    return row!;
  }

  it("is for administrators only", async () => {
    const { cookie } = await t.signIn();
    expect((await admins("GET", "/api/admin/link-reports", undefined, cookie)).statusCode).toBe(403);
    expect(
      (await admins("PATCH", "/api/admin/link-reports/1", { status: "dismissed" }, cookie)).statusCode,
    ).toBe(403);
    expect((await admins("POST", "/api/admin/link-reports/1/delete-link", {}, cookie)).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: "/api/admin/link-reports" })).statusCode).toBe(401);
  });

  it("lists open reports newest first, with our short link's owner and target", async () => {
    const { owner, link } = await shortLink();
    const older = await report(`https://golpe-${unique()}.exemplo.net/`, { email: "quem@exemplo.com.br" });
    const newer = await report(`${PUBLIC_URL}/s/${link.shortCode}`, { details: "Leva a um golpe" });
    const response = await admins("GET", "/api/admin/link-reports");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const page = response.json<LinkReportPage>();
    expect(page.page).toBe(1);
    expect(page.reports.every((row) => row.status === "open")).toBe(true);
    const ids = page.reports.map((row) => row.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const shown = page.reports.find((row) => row.id === newer.id)!;
    expect(shown).toMatchObject({
      reason: "phishing",
      details: "Leva a um golpe",
      reporter_email: null,
      short_link: {
        id: link.id,
        exists: true,
        short_url: `${PUBLIC_URL}/s/${link.shortCode}`,
        original_url: link.originalUrl,
        owner_email: owner.email,
      },
    });
    expect(JSON.stringify(shown)).not.toContain("reporter_hash");
    expect(page.reports.find((row) => row.id === older.id)).toMatchObject({
      reporter_email: "quem@exemplo.com.br",
      short_link: null,
    });
  });

  it("pages the list and refuses a bad status or page in pt-BR", async () => {
    const bad = await admins("GET", "/api/admin/link-reports?status=qualquer");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(LINK_REPORT_MESSAGES.invalidStatus);
    expect((await admins("GET", "/api/admin/link-reports?page=0")).json().error).toBe(
      LINK_REPORT_MESSAGES.invalidPage,
    );
    const far = await admins("GET", "/api/admin/link-reports?page=1000");
    expect(far.json<LinkReportPage>().reports).toEqual([]);
    expect(far.json<LinkReportPage>().page_size).toBe(20);
  });

  it("dismisses and resolves, each with its audit line", async () => {
    const a = await report(`https://golpe-${unique()}.exemplo.net/`);
    const b = await report(`https://golpe-${unique()}.exemplo.net/`);
    const dismissed = await admins("PATCH", `/api/admin/link-reports/${a.id}`, { status: "dismissed" });
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json().message).toBe(LINK_REPORT_MESSAGES.dismissed);
    const actioned = await admins("PATCH", `/api/admin/link-reports/${b.id}`, { status: "actioned" });
    expect(actioned.json().message).toBe(LINK_REPORT_MESSAGES.actioned);

    const [rowA] = await db().select().from(linkReports).where(eq(linkReports.id, a.id));
    expect(rowA).toMatchObject({ status: "dismissed", resolvedBy: admin.user.id });
    expect(rowA!.resolvedAt).toBeInstanceOf(Date);
    const [lineA] = await auditOf(a.id);
    expect(lineA).toMatchObject({
      action: "link_report.dismiss",
      actorId: admin.user.id,
      targetLabel: a.url,
      before: { status: "open" },
      after: { status: "dismissed" },
    });
    expect((await auditOf(b.id))[0]?.action).toBe("link_report.action");

    const list = (status: string) =>
      admins("GET", `/api/admin/link-reports?status=${status}`).then((r) => r.json<LinkReportPage>());
    expect((await list("open")).reports.some((row) => row.id === a.id)).toBe(false);
    const done = (await list("dismissed")).reports.find((row) => row.id === a.id);
    expect(done?.resolved_by_email).toBe(admin.user.email);
    expect((await list("actioned")).reports.some((row) => row.id === b.id)).toBe(true);
  });

  it("refuses a bad status or an unknown report, changing nothing", async () => {
    const a = await report(`https://golpe-${unique()}.exemplo.net/`);
    const bad = await admins("PATCH", `/api/admin/link-reports/${a.id}`, { status: "open" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(LINK_REPORT_MESSAGES.invalidStatus);
    const missing = await admins("PATCH", "/api/admin/link-reports/2000000000", { status: "dismissed" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(LINK_REPORT_MESSAGES.notFound);
    expect((await auditOf(a.id)).length).toBe(0);
  });

  it("deletes a reported short link: its redirect stops at once, its open reports are resolved, audited", async () => {
    const { owner, link } = await shortLink();
    const url = `${PUBLIC_URL}/s/${link.shortCode}`;
    // Visited first, so the redirect has it cached.
    const visit = () => t.app.inject({ method: "GET", url: `/s/${link.shortCode}` });
    expect((await visit()).headers.location).toBe(link.originalUrl);
    const first = await report(url);
    const second = await report(url, { email: "outra@exemplo.com.br" });

    const response = await admins("POST", `/api/admin/link-reports/${first.id}/delete-link`, {});
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(LINK_REPORT_MESSAGES.linkDeleted);
    expect(await db().select().from(shortenedUrls).where(eq(shortenedUrls.id, link.id))).toHaveLength(0);
    // Invalidation is published on the bus; on Redis it comes back a moment later.
    await expect
      .poll(async () => (await visit()).headers.location, { timeout: 2000 })
      .toBe(unavailableLocation(link.shortCode, PUBLIC_URL));

    for (const id of [first.id, second.id]) {
      const [row] = await db().select().from(linkReports).where(eq(linkReports.id, id));
      expect(row).toMatchObject({ status: "actioned", resolvedBy: admin.user.id, shortUrlId: link.id });
    }
    const [line] = await auditOf(first.id);
    expect(line).toMatchObject({
      action: "link_report.delete_link",
      before: {
        status: "open",
        short_url_id: link.id,
        short_code: link.shortCode,
        original_url: link.originalUrl,
        owner_email: owner.email,
      },
    });
    expect((line!.after as { reports_resolved: number[] }).reports_resolved.sort()).toEqual(
      [first.id, second.id].sort(),
    );

    const listed = (await admins("GET", "/api/admin/link-reports?status=actioned")).json<LinkReportPage>();
    expect(listed.reports.find((row) => row.id === first.id)?.short_link).toMatchObject({
      id: link.id,
      exists: false,
      owner_email: null,
    });

    const again = await admins("POST", `/api/admin/link-reports/${first.id}/delete-link`, {});
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe(LINK_REPORT_MESSAGES.linkGone);
  });

  it("deletes nothing for a report that is not of our short links", async () => {
    const a = await report(`https://golpe-${unique()}.exemplo.net/`);
    const response = await admins("POST", `/api/admin/link-reports/${a.id}/delete-link`, {});
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(LINK_REPORT_MESSAGES.notShortLink);
    expect((await auditOf(a.id)).length).toBe(0);
  });
});
