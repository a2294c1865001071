import { describe, expect, it } from "vitest";
import { linkOrderBodySchema } from "./contract/link-pages";
import { z } from "./zod";

/** Words of JavaScript (and English) a person should never read in a message. */
const JS_WORDS =
  /\b(undefined|null|nulo|NaN|object|objeto|string|number|boolean|array|vetor|bigint|symbol|expected|received|Invalid|input)\b/i;

const messagesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  expect(result.success).toBe(false);
  return result.error!.issues.map((issue) => issue.message);
};

describe("zod's messages without a text of their own", () => {
  it("say a missing field is required, not that it received undefined", () => {
    expect(messagesOf(linkOrderBodySchema, {})).toEqual(["Campo obrigatório."]);
    expect(messagesOf(z.object({ name: z.string() }), { name: null })).toEqual(["Campo obrigatório."]);
  });

  it("name what to send in plain pt-BR for every kind and rule", () => {
    const cases: [z.ZodType, unknown][] = [
      [z.string(), 1],
      [z.number(), "x"],
      [z.coerce.number(), "abc"],
      [z.number().int(), 1.5],
      [z.boolean(), "sim"],
      [z.array(z.number()), "1,2"],
      [z.array(z.number()), [1, "a"]],
      [z.object({ a: z.string() }), [1]],
      [z.record(z.string(), z.string()), 1],
      [z.date(), "ontem"],
      [z.enum(["a", "b"]), "c"],
      [z.literal("a"), "b"],
      [z.string().max(3), "abcd"],
      [z.string().min(1), ""],
      [z.string().min(4), "ab"],
      [z.array(z.number()).min(1), []],
      [z.array(z.number()).max(1), [1, 2]],
      [z.number().min(1), 0],
      [z.number().max(10), 11],
      [z.number().positive(), 0],
      [z.number().multipleOf(5), 3],
      [z.email(), "x"],
      [z.url(), "x"],
      [z.iso.datetime(), "x"],
      [z.string().regex(/^a$/), "b"],
      [z.strictObject({}), { extra: 1 }],
      [z.union([z.string(), z.number()]), true],
      [z.string().refine(() => false), "x"],
    ];
    for (const [schema, value] of cases) {
      for (const message of messagesOf(schema, value)) {
        expect(message, JSON.stringify(value)).not.toMatch(JS_WORDS);
        expect(message).toMatch(/^[A-ZÁÉÍÓÚ]/);
      }
    }
    expect(messagesOf(z.string().max(3), "abcd")).toEqual(["Use no máximo 3 caracteres."]);
    expect(messagesOf(z.number().max(2147483647), 2147483648)).toEqual(["O valor máximo é 2.147.483.647."]);
    expect(messagesOf(z.enum(["a", "b"]), "c")).toEqual(["Opção inválida: use uma destas: a, b."]);
    expect(messagesOf(z.coerce.number(), "abc")).toEqual(["Valor inválido: informe um número."]);
  });

  it("keep a schema's own message", () => {
    expect(messagesOf(z.string({ error: "Nome é obrigatório" }), undefined)).toEqual(["Nome é obrigatório"]);
  });
});
