import { Redis } from "ioredis";

export type RedisLog = {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
};

/**
 * The app's Redis connections, watched together: one log line when Redis goes away (whichever
 * connection notices first) and one when every connection is back, never one per failed command or
 * reconnection attempt. ioredis reconnects by itself (every 0.1–2 s); without an 'error' listener it
 * would print an unhandled error at every attempt.
 */
export class RedisWatch {
  private readonly clients = new Set<Redis>();
  private away = false;

  constructor(private readonly log?: RedisLog) {}

  /** True when every watched connection is ready (or none is watched). */
  get up(): boolean {
    for (const client of this.clients) if (client.status !== "ready") return false;
    return true;
  }

  watch(client: Redis): void {
    this.clients.add(client);
    let lastError: string | undefined;
    // Every failed attempt emits an error: kept for the outage line, not logged each time.
    client.on("error", (error: Error) => {
      lastError = error.message;
    });
    // Emitted only when ioredis will try again (a disconnect() at shutdown ends instead).
    client.on("reconnecting", () => this.wentAway(lastError));
    client.on("ready", () => {
      if (this.away && this.up) {
        this.away = false;
        this.log?.warn({}, "Redis de volta: conexões restabelecidas");
      }
    });
    client.on("end", () => this.clients.delete(client));
  }

  private wentAway(reason: string | undefined): void {
    if (this.away) return;
    this.away = true;
    this.log?.error(
      { reason },
      "Redis indisponível: servindo com caches locais de vida curta, sem limites de taxa; reconectando",
    );
  }
}

export type RedisRole = "commands" | "subscriber";

/**
 * A Redis connection that never makes a request wait for Redis: once connected, commands sent while
 * Redis is away fail at once (rate limits skip on error, the invalidation bus publishes nothing and
 * the caches expire fast: see InvalidationBus) instead of queueing behind reconnection attempts;
 * during the first connection attempt they wait for it. A subscriber keeps its SUBSCRIBE
 * queued until Redis answers (a process started while Redis is away subscribes when it comes), then
 * ioredis subscribes again after every reconnection.
 */
export function connectRedis(url: string, watch?: RedisWatch, role: RedisRole = "commands"): Redis {
  const subscriber = role === "subscriber";
  const client = new Redis(url, {
    connectTimeout: 2_000,
    // A command on a connection that stopped answering (Redis hung, not gone) fails after 1 s.
    commandTimeout: subscriber ? undefined : 1_000,
    maxRetriesPerRequest: subscriber ? null : 1,
    enableOfflineQueue: true,
    retryStrategy: (attempt) => Math.min(100 * attempt, 2_000),
    lazyConnect: false,
  });
  if (!subscriber) {
    // Queued only while the first connection is being made (a process starting beside Redis).
    const failFast = () => {
      client.options.enableOfflineQueue = false;
    };
    client.once("ready", failFast);
    client.once("reconnecting", failFast);
  }
  if (watch) watch.watch(client);
  else client.on("error", () => {}); // callers without a watch (tests) handle failures per command
  return client;
}
