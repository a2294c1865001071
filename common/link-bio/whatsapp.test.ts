import { describe, expect, it } from "vitest";
import { normalizeWhatsAppPhone, whatsAppUrl } from "./whatsapp";

describe("normalizeWhatsAppPhone", () => {
  it("gives E.164 for a Brazilian number however it is typed, and for a foreign one with its code", () => {
    expect(normalizeWhatsAppPhone("(11) 98765-4321")).toBe("+5511987654321");
    expect(normalizeWhatsAppPhone("11987654321")).toBe("+5511987654321");
    expect(normalizeWhatsAppPhone("+55 11 98765-4321")).toBe("+5511987654321");
    expect(normalizeWhatsAppPhone("+351 912 345 678")).toBe("+351912345678");
    expect(normalizeWhatsAppPhone("912 345 678")).toBeNull();
  });
});

describe("whatsAppUrl", () => {
  it("opens wa.me with the digits only", () => {
    expect(whatsAppUrl("+5511987654321")).toBe("https://wa.me/5511987654321");
    expect(whatsAppUrl("+5511987654321", "  ")).toBe("https://wa.me/5511987654321");
  });

  it("carries the message percent-encoded (accents, spaces, line breaks, & and #)", () => {
    const url = whatsAppUrl("+5511987654321", "Olá! Quero 2 pães & 1 café #pedido\nObrigado");
    expect(url).toBe(
      "https://wa.me/5511987654321?text=Ol%C3%A1!%20Quero%202%20p%C3%A3es%20%26%201%20caf%C3%A9%20%23pedido%0AObrigado",
    );
    expect(new URL(url).searchParams.get("text")).toBe("Olá! Quero 2 pães & 1 café #pedido\nObrigado");
  });
});
