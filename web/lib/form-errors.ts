import { ApiError } from "@web/lib/api-client";

/** One message per field, keyed by its path ("custom_limits.max_link_pages"), as the server keys them. */
export type FieldErrors = Record<string, string>;

/** The first message of each field of a failed zod parse. */
export function issuesByField(issues: { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[issue.path.map(String).join(".")] ??= issue.message;
  return errors;
}

/** The per-field messages of the API's validation error (`details`, common/contract/api-error.ts), or none. */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const details = error.body?.details;
  return details && typeof details === "object" ? { ...(details as FieldErrors) } : {};
}

/** A field's message: the form's own check first, else what the server said about it. */
export const fieldError = (client: FieldErrors, serverError: unknown) => (name: string) =>
  client[name] ?? (serverError instanceof ApiError ? serverError.field(name) : undefined);
