import type { Db } from "./db.js";

/** What drizzle's `.prepare()` returns: a statement run with its placeholders' values. */
interface PreparedStatement<Result> {
  execute(values: Record<string, unknown>): Promise<Result>;
}

/**
 * A read of a fixed shape, built by drizzle once per database handle instead of on every call
 * (docs/decisions/operations.md, "Statements built once"). Building a select costs drizzle about as much
 * CPU as running it (its entity checks on every SQL chunk), and a named statement is also parsed and
 * planned once per connection by PostgreSQL (postgres.js `prepare`), where an unnamed one is parsed on
 * every call. Values go through `sql.placeholder(name)` and reach the driver as they are (drizzle does
 * not encode a placeholder's value by its column, as it does an inline value): strings and numbers; a time
 * as its ISO string, which is what drizzle sends for a Date inline (postgres.js would send `Date#toString()`).
 *
 * A transaction is a handle of its own: a statement used inside one is built for it (and dropped with it).
 */
export function preparedRead<Values extends Record<string, unknown>, Result>(
  build: (db: Db) => PreparedStatement<Result>,
): (db: Db, values: Values) => Promise<Result> {
  const byHandle = new WeakMap<Db, PreparedStatement<Result>>();
  return (db, values) => {
    let statement = byHandle.get(db);
    if (!statement) byHandle.set(db, (statement = build(db)));
    return statement.execute(values);
  };
}
