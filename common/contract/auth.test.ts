import { describe, expect, it } from "vitest";
import { loginBodySchema, PASSWORD_HINT, registerBodySchema } from "./auth";

/** The first pt-BR message per field, as the auth form shows them. */
function fieldErrors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = String(issue.path[0]);
    errors[key] ??= issue.message;
  }
  return errors;
}

const validRegister = {
  email: "ana@exemplo.com",
  password: "12345678",
  first_name: "Ana",
  last_name: "Souza",
};

describe("registerBodySchema", () => {
  it("accepts a complete registration, trimming names and lowercasing the email", () => {
    const parsed = registerBodySchema.parse({
      ...validRegister,
      email: "  Ana.Souza@Exemplo.COM ",
      first_name: "  Ana ",
      last_name: " Souza  ",
    });
    expect(parsed).toEqual({
      email: "ana.souza@exemplo.com",
      password: "12345678",
      first_name: "Ana",
      last_name: "Souza",
    });
  });

  it("keeps the password exactly as typed (spaces are part of it)", () => {
    expect(registerBodySchema.parse({ ...validRegister, password: " senha 123 " }).password).toBe(
      " senha 123 ",
    );
  });

  it.each([undefined, null, "", "   "])(
    "treats the last name as optional (%j becomes empty)",
    (last_name) => {
      expect(registerBodySchema.parse({ ...validRegister, last_name }).last_name).toBe("");
    },
  );

  it("rejects a password shorter than 8 characters with the hint's wording", () => {
    const result = registerBodySchema.safeParse({ ...validRegister, password: "1234567" });
    expect(fieldErrors(result)).toEqual({ password: `A senha ${PASSWORD_HINT.toLowerCase()}` });
    expect(fieldErrors(result).password).toBe("A senha deve conter pelo menos 8 caracteres");
  });

  it("accepts a password of exactly 8 characters", () => {
    expect(registerBodySchema.safeParse({ ...validRegister, password: "abcdefgh" }).success).toBe(true);
  });

  it("names every missing required field in pt-BR", () => {
    const result = registerBodySchema.safeParse({ email: "", password: "", first_name: "   " });
    expect(fieldErrors(result)).toEqual({
      email: "Email é obrigatório",
      password: "Senha é obrigatória",
      first_name: "Nome é obrigatório",
    });
  });

  it("names absent fields in pt-BR too", () => {
    expect(fieldErrors(registerBodySchema.safeParse({}))).toEqual({
      email: "Email é obrigatório",
      password: "Senha é obrigatória",
      first_name: "Nome é obrigatório",
    });
  });

  it.each(["ana", "ana@", "@exemplo.com", "ana exemplo.com"])("rejects the malformed email %j", (email) => {
    expect(fieldErrors(registerBodySchema.safeParse({ ...validRegister, email }))).toEqual({
      email: "Email inválido",
    });
  });

  it("rejects names and passwords that are too long", () => {
    const result = registerBodySchema.safeParse({
      ...validRegister,
      first_name: "a".repeat(101),
      last_name: "b".repeat(101),
      password: "c".repeat(201),
    });
    expect(fieldErrors(result)).toEqual({
      first_name: "Nome muito longo",
      last_name: "Sobrenome muito longo",
      password: "Senha muito longa",
    });
  });
});

describe("loginBodySchema", () => {
  it("trims and lowercases the email and keeps the password as typed", () => {
    expect(loginBodySchema.parse({ email: " JOAO@Exemplo.com ", password: " x " })).toEqual({
      email: "joao@exemplo.com",
      password: " x ",
    });
  });

  it("has no password minimum: a short password is a wrong credential, not a rule", () => {
    expect(loginBodySchema.safeParse({ email: "joao@exemplo.com", password: "1" }).success).toBe(true);
  });

  it("requires email and password with pt-BR messages", () => {
    expect(fieldErrors(loginBodySchema.safeParse({ email: " ", password: "" }))).toEqual({
      email: "Email é obrigatório",
      password: "Senha é obrigatória",
    });
  });

  it("rejects a malformed email", () => {
    expect(fieldErrors(loginBodySchema.safeParse({ email: "joao@", password: "x" }))).toEqual({
      email: "Email inválido",
    });
  });
});
