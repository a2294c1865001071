import { describe, expect, it } from "vitest";
import { formatPhone, isBrazilianE164, toE164 } from "./phone-number";

describe("toE164", () => {
  it.each([
    ["(11) 98765-4321", "+5511987654321"],
    ["11987654321", "+5511987654321"],
    ["11 9 8765 4321", "+5511987654321"],
    ["+55 11 98765-4321", "+5511987654321"],
    ["+55 (11) 98765-4321", "+5511987654321"],
    ["5511987654321", "+5511987654321"],
    ["(21) 2345-6789", "+552123456789"],
    ["+351 912 345 678", "+351912345678"],
    ["+1 (202) 555-0143", "+12025550143"],
  ])("reads %s as %s", (input, e164) => {
    expect(toE164(input)).toBe(e164);
  });

  it.each([
    ["", "empty"],
    ["abc", "letters"],
    ["11987654321 ramal 2", "words around the number"],
    ["+5511987654321x", "a letter after the number"],
    ["55+11987654321", "a + in the middle"],
    ["987654321", "a Brazilian mobile without its DDD"],
    ["(11) 8765-4321", "a Brazilian mobile without its 9"],
    ["(11) 18765-4321", "a Brazilian number that starts with 1"],
    ["(20) 98765-4321", "an area code that does not exist"],
    ["(11) 3456-789", "too short"],
    ["+351 112 345 678", "a foreign number that is not one"],
    ["+999 1234 5678", "an unknown country code"],
  ])("refuses %s (%s)", (input) => {
    expect(toE164(input)).toBeNull();
  });
});

describe("isBrazilianE164", () => {
  it("tells +55 numbers from the others", () => {
    expect(isBrazilianE164("+5511987654321")).toBe(true);
    expect(isBrazilianE164("+351912345678")).toBe(false);
  });
});

describe("formatPhone", () => {
  it("writes a Brazilian number as people read it, another country's with its code", () => {
    expect(formatPhone("+5511987654321")).toBe("(11) 98765-4321");
    expect(formatPhone("+551133334444")).toBe("(11) 3333-4444");
    expect(formatPhone("+351912345678")).toBe("+351 912 345 678");
    expect(formatPhone("não é número")).toBe("não é número");
  });
});
