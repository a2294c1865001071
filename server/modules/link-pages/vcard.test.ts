import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { contactVcard, vcardFileName } from "./vcard";

/** The card read back by a third-party parser (ical.js, which reads vCard 3.0 and 4.0). */
function parsed(card: string) {
  const component = new ICAL.Component(ICAL.parse(card) as unknown[]);
  const value = (name: string) => component.getFirstPropertyValue(name);
  return { component, value };
}

describe("contactVcard", () => {
  it("writes a vCard 3.0 with every field, CRLF line ends, that a parser reads back", () => {
    const card = contactVcard({
      name: "Maria Silva",
      phone: "+5511987654321",
      email: "maria@exemplo.com.br",
      organization: "Padaria da Maria",
      website: "https://exemplo.com.br/contato?a=1,2",
    });
    expect(card.startsWith("BEGIN:VCARD\r\nVERSION:3.0\r\n")).toBe(true);
    expect(card.endsWith("END:VCARD\r\n")).toBe(true);
    expect(card.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);

    const { component, value } = parsed(card);
    expect(component.name).toBe("vcard");
    expect(value("version")).toBe("3.0");
    expect(value("fn")).toBe("Maria Silva");
    expect(value("n")).toEqual(["", "Maria Silva", "", "", ""]);
    expect(value("tel")).toBe("+5511987654321");
    expect(value("email")).toBe("maria@exemplo.com.br");
    expect(value("org")).toBe("Padaria da Maria");
    expect(value("url")).toBe("https://exemplo.com.br/contato?a=1,2");
  });

  it("leaves out what the contact does not have", () => {
    const card = contactVcard({ name: "Maria" });
    expect(card).toBe("BEGIN:VCARD\r\nVERSION:3.0\r\nN:;Maria;;;\r\nFN:Maria\r\nEND:VCARD\r\n");
    const { component } = parsed(card);
    expect(component.getAllProperties().map((p) => p.name)).toEqual(["version", "n", "fn"]);
  });

  it("escapes commas, backslashes, line breaks and a structured value's semicolons, which come back as written", () => {
    const name = "Silva, Maria; a \\ Filha\nSegunda linha";
    const card = contactVcard({ name, organization: "Pães; Doces, & Cia" });
    expect(card).toContain("\r\nN:;Silva\\, Maria\\; a \\\\ Filha\\nSegunda linha;;;\r\n");
    expect(card).toContain("\r\nFN:Silva\\, Maria; a \\\\ Filha\\nSegunda linha\r\n");
    const { value } = parsed(card);
    expect(value("fn")).toBe(name);
    // ORG is a list of units in vCard: the escaped semicolon keeps it one unit.
    expect(value("org")).toBe("Pães; Doces, & Cia");
  });

  it("folds lines over 75 octets without splitting a character, and the parser unfolds them", () => {
    const name = "Conceição Aparecida dos Santos Guimarães Brandão ".repeat(3).trim();
    const card = contactVcard({ name, organization: "Ótica".repeat(30) });
    const lines = card.split("\r\n").filter(Boolean);
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(lines.some((line) => line.startsWith(" "))).toBe(true);
    expect(card).not.toContain("\uFFFD");
    const { value } = parsed(card);
    expect(value("fn")).toBe(name);
    expect(value("org")).toBe("Ótica".repeat(30));
  });
});

describe("vcardFileName", () => {
  it("names the file after the contact in ASCII, or 'contato'", () => {
    expect(vcardFileName("Maria José da Conceição")).toBe("maria-jose-da-conceicao.vcf");
    expect(vcardFileName("🎉")).toBe("contato.vcf");
  });
});
