import { describe, expect, it } from "vitest";
import { httpUrlSchema } from "./urls";

describe("httpUrlSchema", () => {
  it("adds https:// to an address typed without a scheme", () => {
    expect(httpUrlSchema.parse("exemplo.com.br/a?b=1")).toBe("https://exemplo.com.br/a?b=1");
  });

  it.each([
    "/og-image.png",
    "//evil.example/x",
    "javascript:alert(1)",
    "data:text/html,x",
    "ftp://exemplo.com",
  ])("refuses %s", (value) => {
    const result = httpUrlSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Informe uma URL válida começando com http:// ou https://");
  });
});
