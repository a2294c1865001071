import { describe, expect, it } from "vitest";
import { profileImageSchema } from "./link-pages";

describe("profileImageSchema", () => {
  it("adds https:// to an address typed without it, so the page can draw it", () => {
    expect(profileImageSchema.parse("exemplo.com/foto.png")).toBe("https://exemplo.com/foto.png");
    expect(profileImageSchema.parse(" https://cdn.exemplo.com/a.jpg ")).toBe("https://cdn.exemplo.com/a.jpg");
  });

  it("keeps our stored uploads and data URLs, and reads empty as no image", () => {
    expect(profileImageSchema.parse("/uploads/abc-123.png")).toBe("/uploads/abc-123.png");
    expect(profileImageSchema.parse("data:image/png;base64,iVBORw0KGgo=")).toBe(
      "data:image/png;base64,iVBORw0KGgo=",
    );
    expect(profileImageSchema.parse("")).toBeNull();
    expect(profileImageSchema.parse(null)).toBeNull();
    expect(profileImageSchema.parse(undefined)).toBeNull();
  });

  it.each(["não é uma url", "javascript:alert(1)", "ftp://exemplo.com/a.png", "/outra/pasta/a.png"])(
    "refuses %s with the pt-BR message",
    (value) => {
      const result = profileImageSchema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(
        "Imagem de perfil: informe uma URL válida ou envie um arquivo",
      );
    },
  );
});
