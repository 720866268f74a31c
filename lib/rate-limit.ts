import type { MiddlewareFn } from "type-graphql";
import type { Config } from "./config.js";
import type { SubgraphContext } from "./context.js";
import { rateLimited } from "./errors.js";
import { rateLimitRejections } from "./observability.js";
import { createRedisRateLimitCounter, MemoryRateLimitCounter, type RateLimitCounter } from "./rate-limit-store.js";

/**
 * Requests per minute per credential (`sub`) for each endpoint category. The clinical categories are
 * the spec's ("Limits"); pharmacy, billing and notifications are ours (RATE_LIMIT_DEFAULT_PER_MIN).
 */
export const RATE_LIMITS = {
  patient_timeline: 100,
  clinical_decision_support: 60,
  documentation: 30,
  encounter_copilot: 60,
  predictive_analytics: 30,
  entity_extraction: 100,
  document_digitization: 20,
  multi_role_assistants: 60,
  // Not a spec category: /api/v1/ai/process/ (patient messages), as clinical decision support (ours).
  patient_messages: 60,
  pharmacy: "default",
  billing: "default",
  notifications: "default",
} as const satisfies Record<string, number | "default">;

export type RateLimitCategory = keyof typeof RATE_LIMITS;

/**
 * One counter per configuration (one per running service; tests start several in one process), in
 * memory by default or in Redis with REDIS_URL.
 */
const counters = new WeakMap<Config, Promise<RateLimitCounter>>();

function counterFor(config: Config): Promise<RateLimitCounter> {
  let counter = counters.get(config);
  if (!counter) {
    counter = config.REDIS_URL
      ? createRedisRateLimitCounter(config.REDIS_URL, config.RATE_LIMIT_KEY_PREFIX)
      : Promise.resolve(new MemoryRateLimitCounter());
    counters.set(config, counter);
  }
  return counter;
}

export function limitPerMinute(category: RateLimitCategory, config: Config): number {
  const limit = RATE_LIMITS[category];
  return limit === "default" ? config.RATE_LIMIT_DEFAULT_PER_MIN : limit;
}

/**
 * Counts one call against the caller's budget for `category` — atomically: the check and the count
 * are one step (lib/rate-limit-store.ts), so the rows of a list field, aliases and concurrent
 * requests each take one unit and exactly `limit` calls pass per window. Throws RATE_LIMITED with
 * `retryAfter` (seconds) and `rateLimit` {limit, remaining, reset} when the budget is spent.
 */
export async function enforceRateLimit(ctx: SubgraphContext, category: RateLimitCategory): Promise<void> {
  const counter = await counterFor(ctx.config);
  const limit = limitPerMinute(category, ctx.config);
  // Every field of a category shares one budget per credential.
  const hit = await counter.hit(`${category}:${ctx.principal.sub}`, limit, ctx.config.RATE_LIMIT_WINDOW_MS);
  if (hit.allowed) return;
  rateLimitRejections.inc({ category });
  const retryAfter = Math.max(1, Math.ceil(hit.resetMs / 1000));
  const error = rateLimited(retryAfter);
  error.extensions.rateLimit = { limit, remaining: 0, reset: retryAfter };
  throw error;
}

/** type-graphql middleware: `@UseMiddleware(RateLimit("clinical_decision_support"))`. */
export function RateLimit(category: RateLimitCategory): MiddlewareFn<SubgraphContext> {
  return async function rateLimit({ context }, next) {
    await enforceRateLimit(context, category);
    return next();
  };
}

/** Closes the Redis connection of this configuration's counter, if any (server shutdown). */
export async function closeRateLimits(config: Config): Promise<void> {
  const counter = counters.get(config);
  counters.delete(config);
  await (await counter)?.close?.();
}
