import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import {
  BAD_REQUEST,
  BODY_TOO_LARGE,
  GENERIC_ERROR,
  HEADERS_TOO_LARGE,
  INVALID_ADDRESS,
  INVALID_DATA,
  JSON_ONLY,
  NOT_FOUND,
  REQUEST_TIMEOUT,
  SERVICE_UNAVAILABLE,
  TOO_MANY_REQUESTS,
} from "../../common/contract/errors";
import { isDatabaseUnavailable } from "../lib/database-errors";
import { HttpError } from "../lib/http-error";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Auth routes answer errors as { success: false, message, error } (spec 7, Auth). */
    authResponse?: boolean;
  }
}

/** Every failure leaves as { error: "<pt-BR message>" }, with field details on validation errors. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = 500;
    let message = GENERIC_ERROR;
    let details: Record<string, string> | undefined;
    let validationErrors: string[] | undefined;

    if (error instanceof HttpError) {
      status = error.statusCode;
      message = error.message;
      details = error.details;
      validationErrors = error.validationErrors;
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      details = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || "body";
        details[field] ??= issue.message ?? "Valor inválido.";
      }
      message = Object.values(details)[0] ?? "Dados inválidos.";
    } else if (error.statusCode === 429) {
      status = 429;
      message = TOO_MANY_REQUESTS;
    } else if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE" || error.statusCode === 415) {
      status = 415;
      message = JSON_ONLY;
    } else if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE" || error.statusCode === 413) {
      status = 413;
      message = BODY_TOO_LARGE;
    } else if (error.code?.startsWith("FST_ERR_CTP") || error.statusCode === 400) {
      status = 400;
      message = INVALID_DATA;
    } else if (error.statusCode === 404) {
      status = 404;
      message = NOT_FOUND;
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Any other refusal of the framework or a plugin: its status, never its English message.
      status = error.statusCode;
      message = INVALID_DATA;
    }
    const databaseAway = status === 500 && isDatabaseUnavailable(error);
    if (databaseAway) {
      // The database is away (restarting): the client may try again in a moment. Logged without
      // the stack: during an outage every request would print one.
      status = 503;
      message = SERVICE_UNAVAILABLE;
      reply.header("retry-after", "5");
    }

    if (databaseAway) request.log.warn({ reason: error.message }, "database unavailable");
    // NOTE: a 5xx HttpError is an answer our code chose (payments not set up, the provider away;
    // any cause is logged where it was met): one warning line, not the stack of the throw.
    else if (status >= 500 && error instanceof HttpError)
      request.log.warn({ status, reason: error.message }, "request refused");
    else if (status >= 500) request.log.error({ err: error }, "request failed");
    const body: Record<string, unknown> = { error: message };
    if (details) body.details = details;
    if (validationErrors) body.validation_errors = validationErrors;
    if (request.routeOptions.config?.authResponse) Object.assign(body, { success: false, message });
    reply.code(status).send(body);
  });
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route runs (a malformed
 * percent-escape in the path, a parameter too long). A short link's address sends the visitor to
 * the unavailable-link notice like an unknown code (`answerShortLink`); every other path answers
 * 400 JSON in pt-BR.
 */
export function frameworkErrors(answerShortLink: (request: FastifyRequest, reply: FastifyReply) => boolean) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (
      (request.method === "GET" || request.method === "HEAD") &&
      request.url.startsWith("/s/") &&
      answerShortLink(request, reply)
    ) {
      return;
    }
    request.log.debug({ code: error.code }, "refused before routing");
    reply
      .code(error.code === "FST_ERR_ASYNC_CONSTRAINT" ? 500 : 400)
      .header("cache-control", "no-store")
      .send({ error: error.code === "FST_ERR_ASYNC_CONSTRAINT" ? GENERIC_ERROR : INVALID_ADDRESS });
  };
}

/**
 * Fastify's `clientErrorHandler`: what node's HTTP parser refuses on the socket (headers too large,
 * a malformed request line, a request too slow), answered in the API's one shape, in pt-BR.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, reason, message] =
    error.code === "ERR_HTTP_REQUEST_TIMEOUT"
      ? [408, "Request Timeout", REQUEST_TIMEOUT]
      : error.code === "HPE_HEADER_OVERFLOW"
        ? [431, "Request Header Fields Too Large", HEADERS_TOO_LARGE]
        : [400, "Bad Request", BAD_REQUEST];
  const body = JSON.stringify({ error: message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
