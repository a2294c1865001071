import { createHook } from "node:async_hooks";

// Imported first by server/main.ts, for its effect: one of node's `process.nextTick` entries is held
// for the life of the process.
//
// Why: `nextTick` builds each entry as `{ [async_id_symbol], [trigger_async_id_symbol], callback,
// args }`. V8 keeps the shapes (maps) such a literal passes through only while an object of that
// shape is alive: a full collection at a moment when no entry is queued (an idle server, start-up's
// collections) drops them, and the next entry is built on new ones. After a few of those, the
// literal's property stores in `nextTick` see too many shapes and go megamorphic for good: every
// entry is then built the slow way. Node queues several entries per HTTP request (the streams'
// end, the write's callback, the response's finish), so a bare `node:http` server served 18% fewer
// requests once that had happened (44.0k/s against 53.5k/s, alternated 4 s runs pinned to one
// core), and in our server `nextTick` was 5.7% of the samples of a cached /p/ load against 0.7% in
// the bare server's. With one entry held, the shapes stay alive and the stores stay monomorphic
// (docs/decisions/036-held-029-held-tick-shape.md).
//
// The entry is caught by an async hook enabled only around one `nextTick` of our own: nothing else
// is observed, and after `disable()` node runs without hooks, as before.

/** The `nextTick` entry held for the process's life (undefined if this node builds none). */
let held: object | undefined;

const hook = createHook({
  init(_asyncId, type, _triggerAsyncId, resource) {
    if (type === "TickObject" && held === undefined) held = resource;
  },
});
hook.enable();
process.nextTick(() => {});
hook.disable();
