import Fastify from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "../../common/zod";
import { responseSerializer } from "./response-serializer";

const itemSchema = z.object({ id: z.number(), name: z.string() });

async function appAnswering(env: "development" | "production" | "test", answer: unknown) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(env, app.log));
  app
    .withTypeProvider<ZodTypeProvider>()
    .get("/x", { schema: { response: { 200: z.array(itemSchema) } } }, async () => answer as never);
  await app.ready();
  return app;
}

describe("responseSerializer", () => {
  it("sends the handler's value as JSON, unchanged, when it matches its schema", async () => {
    const app = await appAnswering("test", [{ name: "a", id: 1 }]);
    const response = await app.inject({ method: "GET", url: "/x" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('[{"name":"a","id":1}]');
  });

  it("fails the request in tests on a field missing, mistyped or not declared", async () => {
    for (const answer of [[{ id: 1 }], [{ id: "1", name: "a" }], [{ id: 1, name: "a", secret: "x" }]]) {
      const app = await appAnswering("test", answer);
      expect((await app.inject({ method: "GET", url: "/x" })).statusCode, JSON.stringify(answer)).toBe(500);
    }
  });

  it("never strips or checks in production, and only logs in development", async () => {
    for (const env of ["production", "development"] as const) {
      const app = await appAnswering(env, [{ id: 1, name: "a", extra: true }]);
      const response = await app.inject({ method: "GET", url: "/x" });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([{ id: 1, name: "a", extra: true }]);
    }
  });
});
