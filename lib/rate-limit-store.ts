/**
 * Atomic sliding-window counters for rate limits. One call = one `hit`: the check and the count are a
 * single step (synchronous in memory, one Lua script in Redis), so concurrent calls — the rows of a
 * list field, aliases, parallel requests, several gateways — can never all read "29 used" and all
 * pass. Only accepted calls are counted (a refused call does not push the window further away).
 *
 * The window is a sliding log of the last `limit` accepted call times: a call is accepted when fewer
 * than `limit` accepted calls fall inside the last `windowMs`. Memory per key is at most `limit`
 * numbers, and keys whose newest call left the window are evicted.
 */

export interface RateLimitHit {
  allowed: boolean;
  limit: number;
  /** Calls left in the window after this one. */
  remaining: number;
  /** Milliseconds until the oldest counted call leaves the window (a refused call may retry then). */
  resetMs: number;
}

export interface RateLimitCounter {
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitHit>;
  close?(): Promise<void>;
}

/** The accepted call times of one key, a ring buffer of capacity `limit`, oldest at `start`. */
interface Log {
  times: number[];
  start: number;
  size: number;
  newest: number;
}

/**
 * In-process counter. Each hit is synchronous (no await between check and count), so it is atomic
 * under Node's single thread. Per call it does amortised O(1) work: it drops the expired times of
 * its own key and evicts, oldest first, the keys whose whole window has passed. Keys are kept in a
 * Map per window length, re-inserted on every accepted call, so each Map is ordered by newest call
 * and eviction stops at the first live key.
 */
export class MemoryRateLimitCounter implements RateLimitCounter {
  private readonly byWindow = new Map<number, Map<string, Log>>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Keys currently held (tests count them to show expired windows are evicted). */
  get size(): number {
    let n = 0;
    for (const logs of this.byWindow.values()) n += logs.size;
    return n;
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitHit> {
    return this.hitNow(key, limit, windowMs);
  }

  /** The synchronous core of `hit`. */
  hitNow(key: string, limit: number, windowMs: number): RateLimitHit {
    const now = this.now();
    let logs = this.byWindow.get(windowMs);
    if (!logs) this.byWindow.set(windowMs, (logs = new Map()));
    this.evictExpired(logs, now, windowMs);

    let log = logs.get(key);
    if (!log || log.times.length !== limit) log = { times: new Array<number>(limit), start: 0, size: 0, newest: 0 };
    while (log.size > 0 && log.times[log.start] + windowMs <= now) {
      log.start = (log.start + 1) % limit;
      log.size -= 1;
    }
    if (log.size >= limit) {
      return { allowed: false, limit, remaining: 0, resetMs: log.times[log.start] + windowMs - now };
    }
    log.times[(log.start + log.size) % limit] = now;
    log.size += 1;
    log.newest = now;
    logs.delete(key);
    logs.set(key, log);
    return { allowed: true, limit, remaining: limit - log.size, resetMs: log.times[log.start] + windowMs - now };
  }

  private evictExpired(logs: Map<string, Log>, now: number, windowMs: number): void {
    for (const [key, log] of logs) {
      if (log.newest + windowMs > now) break;
      logs.delete(key);
    }
  }
}

/**
 * The same sliding log in Redis: a list of accepted call times per key, trimmed, checked, appended
 * and given an expiry in one script (Redis runs a script atomically). Time comes from the Redis
 * server so several gateways share one clock.
 */
const HIT_SCRIPT = `
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
while true do
  local oldest = redis.call('LINDEX', key, 0)
  if not oldest or tonumber(oldest) + window > now then break end
  redis.call('LPOP', key)
end
local n = redis.call('LLEN', key)
if n < limit then
  redis.call('RPUSH', key, now)
  redis.call('PEXPIRE', key, window)
  local oldest = tonumber(redis.call('LINDEX', key, 0))
  return {1, limit - n - 1, oldest + window - now}
end
local oldest = tonumber(redis.call('LINDEX', key, 0))
return {0, 0, oldest + window - now}
`;

interface RedisWithHit {
  rateLimitHit(key: string, limit: number, windowMs: number): Promise<[number, number, number]>;
  quit(): Promise<unknown>;
}

export async function createRedisRateLimitCounter(url: string, keyPrefix: string): Promise<RateLimitCounter> {
  const { Redis } = await import("ioredis");
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  redis.defineCommand("rateLimitHit", { numberOfKeys: 1, lua: HIT_SCRIPT });
  const client = redis as unknown as RedisWithHit;
  return {
    async hit(key, limit, windowMs) {
      const [allowed, remaining, resetMs] = await client.rateLimitHit(keyPrefix + key, limit, windowMs);
      return { allowed: allowed === 1, limit, remaining, resetMs };
    },
    async close() {
      await client.quit();
    },
  };
}
