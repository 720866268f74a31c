/**
 * Cost of one in-memory rate-limit call (lib/rate-limit-store.ts) as the number of callers grows:
 * µs per call from callers already seen and from new callers (a new key and its expiry timer), with
 * 1k, 10k and 100k callers in the window.
 *
 *   npx tsx bench/rate-limit-cost.ts
 */
import { MemoryRateLimitCounter } from "../lib/rate-limit-store.js";

const CALLS = 100_000;
const WINDOW_MS = 60_000;

async function microsPerCall(counter: MemoryRateLimitCounter, key: (i: number) => string): Promise<number> {
  const start = process.hrtime.bigint();
  for (let i = 0; i < CALLS; i++) await counter.hit(key(i), 1_000_000, WINDOW_MS);
  return Number(process.hrtime.bigint() - start) / 1000 / CALLS;
}

// Warm up the JIT on a throwaway counter.
await microsPerCall(new MemoryRateLimitCounter(), (i) => `warm-${i % 1000}`);

const rows = [];
for (const callers of [1_000, 10_000, 100_000]) {
  const counter = new MemoryRateLimitCounter();
  for (let i = 0; i < callers; i++) await counter.hit(`caller-${i}`, 1_000_000, WINDOW_MS);
  const seen = await microsPerCall(counter, (i) => `caller-${i % callers}`);
  const fresh = await microsPerCall(counter, (i) => `new-${callers}-${i}`);
  rows.push({ callers, "µs/call, caller seen": seen.toFixed(2), "µs/call, new caller": fresh.toFixed(2), "keys held": counter.size, "heap MB": Math.round(process.memoryUsage().heapUsed / 1e6) });
}
console.table(rows);
console.log(`${CALLS} calls per cell, window ${WINDOW_MS / 1000} s; a new caller costs one Map entry and one timer (Node groups timers of one duration in one list: O(1)).`);
