import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it, vi } from "vitest";
import { createRedisRateLimitCounter, MemoryRateLimitCounter } from "./rate-limit-store.js";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

describe("in-memory rate-limit counter", () => {
  it("drops every key whose window has ended, counted by entries", async () => {
    const counter = new MemoryRateLimitCounter();
    for (let i = 0; i < 10_000; i++) await counter.hit(`predictive_analytics:user-${i}`, 30, 100);
    expect(counter.size).toBe(10_000);
    await sleep(250);
    expect(counter.size).toBe(0);
  });

  it("does constant work per call whatever the number of callers: the same Map operations and timers at 1k and 100k", async () => {
    /** Store operations and timers of one call from a caller already seen and one from a new caller, after `callers` callers. */
    async function workOfOneCall(callers: number) {
      const counter = new MemoryRateLimitCounter();
      for (let i = 0; i < callers; i++) await counter.hit(`user-${i}`, 30, 60_000);
      expect(counter.size).toBe(callers);
      // The private Map rate-limiter-flexible keeps memory keys in (the one `size` reads).
      const limiter = (counter as unknown as { limiters: Map<string, { _memoryStorage: { _storage: Map<string, unknown> } }> }).limiters.get("30/60000")!;
      const store = limiter._memoryStorage._storage;
      const spies = { get: vi.spyOn(store, "get"), set: vi.spyOn(store, "set"), delete: vi.spyOn(store, "delete"), has: vi.spyOn(store, "has") };
      const timers = vi.spyOn(globalThis, "setTimeout");
      const count = () => ({ get: spies.get.mock.calls.length, set: spies.set.mock.calls.length, delete: spies.delete.mock.calls.length, has: spies.has.mock.calls.length, timers: timers.mock.calls.length });
      const reset = () => [...Object.values(spies), timers].forEach((spy) => spy.mockClear());
      try {
        reset();
        await counter.hit("user-7", 30, 60_000);
        const seen = count();
        reset();
        await counter.hit("someone-new", 30, 60_000);
        return { seen, fresh: count() };
      } finally {
        [...Object.values(spies), timers].forEach((spy) => spy.mockRestore());
      }
    }
    const small = await workOfOneCall(1_000);
    const large = await workOfOneCall(100_000);
    expect(large).toEqual(small);
    // A known caller: one lookup, no new entry, no timer; a new one: lookups, one entry and its one expiry timer.
    expect(small.seen).toEqual({ get: 1, set: 0, delete: 0, has: 0, timers: 0 });
    expect(small.fresh.set).toBe(1);
    expect(small.fresh.timers).toBe(1);
    expect(small.fresh.get).toBeLessThanOrEqual(2);
  }, 60_000);

  it("evicts 100k callers' keys when their window ends", async () => {
    const counter = new MemoryRateLimitCounter();
    for (let i = 0; i < 100_000; i++) await counter.hit(`user-${i}`, 30, 300);
    expect(counter.size).toBeGreaterThan(0);
    await sleep(700);
    expect(counter.size).toBe(0);
  }, 60_000);

  it("allows `limit` calls per window, then refuses with the time left, then allows again", async () => {
    const counter = new MemoryRateLimitCounter();
    for (let i = 0; i < 3; i++) expect(await counter.hit("k", 3, 300)).toMatchObject({ allowed: true, remaining: 2 - i });
    const refused = await counter.hit("k", 3, 300);
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    expect(refused.resetMs).toBeGreaterThan(0);
    expect(refused.resetMs).toBeLessThanOrEqual(300);
    await sleep(refused.resetMs + 50);
    expect((await counter.hit("k", 3, 300)).allowed).toBe(true);
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
        const [key] = await redis.keys(`${prefix.replace(/:$/, "")}*`);
        expect(key).toBeDefined();
        const ttl = await redis.pttl(key);
        expect(ttl).toBeGreaterThan(0);
        expect(ttl).toBeLessThanOrEqual(60_000);
      } finally {
        await redis.quit();
      }
    } finally {
      await Promise.all(counters.map((c) => c.close?.()));
    }
  });

  it("answers UPSTREAM_UNAVAILABLE, not a crash, when Redis cannot be reached", async () => {
    const counter = await createRedisRateLimitCounter("redis://127.0.0.1:1", "test:rl-down:");
    try {
      await expect(counter.hit("k", 5, 60_000)).rejects.toMatchObject({ extensions: { code: "UPSTREAM_UNAVAILABLE" } });
    } finally {
      await counter.close?.();
    }
  });
});
