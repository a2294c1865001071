import { PHONE_MESSAGES, toE164 } from "./phone-number";

/** The longest ready message a WhatsApp button carries (it is part of the link). */
export const WHATSAPP_MESSAGE_MAX = 1000;

export const WHATSAPP_MESSAGES = {
  phoneInvalid: PHONE_MESSAGES.invalid,
} as const;

/** The number WhatsApp knows a person by, in E.164, or null (see toE164 for what is accepted). */
export function normalizeWhatsAppPhone(input: string): string | null {
  return toE164(input);
}

/**
 * The link that opens a chat with this number (E.164), with the message typed in when there is one:
 * https://wa.me/5511987654321?text=Ol%C3%A1. wa.me takes the digits only, no "+".
 */
export function whatsAppUrl(e164: string, message?: string | null): string {
  const digits = e164.replace(/\D/g, "");
  const text = message?.trim();
  return text ? `https://wa.me/${digits}?text=${encodeURIComponent(text)}` : `https://wa.me/${digits}`;
}
