// The node flags the production server runs with: `npm start` (scripts/start.mjs) and the bench's
// server (bench/app-server.ts) share them. See docs/decisions/002-embedded-database.md.
//
// - --max-old-space-size=128: V8 collects lazily and lets the old space grow far past what is live
//   (~50 MB here, next to embedded PGlite); the caches are bounded well below the cap.
// - --heap-growing-percent=200: after a full collection the old space may grow to three times what
//   survived (within the cap). Under a cap below 2 GB V8 allows only ~1.3 times, and the hot paths
//   ran 25-35% slower for it (cached /s/ 43-48k/s against 57-62k/s, alternating runs pinned to one
//   core; decision 015); the cap bounds memory as before: a million cold codes left the
//   process at ~300 MB either way.
// - --v8-pool-size=0: V8's background threads (GC, WASM tier-up) sized to the cores this process may
//   run on, instead of 4. On a one-core VPS (or a server pinned with taskset) 4 threads only
//   preempt the event loop, and each keeps its own malloc arena (~30 MB in all). (A smaller young
//   generation, --max-semi-space-size=8, would save 16 MB more but cost ~15% CPU per redirect.)
//
// NODE_OPTIONS that sets one of them wins over ours.
const defaults = {
  "--max-old-space-size": "128",
  "--heap-growing-percent": "200",
  "--v8-pool-size": "0",
};

/** The flags to pass to node before the server's script. */
export function serverNodeFlags(nodeOptions = process.env.NODE_OPTIONS ?? "") {
  // No --enable-source-maps: it parses every module's map at start (~30 MB resident); the server
  // maps its stack traces lazily instead (source-map-support, server/main.ts).
  return Object.entries(defaults)
    .filter(([flag]) => !nodeOptions.includes(flag))
    .map(([flag, value]) => `${flag}=${value}`);
}
