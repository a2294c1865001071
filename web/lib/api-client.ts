// The one API client of the SPA: same-origin JSON with the session cookie, and errors carrying the
// server's pt-BR message.
import { CONNECTION_ERROR, GENERIC_ERROR } from "@common/contract/errors";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> | null,
  ) {
    super(message);
  }

  /** The message for one field of a validation error, if the server gave one. */
  field(name: string): string | undefined {
    const details = this.body?.details as Record<string, string> | undefined;
    return details?.[name];
  }
}

type Options = { method?: string; body?: unknown; signal?: AbortSignal };

export async function api<T>(path: string, options: Options = {}): Promise<T> {
  return (await apiWithHeaders<T>(path, options)).data;
}

/** `api`, also handing back the response headers (such as a list's X-Total-Count). */
export async function apiWithHeaders<T>(
  path: string,
  { method = "GET", body, signal }: Options = {},
): Promise<{ data: T; headers: Headers }> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers:
        body === undefined
          ? { accept: "application/json" }
          : { accept: "application/json", "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiError(0, CONNECTION_ERROR, null);
  }
  const text = await response.text();
  let json: Record<string, unknown> | null = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!response.ok) {
    const message = (json?.error as string) || (json?.message as string) || GENERIC_ERROR;
    throw new ApiError(response.status, message, json);
  }
  return { data: json as T, headers: response.headers };
}

/** The spec's alert helper: a string as is, else the error's message, else the generic text. */
export function errorMessage(error: unknown, fallback = GENERIC_ERROR): string {
  if (typeof error === "string") return error;
  if (error instanceof ApiError) return error.status === 0 || error.status >= 500 ? fallback : error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
