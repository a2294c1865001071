import {
  PIX_CITY_MAX,
  PIX_EMAIL_KEY_MAX,
  PIX_KEY_PLUS_DESCRIPTION_MAX,
  PIX_NAME_MAX,
  toPixText,
} from "./pix-key";

/**
 * A static Pix BR Code ("Pix Copia e Cola", and the QR code's content) as the Banco Central's
 * "Manual de Padrões para Iniciação do Pix" defines it: EMV fields as ID, two-digit length, value;
 * then a CRC16 over everything before it. No payment passes through us: the payer's bank reads
 * the key, the amount and the names from the code.
 */
export type StaticPix = {
  /** A key as parsePixKey returns it (CPF/CNPJ bare, e-mail lower case, phone +55…, random key). */
  key: string;
  /** Who receives: shown by the payer's bank (accents dropped, at most 25 characters). */
  name: string;
  /** The receiver's city (accents dropped, at most 15 characters). */
  city: string;
  /** A fixed amount; absent, the payer types it. */
  amountCents?: number | null;
  /** A note shown to the payer; cut to what the merchant account field has room for. */
  description?: string | null;
};

const PIX_GUI = "br.gov.bcb.pix";
const BRL = "986";

export function staticPixBrCode(pix: StaticPix): string {
  const key = pix.key.trim();
  const name = toPixText(pix.name, PIX_NAME_MAX);
  const city = toPixText(pix.city, PIX_CITY_MAX);
  if (!key || key.length > PIX_EMAIL_KEY_MAX) throw new RangeError("Pix key length");
  if (!name || !city) throw new RangeError("Pix name and city must keep a letter or digit");
  const room = Math.max(0, PIX_KEY_PLUS_DESCRIPTION_MAX - key.length);
  const description = room > 0 ? toPixText(pix.description ?? "", room) : "";

  const account = emv("00", PIX_GUI) + emv("01", key) + (description ? emv("02", description) : "");
  const payload =
    emv("00", "01") +
    emv("26", account) +
    emv("52", "0000") +
    emv("53", BRL) +
    (pix.amountCents ? emv("54", amountText(pix.amountCents)) : "") +
    emv("58", "BR") +
    emv("59", name) +
    emv("60", city) +
    // Additional data: the transaction id a static code carries when the receiver sets none.
    emv("62", emv("05", "***")) +
    "6304";
  return payload + crc16CcittFalse(payload);
}

/** CRC-16/CCITT-FALSE (polynomial 0x1021, start 0xFFFF) of the UTF-8 bytes, four upper-case hex digits. */
export function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/** Cents as the code writes an amount: "10.50", "1234.00" (a dot, two decimals). */
function amountText(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new RangeError("Pix amount must be whole cents");
  const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
  if (text.length > 13) throw new RangeError("Pix amount too large");
  return text;
}

function emv(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`EMV field ${id} longer than 99`);
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}
