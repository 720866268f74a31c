import { Agent } from "undici";

/**
 * Calls from one role to another over HTTP (gateway → subgraph, bridge → gateway, subgraph → gateway).
 *
 * Two causes of "socket hang up" on reused keep-alive connections, and what this module does:
 * - The server closes an idle connection just as the client reuses it. Our servers keep idle
 *   connections `HTTP_KEEP_ALIVE_TIMEOUT_MS` (65 s, lib/http-lifecycle.ts); these clients close theirs
 *   after `UPSTREAM_IDLE_TIMEOUT_MS` (4 s, below Node's 5 s default), so the client always closes first.
 * - A connection reset anyway (a restarted upstream, a proxy): a query is sent once more on a fresh
 *   connection; a mutation never is (the first attempt may have executed), it fails UPSTREAM_UNAVAILABLE.
 */

const agents = new Map<number, Agent>();

/** One connection pool per idle timeout (one per process in practice), closing idle sockets after `idleMs`. */
export function upstreamDispatcher(idleMs: number): Agent {
  let agent = agents.get(idleMs);
  if (!agent) {
    // keepAliveMaxTimeout caps the server's `Keep-Alive: timeout=` hint too.
    agent = new Agent({ keepAliveTimeout: idleMs, keepAliveMaxTimeout: idleMs });
    agents.set(idleMs, agent);
  }
  return agent;
}

const RESET_CODES = new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET", "UND_ERR_CLOSED"]);

/**
 * True when a fetch failed because the connection was closed or reset under it (before an answer),
 * as opposed to a refused connection, a timeout or an abort.
 */
export function isConnectionReset(err: unknown): boolean {
  for (let e = err as { code?: string; message?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code && RESET_CODES.has(e.code)) return true;
    if (typeof e.message === "string" && /other side closed|socket hang up/i.test(e.message)) return true;
  }
  return false;
}

export interface UpstreamFetchOptions {
  /** Idle keep-alive timeout of the pool (UPSTREAM_IDLE_TIMEOUT_MS). */
  idleMs: number;
  /** Send again once on a fresh connection when the first is reset: only for queries, never mutations. */
  retryOnReset: boolean;
}

/** `fetch` through the upstream pool; a reset connection is retried once when the request is idempotent. */
export async function upstreamFetch(url: string, init: RequestInit, o: UpstreamFetchOptions): Promise<Response> {
  const withPool = { ...init, dispatcher: upstreamDispatcher(o.idleMs) } as RequestInit;
  try {
    return await fetch(url, withPool);
  } catch (err) {
    if (!o.retryOnReset || !isConnectionReset(err) || init.signal?.aborted || !replayable(init.body)) throw err;
    return fetch(url, withPool);
  }
}

/** An upstream's answer to a POST, its body read in full. */
export interface UpstreamAnswer {
  status: number;
  /** A response header (lower-case name), undefined when absent. */
  header(name: string): string | undefined;
  body: string;
}

/** A POST to one fixed upstream URL: headers and body in, the whole answer out. */
export type UpstreamPost = (headers: Record<string, string>, body: string | Uint8Array) => Promise<UpstreamAnswer>;

/**
 * POSTs to `url` through the upstream pool with undici's request API: no WHATWG Request, Response or
 * body streams per call, which cost the gateway more CPU per forwarded operation than its own work
 * (docs/decisions/operations.md, "Request path cost"). Reset connections are the caller's to retry.
 */
export function upstreamPoster(url: string, idleMs: number): UpstreamPost {
  const { origin, pathname, search } = new URL(url);
  const path = pathname + search;
  const pool = upstreamDispatcher(idleMs);
  return async (headers, body) => {
    const answer = await pool.request({ origin, path, method: "POST", headers, body });
    const text = await answer.body.text();
    const received = answer.headers;
    return {
      status: answer.statusCode,
      header: (name) => {
        const value = received[name];
        return Array.isArray(value) ? value.join(", ") : value;
      },
      body: text,
    };
  };
}

/** A body that can be sent twice (a stream is consumed by the first attempt). */
function replayable(body: RequestInit["body"]): boolean {
  return body == null || typeof body === "string" || body instanceof Uint8Array || body instanceof ArrayBuffer || body instanceof URLSearchParams;
}

/** Whether a GraphQL document's operation is a query (true) rather than a mutation or subscription. */
export function isQueryDocument(query: string, operationName?: string | null): boolean {
  // Documents of more than one operation: the named one decides.
  if (operationName) {
    const m = new RegExp(`\\b(query|mutation|subscription)\\s+${operationName.replace(/[^\w]/g, "")}\\b`).exec(query);
    if (m) return m[1] === "query";
  }
  const first = /^\s*(?:#[^\n]*\n\s*)*(\{|query\b|mutation\b|subscription\b)/.exec(query);
  return !!first && (first[1] === "{" || first[1] === "query");
}
