import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createRedisRateLimitCounter, MemoryRateLimitCounter } from "./rate-limit-store.js";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

describe("in-memory rate-limit counter", () => {
  it("evicts every key whose window has passed, counted by entries, not by waiting", async () => {
    let now = 1_000_000;
    const counter = new MemoryRateLimitCounter(() => now);
    for (let i = 0; i < 10_000; i++) await counter.hit(`predictive_analytics:user-${i}`, 30, 60_000);
    expect(counter.size).toBe(10_000);

    now += 30_000; // half a window later: all still live
    await counter.hit("predictive_analytics:late", 30, 60_000);
    expect(counter.size).toBe(10_001);

    now += 30_000; // the first 10 000 windows have now passed
    await counter.hit("predictive_analytics:one-more", 30, 60_000);
    expect(counter.size).toBe(2);
  });

  it("holds at most `limit` times per key and slides: a slot frees when its call leaves the window", async () => {
    let now = 0;
    const counter = new MemoryRateLimitCounter(() => now);
    for (let i = 0; i < 3; i++) {
      expect((await counter.hit("k", 3, 1000)).allowed).toBe(true);
      now += 100;
    }
    const refused = await counter.hit("k", 3, 1000);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, resetMs: 700 });
    now = 1000; // the first call (t=0) left the window
    expect(await counter.hit("k", 3, 1000)).toMatchObject({ allowed: true, remaining: 0 });
    expect((await counter.hit("k", 3, 1000)).allowed).toBe(false);
  });

  it("counts concurrent hits exactly", async () => {
    const counter = new MemoryRateLimitCounter();
    const hits = await Promise.all(Array.from({ length: 500 }, () => counter.hit("k", 60, 60_000)));
    expect(hits.filter((h) => h.allowed)).toHaveLength(60);
  });
});

describe("Redis rate-limit counter", () => {
  it("counts concurrent hits from several connections exactly and expires the key with the window", async () => {
    const prefix = `test:rl-store:${randomBytes(6).toString("hex")}:`;
    const counters = await Promise.all([1, 2, 3].map(() => createRedisRateLimitCounter(REDIS_URL, prefix)));
    try {
      const hits = await Promise.all(Array.from({ length: 300 }, (_, i) => counters[i % 3].hit("k", 60, 60_000)));
      expect(hits.filter((h) => h.allowed)).toHaveLength(60);
      const refused = hits.find((h) => !h.allowed)!;
      expect(refused.resetMs).toBeGreaterThan(0);
      expect(refused.resetMs).toBeLessThanOrEqual(60_000);

      const { Redis } = await import("ioredis");
      const redis = new Redis(REDIS_URL);
      try {
        expect(await redis.llen(`${prefix}k`)).toBe(60);
        const ttl = await redis.pttl(`${prefix}k`);
        expect(ttl).toBeGreaterThan(0);
        expect(ttl).toBeLessThanOrEqual(60_000);
      } finally {
        await redis.quit();
      }
    } finally {
      await Promise.all(counters.map((c) => c.close?.()));
    }
  });
});
