import { and, asc, desc, eq, inArray, lt, lte, sql } from "drizzle-orm";
import type { Db } from "../../../lib/db.js";
import { notificationEvents, notifications } from "../db/tables.js";
import type { NotificationRow } from "../notification/enqueue.js";
import { fallbackTo } from "./deliver.js";
import { applyCurrentPreferences } from "./recheck.js";
import { assertLegalTransition } from "./transitions.js";

/**
 * A worker that died or hung mid-send leaves its messages PROCESSING; once their lease has expired
 * they go back to PENDING (and will be sent again with the same idempotency key: at-least-once).
 * The expired attempt counts (attempts were counted at the claim): a message whose lease expired on
 * its last allowed attempt is given up on that channel like a permanent failure, falling back to
 * the next channel or FAILED, so a message that kills or hangs the worker is not retried forever.
 */
export async function requeueExpiredLeases(db: Db, maxAttempts: number): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .select()
      .from(notifications)
      .where(and(eq(notifications.status, "PROCESSING"), lt(notifications.leaseExpiresAt, sql`now()`)))
      .for("update", { skipLocked: true });
    for (const n of expired) {
      const why = `lease expired on attempt ${n.attempts} of ${maxAttempts}: the worker stopped before finishing`;
      const [next, ...rest] = n.fallbackPlan;
      const exhausted = n.attempts >= maxAttempts;
      const to = exhausted && !next ? "FAILED" : "PENDING";
      assertLegalTransition("PROCESSING", to);
      const released = { leasedBy: null, leaseExpiresAt: null, updatedAt: sql`now()` };
      const set = !exhausted
        ? { ...released, availableAt: sql`now()` }
        : next
          ? { ...released, ...fallbackTo(n, next, rest), lastError: why, availableAt: sql`now()` }
          : { ...released, lastError: why, statusReason: `${n.channel} gave up after ${n.attempts} attempts: ${why}` };
      const detail = !exhausted ? `${why}; requeued` : next ? `${n.channel} gave up after ${n.attempts} attempts (${why}); falling back to ${next.channel}` : `${n.channel} gave up after ${n.attempts} attempts (${why}); no channel left`;
      await tx.update(notifications).set({ ...set, status: to }).where(and(eq(notifications.id, n.id), eq(notifications.status, "PROCESSING")));
      await tx.insert(notificationEvents).values({ notificationId: n.id, fromStatus: "PROCESSING", toStatus: to, channel: n.channel, attempt: n.attempts, detail });
    }
    return expired.length;
  });
}

/**
 * Claims up to `limit` due messages for this worker: PENDING → PROCESSING with a lease. `FOR UPDATE
 * SKIP LOCKED` lets several workers claim in parallel without waiting on or taking each other's rows.
 * Critical messages first, then oldest due. Before the claim, the patient's current consent and
 * address apply to the locked rows (recheck.ts): a withdrawn category is CANCELLED, not claimed.
 */
export async function claimDueNotifications(db: Db, workerId: string, limit: number, leaseMs: number): Promise<NotificationRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: notifications.id,
        patientUhid: notifications.patientUhid,
        recipientType: notifications.recipientType,
        critical: notifications.critical,
        category: notifications.category,
        channel: notifications.channel,
        recipient: notifications.recipient,
      })
      .from(notifications)
      .where(and(eq(notifications.status, "PENDING"), lte(notifications.availableAt, sql`now()`)))
      .orderBy(desc(notifications.critical), asc(notifications.availableAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (!due.length) return [];
    const ids = await applyCurrentPreferences(tx as unknown as Db, due);
    if (!ids.length) return [];
    const claimed = await tx
      .update(notifications)
      .set({
        status: "PROCESSING",
        attempts: sql`${notifications.attempts} + 1`,
        leasedBy: workerId,
        leaseExpiresAt: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
        updatedAt: sql`now()`,
      })
      .where(and(inArray(notifications.id, ids), eq(notifications.status, "PENDING")))
      .returning();
    if (claimed.length) {
      await tx.insert(notificationEvents).values(
        claimed.map((n) => ({ notificationId: n.id, fromStatus: "PENDING", toStatus: "PROCESSING", channel: n.channel, attempt: n.attempts, detail: `claimed by ${workerId}` })),
      );
    }
    return claimed;
  });
}
