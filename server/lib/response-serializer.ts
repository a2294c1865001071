import type { FastifyBaseLogger, FastifySerializerCompiler } from "fastify";
import { ResponseSerializationError } from "fastify-type-provider-zod";
import { z } from "../../common/zod";

/**
 * How answers with a declared response schema are written. The schema is the contract (types, the
 * OpenAPI document, the web client's checks); the bytes are always JSON.stringify of what the
 * handler returned, as for a route without one: nothing is stripped or reshaped. In production no
 * check runs (no cost on any path). In tests an answer the schema does not describe (a field
 * missing, of another type, or not declared) fails the request with a 500, so drift is caught where
 * it starts; in development it is logged and sent as is.
 *
 * NOTE: fastify-type-provider-zod's own serializerCompiler encodes through the schema instead:
 * undeclared fields would silently vanish, and every answer would pay for a full parse.
 */
export function responseSerializer(
  env: "development" | "production" | "test",
  log: FastifyBaseLogger,
): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    if (env === "production") return (data) => JSON.stringify(data);
    return (data) => {
      const json = JSON.stringify(data);
      const problem = mismatchOf(schema, json);
      if (problem === null) return json;
      if (env === "test") throw new ResponseSerializationError(method, url, { cause: problem });
      log.error({ method, url, problem: String(problem) }, "answer does not match its response schema");
      return json;
    };
  };
}

/** Why the JSON text does not match the schema (or declares more than it), or null when it does. */
function mismatchOf(schema: z.ZodType, json: string): z.ZodError | null {
  const sent: unknown = json === undefined ? undefined : JSON.parse(json);
  const result = schema.safeParse(sent);
  if (!result.success) return result.error;
  const extra = undeclared(sent, result.data, "");
  if (extra.length === 0) return null;
  return new z.ZodError(
    extra.map((path) => ({
      code: "custom" as const,
      message: `undeclared field ${path}`,
      path: [path],
      input: sent,
    })),
  );
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The paths of `sent`'s fields that the parsed value dropped (zod objects strip unknown keys). */
export function undeclared(sent: unknown, parsed: unknown, path: string): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed))
    return sent.flatMap((item, index) => undeclared(item, parsed[index], `${path}[${index}]`));
  if (!isPlainObject(sent) || !isPlainObject(parsed)) return [];
  return Object.keys(sent).flatMap((key) =>
    key in parsed ? undeclared(sent[key], parsed[key], `${path}.${key}`) : [`${path}.${key}`],
  );
}
