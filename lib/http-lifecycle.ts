import { getRequestListener } from "@hono/node-server";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { Gauge } from "prom-client";
import type { Config } from "./config.js";
import type { Logger } from "./logger.js";
import { metrics } from "./observability.js";

let inFlight = 0;
new Gauge({
  name: "http_requests_in_flight",
  help: "HTTP requests received and not yet answered (all servers of this process)",
  registers: [metrics],
  collect() {
    this.set(inFlight);
  },
});

/** A port that is taken is a configuration problem: reported in one line naming PORT. */
export class PortInUseError extends Error {
  constructor(readonly host: string, readonly port: number) {
    super(`PORT: ${port} is already in use on ${host}; choose a free port`);
    this.name = "PortInUseError";
  }
}

export interface Listener {
  server: Server;
  port: number;
  /** Once set, answers carry `Connection: close` so keep-alive clients reconnect elsewhere. */
  markDraining(): void;
  /**
   * Resolves when no handler is running. A handler outlives its connection when the caller gives up
   * (a timeout, a closed tab): the socket is gone but the handler may still be writing, and the roles
   * and pools it uses must not stop under it.
   */
  handlersSettled(): Promise<void>;
}

/** What a request handler receives beside the Request: the raw Node request (its path as sent). */
export type NodeBindings = { incoming: IncomingMessage; outgoing: ServerResponse };

export interface ListenOptions {
  /** Answers an error thrown while turning the Node request into a Request (e.g. a malformed URL). */
  errorHandler?: (err: unknown) => Response | Promise<Response>;
  /** Answers what Node itself cannot parse (oversized headers, a bad request line) before any handler. */
  onClientError?: (err: NodeJS.ErrnoException, socket: Duplex) => void;
}

/**
 * Binds the port before anything slow happens (a port in use fails at once) and serves `fetch`,
 * which the caller may swap as the process moves from starting to ready.
 */
export async function listen(config: Config, fetch: (req: Request, env: NodeBindings) => Response | Promise<Response>, o: ListenOptions = {}): Promise<Listener> {
  let draining = false;
  let handling = 0;
  const settled: (() => void)[] = [];
  const handle = async (req: Request, env: NodeBindings): Promise<Response> => {
    handling++;
    try {
      return await fetch(req, env);
    } finally {
      if (--handling === 0) for (const resolve of settled.splice(0)) resolve();
    }
  };
  const http: Server = await new Promise((resolve, reject) => {
    const s = createServer(getRequestListener((req, env) => handle(req, env as NodeBindings), { errorHandler: o.errorHandler }));
    if (o.onClientError) s.on("clientError", o.onClientError);
    // Idle keep-alive connections outlive the callers' own idle timeout (UPSTREAM_IDLE_TIMEOUT_MS, a load
    // balancer's 60 s), so a caller never reuses one this server is closing (a "socket hang up").
    // Node requires headersTimeout above keepAliveTimeout, or a slow first request line is cut instead.
    s.keepAliveTimeout = config.HTTP_KEEP_ALIVE_TIMEOUT_MS;
    s.headersTimeout = config.HTTP_KEEP_ALIVE_TIMEOUT_MS + 1_000;
    s.once("error", (err: NodeJS.ErrnoException) => reject(err.code === "EADDRINUSE" ? new PortInUseError(config.HOST, config.PORT) : err));
    s.listen(config.PORT, config.HOST, () => resolve(s));
  });
  http.prependListener("request", (_req, res) => {
    inFlight++;
    if (draining) res.setHeader("connection", "close");
    res.once("close", () => inFlight--);
  });
  return {
    server: http,
    port: (http.address() as { port: number }).port,
    markDraining: () => void (draining = true),
    handlersSettled: () => (handling === 0 ? Promise.resolve() : new Promise<void>((resolve) => settled.push(resolve))),
  };
}

/**
 * Stops accepting connections and waits for in-flight requests to be answered, closing keep-alive
 * sockets as soon as they go idle, and for handlers whose caller hung up to finish; after `drainMs`
 * the remaining connections are cut.
 */
export async function closeGracefully(listener: Pick<Listener, "server" | "handlersSettled">, drainMs: number, logger: Logger): Promise<void> {
  const { server } = listener;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), 50);
  let timer: NodeJS.Timeout | undefined;
  const drained = Promise.all([closed, listener.handlersSettled()]).then(() => false);
  const timedOut = await Promise.race([drained, new Promise<boolean>((r) => (timer = setTimeout(() => r(true), drainMs)))]);
  clearInterval(sweep);
  clearTimeout(timer);
  if (timedOut) {
    logger.warn({ inFlight, drainMs }, "drain timeout: closing the remaining connections");
    server.closeAllConnections();
    await closed;
  }
}
