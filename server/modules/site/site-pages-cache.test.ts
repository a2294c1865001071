import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { subscriptionPlans } from "../../../db/schema/billing";
import { setupTestApp } from "../../../tests/test-app";

const distDir = fs.mkdtempSync(path.join(os.tmpdir(), "atalho-site-cache-"));
fs.writeFileSync(
  path.join(distDir, "index.html"),
  `<!doctype html><html><head><title>Atalho</title></head><body><div id="root"></div></body></html>`,
);
afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));

const t = setupTestApp({ sitePageTtlMs: 60_000 }, { distDir });

it("reuses a visitor's rendered page for a while, and renders a signed-in user's anew", async () => {
  const [plan] = await t.database.db.select().from(subscriptionPlans).limit(1);
  const before = (await t.request({ method: "GET", url: "/" })).body;
  expect(before).toContain(JSON.stringify(plan!.name));

  await t.database.db
    .update(subscriptionPlans)
    .set({ name: "Plano Renomeado" })
    .where(eq(subscriptionPlans.id, plan!.id));
  expect((await t.request({ method: "GET", url: "/" })).body).toBe(before);

  const { cookie } = await t.signIn();
  expect((await t.request({ method: "GET", url: "/", cookie })).body).toContain("Plano Renomeado");
  // Another address (a query) is another page.
  expect((await t.request({ method: "GET", url: "/?aviso=link-indisponivel" })).body).toContain(
    "Plano Renomeado",
  );
});
