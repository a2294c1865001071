import { ApiError } from "@web/lib/api-client";
import { describe, expect, it } from "vitest";
import { AuthFailure, authErrorMessage } from "./auth-error";

describe("authErrorMessage", () => {
  it("shows the server's message when it gave one", () => {
    const error = new ApiError(401, "Email ou senha incorretos", {
      error: "Email ou senha incorretos",
      message: "Email ou senha incorretos",
      success: false,
    });
    expect(authErrorMessage(error)).toBe("Email ou senha incorretos");
  });

  it("falls back to the error field, then to 'Erro na autenticação'", () => {
    expect(authErrorMessage(new ApiError(409, "x", { error: "Este email já está cadastrado" }))).toBe(
      "Este email já está cadastrado",
    );
    expect(authErrorMessage(new ApiError(502, "x", null))).toBe("Erro na autenticação");
    expect(authErrorMessage(new ApiError(500, "x", { message: "" }))).toBe("Erro na autenticação");
  });

  it("says a request that never reached the server is a connection error", () => {
    expect(authErrorMessage(new ApiError(0, "x", null))).toBe("Erro de conexão. Tente novamente.");
  });

  it("uses the message of an answer without success, else the generic text", () => {
    expect(authErrorMessage(new AuthFailure("Conta bloqueada"))).toBe("Conta bloqueada");
    expect(authErrorMessage(new AuthFailure(""))).toBe("Erro na autenticação");
    expect(authErrorMessage(new TypeError("boom"))).toBe("Erro na autenticação");
  });
});
