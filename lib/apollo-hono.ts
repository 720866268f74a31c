import { HeaderMap, type ApolloServer, type BaseContext } from "@apollo/server";
import type { Context as HonoContext, Handler } from "hono";

/**
 * Serves an ApolloServer from a Hono route (no official integration exists for Hono):
 * the Hono request becomes an HTTPGraphQLRequest and Apollo's response is streamed back.
 */
export function apolloHandler<TContext extends BaseContext>(
  server: ApolloServer<TContext>,
  buildContext: (c: HonoContext) => Promise<TContext>,
): Handler {
  return async function handleGraphQL(c) {
    const headers = new HeaderMap();
    c.req.raw.headers.forEach((value, key) => headers.set(key, value));
    let body: unknown;
    if (c.req.method === "POST") {
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
    const outHeaders = new Headers();
    for (const [key, value] of response.headers) outHeaders.set(key, value);
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
