import { describe, expect, it } from "vitest";
import { chooseLocation, compileRules, deviceOf, preferredLanguage } from "./redirect-rules";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const IPAD =
  "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const ANDROID_TABLET =
  "Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36";
const MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";

describe("preferredLanguage", () => {
  it("reads the primary tag of the highest-q choice, the first on ties", () => {
    expect(preferredLanguage("pt-BR,pt;q=0.9,en-US;q=0.8,en;q=0.7")).toBe("pt");
    expect(preferredLanguage("fr;q=0.5, EN-gb;q=0.8")).toBe("en");
    expect(preferredLanguage("de;q=0.5, es;q=0.5")).toBe("de");
    expect(preferredLanguage("*;q=1, es;q=0.2")).toBe("es");
    expect(preferredLanguage("en;q=0")).toBeNull();
    expect(preferredLanguage("")).toBeNull();
    expect(preferredLanguage(undefined)).toBeNull();
  });

  it("answers a value seen before as it did the first time, a null choice and a long value too", () => {
    for (let round = 0; round < 2; round++) {
      expect(preferredLanguage("es-MX,es;q=0.9")).toBe("es");
      expect(preferredLanguage("en;q=0")).toBeNull();
      // Past the memo's length: parsed each time, the same answer.
      expect(preferredLanguage(`${"x-private;q=0.1,".repeat(20)}it;q=0.5`)).toBe("it");
    }
  });
});

describe("deviceOf", () => {
  it("tells iOS, Android and desktop apart", () => {
    expect(deviceOf(IPHONE)).toBe("ios");
    expect(deviceOf(IPAD)).toBe("ios");
    expect(deviceOf(ANDROID_TABLET)).toBe("android");
    expect(deviceOf(MAC)).toBe("desktop");
  });
});

describe("chooseLocation", () => {
  const rules = compileRules([
    { type: "country", value: "br", url: "https://exemplo.com.br/brasil" },
    { type: "language", value: "EN", url: "https://exemplo.com.br/ingles" },
  ])!;

  it("reads CF-IPCountry only behind a trusted proxy, else the address", () => {
    const headers = { "cf-ipcountry": "BR", "accept-language": "en" };
    const loopback = () => "127.0.0.1";
    expect(chooseLocation(rules, "https://padrao", headers, loopback, true)).toBe(
      "https://exemplo.com.br/brasil",
    );
    expect(chooseLocation(rules, "https://padrao", headers, loopback, false)).toBe(
      "https://exemplo.com.br/ingles",
    );
    expect(chooseLocation(rules, "https://padrao", {}, loopback, false)).toBe("https://padrao");
  });

  it("reads only what the rules need, and names it in Vary", () => {
    expect(rules.vary).toBe("Accept-Language");
    let asked = 0;
    const languageOnly = compileRules([{ type: "language", value: "pt", url: "https://exemplo.com.br/pt" }])!;
    chooseLocation(languageOnly, "https://padrao", {}, () => `${asked++}`, false);
    expect(asked).toBe(0);
    expect(compileRules([])).toBeNull();
  });
});
