import { and, eq } from "drizzle-orm";
import type { SubgraphContext } from "../../../lib/context.js";
import type { Db } from "../../../lib/db.js";
import { onceWithEffects } from "../../../lib/idempotency.js";
import type { AuditOperation } from "../audit/audit.service.js";
import { idempotencyKeys } from "../db/tables.js";
import { sendCriticalAlert, type CriticalAlertBody, type CriticalAlertOutcome } from "./critical-alert.js";

/** A claimed key left in progress longer than this (a crashed process) may be taken over and resumed. */
const STALE_CLAIM_MS = 120_000;

/** What a storing mutation has committed (observation + audit) and the alert it still owes, if any. */
export interface Stored<R> {
  result: R;
  alert: { body: CriticalAlertBody; audit: { parentAuditId: string; operation: AuditOperation; rulesetVersion: string } } | null;
}

/** Records, inside the storing transaction, what was stored under the request's key (no key: nothing). */
export type MarkStored<R> = (tx: Db, stored: Stored<R>) => Promise<void>;

const noAlert: CriticalAlertOutcome = { notificationSent: false, notificationId: null, notificationError: null, clinicianAlert: null };

/**
 * Runs a "store an observation, then maybe alert" mutation once per `Idempotency-Key`
 * (lib/idempotency `onceWithEffects`): a repeat with the same body returns the first answer (same
 * observation, audit and notification ids); the same key with another body → 409; no key → runs as
 * before. `store` validates and commits the observation and its audit record in one transaction and
 * must call `markStored(tx, stored)` inside it: the key's row then remembers what was stored, so a
 * takeover of a crashed claim sends the owed alert for that observation instead of storing it twice.
 */
export async function storeOnceThenAlert<R extends object>(
  ctx: SubgraphContext,
  operation: string,
  request: unknown,
  store: (markStored: MarkStored<R>) => Promise<Stored<R>>,
): Promise<R & CriticalAlertOutcome> {
  const key = ctx.idempotencyKey;
  const principal = ctx.principal.sub;
  const row = (db: Db) => db.select({ response: idempotencyKeys.response }).from(idempotencyKeys).where(and(eq(idempotencyKeys.key, key!), eq(idempotencyKeys.principal, principal), eq(idempotencyKeys.operation, operation)));
  const markStored: MarkStored<R> = async (tx, stored) => {
    if (!key) return;
    await tx
      .update(idempotencyKeys)
      .set({ response: { stored }, updatedAt: new Date() })
      .where(and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.principal, principal), eq(idempotencyKeys.operation, operation), eq(idempotencyKeys.state, "in_progress")));
  };
  return onceWithEffects(
    ctx.db,
    idempotencyKeys,
    { key, principal, operation, request },
    async () => {
      // A taken-over claim whose observation was committed: resume with the alert, store nothing again.
      const resumed = key ? ((await row(ctx.db))[0]?.response as { stored?: Stored<R> } | null)?.stored : undefined;
      const stored = resumed ?? (await store(markStored));
      const notification = stored.alert ? await sendCriticalAlert(ctx, stored.alert.body, stored.alert.audit) : noAlert;
      return { ...stored.result, ...notification };
    },
    { staleAfterMs: STALE_CLAIM_MS },
  );
}
