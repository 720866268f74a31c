import type { MiddlewareHandler } from "hono";
import { STATUS_CODES, type IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { ErrorCode } from "../lib/errors.js";
import { statusOf, type RestErrorBody } from "./errors.js";

/**
 * The HTTP edge of the process, before any route: every answer it gives, even to a request Node or
 * Hono could not parse, is the JSON error body (DESIGN.md, "Errors"), and a connection is never left
 * in a state where the client's next request on it fails.
 */

/** Longest `Authorization` header taken to verification (8 KiB; real JWTs are well under 2 KiB). */
export const MAX_AUTHORIZATION_LENGTH = 8192;

export function errorBody(code: string, message: string, fields?: Record<string, string[]>): RestErrorBody {
  return { error: { code, message, ...(fields ? { fields } : {}) } };
}

function jsonError(code: string, message: string, headers: Record<string, string> = {}, fields?: Record<string, string[]>): Response {
  return new Response(JSON.stringify(errorBody(code, message, fields)), {
    status: statusOf(code),
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}

/** True when a path segment is `.` or `..`, written plainly or percent-encoded (`%2e%2e`, `..%2f`). */
export function hasDotSegment(rawPath: string): boolean {
  return rawPath.split("/").some((segment) => {
    let decoded = segment;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      /* not valid percent-encoding: judge it as written */
    }
    return decoded.split(/[/\\]/).some((part) => part === "." || part === "..");
  });
}

type NodeEnv = { Bindings: { incoming?: IncomingMessage } };

/**
 * Refuses, before routing, what no route may see: dot segments in the path (400) and an
 * `Authorization` header longer than {@link MAX_AUTHORIZATION_LENGTH} (401, never verified). After the
 * route answers, a request whose body was not fully received gets `Connection: close`, so the client
 * opens a new connection instead of writing its next request after an unread body.
 */
export function useEdgeGuards(): MiddlewareHandler<NodeEnv> {
  return async function edgeGuards(c, next) {
    const incoming = c.env?.incoming;
    const rawPath = (incoming?.url ?? new URL(c.req.url).pathname).split("?")[0];
    if (hasDotSegment(rawPath)) {
      return jsonError(ErrorCode.BAD_USER_INPUT, "The path must not contain dot segments (. or ..), encoded or not", {}, { path: ["must not contain dot segments"] });
    }
    if ((c.req.header("authorization")?.length ?? 0) > MAX_AUTHORIZATION_LENGTH) {
      return jsonError(ErrorCode.UNAUTHENTICATED, `The Authorization header is longer than ${MAX_AUTHORIZATION_LENGTH} characters`, {
        "WWW-Authenticate": 'Bearer realm="healthcare-api", error="invalid_token"',
      });
    }
    await next();
    if (incoming && hasBody(incoming) && !incoming.complete) {
      const res = new Response(c.res.body, c.res);
      res.headers.set("connection", "close");
      c.res = undefined;
      c.res = res;
    }
  };
}

const hasBody = (m: IncomingMessage) => Number(m.headers["content-length"] ?? 0) > 0 || m.headers["transfer-encoding"] !== undefined;

/** Answers for requests @hono/node-server refuses to build (backslash in the path, bad Host): JSON 400. */
export function requestErrorResponse(err: unknown): Response {
  return jsonError(ErrorCode.BAD_USER_INPUT, `Malformed request: ${err instanceof Error ? err.message : "cannot be parsed"}`, { connection: "close" });
}

/**
 * Node's `clientError` (the request could not even be parsed: headers over `maxHeaderSize`, bad
 * syntax): there is no request or response object, so the JSON answer is written to the socket, with
 * `Connection: close` because the rest of what the client sent cannot be trusted.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (err.code === "ECONNRESET" || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const [code, message] =
    err.code === "HPE_HEADER_OVERFLOW"
      ? [ErrorCode.HEADERS_TOO_LARGE, "Request headers are too large"]
      : [ErrorCode.BAD_USER_INPUT, "Malformed HTTP request"];
  const status = statusOf(code);
  const body = JSON.stringify(errorBody(code, message));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}
