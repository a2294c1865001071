import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import webpush from "web-push";
import type { PushPayload } from "../../../common/contract/notifications";
import {
  guardedLookup,
  InternalAddressError,
  isInternalAddress,
  isLoopbackAddress,
} from "../webhooks/webhook-targets";
import type { VapidDetails } from "./vapid-keys";

/** A device's subscription as its browser gave it (PushSubscription.toJSON()). */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/**
 * sent: the push service took it. gone: the subscription no longer exists (404, 410), the caller
 * deletes it. failed: anything else (the service down, a refusal); logged, the subscription kept.
 */
export type PushOutcome = { result: "sent" | "gone" | "failed"; status: number | null; error?: string };

export type PushOptions = {
  vapid: VapidDetails;
  /** Plain http to 127.0.0.1 (tests); otherwise an endpoint on an internal address is refused. */
  allowLoopback: boolean;
  /** Seconds the push service keeps the message for a device that is offline. */
  ttlSeconds?: number;
  urgency?: "very-low" | "low" | "normal" | "high";
  timeoutMs?: number;
};

/** A day: a contact or a payment is still news the next morning, not after. */
const DEFAULT_TTL_SECONDS = 24 * 60 * 60;
const MAX_ANSWER_BYTES = 16 * 1024;
/** RFC 8030 Topic: at most 32 characters of the base64url alphabet. */
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * Sends one payload to one subscription over the Web Push protocol (RFC 8030): web-push signs the
 * request (VAPID, RFC 8292) and encrypts the payload for the device (aes128gcm, RFC 8291); the
 * request itself goes out here, checked like a webhook's (no internal address, no redirect), within
 * the timeout. Stateless: any process can send to any subscription.
 */
export async function sendPush(
  target: PushTarget,
  payload: PushPayload,
  options: PushOptions,
): Promise<PushOutcome> {
  let url: URL;
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    url = new URL(target.endpoint);
    details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: options.vapid,
        TTL: options.ttlSeconds ?? DEFAULT_TTL_SECONDS,
        urgency: options.urgency ?? "normal",
        // A newer message of the same kind replaces one the device has not fetched yet.
        ...(payload.tag && TOPIC.test(payload.tag) ? { topic: payload.tag } : {}),
      },
    );
  } catch (error) {
    // Keys the browser never made (a forged body): this subscription can never receive anything.
    return { result: "gone", status: null, error: (error as Error).message };
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const loopbackAllowed = options.allowLoopback && isLoopbackAddress(host);
  if (url.protocol !== "https:" && !loopbackAllowed) {
    return { result: "gone", status: null, error: "not https" };
  }
  // An IP literal is not resolved, so the lookup's check does not run for it.
  if (isIP(host) && isInternalAddress(host) && !loopbackAllowed) {
    return { result: "gone", status: null, error: "internal address" };
  }
  const client = url.protocol === "https:" ? https : http;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: PushOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(outcome);
    };
    const request = client.request(
      url,
      {
        method: "POST",
        lookup: guardedLookup(options.allowLoopback),
        agent: false,
        headers: details.headers as http.OutgoingHttpHeaders,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        let read = 0;
        const done = () => {
          if (status >= 200 && status < 300) finish({ result: "sent", status });
          else if (status === 404 || status === 410) finish({ result: "gone", status });
          else finish({ result: "failed", status, error: `HTTP ${status}` });
        };
        response.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) done();
        });
        response.on("end", done);
        response.on("error", done);
      },
    );
    const timer = setTimeout(
      () => finish({ result: "failed", status: null, error: `no answer in ${timeoutMs} ms` }),
      timeoutMs,
    );
    request.on("error", (error) =>
      finish({
        // A name that resolves inward is no push service of any browser's.
        result: error instanceof InternalAddressError ? "gone" : "failed",
        status: null,
        error: (error as NodeJS.ErrnoException).code ?? error.message,
      }),
    );
    request.end(details.body);
  });
}
