import { getGraphQLRateLimiter, InMemoryStore, RedisStore, type Store } from "graphql-rate-limit";
import type { MiddlewareFn } from "type-graphql";
import type { Config } from "./config.js";
import type { SubgraphContext } from "./context.js";
import { rateLimited } from "./errors.js";

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
  pharmacy: "default",
  billing: "default",
  notifications: "default",
} as const satisfies Record<string, number | "default">;

export type RateLimitCategory = keyof typeof RATE_LIMITS;

interface Limiter {
  limiter: ReturnType<typeof getGraphQLRateLimiter>;
  store: Store;
}

let shared: Limiter | undefined;

async function limiterFor(config: Config): Promise<Limiter> {
  if (shared) return shared;
  let store: Store = new InMemoryStore();
  if (config.REDIS_URL) {
    const { Redis } = await import("ioredis");
    store = new RedisStore(new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 }));
  }
  shared = {
    store,
    limiter: getGraphQLRateLimiter({ identifyContext: (ctx: SubgraphContext) => ctx.principal.sub, store }),
  };
  return shared;
}

export function limitPerMinute(category: RateLimitCategory, config: Config): number {
  const limit = RATE_LIMITS[category];
  return limit === "default" ? config.RATE_LIMIT_DEFAULT_PER_MIN : limit;
}

/**
 * Counts one call against the caller's budget for `category` (a sliding one-minute window kept by
 * graphql-rate-limit, in memory or in Redis with REDIS_URL) and throws RATE_LIMITED with
 * `retryAfter` (seconds) and `rateLimit` {limit, remaining, reset} when it is spent.
 */
export async function enforceRateLimit(ctx: SubgraphContext, category: RateLimitCategory): Promise<void> {
  const { limiter, store } = await limiterFor(ctx.config);
  const max = limitPerMinute(category, ctx.config);
  const windowMs = ctx.config.RATE_LIMIT_WINDOW_MS;
  // graphql-rate-limit keys its counters by field name; the category name stands in for it, so
  // every field of a category shares one budget.
  const info = { fieldName: category } as Parameters<typeof limiter>[0]["info"];
  const refusal = await limiter({ parent: undefined, args: {}, context: ctx, info }, { max, window: `${windowMs}ms`, uncountRejected: true });
  if (!refusal) return;
  const now = Date.now();
  const live = (await store.getForIdentity({ contextIdentity: ctx.principal.sub, fieldIdentity: category })).filter((t) => t + windowMs > now);
  const resetMs = live.length ? Math.min(...live) + windowMs - now : windowMs;
  const retryAfter = Math.max(1, Math.ceil(resetMs / 1000));
  const error = rateLimited(retryAfter);
  error.extensions.rateLimit = { limit: max, remaining: 0, reset: retryAfter };
  throw error;
}

/** type-graphql middleware: `@UseMiddleware(RateLimit("clinical_decision_support"))`. */
export function RateLimit(category: RateLimitCategory): MiddlewareFn<SubgraphContext> {
  return async function rateLimit({ context }, next) {
    await enforceRateLimit(context, category);
    return next();
  };
}

/** Forgets every counter (tests). */
export function resetRateLimits(): void {
  shared = undefined;
}
