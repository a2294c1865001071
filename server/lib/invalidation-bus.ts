import type { Redis } from "ioredis";

/** A topic's handler; the key "*" means every key of the topic (see InvalidationBus.resetAll). */
type Handler = (key: string) => void;

/** The topic of resetEverywhere's message: every process drops everything every topic caches. */
const EVERY_TOPIC = "*";

/** While the subscriber is away, every cache is dropped this often (see InvalidationBus). */
export const OUTAGE_RESET_MS = 5_000;

/**
 * Tells every process that a cached thing changed. In one process it is a plain call; with Redis,
 * the message also goes to the other processes through pub/sub.
 *
 * Redis away: messages published meanwhile (by this process or another) are lost, so no cache can
 * be trusted for longer than the outage. While the subscriber is disconnected, every topic is
 * cleared locally every OUTAGE_RESET_MS (key "*"), and once more when it is back (a change made
 * just before the reconnection): caches then live a few seconds at most, and the database answers
 * the rest. Handlers must treat the key "*" as "everything of the topic".
 */
export class InvalidationBus {
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly origin = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  private outageTimer: NodeJS.Timeout | undefined;
  private pingTimer: NodeJS.Timeout | undefined;
  /** Redis stopped answering (hung, not gone: the connections still look ready). */
  private pingFailing = false;

  constructor(
    private readonly publisher?: Redis,
    private readonly subscriber?: Redis,
    private readonly channel = "atalho:invalidate",
    private readonly outageResetMs = OUTAGE_RESET_MS,
  ) {
    if (!subscriber) return;
    subscriber.subscribe(channel).catch(() => {});
    subscriber.on("message", (_channel: string, raw: string) => {
      const message = safeParse(raw);
      if (!message || message.origin === this.origin) return;
      if (message.topic === EVERY_TOPIC) this.resetAll();
      else this.deliver(message.topic, message.key);
    });
    subscriber.on("reconnecting", () => this.startOutage());
    subscriber.on("ready", () => {
      if (!this.outageTimer) return;
      this.stopOutage();
      this.resetAll();
      // ioredis subscribes again just after 'ready': once more for a change published meanwhile.
      setTimeout(() => this.resetAll(), 1_000).unref();
    });
    // disconnect() at shutdown: no more reconnections.
    subscriber.on("end", () => {
      this.stopOutage();
      clearInterval(this.pingTimer);
    });
    // A Redis that hangs keeps its sockets open: no 'reconnecting' comes, and publishes fail
    // unseen. A ping every period (the publisher's commands time out after 1 s) notices it.
    if (publisher) {
      this.pingTimer = setInterval(() => this.checkAnswers(publisher), this.outageResetMs);
      this.pingTimer.unref();
    }
    // Started while Redis is away: nothing is received until it comes.
    if (subscriber.status !== "ready" && subscriber.status !== "connecting") this.startOutage();
  }

  /** Redis is configured and both connections are up (readiness); true without Redis. */
  get connected(): boolean {
    if (!this.publisher && !this.subscriber) return true;
    return this.publisher?.status === "ready" && this.subscriber?.status === "ready";
  }

  /** The topics this process caches something under. */
  get topics(): string[] {
    return [...this.handlers.keys()];
  }

  /** Whether Redis is in use at all. */
  get distributed(): boolean {
    return this.subscriber !== undefined;
  }

  /** Checks that Redis answers (readiness), within the publisher's command timeout. */
  async ping(): Promise<void> {
    if (!this.connected) throw new Error("Redis disconnected");
    await this.publisher?.ping();
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
    this.send(topic, key);
  }

  /** To the other processes (none without Redis). */
  private send(topic: string, key: string): void {
    this.publisher
      ?.publish(this.channel, JSON.stringify({ origin: this.origin, topic, key }))
      .catch(() => {});
  }

  /** Drops everything every topic caches, in every process (the administrator's 'Limpar cache'). */
  resetEverywhere(): void {
    this.resetAll();
    this.send(EVERY_TOPIC, "*");
  }

  /** Drops everything every topic caches, in this process only. */
  resetAll(): void {
    for (const topic of this.handlers.keys()) this.deliver(topic, "*");
  }

  private checkAnswers(publisher: Redis): void {
    if (publisher.status !== "ready") return; // a reconnection is under way: 'reconnecting' covers it
    publisher.ping().then(
      () => {
        if (!this.pingFailing) return;
        this.pingFailing = false;
        if (this.subscriber?.status !== "ready") return;
        this.stopOutage();
        this.resetAll();
      },
      () => {
        if (this.pingFailing) return;
        this.pingFailing = true;
        this.startOutage();
      },
    );
  }

  private startOutage(): void {
    if (this.outageTimer) return;
    this.outageTimer = setInterval(() => this.resetAll(), this.outageResetMs);
    this.outageTimer.unref();
  }

  private stopOutage(): void {
    clearInterval(this.outageTimer);
    this.outageTimer = undefined;
  }

  private deliver(topic: string, key: string): void {
    for (const handler of this.handlers.get(topic) ?? []) {
      try {
        handler(key);
      } catch {
        // One cache's failure must not keep the others stale.
      }
    }
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
