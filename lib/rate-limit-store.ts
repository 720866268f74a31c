import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { upstreamUnavailable } from "./errors.js";

/**
 * Rate-limit counters on rate-limiter-flexible: one call = one `consume`, whose check and count are a
 * single step (a synchronous increment in memory, one Lua script in Redis), so concurrent calls — the
 * rows of a list field, aliases, parallel requests, several gateways — can never all read "29 used"
 * and all pass. graphql-rate-limit's limiter reads the count and writes it back in two awaited steps,
 * which is why it is not used for counting (docs/decisions/security.md).
 *
 * Windows are fixed (they start at a key's first call and last `windowMs`); in memory every key is
 * dropped when its window ends, so the store holds only callers seen in the last window.
 */
export interface RateLimitHit {
  allowed: boolean;
  limit: number;
  /** Calls left in the window after this one. */
  remaining: number;
  /** Milliseconds until the window ends (a refused call may retry then). */
  resetMs: number;
}

export interface RateLimitCounter {
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitHit>;
  close?(): Promise<void>;
}

/** Builds one limiter per (limit, window) pair and counts through it. */
class FlexibleCounter implements RateLimitCounter {
  protected readonly limiters = new Map<string, RateLimiterAbstract>();

  constructor(
    private readonly build: (limit: number, windowMs: number) => RateLimiterAbstract,
    readonly close?: () => Promise<void>,
  ) {}

  protected limiter(limit: number, windowMs: number): RateLimiterAbstract {
    const id = `${limit}/${windowMs}`;
    let limiter = this.limiters.get(id);
    if (!limiter) this.limiters.set(id, (limiter = this.build(limit, windowMs)));
    return limiter;
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitHit> {
    try {
      const res = await this.limiter(limit, windowMs).consume(key, 1);
      return { allowed: true, limit, remaining: res.remainingPoints, resetMs: res.msBeforeNext };
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) return { allowed: false, limit, remaining: 0, resetMs: outcome.msBeforeNext };
      // The store itself failed (Redis down): refuse clearly rather than count nothing or answer 500.
      throw upstreamUnavailable("Rate-limit store", (outcome as Error)?.message);
    }
  }
}

/** In-process counters (one process, or tests). */
export class MemoryRateLimitCounter extends FlexibleCounter {
  constructor() {
    super((limit, windowMs) => new RateLimiterMemory({ points: limit, duration: windowMs / 1000 }));
  }

  /** Keys currently held across all windows (tests count them to show ended windows are dropped). */
  get size(): number {
    let n = 0;
    // rate-limiter-flexible keeps memory keys in a private Map, each deleted by a timer when its window ends.
    for (const limiter of this.limiters.values()) n += (limiter as unknown as { _memoryStorage: { _storage: Map<string, unknown> } })._memoryStorage._storage.size;
    return n;
  }
}

/** Counters shared by every process that uses the same Redis and key prefix. */
export async function createRedisRateLimitCounter(url: string, keyPrefix: string): Promise<RateLimitCounter> {
  const { Redis } = await import("ioredis");
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  redis.on("error", () => {}); // reported per call as UPSTREAM_UNAVAILABLE and by /readyz
  return new FlexibleCounter(
    // Redis expiries are whole seconds: a window shorter than one second is rounded up to one.
    (limit, windowMs) =>
      new RateLimiterRedis({ storeClient: redis, keyPrefix: keyPrefix.replace(/:$/, ""), points: limit, duration: Math.max(1, Math.ceil(windowMs / 1000)) }),
    async () => void (await redis.quit().catch(() => redis.disconnect())),
  );
}
