import { formatPhone, isBrazilianE164, toE164 } from "./phone-number";

/** The kinds of Pix key the Banco Central's directory (DICT) holds. */
export const PIX_KEY_KINDS = ["cpf", "cnpj", "email", "phone", "random"] as const;
export type PixKeyKind = (typeof PIX_KEY_KINDS)[number];

export const PIX_KEY_KIND_LABELS: Record<PixKeyKind, string> = {
  cpf: "CPF",
  cnpj: "CNPJ",
  email: "E-mail",
  phone: "Telefone",
  random: "Chave aleatória",
};

/** The longest receiver's name and city a BR Code carries (fields 59 and 60), after toPixText. */
export const PIX_NAME_MAX = 25;
export const PIX_CITY_MAX = 15;

/** The directory's longest e-mail key. */
export const PIX_EMAIL_KEY_MAX = 77;

/**
 * A BR Code's merchant account field (26) holds at most 99 characters: the Pix GUI takes 18, the
 * key and the description 4 each around their text. What is left is shared by the two.
 */
export const PIX_KEY_PLUS_DESCRIPTION_MAX = 73;

export const PIX_KEY_MESSAGES = {
  required: "Informe a chave Pix.",
  invalid:
    "Chave Pix inválida: use um CPF, um CNPJ, um e-mail, um telefone com +55 ou a chave aleatória que o seu banco gerou.",
  cpf: "CPF inválido: confira os números.",
  cpfOrPhone:
    "CPF inválido: confira os números. Se a chave for um telefone, escreva com +55 e o DDD, como +55 11 98765-4321.",
  cnpj: "CNPJ inválido: confira os números.",
  email: `E-mail inválido para chave Pix (até ${PIX_EMAIL_KEY_MAX} caracteres, como nome@exemplo.com.br).`,
  phone: "Telefone inválido para chave Pix: use +55, o DDD e o número, como +55 11 98765-4321.",
  phoneNotBrazilian: "A chave Pix de telefone deve ser um número do Brasil (+55).",
  random: "Chave aleatória inválida: copie-a do app do seu banco, como 123e4567-e89b-42d3-a456-426614174000.",
} as const;

export type PixKeyResult = { ok: true; kind: PixKeyKind; key: string } | { ok: false; message: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
/** A CNPJ: 12 digits or, from July 2026, upper-case letters and digits, then 2 check digits. */
const CNPJ_SHAPE = /^[0-9A-Z]{12}\d{2}$/;

/**
 * Reads a Pix key and tells its kind, in the form the directory stores it: CPF and CNPJ without
 * punctuation, e-mail and random key in lower case, phone in E.164 (+5511987654321). Eleven bare
 * digits are a CPF, as in the directory; a phone needs its +55 or its parentheses.
 */
export function parsePixKey(input: string): PixKeyResult {
  const text = input.trim();
  if (!text) return fail(PIX_KEY_MESSAGES.required);
  if (text.includes("@")) {
    const email = text.toLowerCase();
    return EMAIL.test(email) && email.length <= PIX_EMAIL_KEY_MAX
      ? ok("email", email)
      : fail(PIX_KEY_MESSAGES.email);
  }
  if (UUID_SHAPE.test(text))
    return UUID_V4.test(text) ? ok("random", text.toLowerCase()) : fail(PIX_KEY_MESSAGES.random);
  if (text.startsWith("+") || text.includes("(")) return phoneKey(text);

  const bare = text.replace(/[.\-/\s]/g, "").toUpperCase();
  if (/^\d{11}$/.test(bare)) {
    if (isValidCpf(bare)) return ok("cpf", bare);
    return fail(toE164(bare) ? PIX_KEY_MESSAGES.cpfOrPhone : PIX_KEY_MESSAGES.cpf);
  }
  if (CNPJ_SHAPE.test(bare)) return isValidCnpj(bare) ? ok("cnpj", bare) : fail(PIX_KEY_MESSAGES.cnpj);
  if (/^\d{10}$/.test(bare) && toE164(bare)) return phoneKey(bare);
  if (/^[0-9a-f-]{30,40}$/i.test(text)) return fail(PIX_KEY_MESSAGES.random);
  return fail(PIX_KEY_MESSAGES.invalid);
}

/** A CPF (11 digits, punctuation allowed) whose two check digits are right. */
export function isValidCpf(value: string): boolean {
  const digits = value.replace(/[.\-\s]/g, "");
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const numbers = [...digits].map(Number);
  const check = (length: number) => {
    const sum = numbers.slice(0, length).reduce((total, n, i) => total + n * (length + 1 - i), 0);
    return ((sum * 10) % 11) % 10;
  };
  return check(9) === numbers[9] && check(10) === numbers[10];
}

/**
 * A CNPJ (14 characters, punctuation allowed) whose two check digits are right. The new
 * alphanumeric CNPJ (Receita Federal, IN 2.229/2024) is computed the same way, each character
 * worth its ASCII code minus 48 (digits 0-9, A 17 … Z 42).
 */
export function isValidCnpj(value: string): boolean {
  const chars = value.replace(/[.\-/\s]/g, "").toUpperCase();
  if (!CNPJ_SHAPE.test(chars) || /^(\d)\1{13}$/.test(chars)) return false;
  const values = [...chars].map((c) => c.charCodeAt(0) - 48);
  const check = (length: number) => {
    const sum = values.slice(0, length).reduce((total, v, i) => total + v * (((length - 1 - i) % 8) + 2), 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  return check(12) === values[12] && check(13) === values[13];
}

/**
 * Text as a BR Code carries it: letters without accents, printable ASCII only, spaces collapsed,
 * cut at `max` characters ("São Paulo" -> "Sao Paulo"). Banks show these fields to the payer.
 */
export function toPixText(value: string, max: number): string {
  return value
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^\x20-\x7e]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max)
    .trim();
}

function phoneKey(text: string): PixKeyResult {
  const e164 = toE164(text);
  if (!e164) return fail(PIX_KEY_MESSAGES.phone);
  return isBrazilianE164(e164) ? ok("phone", e164) : fail(PIX_KEY_MESSAGES.phoneNotBrazilian);
}

const ok = (kind: PixKeyKind, key: string): PixKeyResult => ({ ok: true, kind, key });
const fail = (message: string): PixKeyResult => ({ ok: false, message });

/**
 * A stored key as people read it: a CPF "529.982.247-25", a CNPJ "12.345.678/0001-95", a phone
 * "(11) 98765-4321"; an e-mail or a random key as it is. What is not a key is given back as it is.
 */
export function formatPixKey(key: string): string {
  const parsed = parsePixKey(key);
  if (!parsed.ok) return key;
  const digits = parsed.key;
  if (parsed.kind === "cpf") return digits.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, "$1.$2.$3-$4");
  // A CNPJ may hold letters (the alphanumeric CNPJ): the same groups.
  if (parsed.kind === "cnpj") return digits.replace(/^(.{2})(.{3})(.{3})(.{4})(.{2})$/, "$1.$2.$3/$4-$5");
  if (parsed.kind === "phone") return formatPhone(parsed.key);
  return parsed.key;
}
