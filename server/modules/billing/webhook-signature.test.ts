import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signWebhook, verifyWebhookSignature } from "./webhook-signature";

const secret = "segredo-do-webhook";
const nowMs = 1_760_000_000_000;
const tsSeconds = nowMs / 1000;
const signed = { dataId: "123456789", requestId: "bb56a2f1-6aae-46ac-982e-9dcd3581d08e", secret, tsSeconds };
const signature = signWebhook(signed);
const verify = (overrides: Partial<Parameters<typeof verifyWebhookSignature>[0]> = {}) =>
  verifyWebhookSignature({
    signature,
    requestId: signed.requestId,
    dataId: signed.dataId,
    secret,
    nowMs,
    ...overrides,
  });

describe("verifyWebhookSignature", () => {
  it("accepts Mercado Pago's signature of id, request-id and ts", () => {
    const manifest = `id:${signed.dataId};request-id:${signed.requestId};ts:${tsSeconds};`;
    const v1 = createHmac("sha256", secret).update(manifest).digest("hex");
    expect(signature).toBe(`ts=${tsSeconds},v1=${v1}`);
    expect(verify()).toBe(true);
  });

  it("reads the header's parts in any order, with spaces", () => {
    const [ts, v1] = signature.split(",");
    expect(verify({ signature: ` ${v1} , ${ts} ` })).toBe(true);
  });

  it("refuses another secret, a tampered id or a tampered request-id", () => {
    expect(verify({ secret: "outro-segredo" })).toBe(false);
    expect(verify({ dataId: "123456780" })).toBe(false);
    expect(verify({ requestId: "bb56a2f1-6aae-46ac-982e-9dcd3581d08f" })).toBe(false);
  });

  it("refuses a header without ts or v1, or none at all", () => {
    const [ts, v1] = signature.split(",");
    expect(verify({ signature: ts })).toBe(false);
    expect(verify({ signature: v1 })).toBe(false);
    expect(verify({ signature: "" })).toBe(false);
    expect(verify({ signature: undefined })).toBe(false);
    expect(verify({ signature: "lixo" })).toBe(false);
  });

  it("refuses a replayed (stale) or future ts, within a tolerance", () => {
    expect(verify({ nowMs: nowMs + 5 * 60_000 })).toBe(true);
    expect(verify({ nowMs: nowMs + 5 * 60_000 + 1_000 })).toBe(false);
    expect(verify({ nowMs: nowMs - 6 * 60_000 })).toBe(false);
    expect(verify({ nowMs: nowMs + 60 * 60_000, toleranceMs: 2 * 60 * 60_000 })).toBe(true);
  });

  it("refuses a v1 that is not 64 hex digits, without throwing", () => {
    const ts = `ts=${tsSeconds}`;
    expect(verify({ signature: `${ts},v1=${"z".repeat(64)}` })).toBe(false);
    expect(verify({ signature: `${ts},v1=${"é".repeat(64)}` })).toBe(false);
    expect(verify({ signature: `${ts},v1=abc` })).toBe(false);
    expect(verify({ signature: `${signature}0` })).toBe(false);
  });

  it("lowercases data.id from the query before signing", () => {
    const header = signWebhook({ ...signed, dataId: "abc123XYZ" });
    expect(verify({ signature: header, dataId: "ABC123XYZ" })).toBe(true);
    const manifest = `id:abc123xyz;request-id:${signed.requestId};ts:${tsSeconds};`;
    expect(header).toContain(createHmac("sha256", secret).update(manifest).digest("hex"));
  });

  it("drops absent parts from the signed text", () => {
    const withoutId = signWebhook({ ...signed, dataId: undefined });
    const v1 = createHmac("sha256", secret).update(`request-id:${signed.requestId};ts:${tsSeconds};`);
    expect(withoutId).toBe(`ts=${tsSeconds},v1=${v1.digest("hex")}`);
    expect(verify({ signature: withoutId, dataId: undefined })).toBe(true);
    expect(verify({ signature: withoutId })).toBe(false);

    const withoutRequestId = signWebhook({ ...signed, requestId: null });
    expect(verify({ signature: withoutRequestId, requestId: null })).toBe(true);
    expect(verify({ signature: withoutRequestId })).toBe(false);
  });
});
