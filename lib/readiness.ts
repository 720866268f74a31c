/**
 * Readiness probes: /readyz answers 200 only when every dependency this process needs answers.
 * Each check has a name an operator recognises (never a URL: the body is public) and a short timeout,
 * so a dead dependency makes the probe fail fast instead of hanging the load balancer.
 */
export interface ReadinessCheck {
  /** e.g. "database", "redis", "gateway", "clinical-subgraph", "billing". */
  name: string;
  check(signal: AbortSignal): Promise<void>;
}

export interface ReadinessReport {
  ready: boolean;
  /** Name → "ok" or what went wrong, in words without addresses. */
  checks: Record<string, string>;
}

/** Runs every check in parallel, each bounded by `timeoutMs`. */
export async function checkReadiness(checks: ReadinessCheck[], timeoutMs: number): Promise<ReadinessReport> {
  const results = await Promise.all(
    checks.map(async ({ name, check }) => {
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        await Promise.race([check(signal), abortRejection(signal)]);
        return [name, "ok"] as const;
      } catch (err) {
        return [name, signal.aborted ? "timed out" : describeFailure(err)] as const;
      }
    }),
  );
  return { ready: results.every(([, r]) => r === "ok"), checks: Object.fromEntries(results) };
}

function abortRejection(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason), { once: true }));
}

/** A failure in words, without hosts, ports or URLs. */
function describeFailure(err: unknown): string {
  const code = (err as { code?: string; cause?: { code?: string } })?.cause?.code ?? (err as { code?: string })?.code;
  if (code === "ECONNREFUSED") return "connection refused";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "host not found";
  if (err instanceof NotReady) return err.message;
  return "unreachable";
}

/** A dependency that answered, but not "ready" (e.g. migrations not applied yet, HTTP 503). */
export class NotReady extends Error {}

/** The process at `baseUrl` answers GET /healthz with 2xx (it is up; its own /readyz covers its dependencies). */
export function httpUp(name: string, baseUrl: string): ReadinessCheck {
  const url = new URL("/healthz", baseUrl).toString();
  return {
    name,
    async check(signal) {
      const res = await fetch(url, { signal });
      await res.body?.cancel();
      if (!res.ok) throw new NotReady(`answered ${res.status}`);
    },
  };
}

/**
 * A JSON Web Key Set answers at `url` with at least one key: the gateway's public keys, without which a
 * subgraph verifying principals by JWKS refuses every request (401).
 */
export function jwksReachable(name: string, url: string): ReadinessCheck {
  return {
    name,
    async check(signal) {
      const res = await fetch(url, { signal, headers: { accept: "application/json" } });
      if (!res.ok) {
        await res.body?.cancel();
        throw new NotReady(`answered ${res.status}`);
      }
      const body = (await res.json().catch(() => null)) as { keys?: unknown } | null;
      if (!Array.isArray(body?.keys) || body.keys.length === 0) throw new NotReady("answered no keys");
    },
  };
}

/** A Redis PING on a fresh connection that does not retry (ioredis would otherwise queue and retry). */
export function redisPing(redisUrl: string): ReadinessCheck {
  return {
    name: "redis",
    async check(signal) {
      const { Redis } = await import("ioredis");
      const client = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
      client.on("error", () => {}); // reported through the rejected connect/ping below
      const closeOnAbort = () => client.disconnect();
      signal.addEventListener("abort", closeOnAbort, { once: true });
      try {
        await client.connect();
        const pong = await client.ping();
        if (pong !== "PONG") throw new NotReady(`answered ${pong}`);
      } finally {
        signal.removeEventListener("abort", closeOnAbort);
        client.disconnect();
      }
    },
  };
}
