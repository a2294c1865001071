import "./lib/tick-shape"; // first, for its effect (docs/decisions/029-held-tick-shape.md)
import { readFileSync } from "node:fs";
import sourceMapSupport from "source-map-support";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./env";
import { guardFleet } from "./lib/fleet-guard";

// Stack traces name the TypeScript sources, the map read when the first one is printed: node's
// --enable-source-maps parses every loaded module's map at start (ours and node_modules'), ~30 MB
// held for the process's life (docs/decisions/002). Uncaught errors stay node's own business. When
// node already maps them (npm run dev: tsx enables its own maps), this would only get in the way.
// The bundle's map is read straight from build/server.js.map: left to find it, source-map-support
// would read the whole bundle (~7 MB, the npm packages included) to find its sourceMappingURL
// and keep it in memory.
if (!process.sourceMapsEnabled) {
  const bundle = import.meta.url;
  sourceMapSupport.install({
    environment: "node",
    handleUncaughtExceptions: false,
    retrieveSourceMap: (source) => {
      if (source !== bundle) return null;
      try {
        return { url: `${bundle}.map`, map: readFileSync(new URL(`${bundle}.map`), "utf8") };
      } catch {
        return null; // no map beside the bundle: its own lines
      }
    },
  });
}

async function main() {
  const config = loadConfig();
  // On Postgres: refuses to start beside a process it cannot share the database with (no Redis).
  const fleet = await guardFleet(config);
  const app = await buildApp(config);
  fleet?.setLogger(app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing requests and writing queued clicks");
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    // app.close() waits for every connection to end, and the queued clicks are written after that.
    // Node closes only the connections idle at that moment: a keep-alive one whose request was in
    // flight would stay open until its client hangs up. So idle ones are closed as they become
    // idle, and whatever is still open after 10 s is cut, leaving the clicks time to be written.
    const idle = setInterval(() => app.server.closeIdleConnections(), 100);
    idle.unref();
    setTimeout(() => app.server.closeAllConnections(), 10_000).unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`${config.appName} em ${config.publicUrl}`);
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
