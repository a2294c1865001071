// libphonenumber-js with its "min" metadata (~80 kB, the smallest): it validates a number's length
// per country, not its digits, so Brazil's own rules are added below.
import { parsePhoneNumberFromString } from "libphonenumber-js/min";

export const PHONE_MESSAGES = {
  invalid:
    "Telefone inválido: informe o DDD e o número, como (11) 98765-4321, ou o código do país, como +351 912 345 678.",
  notBrazilian: "Use um telefone do Brasil, com DDD, como (11) 98765-4321.",
} as const;

/** Brazil's area codes (DDD), as Anatel assigns them. */
const BRAZIL_AREA_CODES = new Set([
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45, 46,
  47, 48, 49, 51, 53, 54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81, 82, 83, 84, 85,
  86, 87, 88, 89, 91, 92, 93, 94, 95, 96, 97, 98, 99,
]);

/** A Brazilian national number: DDD, then a mobile (9 and 8 digits) or a landline (2-5 and 7 digits). */
const BRAZIL_NATIONAL = /^(\d{2})(9\d{8}|[2-5]\d{7})$/;

/** What people type around a number; anything else (letters, "ramal") makes it no number. */
const PHONE_CHARACTERS = /^[+\d\s().\-/]+$/;

/**
 * A phone number in E.164 (+5511987654321), or null when it is not one. Without a "+", a number is
 * read as Brazilian (with or without the 55); a number of another country needs its "+" and code.
 */
export function toE164(input: string): string | null {
  const text = input.trim();
  if (!text || text.length > 40 || !PHONE_CHARACTERS.test(text)) return null;
  if (text.lastIndexOf("+") > 0) return null;
  const phone = parsePhoneNumberFromString(text, "BR");
  if (!phone?.isValid()) return null;
  if (phone.countryCallingCode === "55") {
    const national = BRAZIL_NATIONAL.exec(phone.nationalNumber);
    if (!national || !BRAZIL_AREA_CODES.has(Number(national[1]))) return null;
  }
  return phone.number;
}

/** Whether an E.164 number is Brazilian (+55). */
export function isBrazilianE164(e164: string): boolean {
  return e164.startsWith("+55");
}

/**
 * A stored number as people read it: a Brazilian one in the national format, "(11) 98765-4321";
 * another country's with its code, "+351 912 345 678". What is not a number is given back as it is.
 */
export function formatPhone(e164: string): string {
  const phone = parsePhoneNumberFromString(e164);
  if (!phone) return e164;
  return phone.countryCallingCode === "55" ? phone.formatNational() : phone.formatInternational();
}
