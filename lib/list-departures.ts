import { bigint, index, jsonb, text, timestamp, type PgSchema } from "drizzle-orm/pg-core";

/**
 * Declares a subgraph's log of row states that left its paged lists (migrations *_list_departures;
 * docs/decisions/rest-contract.md, "Deep pages by number"): a row deleted, or updated in a column a
 * list orders or filters by, leaves its old state here, so cached deep-page bookmarks
 * (lib/page-bookmarks.ts) shift by what left before them as well as by what came in, instead of being
 * read again over the whole list. Written by triggers only; kept about 15 minutes.
 */
export function listDeparturesTable(schema: PgSchema) {
  return schema.table(
    "list_departures",
    {
      /** The paged table the row belongs to. */
      tableName: text("table_name").notNull(),
      /** The table's write version when the state left (a delete, or the update that replaced it). */
      departed: bigint("departed", { mode: "number" }).notNull(),
      /** The state's own `insert_version`: when it joined (null: before insert versions existed). */
      born: bigint("born", { mode: "number" }),
      /** The state's columns that lists order or filter by (the trigger's arguments), by column name. */
      row: jsonb("row").notNull(),
      loggedAt: timestamp("logged_at", { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [index("list_departures_departed_idx").on(t.tableName, t.departed), index("list_departures_logged_at_idx").on(t.loggedAt)],
  );
}
