import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../tests/test-app";
import { containsNul, NUL_CHARACTER } from "./nul-characters";

const t = setupTestApp();

describe("containsNul", () => {
  it("finds a NUL in a string, a nested value or a key", () => {
    expect(containsNul("a\0b")).toBe(true);
    expect(containsNul({ a: [{ b: "x\0" }] })).toBe(true);
    expect(containsNul({ "k\0": 1 })).toBe(true);
    expect(containsNul({ a: ["x", 1, null, true, { b: "\\u0000" }] })).toBe(false);
    expect(containsNul(undefined)).toBe(false);
  });
});

describe("a NUL character in a request", () => {
  it("is refused with 400 and a pt-BR message, and nothing is created", async () => {
    const { cookie } = await t.signIn();
    const list = async () => (await t.request({ method: "GET", url: "/api/shortened-urls", cookie })).json();
    for (const payload of [
      { original_url: "https://exemplo.com.br/a\u0000b" },
      { original_url: "https://exemplo.com.br/", title: "a\u0000b" },
    ]) {
      const response = await t.request({ method: "POST", url: "/api/shortened-urls", cookie, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: NUL_CHARACTER });
    }
    expect(await list()).toEqual([]);

    const page = await t.request({
      method: "POST",
      url: "/api/link-pages",
      cookie,
      payload: { slug: "pagina-nul", title: "a\u0000b" },
    });
    expect(page.statusCode).toBe(400);
    expect((await t.request({ method: "GET", url: "/api/link-pages", cookie })).json()).toEqual([]);

    const search = await t.request({ method: "GET", url: "/api/shortened-urls?search=a%00b", cookie });
    expect(search.statusCode).toBe(400);
    expect(search.json()).toEqual({ error: NUL_CHARACTER });
  });

  it("is left to the SPA outside the API (a page reads nothing from the path on the server)", async () => {
    const response = await t.request({ method: "GET", url: "/dashboard%00" });
    expect(response.statusCode).not.toBe(400);
  });

  it("gets the auth screens' answer shape on the auth routes", async () => {
    const response = await t.request({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "ana@exemplo.com.br", password: "senha\u0000secreta" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: NUL_CHARACTER, error: NUL_CHARACTER });
  });
});
