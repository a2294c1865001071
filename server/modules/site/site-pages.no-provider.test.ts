import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SUPPORT_EMAIL } from "../../../common/brand";
import { setupTestApp } from "../../../tests/test-app";

// `npm start` as the README has it: production, no MP_ACCESS_TOKEN, so no payment provider at all.
// /pricing must say how to subscribe in the HTML the server sends, before any script runs.
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), "atalho-site-"));
fs.writeFileSync(
  path.join(distDir, "index.html"),
  `<!doctype html><html lang="pt-BR"><head><meta charset="UTF-8" /><title>Atalho</title></head><body><div id="root"></div></body></html>`,
);
afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));

const t = setupTestApp({ env: "production", devCheckout: false, mercadoPago: undefined }, { distDir });

const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'));

describe("/pricing on a server without a payment provider", () => {
  it("offers 'Fale conosco' by e-mail on each paid plan instead of a purchase that cannot complete", async () => {
    const response = await t.request({ method: "GET", url: "/pricing" });
    expect(response.statusCode).toBe(200);
    const root = rootOf(response.body);
    const contacts = [
      ...root.matchAll(/<a href="(mailto:[^"]*)"[^>]*>(?:<svg.*?<\/svg>)?Fale conosco<\/a>/g),
    ];
    expect(contacts.map((match) => decodeURIComponent(match[1]!.replaceAll("&amp;", "&")))).toEqual([
      `mailto:${SUPPORT_EMAIL}?subject=Quero assinar o plano Pro`,
      `mailto:${SUPPORT_EMAIL}?subject=Quero assinar o plano Business`,
      `mailto:${SUPPORT_EMAIL}?subject=Quero assinar o plano Enterprise`,
    ]);
    expect(root).not.toContain("Assinar Agora");
    expect(root).toContain("Os pagamentos online ainda não estão ativos");
    // The free plan still starts at once.
    expect(root).toContain("Começar Grátis");
  });

  it("says so in the public status the browser hydrates with, and a signed-in user's page is the same", async () => {
    const status = await t.request({ method: "GET", url: "/api/system/status" });
    expect(status.json()).toMatchObject({ payments_enabled: false });
    const { cookie } = await t.signIn();
    const root = rootOf((await t.request({ method: "GET", url: "/pricing", cookie })).body);
    expect(root.match(/>Fale conosco</g)).toHaveLength(3);
    expect(root).not.toContain("Assinar Agora");
  });

  it("tells the administrator that payments are not set up", async () => {
    const { cookie } = await t.signIn({ isAdmin: true });
    const setup = await t.request({ method: "GET", url: "/api/admin/setup-status", cookie });
    expect(setup.json()).toMatchObject({ payments: "none" });
  });
});
