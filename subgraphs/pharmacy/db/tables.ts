import { idempotencyKeysTable } from "../../../lib/idempotency.js";
import { listDeparturesTable } from "../../../lib/list-departures.js";
import { pharmacy } from "./pg-schema.js";

export { pharmacy };
/** Each area of the pharmacy owns its tables in its folder; this file gathers them for drizzle-kit and the services. */
export * from "../inventory/tables.js";
export * from "../sales/tables.js";
export * from "../sales/customer-tables.js";
export * from "../procurement/tables.js";
export * from "../dispensing/tables.js";
export * from "../outbox/tables.js";
export * from "../drug-safety/tables.js";
export * from "../quality/tables.js";
export * from "../compounding/tables.js";
export * from "../returns/tables.js";
export * from "../cold-chain/tables.js";

/** Idempotency-Key records of transaction create and complete. */
export const idempotencyKeys = idempotencyKeysTable(pharmacy);

/** Sales transactions' and stock movements' states that left their lists: deep-page bookmarks shift by them. */
export const listDepartures = listDeparturesTable(pharmacy);
