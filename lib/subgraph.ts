import { ApolloServer } from "@apollo/server";
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginInlineTraceDisabled } from "@apollo/server/plugin/disabled";
import type { GraphQLSchema } from "graphql";
import { GraphQLError } from "graphql";
import { Hono } from "hono";
import { apolloHandler } from "./apollo-hono.js";
import { noApolloReporting } from "./apollo-offline.js";
import { useRequestContext } from "./observability.js";
import { bearerFrom, PRINCIPAL_HEADER } from "./auth.js";
import type { Config } from "./config.js";
import type { SubgraphContext } from "./context.js";
import type { Db } from "./db.js";
import { createErrorFormatter } from "./format-error.js";
import { readMultipartOperations } from "./uploads.js";
import type { Logger } from "./logger.js";
import { createSubgraphAuthenticator, type SubgraphAuthenticator } from "./subgraph-auth.js";

export const SUBGRAPH_NAMES = ["clinical", "pharmacy", "notifications", "billing"] as const;
export type SubgraphName = (typeof SUBGRAPH_NAMES)[number];

export interface SubgraphRuntime {
  db: Db;
  config: Config;
  logger: Logger;
  /** This process's own base URL (known once it listens): the default {billing_url} and {notifications_url}. */
  selfUrl(): string;
}

/** What each subgraph folder exports from its index.ts. */
export interface SubgraphModule {
  name: SubgraphName;
  /** The federation-2 schema (built once per process). */
  schema(): Promise<GraphQLSchema>;
  /** drizzle-kit output folder of this subgraph. */
  migrationsFolder: string;
  /** Loads the demo world into this subgraph's tables when they are empty. Returns true when it loaded. */
  seedDemo?(db: Db, logger: Logger): Promise<boolean>;
  /** Extra HTTP routes of the subgraph beside /graphql (e.g. provider receipts), mounted at the service root. */
  routes?(runtime: SubgraphRuntime): Hono;
  /** Background work (e.g. the notification worker); returns a stop function. */
  startBackground?(runtime: SubgraphRuntime): Promise<() => Promise<void>>;
}

/**
 * One subgraph as an HTTP app: `POST /graphql`. It trusts only what SUBGRAPH_AUTH names: a principal
 * sealed by the gateway (PRINCIPAL_HEADER, shared secret or the gateway's published key), or the
 * caller's own verified JWT; anything else is 401, so the subgraph cannot be called around the gateway
 * (or the router in its place) with less than the gateway would ask.
 */
export async function createSubgraphApp(
  mod: SubgraphModule,
  runtime: SubgraphRuntime,
  authenticate: SubgraphAuthenticator = createSubgraphAuthenticator(runtime.config),
): Promise<{ app: Hono<{ Variables: { requestId: string } }>; stop(): Promise<void> }> {
  const logger = runtime.logger.child({ subgraph: mod.name });
  const server = new ApolloServer<SubgraphContext>({
    schema: await mod.schema(),
    introspection: runtime.config.introspection,
    includeStacktraceInErrorResponses: false,
    formatError: createErrorFormatter(logger, { hideSuggestions: !runtime.config.introspection }),
    csrfPrevention: false,
    // main.ts owns SIGTERM/SIGINT: it drains HTTP first, then stops this server (Apollo would stop at once and re-raise the signal).
    stopOnTerminationSignals: false,
    // No answer is cacheable (patient data): no cache hints are computed per field.
    plugins: [ApolloServerPluginInlineTraceDisabled(), ApolloServerPluginCacheControlDisabled(), ...noApolloReporting()],
  });
  await server.start();

  const app = new Hono<{ Variables: { requestId: string } }>();
  app.use("*", useRequestContext(`subgraph:${mod.name}`, logger));
  app.post(
    "/graphql",
    apolloHandler(server, async (c) => {
      const requestId = c.get("requestId");
      const bearer = bearerFrom(c.req.header("authorization"));
      const principal = await authenticate({ sealedPrincipal: c.req.header(PRINCIPAL_HEADER), bearer }).catch((err: GraphQLError) => {
        throw unauthenticatedHttp(err.message);
      });
      return {
        principal,
        bearer,
        requestId,
        idempotencyKey: c.req.header("idempotency-key"),
        db: runtime.db,
        config: runtime.config,
        logger: logger.child({ requestId, sub: principal.sub }),
        selfUrl: runtime.selfUrl(),
      };
    }, {
      // File uploads forwarded by the gateway (document digitization); resolvers read them through the Upload scalar.
      readMultipart: (request) => readMultipartOperations(request, { maxFileBytes: runtime.config.DIGITIZATION_MAX_BYTES, maxFiles: 1 }),
    }),
  );
  return { app, stop: () => server.stop() };
}

function unauthenticatedHttp(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: "UNAUTHENTICATED", http: { status: 401 } } });
}
