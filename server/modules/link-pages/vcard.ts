import { slugFromTitle } from "../../../common/slug";

/**
 * The card behind a contact block's "Salvar contato": vCard 3.0 (RFC 2426), the version every
 * phone's contacts app imports, in UTF-8 with CRLF line ends. Written here rather than with a
 * library: the card has five properties, and what matters (escaping, folding) is a few lines.
 */
export type ContactCard = {
  name: string;
  /** E.164, as the contract stores it. */
  phone?: string | null;
  email?: string | null;
  organization?: string | null;
  website?: string | null;
};

export const VCARD_CONTENT_TYPE = "text/vcard; charset=utf-8";

/** Longest line in octets, CRLF excluded (RFC 2425 5.8.1); longer ones are folded. */
const LINE_OCTETS = 75;

export function contactVcard(contact: ContactCard): string {
  const lines = [
    "BEGIN:VCARD",
    "VERSION:3.0",
    // N is required in 3.0; a name is not split into given and family names by guessing.
    `N:;${text(contact.name, true)};;;`,
    `FN:${text(contact.name)}`,
    contact.organization ? `ORG:${text(contact.organization, true)}` : null,
    contact.phone ? `TEL;TYPE=VOICE:${text(contact.phone)}` : null,
    contact.email ? `EMAIL;TYPE=INTERNET:${text(contact.email)}` : null,
    // A URI, not text: escaping its commas would change the address.
    contact.website ? `URL:${contact.website.replace(/[\r\n]/g, "")}` : null,
    "END:VCARD",
  ];
  return lines
    .filter((line) => line !== null)
    .map(fold)
    .join("\r\n")
    .concat("\r\n");
}

/** The download's file name: the contact's name as ASCII ("Maria José" -> "maria-jose.vcf"). */
export function vcardFileName(name: string): string {
  return `${slugFromTitle(name) || "contato"}.vcf`;
}

/**
 * A text value: backslash, comma and line breaks escaped, and the semicolon in a structured value
 * (N, ORG), where it would separate components; other control characters dropped.
 */
function text(value: string, structured = false): string {
  return value
    .replace(/\r\n?/g, "\n")
    .replace(/\p{Cc}/gu, (c) => (c === "\n" ? c : ""))
    .replace(structured ? /[\\,;]/g : /[\\,]/g, (c) => `\\${c}`)
    .replace(/\n/g, "\\n");
}

/**
 * Splits a line into runs of at most 75 octets, each run after the first starting with a space
 * (which counts), never inside a character's UTF-8 bytes.
 */
function fold(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const room = parts.length === 0 ? LINE_OCTETS : LINE_OCTETS - 1;
    if (octets + size > room) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}
