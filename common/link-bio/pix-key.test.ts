import { describe, expect, it } from "vitest";
import { formatPixKey, isValidCnpj, isValidCpf, PIX_KEY_MESSAGES, parsePixKey, toPixText } from "./pix-key";

describe("isValidCpf", () => {
  it.each(["529.982.247-25", "52998224725", "111.444.777-35"])("accepts %s", (cpf) => {
    expect(isValidCpf(cpf)).toBe(true);
  });

  it.each([
    ["529.982.247-26", "second check digit wrong"],
    ["529.982.247-15", "first check digit wrong"],
    ["111.111.111-11", "one digit repeated (passes the sums, never issued)"],
    ["5299822472", "ten digits"],
    ["5299822472a", "a letter"],
  ])("refuses %s (%s)", (cpf) => {
    expect(isValidCpf(cpf)).toBe(false);
  });
});

describe("isValidCnpj", () => {
  it.each([
    ["11.222.333/0001-81", "numeric"],
    ["11222333000181", "numeric, bare"],
    ["12.ABC.345/01DE-35", "alphanumeric, the Receita Federal's example"],
    ["12abc34501de35", "alphanumeric in lower case"],
  ])("accepts %s (%s)", (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(true);
  });

  it.each([
    ["11.222.333/0001-82", "second check digit wrong"],
    ["11.222.333/0001-91", "first check digit wrong"],
    ["12.ABC.345/01DE-36", "alphanumeric, check digit wrong"],
    ["00.000.000/0000-00", "one digit repeated"],
    ["12.ABC.345/01DE-3A", "a letter as a check digit"],
  ])("refuses %s (%s)", (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(false);
  });
});

describe("parsePixKey", () => {
  it.each([
    ["529.982.247-25", "cpf", "52998224725"],
    ["11.222.333/0001-81", "cnpj", "11222333000181"],
    ["12.abc.345/01de-35", "cnpj", "12ABC34501DE35"],
    ["  Contato@Padaria.com.br ", "email", "contato@padaria.com.br"],
    ["+55 11 98765-4321", "phone", "+5511987654321"],
    ["(11) 98765-4321", "phone", "+5511987654321"],
    ["(21) 2345-6789", "phone", "+552123456789"],
    ["123E4567-E89B-42D3-A456-426614174000", "random", "123e4567-e89b-42d3-a456-426614174000"],
  ])("reads %s as a %s key: %s", (input, kind, key) => {
    expect(parsePixKey(input)).toEqual({ ok: true, kind, key });
  });

  it.each([
    ["", PIX_KEY_MESSAGES.required],
    ["529.982.247-26", PIX_KEY_MESSAGES.cpf],
    ["11987654321", PIX_KEY_MESSAGES.cpfOrPhone],
    ["11.222.333/0001-82", PIX_KEY_MESSAGES.cnpj],
    ["nome@", PIX_KEY_MESSAGES.email],
    [`${"a".repeat(70)}@exemplo.com`, PIX_KEY_MESSAGES.email],
    ["+55 11 1234", PIX_KEY_MESSAGES.phone],
    ["+351 912 345 678", PIX_KEY_MESSAGES.phoneNotBrazilian],
    ["123e4567-e12b-12d1-a456-426655440000", PIX_KEY_MESSAGES.random],
    ["123e4567e89b42d3a456426614174000", PIX_KEY_MESSAGES.random],
    ["minha chave", PIX_KEY_MESSAGES.invalid],
  ])("refuses %j: %s", (input, message) => {
    expect(parsePixKey(input)).toEqual({ ok: false, message });
  });
});

describe("toPixText", () => {
  it("drops accents and what is not printable ASCII, collapses spaces and cuts at the limit", () => {
    expect(toPixText("São Paulo", 15)).toBe("Sao Paulo");
    expect(toPixText("  Padaria   do João 🥖 ", 25)).toBe("Padaria do Joao");
    expect(toPixText("Açaí & Cia — Conceição", 25)).toBe("Acai & Cia Conceicao");
    expect(toPixText("Florianópolis do Sul", 15)).toBe("Florianopolis d");
    expect(toPixText("Rio de Janeiro X", 15)).toBe("Rio de Janeiro");
    expect(toPixText("🎉", 25)).toBe("");
  });
});

describe("formatPixKey", () => {
  it("writes a stored key as people read it, and it parses back to the same key", () => {
    for (const [stored, shown] of [
      ["52998224725", "529.982.247-25"],
      ["11222333000181", "11.222.333/0001-81"],
      ["+5511987654321", "(11) 98765-4321"],
      ["ana@exemplo.com", "ana@exemplo.com"],
    ]) {
      expect(formatPixKey(stored!)).toBe(shown);
      expect(parsePixKey(shown!)).toMatchObject({ ok: true, key: stored });
    }
  });
});
