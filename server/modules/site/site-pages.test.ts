import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { subscriptionPlans } from "../../../db/schema/billing";
import { setupTestApp } from "../../../tests/test-app";
import { SITE_HEADS } from "../../lib/web-render";

// The shape of the built index.html that matters here: the title, the description, the root.
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), "atalho-site-"));
fs.writeFileSync(
  path.join(distDir, "index.html"),
  `<!doctype html><html lang="pt-BR"><head><meta charset="UTF-8" /><meta name="description" content="Atalho: shell." /><title>Atalho</title><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>`,
);
afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));

const t = setupTestApp({}, { distDir });

const get = (url: string, cookie?: string) => t.request({ method: "GET", url, cookie });

/** The query data the page was rendered from, as the browser reads it before hydrating. */
function ssrState(html: string): { queries: { queryKey: unknown[]; state: { data: unknown } }[] } {
  const match = html.match(/<script type="application\/json" id="ssr-state">(.*?)<\/script>/s);
  expect(match).not.toBeNull();
  return JSON.parse(match![1]!);
}
const dataOf = (html: string, key: string) =>
  ssrState(html).queries.find((q) => JSON.stringify(q.queryKey) === key)?.state.data;

describe("server-rendered public screens", () => {
  it("sends the landing page with its content, head tags, JSON-LD and the data it was rendered from", async () => {
    const response = await get("/");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("private, no-cache");
    const html = response.body;

    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain(`<title>${SITE_HEADS["/"].title}</title>`);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/">');
    expect(html).toContain('<meta property="og:image" content="http://localhost:3000/og-image.png">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    const jsonLd = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)![1]!);
    expect(jsonLd.map((item: { "@type": string }) => item["@type"])).toEqual(["Organization", "WebSite"]);

    // The content is in the HTML, not only after JavaScript runs.
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toMatch(/<h1[^>]*>/);

    expect(dataOf(html, '["auth","me"]')).toBeNull();
    const plans = dataOf(html, '["billing","plans"]') as { name: string }[];
    expect(plans.map((plan) => plan.name)).toEqual(
      (await get("/api/subscription-plans")).json().map((p: { name: string }) => p.name),
    );
  });

  it("renders for the signed-in user: the session is in the data", async () => {
    const { user, cookie } = await t.signIn();
    const html = (await get("/", cookie)).body;
    expect(dataOf(html, '["auth","me"]')).toMatchObject({ id: user.id, email: user.email });
  });

  it("gives each legal page its own head, without the home page's JSON-LD", async () => {
    const html = (await get("/terms")).body;
    expect(html).toContain(`<title>${SITE_HEADS["/terms"].title}</title>`);
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/terms">');
    expect(html).not.toContain("application/ld+json");
    expect((await get("/privacy")).statusCode).toBe(200);
  });

  it("renders /pricing and /auth for visitors; a signed-in user's /auth is left to the browser, which sends them on", async () => {
    expect((await get("/pricing")).body).toContain("ssr-state");
    expect((await get("/auth?mode=register")).body).toContain("ssr-state");
    const { cookie } = await t.signIn();
    const signedIn = (await get("/auth", cookie)).body;
    expect(signedIn).toContain('<div id="root"></div>');
    expect(signedIn).not.toContain("ssr-state");
  });

  it("sells the paid plans on /pricing when the server has a payment provider (here the dev checkout)", async () => {
    const html = (await get("/pricing")).body;
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root.match(/>Assinar Agora</g)).toHaveLength(3);
    expect(root).not.toContain("Fale conosco");
    expect(dataOf(html, '["system","status"]')).toMatchObject({ payments_enabled: true });
  });

  it("keeps text from the database from closing the data block", async () => {
    const [plan] = await t.database.db.select().from(subscriptionPlans).limit(1);
    const hostile = "Pro</script><script>alert(1)</script> $' $& $`";
    await t.database.db
      .update(subscriptionPlans)
      .set({ name: hostile })
      .where(eq(subscriptionPlans.id, plan!.id));
    try {
      const html = (await get("/")).body;
      expect(html).not.toContain("<script>alert(1)");
      // Text with replacement patterns is put in as it is: the page ends once, as the shell does.
      expect(html.match(/<\/html>/g)).toHaveLength(1);
      expect((dataOf(html, '["billing","plans"]') as { name: string }[]).map((p) => p.name)).toContain(
        hostile,
      );
    } finally {
      await t.database.db
        .update(subscriptionPlans)
        .set({ name: plan!.name })
        .where(eq(subscriptionPlans.id, plan!.id));
    }
  });

  it("leaves the other screens to the browser: the plain shell", async () => {
    const html = (await get("/dashboard")).body;
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain("ssr-state");
    expect(html).toContain("<title>Atalho</title>");
  });
});
