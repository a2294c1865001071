import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BRAND_COLOR } from "../../../common/brand";
import { contrastRatio } from "../../../common/color-contrast";
import { emailVerificationMail } from "./templates";

const context = { appName: "Atalho", publicUrl: "https://atalho.test" };

describe("the e-mails' button", () => {
  it("is the brand's colour, the web's brand-600, readable in white (AA)", () => {
    const { html } = emailVerificationMail(context, { to: "ana@exemplo.com.br", token: "abc" });
    const button = /<a href="[^"]*verificar-email[^"]*" style="([^"]*)"/.exec(html)?.[1] ?? "";
    expect(button).toContain(`background:${BRAND_COLOR};`);
    expect(button).toContain("color:#ffffff;");
    expect(html).not.toContain("#4f46e5");
    expect(contrastRatio("#ffffff", BRAND_COLOR)).toBeGreaterThanOrEqual(4.5);
    const styles = readFileSync(new URL("../../../web/styles.css", import.meta.url), "utf8");
    expect(styles).toContain(`--color-brand-600: ${BRAND_COLOR};`);
  });
});
