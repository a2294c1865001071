// The production server bundle (`npm run build:server`, and the bench's and fault tests' server):
// server/main.ts and the npm packages it imports, in one file, build/server.js.
//
// Why the packages are bundled too: node resolves, reads and compiles every module file of every
// package at start (lucide-react alone is ~2,100 files), which took ~1.4 s of a 2.7 s start on a
// million-link database; one file starts in ~1.6 s in all (start-up must stay under 3 s).
//
// Left outside (node loads them from node_modules): packages with native addons or with files they
// read beside their own modules (PGlite's WASM and extensions, argon2's addon, pg's optional
// native driver). Our own runtime requires (geoip-country's data, the font packages) go through
// createRequire and stay outside too.
//
// The source map keeps only our sources' mappings: source-map-support parses the whole map on the
// first stack trace it prints, and the packages' mappings (~90% of them) made that parse run out
// of the server's 128 MB heap. Frames inside a package show the bundle's line and column.
import fs from "node:fs";
import path from "node:path";
import { decode, encode } from "@jridgewell/sourcemap-codec";
import * as esbuild from "esbuild";

const root = path.resolve(import.meta.dirname, "..");

export const EXTERNAL_PACKAGES = ["@electric-sql/pglite", "@node-rs/argon2", "pg-native"];

// CommonJS packages call require() (esbuild leaves it for node's builtins), and a few name
// __dirname on paths we never take (pino's transports, ioredis' friendly stacks): an ES module
// has none of the three.
const banner = [
  'import { createRequire as __atalhoCreateRequire } from "node:module";',
  'import { fileURLToPath as __atalhoFileURLToPath } from "node:url";',
  "const require = __atalhoCreateRequire(import.meta.url);",
  "const __filename = __atalhoFileURLToPath(import.meta.url);",
  'const __dirname = __filename.slice(0, __filename.lastIndexOf("/"));',
].join("\n");

/**
 * Bundles the server into `outfile` (and `outfile.map`, `outfile.LEGAL.txt`). Written under a
 * temporary name and renamed into place, so that a process started meanwhile (parallel test
 * workers) never reads half a file. Returns the files bundled and what the bundle imports.
 */
export async function buildServer(outfile = path.join(root, "build", "server.js")) {
  const temporary = path.join(
    path.dirname(outfile),
    `.${path.basename(outfile)}-${process.pid}-${Date.now()}`,
  );
  const result = await esbuild.build({
    entryPoints: [path.join(root, "server", "main.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: EXTERNAL_PACKAGES,
    banner: { js: banner },
    // (No `define` of NODE_ENV: the packages read process.env.NODE_ENV at run time, as unbundled.)
    // No comments nor indentation: one non-ASCII character in a package's comment made V8 hold the
    // whole source as a two-byte string (21 MB of heap for a 10.7 MB file). Names are kept, and
    // our frames are mapped back to the TypeScript sources.
    minifyWhitespace: true,
    // The packages' license comments in a file of their own (build/server.js.LEGAL.txt).
    legalComments: "external",
    sourcemap: "external",
    outfile: temporary,
    write: false,
    metafile: true,
    logLevel: "warning",
  });
  const output = (suffix) => result.outputFiles.find((file) => file.path === `${temporary}${suffix}`);
  const code = output("");
  const map = output(".map");
  const legal = output(".LEGAL.txt");
  if (!code || !map) throw new Error("esbuild wrote no bundle");
  fs.mkdirSync(path.dirname(outfile), { recursive: true });
  fs.writeFileSync(`${temporary}.map`, JSON.stringify(ownSourcesOnly(JSON.parse(map.text))));
  if (legal) fs.writeFileSync(`${temporary}.LEGAL.txt`, legal.contents);
  fs.writeFileSync(temporary, `${code.text}//# sourceMappingURL=${path.basename(outfile)}.map\n`);
  if (legal) fs.renameSync(`${temporary}.LEGAL.txt`, `${outfile}.LEGAL.txt`);
  fs.renameSync(`${temporary}.map`, `${outfile}.map`);
  fs.renameSync(temporary, outfile);
  const { imports } = result.metafile.outputs[path.relative(root, temporary)] ?? { imports: [] };
  return { inputs: Object.keys(result.metafile.inputs), imports: imports.map((i) => i.path) };
}

/** The map without the mappings (nor the sources and names only they use) of node_modules. */
export function ownSourcesOnly(map) {
  // Packages' own maps are chained in: their sources are under node_modules or at a URL.
  const kept = map.sources.map((source) => !source.includes("node_modules/") && !/^[a-z]+:/i.test(source));
  const newIndex = [];
  const sources = [];
  const sourcesContent = [];
  map.sources.forEach((source, i) => {
    if (!kept[i]) return;
    newIndex[i] = sources.length;
    sources.push(source);
    sourcesContent.push(map.sourcesContent?.[i] ?? null);
  });
  const names = [];
  const nameIndex = new Map();
  const nameOf = (i) => {
    if (!nameIndex.has(i)) nameIndex.set(i, names.push(map.names[i]) - 1);
    return nameIndex.get(i);
  };
  // A package's code often shares a line with ours (the bundle's whitespace is minified): where it
  // starts, a segment without a source, so that a position in it maps to nothing rather than to the
  // last of our segments before it.
  const mappings = decode(map.mappings).map((line) => {
    const segments = [];
    let inPackage = false;
    for (const segment of line) {
      if (segment.length === 1 || !kept[segment[1]]) {
        if (!inPackage) segments.push([segment[0]]);
        inPackage = true;
        continue;
      }
      inPackage = false;
      const [column, source, sourceLine, sourceColumn] = segment;
      const moved = [column, newIndex[source], sourceLine, sourceColumn];
      segments.push(segment.length === 5 ? [...moved, nameOf(segment[4])] : moved);
    }
    return segments;
  });
  return { ...map, sources, sourcesContent, names, mappings: encode(mappings) };
}

if (process.argv[1] === import.meta.filename) await buildServer();
