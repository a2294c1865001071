// The one API client of the SPA: same-origin JSON with the session cookie, and errors carrying the
// server's pt-BR message.
import { CONNECTION_ERROR, GENERIC_ERROR } from "@common/contract/errors";
import type { z } from "@common/zod";

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

type Options<T> = {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  /**
   * The answer's schema from common/contract: in development and tests the answer is checked
   * against it (a drift between server, contract and fixtures fails loudly); in production the
   * answer is trusted as is, at no cost. Either way the data handed back is the answer unchanged.
   */
  schema?: z.ZodType<T>;
};

/**
 * Checked in development and in tests; never in the production build. The server renders the public
 * screens from these modules without Vite (tsx, the esbuild bundle), where import.meta.env is unset.
 */
const viteEnv: Partial<ImportMetaEnv> = import.meta.env ?? {};
const CHECK_ANSWERS = viteEnv.DEV === true || viteEnv.MODE === "test";

export async function api<T>(path: string, options: Options<T> = {}): Promise<T> {
  return (await apiWithHeaders<T>(path, options)).data;
}

/** `api`, also handing back the response headers (such as a list's X-Total-Count). */
export async function apiWithHeaders<T>(
  path: string,
  { method = "GET", body, signal, schema }: Options<T> = {},
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
  if (schema && CHECK_ANSWERS) checkAnswer(schema, `${method} ${path}`, json);
  return { data: json as T, headers: response.headers };
}

/** Throws when an answer is not what the contract says (development and tests only). */
export function checkAnswer(schema: z.ZodType, what: string, data: unknown): void {
  const result = schema.safeParse(data);
  if (!result.success) {
    const where = result.error.issues.map((issue) => `${issue.path.join(".") || "(raiz)"}: ${issue.message}`);
    throw new Error(`A resposta de ${what} não segue o contrato: ${where.join("; ")}`);
  }
}

/** The spec's alert helper: a string as is, else the error's message, else the generic text. */
export function errorMessage(error: unknown, fallback = GENERIC_ERROR): string {
  if (typeof error === "string") return error;
  if (error instanceof ApiError) return error.status === 0 || error.status >= 500 ? fallback : error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
