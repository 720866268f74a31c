import { HeaderMap, type ApolloServer, type BaseContext } from "@apollo/server";
import type { GraphQLError } from "graphql";
import type { IncomingMessage } from "node:http";
import type { Context as HonoContext, Handler } from "hono";
import { isMultipart, PREFLIGHT_HEADERS } from "./uploads.js";

export interface ApolloHandlerOptions {
  /**
   * Reads a GraphQL multipart request (file uploads) into its operation; without it multipart bodies
   * are refused like any body that is not JSON. Errors it throws (GraphQLError with `extensions.http`)
   * are answered with their status.
   */
  readMultipart?(request: Request): Promise<unknown>;
}

/**
 * Serves an ApolloServer from a Hono route (no official integration exists for Hono):
 * the Hono request becomes an HTTPGraphQLRequest and Apollo's response is streamed back.
 */
export function apolloHandler<TContext extends BaseContext>(
  server: ApolloServer<TContext>,
  buildContext: (c: HonoContext) => Promise<TContext>,
  options: ApolloHandlerOptions = {},
): Handler {
  return async function handleGraphQL(c) {
    const headers = requestHeaders(c);
    let body: unknown;
    if (c.req.method === "POST" && options.readMultipart && isMultipart(c.req.header("content-type"))) {
      // Apollo's CSRF prevention would refuse it after the upload was read: refuse before reading it.
      if (!PREFLIGHT_HEADERS.some((h) => c.req.header(h))) {
        const message = `This multipart request has been blocked as a potential Cross-Site Request Forgery (CSRF). Send a non-empty ${PREFLIGHT_HEADERS.join(" or ")} header.`;
        return c.json({ errors: [{ message, extensions: { code: "BAD_REQUEST" } }] }, 400);
      }
      try {
        body = await options.readMultipart(c.req.raw);
      } catch (err) {
        const e = err as GraphQLError;
        const status = (e.extensions?.http as { status?: number } | undefined)?.status ?? 400;
        return c.json({ errors: [{ message: e.message, extensions: { code: e.extensions?.code ?? "BAD_REQUEST", ...(e.extensions?.fields ? { fields: e.extensions.fields } : {}) } }] }, status as 400);
      }
    } else if (c.req.method === "POST") {
      const text = await c.req.text();
      try {
        body = text.length ? JSON.parse(text) : undefined;
      } catch {
        return c.json({ errors: [{ message: "Request body is not valid JSON", extensions: { code: "BAD_REQUEST" } }] }, 400);
      }
    }
    const url = new URL(c.req.url);
    const response = await server.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: c.req.method, headers, search: url.search, body },
      context: () => buildContext(c),
    });
    const outHeaders: Record<string, string> = {};
    for (const [key, value] of response.headers) outHeaders[key] = value;
    if (response.body.kind === "complete") {
      return new Response(response.body.string, { status: response.status ?? 200, headers: outHeaders });
    }
    const iterator = response.body.asyncIterator;
    const stream = new ReadableStream<string>({
      async pull(controller) {
        const { value, done } = await iterator.next();
        if (done) controller.close();
        else controller.enqueue(value);
      },
    });
    return new Response(stream.pipeThrough(new TextEncoderStream()), { status: response.status ?? 200, headers: outHeaders });
  };
}

/**
 * The request's headers for Apollo. Served by @hono/node-server, they are read from Node's parsed
 * headers (names lower-case, repeated values joined by ", " as in `Headers`); reading `c.req.raw.headers`
 * would first build a WHATWG Headers object from the raw list on every request.
 */
function requestHeaders(c: HonoContext): HeaderMap {
  const headers = new HeaderMap();
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming) {
    for (const [key, value] of Object.entries(incoming.headers)) {
      if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(", ") : value);
    }
  } else {
    c.req.raw.headers.forEach((value, key) => headers.set(key, value));
  }
  return headers;
}
