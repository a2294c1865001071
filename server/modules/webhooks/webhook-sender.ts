import { createHmac } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { guardedLookup, InternalAddressError, isInternalAddress, isLoopbackAddress } from "./webhook-targets";

export const WEBHOOK_USER_AGENT = "Atalho-Webhooks/1";

/**
 * `sha256=` and the hex HMAC-SHA256, under the webhook's secret, of "<timestamp>.<body>" (the
 * timestamp in Unix seconds, as in X-Atalho-Timestamp): a receiver recomputes it over the raw body
 * and refuses an old timestamp, so a captured call cannot be replayed later.
 */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

export type WebhookCall = {
  url: string;
  secret: string;
  deliveryId: number;
  event: string;
  body: string;
};

/** ok: a 2xx answer. Otherwise the status (when there was one) and a pt-BR reason for the log. */
export type WebhookResult = { ok: boolean; statusCode: number | null; error: string | null };

export type SendOptions = { timeoutMs: number; allowLoopback: boolean; now?: () => number };

/** How much of an answer is read (and thrown away) before the connection is closed. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * POSTs one delivery: signed, within timeoutMs from connection to the end of the answer, to an
 * address checked at connection time, never following a redirect (a 3xx is a failure).
 */
export function sendWebhook(call: WebhookCall, options: SendOptions): Promise<WebhookResult> {
  const timestamp = Math.floor((options.now?.() ?? Date.now()) / 1000);
  const url = new URL(call.url);
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  // An IP literal is not resolved, so the lookup's check does not run for it.
  if (isIP(host) && isInternalAddress(host) && !(options.allowLoopback && isLoopbackAddress(host))) {
    return Promise.resolve({ ok: false, statusCode: null, error: "Endereço interno recusado" });
  }
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: WebhookResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(result);
    };
    const request = client.request(
      url,
      {
        method: "POST",
        lookup: guardedLookup(options.allowLoopback),
        agent: false,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(call.body),
          "user-agent": WEBHOOK_USER_AGENT,
          "x-atalho-event": call.event,
          "x-atalho-delivery": String(call.deliveryId),
          "x-atalho-timestamp": String(timestamp),
          "x-atalho-signature": signWebhook(call.secret, timestamp, call.body),
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        let read = 0;
        response.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) done();
        });
        const done = () => {
          if (status >= 200 && status < 300) finish({ ok: true, statusCode: status, error: null });
          else if (status >= 300 && status < 400)
            finish({ ok: false, statusCode: status, error: `Redirecionamento não seguido (HTTP ${status})` });
          else finish({ ok: false, statusCode: status, error: `Resposta HTTP ${status}` });
        };
        response.on("end", done);
        response.on("error", done);
      },
    );
    const timer = setTimeout(
      () =>
        finish({
          ok: false,
          statusCode: null,
          error: `Sem resposta em ${(options.timeoutMs / 1000).toLocaleString("pt-BR")} s`,
        }),
      options.timeoutMs,
    );
    request.on("error", (error) => {
      const reason =
        error instanceof InternalAddressError
          ? "Endereço interno recusado"
          : `Falha de conexão (${(error as NodeJS.ErrnoException).code ?? error.message})`;
      finish({ ok: false, statusCode: null, error: reason });
    });
    request.end(call.body);
  });
}
