// npm start: build the web app and the server when a build is missing or older than its sources,
// then run the bundled server (plain JavaScript: no TypeScript loader in the production process).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { serverNodeFlags } from "./server-flags.mjs";

const root = path.resolve(import.meta.dirname, "..");

/** The newest modification time of a file, or of the files under a directory. */
function newest(file) {
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of fs.readdirSync(file)) latest = Math.max(latest, newest(path.join(file, entry)));
  return latest;
}

const stale = (output, sources) =>
  !fs.existsSync(output) ||
  fs.statSync(output).mtimeMs < Math.max(...sources.map((dir) => newest(path.join(root, dir))));

function run(label, args) {
  console.log(label);
  const result = spawnSync("npm", ["run", "--silent", ...args], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (stale(path.join(root, "dist", "index.html"), ["web", "common"])) {
  run("Building the web app (vite build)...", ["build:web"]);
}
const server = path.join(root, "build", "server.js");
// The bundle holds the npm packages too (scripts/build-server.mjs): an install rebuilds it.
if (stale(server, ["server", "db", "common", "web", "package-lock.json", "scripts/build-server.mjs"]))
  run("Building the server (esbuild)...", ["build:server"]);

const child = spawnSync(process.execPath, [...serverNodeFlags(), server], {
  cwd: root,
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env },
});
process.exit(child.status ?? 1);
