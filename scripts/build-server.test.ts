import fs from "node:fs";
import { isBuiltin } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { decode, encode } from "@jridgewell/sourcemap-codec";
import sourceMapSupport from "source-map-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer, EXTERNAL_PACKAGES, ownSourcesOnly } from "./build-server.mjs";

describe("ownSourcesOnly", () => {
  it("drops the sources and names of the packages, marks where their code starts, renumbers the rest", () => {
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
    // A package's run of segments becomes one segment without a source (where its code starts).
    expect(decode(own.mappings)).toEqual([
      [[0], [8, 0, 3, 0, 0]],
      [[0]],
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
  let built: { inputs: string[]; imports: string[] };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "atalho-build-"));
    outfile = path.join(dir, "server.js");
    built = await buildServer(outfile);
    code = fs.readFileSync(outfile, "utf8");
  }, 60_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("holds the npm packages, but loads the native and WASM ones from node_modules", () => {
    expect(built.inputs).toContain("node_modules/fastify/fastify.js");
    expect(built.inputs.some((input) => input.startsWith("node_modules/lucide-react/"))).toBe(true);
    expect(built.inputs).toContain("server/main.ts");
    const packages = built.imports.filter((name) => !isBuiltin(name));
    expect(new Set(packages)).toEqual(
      new Set([
        "@electric-sql/pglite",
        "@electric-sql/pglite/contrib/pg_trgm",
        "@node-rs/argon2",
        "pg-native",
      ]),
    );
    for (const name of packages) {
      expect(EXTERNAL_PACKAGES.some((external) => name === external || name.startsWith(`${external}/`))).toBe(
        true,
      );
    }
    expect(code.endsWith("//# sourceMappingURL=server.js.map\n")).toBe(true);
    // The directory stays clean: no temporary file left behind.
    expect(fs.readdirSync(dir).sort()).toEqual(["server.js", "server.js.LEGAL.txt", "server.js.map"]);
    expect(fs.readFileSync(`${outfile}.LEGAL.txt`, "utf8")).toContain("MIT");
  });

  it("maps our code back to its TypeScript source, and a package's code to none of ours", () => {
    const map = JSON.parse(fs.readFileSync(`${outfile}.map`, "utf8")) as { sources: string[] };
    expect(map.sources.length).toBeGreaterThan(100);
    for (const source of map.sources) expect(source).toMatch(/\/(server|web|common|db)\/[^/].*\.tsx?$/);

    const bundle = pathToFileURL(outfile).href;
    const mapped = (needle: string) => {
      const at = code.indexOf(needle);
      expect(at).toBeGreaterThan(0);
      const before = code.slice(0, at);
      const line = before.split("\n").length;
      const column = at - (before.lastIndexOf("\n") + 1);
      return sourceMapSupport.mapSourcePosition({ source: bundle, line, column });
    };
    expect(mapped("async function main()").source).toMatch(/\/server\/main\.ts$/);
    // A package's position stays the bundle's own, even on a line our code shares: drizzle-orm's
    // sql tag comes right after our db/client.ts on its line, and mapped to it.
    expect(mapped("function fastify(").source).toBe(bundle);
    expect(mapped("function sql(strings,").source).toBe(bundle);
  });

  it("holds the nextTick entries' shape on the global object before any of the server's code", () => {
    // A module variable nobody imports is dropped from the bundle (decision 029): it is held on
    // globalThis, and the bundle's body does it first.
    const held = code.indexOf('Symbol.for("atalho.heldTickShape")');
    expect(held).toBeGreaterThan(0);
    expect(code.indexOf("Object.defineProperty(globalThis,HELD_TICK_SHAPE", held)).toBeGreaterThan(held);
    expect(held).toBeLessThan(code.indexOf("async function main()"));
    expect(held).toBeLessThan(code.indexOf("async function buildApp("));
  });

  it("is ASCII only, so that V8 keeps its source as one byte a character", () => {
    // One non-ASCII character (a comment's '§') made the whole source a two-byte string: 21 MB.
    expect(Buffer.byteLength(code, "utf8")).toBe(code.length);
  });
});
