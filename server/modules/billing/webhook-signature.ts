// Mercado Pago's webhook signature: `x-signature: ts=<seconds>,v1=<hex HMAC-SHA256>` over the
// manifest `id:<data.id>;request-id:<x-request-id>;ts:<ts>;` (absent parts dropped).
import { createHmac, timingSafeEqual } from "node:crypto";

export type WebhookSignatureInput = {
  /** The `x-signature` header. */
  signature: string | null | undefined;
  /** The `x-request-id` header. */
  requestId?: string | null;
  /** `data.id` from the notification's query string (not its body). */
  dataId?: string | null;
  secret: string;
  nowMs?: number;
  /** How far ts may be from now, either way: an older notification is a replay. */
  toleranceMs?: number;
};

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

function parseSignature(header: string): { ts?: string; v1?: string } {
  const parts: { ts?: string; v1?: string } = {};
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    const key = part.slice(0, eq).trim().toLowerCase();
    const value = part.slice(eq + 1).trim();
    if (key === "ts" || key === "v1") parts[key] = value;
  }
  return parts;
}

const present = (value: string | null | undefined) => (value?.trim() ? value.trim() : undefined);

/** NOTE: Mercado Pago signs data.id lowercased (payment ids are digits, other topics alphanumeric). */
function manifest(dataId: string | undefined, requestId: string | undefined, ts: string) {
  return `${dataId ? `id:${dataId.toLowerCase()};` : ""}${requestId ? `request-id:${requestId};` : ""}ts:${ts};`;
}

const hmacHex = (secret: string, text: string) => createHmac("sha256", secret).update(text).digest("hex");

/** Whether a notification was signed by Mercado Pago with our secret, recently. */
export function verifyWebhookSignature({
  signature,
  requestId,
  dataId,
  secret,
  nowMs = Date.now(),
  toleranceMs = 5 * 60_000,
}: WebhookSignatureInput): boolean {
  if (!signature || !secret) return false;
  const { ts, v1 } = parseSignature(signature);
  if (!ts || !/^\d{1,12}$/.test(ts) || !v1 || !HEX_SHA256.test(v1)) return false;
  if (Math.abs(nowMs - Number(ts) * 1000) > toleranceMs) return false;
  const expected = Buffer.from(hmacHex(secret, manifest(present(dataId), present(requestId), ts)), "hex");
  const received = Buffer.from(v1, "hex");
  return expected.length === received.length && timingSafeEqual(expected, received);
}

/** The `x-signature` header Mercado Pago would send (for the fake server and tests). */
export function signWebhook({
  dataId,
  requestId,
  secret,
  tsSeconds = Math.floor(Date.now() / 1000),
}: {
  dataId?: string | null;
  requestId?: string | null;
  secret: string;
  tsSeconds?: number;
}): string {
  const ts = String(tsSeconds);
  return `ts=${ts},v1=${hmacHex(secret, manifest(present(dataId), present(requestId), ts))}`;
}
