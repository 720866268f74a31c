import type { Db } from "../../lib/db.js";

/**
 * Counts the statements a database handle's driver runs (postgres.js `unsafe`, PGlite `query`), built
 * by drizzle on the call or built once (lib/prepared.ts) alike: the number of round trips a read
 * makes, for tests that count work instead of timing it. With `matching`, only statements whose text
 * matches (a server's background workers run statements of their own). Returns the count so far.
 */
export function countStatements(db: Db, matching?: RegExp): () => number {
  let statements = 0;
  const client = (db as unknown as { session: { client: Record<string, unknown> } }).session.client;
  for (const method of ["unsafe", "query"]) {
    const run = client[method];
    if (typeof run !== "function") continue;
    client[method] = (...args: unknown[]) => {
      if (!matching || matching.test(String(args[0]))) statements++;
      return (run as (...a: unknown[]) => unknown).apply(client, args);
    };
  }
  return () => statements;
}
