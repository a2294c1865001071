// The import boundaries of docs/architecture.md, as biome.json holds them. Each forbidden import is
// written as a probe into a scratch folder that has the repository's lint config, and Biome must
// refuse it naming the rule; the allowed imports beside them must pass; and the tree itself must
// hold the same rules.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const biome = path.join(root, "node_modules", ".bin", "biome");
const BOUNDARY_RULES = ["lint/style/noRestrictedImports", "lint/suspicious/noImportCycles"];

type Diagnostic = { category: string; severity: string; message: string; location: { path: string } };

/** Biome's lint diagnostics for `cwd` (its JSON reporter; the version is pinned in package.json). */
function lint(cwd: string): Diagnostic[] {
  const result = spawnSync(biome, ["lint", "--reporter=json", "--max-diagnostics=none", "."], {
    cwd,
    encoding: "utf8",
  });
  if (!result.stdout) throw new Error(`biome printed no report: ${result.stderr}`);
  return (JSON.parse(result.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
}

// Forbidden: file -> its content and the rule that must refuse it.
const FORBIDDEN: Record<string, { code: string; rule: string }> = {
  "web/features/alpha/components/imports-another-feature.ts": {
    code: 'import { beta } from "@web/features/beta/api/beta";\nexport const probe = beta;\n',
    rule: "lint/style/noRestrictedImports",
  },
  "web/features/alpha/components/imports-another-feature-relatively.ts": {
    code: 'import { beta } from "../../beta/api/beta";\nexport const probe = beta;\n',
    rule: "lint/style/noRestrictedImports",
  },
  "web/features/alpha/imports-the-app.ts": {
    code: 'import { composed } from "@web/app/routes/composes";\nexport const probe = composed;\n',
    rule: "lint/style/noRestrictedImports",
  },
  "web/features/alpha/components/deeper/imports-another-feature.ts": {
    code: 'import { beta } from "../../../beta/api/beta";\nexport const probe = beta;\n',
    rule: "lint/style/noRestrictedImports",
  },
  "server/modules/probe/imports-web.ts": {
    code: 'import { SITE_PATHS } from "../../../web/entry-server";\nexport const probe = SITE_PATHS;\n',
    rule: "lint/style/noRestrictedImports",
  },
  "server/modules/probe/imports-web-by-alias.ts": {
    code: 'import { alpha } from "@web/features/alpha/api/alpha";\nexport const probe = alpha;\n',
    rule: "lint/style/noRestrictedImports",
  },
  "web/lib/imports-the-server.ts": {
    code: 'import { serverThing } from "../../server/lib/server-thing";\nexport const probe = serverThing;\n',
    rule: "lint/style/noRestrictedImports",
  },
  "web/lib/imports-fastify.ts": {
    code: 'import type { FastifyInstance } from "fastify";\nexport type Probe = FastifyInstance;\n',
    rule: "lint/style/noRestrictedImports",
  },
  "web/components/ui/imports-a-feature.ts": {
    code: 'import { alpha } from "@web/features/alpha/api/alpha";\nexport const probe = alpha;\n',
    rule: "lint/style/noRestrictedImports",
  },
  "web/lib/imports-the-app.ts": {
    code: 'import { composed } from "../app/routes/composes";\nexport const probe = composed;\n',
    rule: "lint/style/noRestrictedImports",
  },
  "common/imports-the-web.ts": {
    code: 'import { alpha } from "../web/features/alpha/api/alpha";\nexport const probe = alpha;\n',
    rule: "lint/style/noRestrictedImports",
  },
  "web/lib/cycle-a.ts": {
    code: 'import { b } from "./cycle-b";\nexport const a = () => b;\n',
    rule: "lint/suspicious/noImportCycles",
  },
  "web/lib/cycle-b.ts": {
    code: 'import { a } from "./cycle-a";\nexport const b = () => a;\n',
    rule: "lint/suspicious/noImportCycles",
  },
};

// Allowed: the imports each layer may make.
const ALLOWED: Record<string, string> = {
  "web/features/alpha/api/alpha.ts": "export const alpha = 1;\n",
  "web/features/beta/api/beta.ts": "export const beta = 2;\n",
  "web/lib/session.ts": "export const session = 3;\n",
  "web/components/ui/button.ts": "export const button = 4;\n",
  "tests/web-fake-api.ts": "export const fakeApi = 5;\n",
  "server/lib/server-thing.ts": "export const serverThing = 6;\n",
  "web/entry-server.tsx":
    'import { alpha } from "./features/alpha/api/alpha";\nexport const SITE_PATHS = [alpha];\n',
  // The feature's own files, web/lib, web/components, common/ and the shared test helpers.
  "web/features/alpha/components/allowed.ts": [
    'import { alpha } from "../api/alpha";',
    'import { button } from "@web/components/ui/button";',
    'import { session } from "@web/lib/session";',
    'import { fakeApi } from "../../../../tests/web-fake-api";',
    "export const probe = [alpha, button, session, fakeApi];",
    "",
  ].join("\n"),
  // The app composes features.
  "web/app/routes/composes.ts": [
    'import { alpha } from "@web/features/alpha/api/alpha";',
    'import { beta } from "@web/features/beta/api/beta";',
    "export const composed = [alpha, beta];",
    "",
  ].join("\n"),
  // The one SSR adapter imports the web's server entry; other server files import the adapter.
  "server/lib/web-render.ts": 'export { SITE_PATHS } from "../../web/entry-server";\n',
  "server/modules/probe/renders.ts":
    'import { SITE_PATHS } from "../../lib/web-render";\nimport { serverThing } from "../../lib/server-thing";\nexport const probe = [SITE_PATHS, serverThing];\n',
};

describe("the import boundaries (biome.json)", () => {
  let scratch: string;
  let diagnostics: Diagnostic[];
  const of = (file: string) => diagnostics.filter((d) => d.location.path === file);

  beforeAll(() => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), "atalho-boundaries-"));
    const config = JSON.parse(fs.readFileSync(path.join(root, "biome.json"), "utf8"));
    // The scratch folder is no git work tree: the config's .gitignore lookup stays behind.
    config.vcs = { enabled: false };
    fs.writeFileSync(path.join(scratch, "biome.json"), JSON.stringify(config));
    fs.cpSync(path.join(root, "lint"), path.join(scratch, "lint"), { recursive: true });
    fs.copyFileSync(path.join(root, "tsconfig.json"), path.join(scratch, "tsconfig.json"));
    const files = {
      ...ALLOWED,
      ...Object.fromEntries(Object.entries(FORBIDDEN).map(([f, p]) => [f, p.code])),
    };
    for (const [file, code] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
      fs.writeFileSync(path.join(scratch, file), code);
    }
    diagnostics = lint(scratch);
  }, 30_000);

  afterAll(() => {
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  });

  it.each(Object.entries(FORBIDDEN))("refuses %s, naming the rule", (file, { rule }) => {
    expect(of(file).map((d) => [d.category, d.severity])).toContainEqual([rule, "error"]);
  });

  it("says where the rule is explained", () => {
    const restricted = diagnostics.filter((d) => d.category === "lint/style/noRestrictedImports");
    expect(restricted.length).toBeGreaterThan(0);
    for (const d of restricted) expect(d.message).toContain("docs/architecture.md");
  });

  it.each(Object.keys(ALLOWED))("allows %s", (file) => {
    expect(of(file)).toEqual([]);
  });

  it("holds on the tree itself", () => {
    const broken = lint(root).filter((d) => BOUNDARY_RULES.includes(d.category) && d.severity === "error");
    expect(broken.map((d) => `${d.location.path}: ${d.category}`)).toEqual([]);
  }, 30_000);
});
