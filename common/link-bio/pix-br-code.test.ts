import { hasError, isStaticPix, parsePix } from "pix-utils";
import { describe, expect, it } from "vitest";
import { crc16CcittFalse, type StaticPix, staticPixBrCode } from "./pix-br-code";
import { parsePixKey } from "./pix-key";

/** The code read back by a third-party Pix parser (pix-utils), which also checks the CRC. */
function parsedByPixUtils(code: string) {
  const parsed = parsePix(code);
  if (hasError(parsed)) throw new Error(`pix-utils refused ${code}: ${parsed.message}`);
  if (!isStaticPix(parsed)) throw new Error(`pix-utils did not read a static Pix: ${code}`);
  return parsed;
}

/** The top-level EMV fields of a code, by id. */
function fields(code: string): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < code.length; ) {
    const id = code.slice(i, i + 2);
    const length = Number(code.slice(i + 2, i + 4));
    out.set(id, code.slice(i + 4, i + 4 + length));
    i += 4 + length;
  }
  return out;
}

const key = (input: string) => {
  const parsed = parsePixKey(input);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.key;
};

describe("crc16CcittFalse", () => {
  it("gives the algorithm's check value for '123456789'", () => {
    expect(crc16CcittFalse("123456789")).toBe("29B1");
  });
});

describe("staticPixBrCode", () => {
  it("writes the Banco Central manual's example code byte for byte", () => {
    const code = staticPixBrCode({
      key: "123e4567-e12b-12d1-a456-426655440000",
      name: "Fulano de Tal",
      city: "BRASILIA",
    });
    expect(code).toBe(
      "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D",
    );
    expect(parsedByPixUtils(code).pixKey).toBe("123e4567-e12b-12d1-a456-426655440000");
  });

  it.each([
    ["CPF", "529.982.247-25"],
    ["CNPJ", "11.222.333/0001-81"],
    ["alphanumeric CNPJ", "12.ABC.345/01DE-35"],
    ["e-mail", "contato@padaria.com.br"],
    ["phone", "+55 11 98765-4321"],
    ["random key", "123e4567-e89b-42d3-a456-426614174000"],
  ])("gives a code with a %s key that a Pix parser reads back, CRC checked", (_kind, input) => {
    const pix: StaticPix = {
      key: key(input),
      name: "Padaria do João",
      city: "São Paulo",
      amountCents: 1050,
      description: "Pedido 42",
    };
    const code = staticPixBrCode(pix);
    const parsed = parsedByPixUtils(code);
    expect(parsed).toMatchObject({
      pixKey: pix.key,
      merchantName: "Padaria do Joao",
      merchantCity: "Sao Paulo",
      transactionAmount: 10.5,
      infoAdicional: "Pedido 42",
      txid: "***",
      merchantCategoryCode: "0000",
      transactionCurrency: "986",
      countryCode: "BR",
    });
    const top = fields(code);
    expect([...top.keys()]).toEqual(["00", "26", "52", "53", "54", "58", "59", "60", "62", "63"]);
    expect(top.get("00")).toBe("01");
    expect(top.get("54")).toBe("10.50");
    expect(fields(top.get("26")!).get("00")).toBe("br.gov.bcb.pix");
    expect(top.get("63")).toMatch(/^[0-9A-F]{4}$/);
    expect(top.get("63")).toBe(crc16CcittFalse(code.slice(0, -4)));
  });

  it("is refused by the parser once a character changes (the CRC no longer matches)", () => {
    const code = staticPixBrCode({ key: key("529.982.247-25"), name: "Maria", city: "Recife" });
    const tampered = code.replace("Maria", "Mario");
    expect(hasError(parsePix(tampered))).toBe(true);
  });

  it("leaves the amount out when none is set, so the payer types it", () => {
    const code = staticPixBrCode({ key: key("529.982.247-25"), name: "Maria", city: "Recife" });
    expect(fields(code).has("54")).toBe(false);
    expect(parsedByPixUtils(code).transactionAmount).toBe(0);
  });

  it.each([
    [5, "0.05"],
    [100, "1.00"],
    [123456, "1234.56"],
    [100_000_000, "1000000.00"],
  ])("writes %i cents as %s", (cents, text) => {
    const code = staticPixBrCode({
      key: key("529.982.247-25"),
      name: "Maria",
      city: "Recife",
      amountCents: cents,
    });
    expect(fields(code).get("54")).toBe(text);
    expect(parsedByPixUtils(code).transactionAmount).toBe(Number(text));
  });

  it("drops accents and cuts the name at 25 and the city at 15 characters", () => {
    const code = staticPixBrCode({
      key: key("529.982.247-25"),
      name: "José da Silva Conceição Júnior",
      city: "São José dos Campos",
    });
    const parsed = parsedByPixUtils(code);
    expect(parsed.merchantName).toBe("Jose da Silva Conceicao J");
    expect(parsed.merchantCity).toBe("Sao Jose dos Ca");
  });

  it("cuts the description to the room a long key leaves in the 99-character account field", () => {
    const email = `${"a".repeat(55)}@exemplo.com.br`;
    const code = staticPixBrCode({
      key: key(email),
      name: "Maria",
      city: "Recife",
      description: "Uma descrição longa demais para caber",
    });
    const account = fields(code).get("26")!;
    expect(account.length).toBeLessThanOrEqual(99);
    expect(parsedByPixUtils(code).infoAdicional).toBe("Uma");

    const longest = staticPixBrCode({
      key: key(`${"a".repeat(63)}@exemplo.com`),
      name: "Maria",
      city: "Recife",
      description: "Sem espaço",
    });
    expect(fields(fields(longest).get("26")!).has("02")).toBe(false);
    expect(parsedByPixUtils(longest).pixKey).toHaveLength(75);
  });

  it("refuses what the contract never lets through: no name left after dropping symbols, bad cents", () => {
    expect(() => staticPixBrCode({ key: key("529.982.247-25"), name: "🎉", city: "Recife" })).toThrow(
      RangeError,
    );
    expect(() =>
      staticPixBrCode({ key: key("529.982.247-25"), name: "Maria", city: "Recife", amountCents: 10.5 }),
    ).toThrow(RangeError);
  });
});
