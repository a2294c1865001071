import { AsyncResource } from "node:async_hooks";

// Imported first by server/main.ts, for its effect: an object shaped like node's `process.nextTick`
// entries is held for the life of the process.
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
// the bare server's. With one object of that shape held, the shapes stay alive and the stores stay
// monomorphic (docs/decisions/029-held-tick-shape.md).
//
// The object is our own, built as node builds an entry: node's two symbols, read from an
// AsyncResource (which, with no async hook enabled, runs no hook and registers nothing), and ids
// read from a Float64Array, as node reads them from its own (doubles, not small integers: another
// representation would be another shape). No hook is enabled: V8's promise-hook protector, which
// any promise hook would invalidate for the process's life, is left alone.

function entryShaped(): object | undefined {
  const resource = new AsyncResource("TickShape");
  const symbol = (description: string) =>
    Object.getOwnPropertySymbols(resource).find((own) => own.description === description);
  const asyncId = symbol("async_id_symbol");
  const triggerAsyncId = symbol("trigger_async_id_symbol");
  // Another node that names them otherwise: nothing to hold, nothing changes.
  if (!asyncId || !triggerAsyncId) return undefined;
  const ids = new Float64Array([1, 1]);
  return { [asyncId]: ids[0], [triggerAsyncId]: ids[1], callback() {}, args: undefined };
}

/**
 * Where the object is held: a property of the global object, so that nothing (a bundler dropping
 * an export nobody imports, a module variable no closure reads) can let it go.
 */
const HELD_TICK_SHAPE = Symbol.for("atalho.heldTickShape");
// Once per realm: the property cannot be redefined (a second evaluation of this module would throw).
if (!Object.hasOwn(globalThis, HELD_TICK_SHAPE)) {
  Object.defineProperty(globalThis, HELD_TICK_SHAPE, { value: entryShaped() });
}
