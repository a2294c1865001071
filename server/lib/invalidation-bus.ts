import type { Redis } from "ioredis";

type Handler = (key: string) => void;

/**
 * Tells every process that a cached thing changed. In one process it is a plain call; with Redis,
 * the message also goes to the other processes through pub/sub.
 */
export class InvalidationBus {
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly origin = `${process.pid}-${Math.random().toString(36).slice(2)}`;

  constructor(
    private readonly publisher?: Redis,
    subscriber?: Redis,
    private readonly channel = "atalho:invalidate",
  ) {
    subscriber?.subscribe(channel).catch(() => {});
    subscriber?.on("message", (_channel: string, raw: string) => {
      const message = safeParse(raw);
      if (!message || message.origin === this.origin) return;
      this.deliver(message.topic, message.key);
    });
  }

  on(topic: string, handler: Handler): void {
    let set = this.handlers.get(topic);
    if (!set) {
      set = new Set();
      this.handlers.set(topic, set);
    }
    set.add(handler);
  }

  publish(topic: string, key: string): void {
    this.deliver(topic, key);
    this.publisher
      ?.publish(this.channel, JSON.stringify({ origin: this.origin, topic, key }))
      .catch(() => {});
  }

  private deliver(topic: string, key: string): void {
    for (const handler of this.handlers.get(topic) ?? []) handler(key);
  }
}

function safeParse(raw: string): { origin: string; topic: string; key: string } | null {
  try {
    const value = JSON.parse(raw);
    return typeof value?.topic === "string" && typeof value?.key === "string" ? value : null;
  } catch {
    return null;
  }
}
