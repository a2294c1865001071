// A fake Web Push service on 127.0.0.1 speaking the real protocol, as a browser's push service
// (FCM, Mozilla's autopush, Apple's) does: it hands out subscriptions (an endpoint and the device's
// P-256 key and auth secret, kept here as the browser would keep them), checks each push's VAPID
// authorisation (RFC 8292: the JWT's aud, exp, sub and ES256 signature, and that its key is the one
// the subscription was made with) and headers (RFC 8030: TTL; RFC 8291: aes128gcm), decrypts the
// payload with the device's private key, and can answer 410 for a subscription that is gone.
import { createECDH, createPublicKey, type ECDH, randomBytes, verify } from "node:crypto";
import http, { type IncomingHttpHeaders } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";

// http_ece (RFC 8188 / 8291), the decryption side of what web-push encrypts with (its dependency).
const require = createRequire(import.meta.url);
const ece = require("http_ece") as {
  decrypt(body: Buffer, params: { version: "aes128gcm"; privateKey: ECDH; authSecret: string }): Buffer;
};

/** What a browser's PushSubscription.toJSON() gives the page. */
export type FakeSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

/** A push the service accepted: its headers, the VAPID claims, and the decrypted payload. */
export type ReceivedPush = {
  endpoint: string;
  headers: IncomingHttpHeaders;
  claims: { aud: string; exp: number; sub: string };
  /** The payload as the device reads it, parsed as JSON. */
  payload: unknown;
};

type Device = {
  ecdh: ECDH;
  auth: string;
  applicationServerKey: string;
  /** What every push to it answers instead of taking it (410: the browser dropped it). */
  answer: number | null;
};

export type FakePushService = {
  origin: string;
  /**
   * A new subscription, as PushManager.subscribe({applicationServerKey}) makes one: the service
   * accepts pushes to it only when signed with that key's private half.
   */
  subscribe(applicationServerKey: string): FakeSubscription;
  /** From now on, pushes to this endpoint answer 410 Gone (the browser dropped it). */
  unsubscribe(endpoint: string): void;
  /** From now on, pushes to this endpoint answer `status` (null: taken again). */
  answerWith(endpoint: string, status: number | null): void;
  /** Every push accepted, oldest first. */
  received: ReceivedPush[];
  /** Pushes refused, with why (a bad signature, a wrong key...): a test expects none. */
  refused: { endpoint: string; status: number; reason: string }[];
  /** Resolves with the first push to `endpoint` not yet taken, waiting for it up to `timeoutMs`. */
  next(endpoint: string, timeoutMs?: number): Promise<ReceivedPush>;
  close(): Promise<void>;
};

const fromBase64url = (text: string) => Buffer.from(text, "base64url");

/** Checks `Authorization: vapid t=<JWT>, k=<key>` for `audience`; the claims, or why it fails. */
function checkVapid(
  authorization: string | undefined,
  audience: string,
  expectedKey: string,
): { claims: ReceivedPush["claims"] } | { reason: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? "");
  if (!match) return { reason: `Authorization is not "vapid t=…, k=…": ${authorization}` };
  const [, token, key] = match as unknown as [string, string, string];
  if (key !== expectedKey) return { reason: "k is not the subscription's applicationServerKey" };
  const [head, body, signature] = token.split(".");
  if (!head || !body || !signature) return { reason: "t is not a JWT" };
  const header = JSON.parse(fromBase64url(head).toString("utf8")) as { typ?: string; alg?: string };
  if (header.alg !== "ES256") return { reason: `JWT alg ${header.alg}, not ES256` };
  const point = fromBase64url(key);
  if (point.length !== 65 || point[0] !== 4) return { reason: "k is not an uncompressed P-256 point" };
  const publicKey = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    fromBase64url(signature),
  );
  if (!signed) return { reason: "JWT signature does not verify with k" };
  const claims = JSON.parse(fromBase64url(body).toString("utf8")) as ReceivedPush["claims"];
  const now = Math.floor(Date.now() / 1000);
  if (claims.aud !== audience) return { reason: `aud ${claims.aud}, not ${audience}` };
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600))
    return { reason: `exp ${claims.exp} not within 24 h` };
  if (!/^(mailto:|https:)/.test(claims.sub ?? ""))
    return { reason: `sub ${claims.sub} is not mailto: or https:` };
  return { claims };
}

export async function startFakePushService(): Promise<FakePushService> {
  const devices = new Map<string, Device>();
  const received: ReceivedPush[] = [];
  const taken = new Set<ReceivedPush>();
  const refused: FakePushService["refused"] = [];
  const waiters = new Set<() => void>();
  let origin = "";
  const answerWith = (endpoint: string, status: number | null) => {
    const device = devices.get(new URL(endpoint).pathname);
    if (device) device.answer = status;
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const endpoint = `${origin}${request.url}`;
      const answer = (status: number, reason?: string) => {
        if (reason) refused.push({ endpoint, status, reason });
        response.writeHead(status).end();
      };
      const device = devices.get(request.url ?? "");
      if (request.method !== "POST") return answer(405, `method ${request.method}`);
      if (!device) return answer(404);
      if (device.answer) return answer(device.answer);
      const vapid = checkVapid(request.headers.authorization, origin, device.applicationServerKey);
      if ("reason" in vapid) return answer(401, vapid.reason);
      if (!/^\d+$/.test(String(request.headers.ttl ?? ""))) return answer(400, "no TTL header");
      if (request.headers["content-encoding"] !== "aes128gcm")
        return answer(415, `Content-Encoding ${request.headers["content-encoding"]}`);
      let payload: unknown;
      try {
        const plain = ece.decrypt(Buffer.concat(chunks), {
          version: "aes128gcm",
          privateKey: device.ecdh,
          authSecret: device.auth,
        });
        payload = JSON.parse(plain.toString("utf8"));
      } catch (error) {
        return answer(400, `not decrypted: ${(error as Error).message}`);
      }
      received.push({ endpoint, headers: request.headers, claims: vapid.claims, payload });
      for (const wake of waiters) wake();
      // RFC 8030 5: 201 Created, with the message's location.
      response.writeHead(201, { location: `${origin}/message/${received.length}` }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    refused,
    subscribe(applicationServerKey) {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16).toString("base64url");
      const path = `/push/${randomBytes(12).toString("base64url")}`;
      devices.set(path, { ecdh, auth, applicationServerKey, answer: null });
      return {
        endpoint: `${origin}${path}`,
        keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth },
      };
    },
    unsubscribe: (endpoint) => answerWith(endpoint, 410),
    answerWith,
    next(endpoint, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const push = received.find((p) => p.endpoint === endpoint && !taken.has(p));
          if (!push) return false;
          taken.add(push);
          waiters.delete(look);
          clearTimeout(timer);
          resolve(push);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(look);
          reject(
            new Error(`no push to ${endpoint} in ${timeoutMs} ms (refused: ${JSON.stringify(refused)})`),
          );
        }, timeoutMs);
        if (!look()) waiters.add(look);
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
