/** Socket errors of a database that is not there (restarting, stopped, network gone). */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * SQLSTATEs of a server going away or not taking connections: 57P01 admin shutdown (a fast
 * restart), 57P02 crash shutdown, 57P03 cannot connect now (starting up), 53300 too many
 * connections, and class 08 (connection exception).
 */
const UNAVAILABLE_STATES = new Set(["57P01", "57P02", "57P03", "53300"]);

/** node-postgres' own messages when its connection drops or cannot be made. */
const DRIVER_MESSAGES = [
  "Connection terminated",
  "connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error",
  "terminating connection due to administrator command",
];

type ErrorLike = { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };

/**
 * Whether an error (bare, wrapped by Drizzle in `cause`, or an AggregateError of several connection
 * attempts) says the database cannot be reached right now, rather than that the query is wrong:
 * such a request is answered 503 and can be retried in a moment.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 8) return false;
  const e = error as ErrorLike;
  if (typeof e.code === "string") {
    if (NETWORK_CODES.has(e.code) || UNAVAILABLE_STATES.has(e.code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(e.code)) return true;
  }
  if (typeof e.message === "string" && DRIVER_MESSAGES.some((m) => (e.message as string).includes(m))) {
    return true;
  }
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) {
    return true;
  }
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/** The SQLSTATE of a database error, whether thrown bare or wrapped by Drizzle. */
export function sqlState(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/**
 * Postgres' unique_violation (23505) anywhere in the error's chain: bare from node-postgres or
 * PGlite, or wrapped by Drizzle in `cause`. How a save that lost a race to a unique index is told.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23505") return true;
  }
  return false;
}
