import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../lib/db.js";
import { notificationEvents, notifications } from "../db/tables.js";
import { assertLegalTransition } from "./transitions.js";

/**
 * A stopping worker hands back messages it claimed but never handed to a provider: PROCESSING →
 * PENDING at once (no waiting for the lease to expire), and the claim's attempt is given back, since
 * nothing was tried. Only rows this worker still holds are touched.
 */
export async function releaseUnsentLeases(db: Db, workerId: string, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  assertLegalTransition("PROCESSING", "PENDING");
  return db.transaction(async (tx) => {
    const released = await tx
      .update(notifications)
      .set({ status: "PENDING", attempts: sql`greatest(${notifications.attempts} - 1, 0)`, leasedBy: null, leaseExpiresAt: null, availableAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(inArray(notifications.id, ids), eq(notifications.status, "PROCESSING"), eq(notifications.leasedBy, workerId)))
      .returning({ id: notifications.id, channel: notifications.channel, attempts: notifications.attempts });
    if (released.length) {
      await tx.insert(notificationEvents).values(
        released.map((n) => ({ notificationId: n.id, fromStatus: "PROCESSING", toStatus: "PENDING", channel: n.channel, attempt: n.attempts, detail: `released unsent by ${workerId} at shutdown` })),
      );
    }
    return released.length;
  });
}
