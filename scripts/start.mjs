// npm start: build the SPA when the build is missing or older than the sources, then serve.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const built = path.join(root, "dist", "index.html");

function newest(dir) {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return latest;
}

const stale =
  !fs.existsSync(built) ||
  fs.statSync(built).mtimeMs < Math.max(newest(path.join(root, "web")), newest(path.join(root, "common")));
if (stale) {
  console.log("Building the web app (vite build)...");
  const build = spawnSync("npx", ["vite", "build", "--logLevel", "warn"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawnSync(process.execPath, ["--import", "tsx", path.join(root, "server", "main.ts")], {
  cwd: root,
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env },
});
process.exit(server.status ?? 1);
