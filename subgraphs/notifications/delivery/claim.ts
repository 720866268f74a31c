import { and, asc, desc, eq, inArray, lt, lte, sql } from "drizzle-orm";
import type { Db } from "../../../lib/db.js";
import { notificationEvents, notifications } from "../db/tables.js";
import type { NotificationRow } from "../notification/enqueue.js";

/**
 * A worker that died mid-send leaves its messages PROCESSING; once their lease has expired they go
 * back to PENDING (and will be sent again with the same idempotency key: at-least-once).
 */
export async function requeueExpiredLeases(db: Db): Promise<number> {
  const requeued = await db
    .update(notifications)
    .set({ status: "PENDING", leasedBy: null, leaseExpiresAt: null, availableAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(notifications.status, "PROCESSING"), lt(notifications.leaseExpiresAt, sql`now()`)))
    .returning({ id: notifications.id, channel: notifications.channel, attempts: notifications.attempts });
  if (requeued.length) {
    await db.insert(notificationEvents).values(
      requeued.map((n) => ({ notificationId: n.id, fromStatus: "PROCESSING", toStatus: "PENDING", channel: n.channel, attempt: n.attempts, detail: "lease expired: the worker stopped before finishing; requeued" })),
    );
  }
  return requeued.length;
}

/**
 * Claims up to `limit` due messages for this worker: PENDING → PROCESSING with a lease. `FOR UPDATE
 * SKIP LOCKED` lets several workers claim in parallel without waiting on or taking each other's rows.
 * Critical messages first, then oldest due.
 */
export async function claimDueNotifications(db: Db, workerId: string, limit: number, leaseMs: number): Promise<NotificationRow[]> {
  return db.transaction(async (tx) => {
    const due = tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.status, "PENDING"), lte(notifications.availableAt, sql`now()`)))
      .orderBy(desc(notifications.critical), asc(notifications.availableAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    const claimed = await tx
      .update(notifications)
      .set({
        status: "PROCESSING",
        attempts: sql`${notifications.attempts} + 1`,
        leasedBy: workerId,
        leaseExpiresAt: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
        updatedAt: sql`now()`,
      })
      .where(and(inArray(notifications.id, due), eq(notifications.status, "PENDING")))
      .returning();
    if (claimed.length) {
      await tx.insert(notificationEvents).values(
        claimed.map((n) => ({ notificationId: n.id, fromStatus: "PENDING", toStatus: "PROCESSING", channel: n.channel, attempt: n.attempts, detail: `claimed by ${workerId}` })),
      );
    }
    return claimed;
  });
}
