import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../lib/db.js";
import { addressOn, isChannel } from "../channels.js";
import { notificationEvents, notifications, preferences } from "../db/tables.js";
import type { NotificationRow } from "../notification/enqueue.js";
import { assertLegalTransition } from "./transitions.js";

export type DueNotification = Pick<NotificationRow, "id" | "patientUhid" | "recipientType" | "critical" | "category" | "channel" | "recipient">;

/**
 * Consent and address are the patient's when a message goes out, not when it was queued: a message
 * held for quiet hours (or waiting for a retry) whose category the patient has since withdrawn is
 * CANCELLED, and one addressed to the patient goes to their current address on its channel. Critical
 * messages skip the consent check (spec: they bypass consent). Where the preferences have no address
 * on the channel, the one chosen at enqueue (the registration's) stays: the worker holds row locks
 * and no caller, so it does not ask the registry. Runs in the claim's transaction on the rows it
 * locked, before they are claimed; answers the ids still to claim.
 */
export async function applyCurrentPreferences(tx: Db, due: DueNotification[]): Promise<string[]> {
  const uhids = [...new Set(due.flatMap((n) => (n.patientUhid && n.recipientType !== "provider" ? [n.patientUhid] : [])))];
  if (!uhids.length) return due.map((n) => n.id);
  const rows = await tx.select().from(preferences).where(inArray(preferences.patientUhid, uhids));
  const byPatient = new Map(rows.map((p) => [p.patientUhid, p]));
  const claimable: string[] = [];
  for (const n of due) {
    const prefs = n.patientUhid && n.recipientType !== "provider" ? byPatient.get(n.patientUhid) : undefined;
    if (!prefs) {
      claimable.push(n.id);
      continue;
    }
    const pending = and(eq(notifications.id, n.id), eq(notifications.status, "PENDING"));
    if (!n.critical && prefs.consent[n.category] === false) {
      assertLegalTransition("PENDING", "CANCELLED");
      const why = `no consent for ${n.category} messages (withdrawn before it was sent)`;
      await tx.update(notifications).set({ status: "CANCELLED", statusReason: why, updatedAt: new Date() }).where(pending);
      await tx.insert(notificationEvents).values({ notificationId: n.id, fromStatus: "PENDING", toStatus: "CANCELLED", channel: n.channel, detail: why });
      continue;
    }
    const current = n.recipientType === "patient" && isChannel(n.channel) ? addressOn(n.channel, prefs) : null;
    if (current && current !== n.recipient) {
      await tx.update(notifications).set({ recipient: current, updatedAt: new Date() }).where(pending);
      await tx.insert(notificationEvents).values({ notificationId: n.id, fromStatus: "PENDING", toStatus: "PENDING", channel: n.channel, detail: `${n.channel} address changed in the patient's preferences since it was queued; sending to the current one` });
    }
    claimable.push(n.id);
  }
  return claimable;
}
