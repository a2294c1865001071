import type { DehydratedState } from "@tanstack/react-query";

/**
 * A server-rendered screen carries the query data it was rendered from in
 * `<script type="application/json" id="ssr-state">`, so the browser's first render (hydration)
 * sees the same data. A JSON data block is never executed: CSP's script-src does not apply to it.
 */
export const SSR_STATE_ID = "ssr-state";

/** The block's text: JSON with "<" escaped, so no string inside can close the script element. */
export function serializeSsrState(state: DehydratedState): string {
  return JSON.stringify(state).replace(/</g, "\\u003c");
}

export function readSsrState(doc: Document): DehydratedState | null {
  const text = doc.getElementById(SSR_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as DehydratedState;
  } catch {
    return null;
  }
}
