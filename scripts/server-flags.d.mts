/** See server-flags.mjs. */
export function serverNodeFlags(nodeOptions?: string): string[];
