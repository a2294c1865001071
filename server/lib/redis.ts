import { Redis } from "ioredis";

/** A Redis connection that fails fast instead of queueing commands forever when Redis is down. */
export function connectRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
}
