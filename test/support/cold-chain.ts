import { eq } from "drizzle-orm";
import { coldStorageUnits } from "../../subgraphs/pharmacy/db/tables.js";
import type { Stack } from "./stack.js";

/**
 * Makes a storage unit as if registered at `since`, so a test may post readings from then on (a unit's
 * readings may not predate it: cold-chain/reading.service.ts). Its silence since registration counts as
 * told already, so the worker's sweep does not tell a silence the unit never had in the test's story.
 */
export async function registerUnitSince(stack: Stack, unitId: string, since: Date): Promise<void> {
  await stack.server.database!.db.update(coldStorageUnits).set({ createdAt: since, silenceAlertedFor: since }).where(eq(coldStorageUnits.id, unitId));
}
