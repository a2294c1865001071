import { afterAll, describe, expect, it } from "vitest";
import { type PrivateRedis, redisMissing, startPrivateRedis, waitFor } from "../../tests/faults/fault-kit";
import { InvalidationBus } from "./invalidation-bus";
import { connectRedis, RedisWatch } from "./redis";

describe("InvalidationBus without Redis", () => {
  it("delivers to the topic's handlers in this process", () => {
    const bus = new InvalidationBus();
    const seen: string[] = [];
    bus.on("a", (key) => seen.push(`a:${key}`));
    bus.on("b", (key) => seen.push(`b:${key}`));
    bus.publish("a", "1");
    bus.resetAll();
    expect(seen).toEqual(["a:1", "a:*", "b:*"]);
    expect(bus.connected).toBe(true);
    expect(bus.distributed).toBe(false);
  });

  it("resetEverywhere drops every topic here (no other process to tell)", () => {
    const bus = new InvalidationBus();
    const seen: string[] = [];
    bus.on("a", (key) => seen.push(`a:${key}`));
    bus.on("b", (key) => seen.push(`b:${key}`));
    bus.resetEverywhere();
    expect(seen).toEqual(["a:*", "b:*"]);
    expect(bus.topics).toEqual(["a", "b"]);
  });

  it("keeps delivering when one handler throws", () => {
    const bus = new InvalidationBus();
    const seen: string[] = [];
    bus.on("a", () => {
      throw new Error("boom");
    });
    bus.on("a", (key) => seen.push(key));
    bus.publish("a", "1");
    expect(seen).toEqual(["1"]);
  });
});

const missing = redisMissing();
if (missing) console.warn(`\n!!! InvalidationBus Redis outage test SKIPPED: ${missing}\n`);

describe.skipIf(missing)("InvalidationBus with Redis going away", () => {
  let redis: PrivateRedis | undefined;
  const clients: ReturnType<typeof connectRedis>[] = [];
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await redis?.kill();
  });

  it("drops every cache often while Redis is away, once more when back, and logs the outage once", async () => {
    redis = await startPrivateRedis();
    const lines: string[] = [];
    const log = {
      warn: (_: object, m: string) => lines.push(m),
      error: (_: object, m: string) => lines.push(m),
    };
    const bus = (watch: RedisWatch) => {
      const pub = connectRedis(redis!.url, watch);
      const sub = connectRedis(redis!.url, watch, "subscriber");
      clients.push(pub, sub);
      return new InvalidationBus(pub, sub, "test:invalidate", 300);
    };
    const one = bus(new RedisWatch(log));
    const two = bus(new RedisWatch());
    const seen: string[] = [];
    two.on("links", (key) => seen.push(key));
    await waitFor("both connected", () => one.connected && two.connected, 5_000);
    await waitFor("a message across", () => {
      one.publish("links", "x");
      return seen.includes("x");
    });
    expect(seen.filter((key) => key === "*")).toEqual([]);

    await redis.kill();
    await waitFor("the outage seen", () => !two.connected, 5_000);
    await expect(one.ping()).rejects.toThrow();
    // Messages are lost now: every cache is dropped every 300 ms instead.
    const before = seen.length;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(seen.slice(before).filter((key) => key === "*").length).toBeGreaterThanOrEqual(2);
    // Publishing fails quietly and quickly (no queue behind reconnection attempts).
    const started = performance.now();
    one.publish("links", "lost");
    expect(performance.now() - started).toBeLessThan(50);

    await redis.start();
    await waitFor("both back", () => one.connected && two.connected, 10_000);
    await one.ping();
    const back = seen.length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    // Once on reconnection and once a second later, then no more.
    const resets = seen.slice(back).filter((key) => key === "*").length;
    expect(resets).toBeLessThanOrEqual(2);
    await waitFor("messages again", () => {
      one.publish("links", "y");
      return seen.includes("y");
    });
    expect(lines.filter((line) => line.startsWith("Redis indisponível"))).toHaveLength(1);
    expect(lines.filter((line) => line.startsWith("Redis de volta"))).toHaveLength(1);
  });

  it("resetEverywhere drops every topic in every process, its own included", async () => {
    const server = await startPrivateRedis();
    try {
      const bus = () => {
        const pub = connectRedis(server.url, new RedisWatch());
        const sub = connectRedis(server.url, new RedisWatch(), "subscriber");
        clients.push(pub, sub);
        return new InvalidationBus(pub, sub, "test:reset", 60_000);
      };
      const [one, two] = [bus(), bus()];
      const seen: string[] = [];
      one.on("links", (key) => seen.push(`one links:${key}`));
      two.on("links", (key) => seen.push(`two links:${key}`));
      two.on("plans", (key) => seen.push(`two plans:${key}`));
      await waitFor("connected", () => one.connected && two.connected, 5_000);
      await waitFor("a message across", () => {
        one.publish("links", "x");
        return seen.includes("two links:x");
      });
      seen.length = 0;
      one.resetEverywhere();
      expect(seen.filter((line) => line.startsWith("one"))).toEqual(["one links:*"]);
      await waitFor("the other process reset", () => seen.includes("two plans:*"), 5_000);
      expect(seen.filter((line) => line.endsWith("*"))).toEqual([
        "one links:*",
        "two links:*",
        "two plans:*",
      ]);
    } finally {
      await server.kill();
    }
  });

  it("notices a Redis that hangs (sockets open, no answers) and drops caches often until it answers", async () => {
    const hung = await startPrivateRedis();
    try {
      const pub = connectRedis(hung.url, new RedisWatch());
      const sub = connectRedis(hung.url, new RedisWatch(), "subscriber");
      clients.push(pub, sub);
      const bus = new InvalidationBus(pub, sub, "test:hung", 300);
      const seen: string[] = [];
      bus.on("links", (key) => seen.push(key));
      await waitFor("connected", () => bus.connected, 5_000);
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(seen.filter((key) => key === "*")).toEqual([]);

      hung.pause();
      // The ping fails after the command timeout (1 s); then a reset every 300 ms.
      await waitFor("resets while hung", () => seen.filter((key) => key === "*").length >= 2, 5_000);

      hung.resume();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const settled = seen.length;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(seen.slice(settled).filter((key) => key === "*")).toEqual([]);
    } finally {
      hung.resume();
      await hung.kill();
    }
  });
});
