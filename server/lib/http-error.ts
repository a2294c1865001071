/** An error whose message is the pt-BR text the client shows. Thrown anywhere, answered once. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: Record<string, string>,
    /** Answered as validation_errors: every rule the body broke, not only the first. */
    readonly validationErrors?: string[],
  ) {
    super(message);
  }
}

export const notFound = (message = "Não encontrado.") => new HttpError(404, message);
export const badRequest = (message: string, details?: Record<string, string>) =>
  new HttpError(400, message, details);
export const conflict = (message: string, details?: Record<string, string>) =>
  new HttpError(409, message, details);
