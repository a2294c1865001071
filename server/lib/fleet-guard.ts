import pg from "pg";

/**
 * Several processes on one Postgres behave as one only when they share Redis (cache invalidation,
 * rate limits). Each process holds a session-level advisory lock on a connection of its own for its
 * whole life: exclusive without REDIS_URL (it must be the only one), shared with it (any number of
 * processes with Redis). A process whose lock conflicts refuses to start and says why.
 * Advisory locks live per database, so two installs on two databases never meet here.
 */
export const FLEET_LOCK_KEY: readonly [number, number] = [0x41544c48, 1]; // "ATLH", 1

export type FleetMode = "exclusive" | "shared";

export type FleetLock = {
  mode: FleetMode;
  /** Where to report a lost and re-taken lock (the app's logger once it exists). */
  setLogger(log: FleetLogger): void;
  /** Closes the connection, which frees the lock (process exit does the same). */
  release(): Promise<void>;
};

export type FleetLogger = {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
};

export class FleetConflictError extends Error {}

export function fleetConflictMessage(mode: FleetMode): string {
  return mode === "exclusive"
    ? "Outro processo do Atalho já usa este banco Postgres. Sem REDIS_URL só um processo pode usá-lo: " +
        "cada um guardaria caches e limites próprios (um link editado em um continuaria antigo no outro). " +
        "Para rodar vários processos, defina REDIS_URL (o mesmo Redis em todos) e reinicie todos eles."
    : "Um processo do Atalho sem REDIS_URL já usa este banco Postgres, sozinho. Processos com e sem Redis " +
        "não podem se misturar: defina REDIS_URL (o mesmo Redis) também nele e reinicie-o, ou pare-o.";
}

type Options = {
  url: string;
  redis: boolean;
  /** Tests use keys of their own. */
  key?: readonly [number, number];
  log?: FleetLogger;
  /** Wait between attempts to take the lock again after the connection was lost. */
  retryMs?: number;
};

/**
 * Takes the fleet lock on Postgres (exclusive without Redis, shared with it), or throws a
 * FleetConflictError with a pt-BR message. The connection is watched: if it drops (Postgres
 * restarted), the lock is taken again on a new one, with a loud log line if another process took it.
 */
export async function holdFleetLock(options: Options): Promise<FleetLock> {
  const mode: FleetMode = options.redis ? "shared" : "exclusive";
  const key = options.key ?? FLEET_LOCK_KEY;
  const retryMs = options.retryMs ?? 2_000;
  let log = options.log;
  let released = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const take = async (): Promise<boolean> => {
    const next = new pg.Client({ connectionString: options.url, application_name: "atalho fleet lock" });
    // Without a listener an 'error' (the server going away) would end the process.
    next.on("error", () => {});
    await next.connect();
    try {
      const fn = mode === "exclusive" ? "pg_try_advisory_lock" : "pg_try_advisory_lock_shared";
      const result = await next.query<{ ok: boolean }>(`select ${fn}($1::int, $2::int) as ok`, [...key]);
      if (!result.rows[0]?.ok) {
        await next.end().catch(() => {});
        return false;
      }
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
    next.once("end", () => {
      if (released || client !== next) return;
      client = undefined;
      log?.warn({ mode }, "fleet lock: connection to Postgres lost; taking the lock again");
      schedule();
    });
    return true;
  };

  let warnedConflict = false;
  const schedule = () => {
    if (released || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      take()
        .then((ok) => {
          if (ok) {
            if (warnedConflict) log?.warn({ mode }, "fleet lock: taken again");
            warnedConflict = false;
            return;
          }
          if (!warnedConflict) log?.error({ mode }, `fleet lock: ${fleetConflictMessage(mode)}`);
          warnedConflict = true;
          schedule();
        })
        .catch(() => schedule());
    }, retryMs);
    retry.unref();
  };

  if (!(await take())) throw new FleetConflictError(fleetConflictMessage(mode));
  return {
    mode,
    setLogger(next) {
      log = next;
    },
    async release() {
      released = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => {});
      client = undefined;
    },
  };
}

/** The guard for a configuration: Postgres only (PGlite refuses a second process by itself). */
export async function guardFleet(config: {
  databaseUrl?: string;
  redisUrl?: string;
}): Promise<FleetLock | undefined> {
  if (!config.databaseUrl?.startsWith("postgres")) return undefined;
  return holdFleetLock({ url: config.databaseUrl, redis: Boolean(config.redisUrl) });
}
