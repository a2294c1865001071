import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { GENERIC_ERROR, TOO_MANY_REQUESTS } from "../../common/contract/errors";
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
    } else if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
      status = 415;
      message = "Envie os dados como JSON.";
    } else if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      status = 413;
      message = "Os dados enviados são grandes demais.";
    } else if (error.code?.startsWith("FST_ERR_CTP") || error.statusCode === 400) {
      status = 400;
      message = "Dados inválidos.";
    }

    if (status >= 500) request.log.error({ err: error }, "request failed");
    const body: Record<string, unknown> = { error: message };
    if (details) body.details = details;
    if (validationErrors) body.validation_errors = validationErrors;
    if (request.routeOptions.config?.authResponse) Object.assign(body, { success: false, message });
    reply.code(status).send(body);
  });
}
