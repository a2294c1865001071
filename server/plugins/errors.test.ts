import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BILLING_MESSAGES } from "../../common/contract/billing";
import {
  BAD_REQUEST,
  BODY_TOO_LARGE,
  HEADERS_TOO_LARGE,
  INVALID_ADDRESS,
  INVALID_DATA,
  JSON_ONLY,
  NOT_FOUND,
} from "../../common/contract/errors";
import { LINK_UNAVAILABLE_PATH } from "../../common/contract/shortened-urls";
import { setupTestApp } from "../../tests/test-app";
import { HttpError } from "../lib/http-error";
import { registerErrorHandling } from "./errors";

const t = setupTestApp();

describe("Fastify's own refusals, through app.inject, in pt-BR JSON", () => {
  it("sends /s/ with a malformed percent-escape to the unavailable-link notice, like an unknown code", async () => {
    for (const url of ["/s/%", "/s/%zz", "/s/%E0%A4%A?x=1"]) {
      const response = await t.request({ method: "GET", url });
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location).toBe(LINK_UNAVAILABLE_PATH);
    }
    expect((await t.request({ method: "HEAD", url: "/s/%" })).headers.location).toBe(LINK_UNAVAILABLE_PATH);
  });

  it("answers 400 for a malformed percent-escape in any other path", async () => {
    for (const [method, url] of [
      ["GET", "/api/x/%zz"],
      ["POST", "/api/shortened-urls/%"],
      ["GET", "/painel/%zz"],
      ["POST", "/s/%"],
      ["GET", "/s/%/x"],
    ] as const) {
      const response = await t.request({ method, url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ error: INVALID_ADDRESS });
    }
  });

  it("answers a body that is not valid JSON, not JSON at all, or too large", async () => {
    const { cookie } = await t.signIn();
    const post = (payload: string, contentType: string) =>
      t.request({
        method: "POST",
        url: "/api/shortened-urls",
        cookie,
        headers: { "content-type": contentType },
        payload,
      });
    const invalid = await post('{"original_url": ', "application/json");
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ error: INVALID_DATA });
    const empty = await post("", "application/json");
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: INVALID_DATA });
    const text = await post("original_url=https://exemplo.com.br", "text/plain");
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ error: JSON_ONLY });
    const form = await post("original_url=https://exemplo.com.br", "application/x-www-form-urlencoded");
    expect(form.statusCode).toBe(415);
    expect(form.json()).toEqual({ error: JSON_ONLY });
    const large = await post(
      JSON.stringify({ original_url: "x".repeat(9 * 1024 * 1024) }),
      "application/json",
    );
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({ error: BODY_TOO_LARGE });
  });

  it("answers 404 for an unknown API route and for a method the route does not take", async () => {
    for (const [method, url] of [
      ["GET", "/api/nao-existe"],
      ["POST", "/api/nao-existe"],
      ["DELETE", "/healthz"],
      ["PUT", "/api/shortened-urls"],
      ["PUT", "/s/abc"],
    ] as const) {
      const response = await t.request({ method, url, payload: method === "GET" ? undefined : {} });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json(), `${method} ${url}`).toEqual({ error: NOT_FOUND });
    }
  });
});

describe("the listening server, before Fastify's router and on the socket", () => {
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => t.app.server.listen(0, "127.0.0.1", resolve));
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => t.app.server.close(resolve));
  });

  // node:http sends the path as written (fetch would re-encode it).
  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const request = http.get({ host: "127.0.0.1", port, path, headers }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => {
          body += chunk;
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      });
      request.on("error", reject);
    });

  // A raw request, for what node's HTTP parser refuses before any handler.
  const raw = (text: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1", () => socket.end(text));
      let answer = "";
      socket.setEncoding("utf8");
      socket.on("data", (chunk) => {
        answer += chunk;
      });
      socket.on("close", () => resolve(answer));
      socket.on("error", (error) => (answer ? resolve(answer) : reject(error)));
    });

  it("sends /s/% to the unavailable-link notice and answers /api/x/%zz 400 in pt-BR", async () => {
    const short = await get("/s/%");
    expect(short.status).toBe(302);
    expect(short.headers.location).toBe(LINK_UNAVAILABLE_PATH);
    const api = await get("/api/x/%zz");
    expect(api.status).toBe(400);
    expect(JSON.parse(api.body)).toEqual({ error: INVALID_ADDRESS });
    const missing = await get("/api/nao-existe");
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body)).toEqual({ error: NOT_FOUND });
  });

  it("answers headers too large 431 and a malformed request 400, in pt-BR JSON", async () => {
    const large = await raw(
      `GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Grande: ${"a".repeat(40_000)}\r\n\r\n`,
    );
    expect(large).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(large.slice(large.indexOf("\r\n\r\n") + 4))).toEqual({ error: HEADERS_TOO_LARGE });
    const malformed = await raw("GET /healthz HTTP/1.1\r\nHost localhost\r\n\r\n");
    expect(malformed).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(malformed.slice(malformed.indexOf("\r\n\r\n") + 4))).toEqual({ error: BAD_REQUEST });
  });
});

describe("what a failure leaves in the log", () => {
  /** An app with only the error handling, logging into `lines`, and routes that fail each way. */
  async function appLoggingTo(lines: Record<string, unknown>[]) {
    const app = Fastify({
      logger: { level: "info", stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    });
    registerErrorHandling(app);
    app.get("/chosen", async () => {
      throw new HttpError(503, BILLING_MESSAGES.paymentsNotConfigured);
    });
    app.get("/bug", async () => {
      throw new Error("boom");
    });
    await app.ready();
    return app;
  }

  it("logs a 5xx HttpError (payments not set up) as one warning without a stack, and a bug as an error with it", async () => {
    const lines: Record<string, unknown>[] = [];
    const app = await appLoggingTo(lines);
    const chosen = await app.inject({ method: "GET", url: "/chosen" });
    expect(chosen.statusCode).toBe(503);
    expect(chosen.json()).toEqual({ error: BILLING_MESSAGES.paymentsNotConfigured });
    const refused = lines.filter((line) => line.msg === "request refused");
    expect(refused).toEqual([
      expect.objectContaining({ level: 40, status: 503, reason: BILLING_MESSAGES.paymentsNotConfigured }),
    ]);
    expect(JSON.stringify(lines)).not.toContain("stack");
    expect(lines.some((line) => (line.level as number) >= 50)).toBe(false);

    const bug = await app.inject({ method: "GET", url: "/bug" });
    expect(bug.statusCode).toBe(500);
    const failed = lines.find((line) => line.msg === "request failed") as { level: number; err: object };
    expect(failed.level).toBe(50);
    expect(failed.err).toMatchObject({ message: "boom", stack: expect.stringContaining("Error: boom") });
    await app.close();
  });
});
