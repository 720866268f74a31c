import { pgSchema } from "drizzle-orm/pg-core";

/** The pharmacy subgraph owns the `pharmacy` Postgres schema. */
export const pharmacy = pgSchema("pharmacy");
