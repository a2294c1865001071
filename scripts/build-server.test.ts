import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { decode, encode } from "@jridgewell/sourcemap-codec";
import sourceMapSupport from "source-map-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer, EXTERNAL_PACKAGES, ownSourcesOnly } from "./build-server.mjs";

describe("ownSourcesOnly", () => {
  it("drops the mappings, sources and names of the packages and renumbers the rest", () => {
    const map = {
      version: 3,
      sources: [
        "../node_modules/fastify/fastify.js",
        "../server/main.ts",
        "https://example.com/x.ts",
        "../db/a.ts",
      ],
      sourcesContent: ["fastify", "main", "x", "a"],
      names: ["listen", "main", "other", "open"],
      mappings: encode([
        [
          [0, 0, 10, 2, 0],
          [8, 1, 3, 0, 1],
        ],
        [[0, 2, 1, 1, 2]],
        [
          [4, 3, 7, 5, 3],
          [9, 1, 4, 0],
        ],
      ]),
    };
    const own = ownSourcesOnly(map);
    expect(own.sources).toEqual(["../server/main.ts", "../db/a.ts"]);
    expect(own.sourcesContent).toEqual(["main", "a"]);
    expect(own.names).toEqual(["main", "open"]);
    expect(decode(own.mappings)).toEqual([
      [[8, 0, 3, 0, 0]],
      [],
      [
        [4, 1, 7, 5, 1],
        [9, 0, 4, 0],
      ],
    ]);
  });
});

describe("the server bundle", () => {
  let dir: string;
  let outfile: string;
  let code: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "atalho-build-"));
    outfile = path.join(dir, "server.js");
    await buildServer(outfile);
    code = fs.readFileSync(outfile, "utf8");
  }, 60_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("holds the npm packages, but loads the native and WASM ones from node_modules", () => {
    const imported = [...code.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]!);
    const packages = imported.filter((name) => !name.startsWith("node:"));
    expect(packages.length).toBeGreaterThan(0);
    for (const name of packages) {
      expect(EXTERNAL_PACKAGES.some((external) => name === external || name.startsWith(`${external}/`))).toBe(
        true,
      );
    }
    expect(code).toContain("// node_modules/fastify/fastify.js");
    expect(code.endsWith("//# sourceMappingURL=server.js.map\n")).toBe(true);
    // The directory stays clean: no temporary file left behind.
    expect(fs.readdirSync(dir).sort()).toEqual(["server.js", "server.js.map"]);
  });

  it("maps our code back to its TypeScript source, and has no package's mappings", () => {
    const map = JSON.parse(fs.readFileSync(`${outfile}.map`, "utf8")) as { sources: string[] };
    expect(map.sources.length).toBeGreaterThan(100);
    for (const source of map.sources) expect(source).toMatch(/\/(server|web|common|db)\/[^/].*\.tsx?$/);
    expect(map.sources.some((source) => source.includes("node_modules"))).toBe(false);

    const lines = code.split("\n");
    const bundle = pathToFileURL(outfile).href;
    const mapped = (needle: string) => {
      const line = lines.findIndex((text) => text.includes(needle));
      expect(line).toBeGreaterThan(0);
      return sourceMapSupport.mapSourcePosition({ source: bundle, line: line + 1, column: 2 });
    };
    expect(mapped("async function main()").source).toMatch(/\/server\/main\.ts$/);
    // A package's line stays the bundle's own.
    expect(mapped("function fastify(").source).toBe(bundle);
  });
});
