import { AUTH_MESSAGES } from "@common/contract/auth-messages";
import { CONNECTION_ERROR } from "@common/contract/errors";
import { ApiError } from "@web/lib/api-client";

/** A login or registration answer that did not report success (spec 5): the action fails. */
export class AuthFailure extends Error {}

/**
 * What the auth screen says when sign-in fails (spec 8): the server's message, else
 * 'Erro na autenticação'; a request that never reached the server is a connection error.
 */
export function authErrorMessage(error: unknown): string {
  if (error instanceof AuthFailure) return error.message || AUTH_MESSAGES.authFailed;
  if (error instanceof ApiError) {
    if (error.status === 0) return CONNECTION_ERROR;
    const message = error.body?.message ?? error.body?.error;
    return typeof message === "string" && message ? message : AUTH_MESSAGES.authFailed;
  }
  return AUTH_MESSAGES.authFailed;
}
