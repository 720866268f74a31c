import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, lt, or } from "drizzle-orm";
import type { Config } from "../../../../lib/config.js";
import type { Db } from "../../../../lib/db.js";
import type { Logger } from "../../../../lib/logger.js";
import { Decimal } from "../../../../lib/money.js";
import { mintServiceToken } from "../../../../lib/service-token.js";
import { startPeriodic } from "../../../../lib/periodic.js";
import { callUpstream } from "../../../../lib/upstream.js";
import { salesTransactions } from "../../db/tables.js";
import type { BillingCharge } from "./billing-client.js";
import { finalize, release } from "./transaction-completion.service.js";

type TransactionRow = typeof salesTransactions.$inferSelect;

/** Who the sweeper acts as: in stock movements, logs and on billing (a service principal). */
export const SWEEPER_SUB = "pharmacy-completion-sweeper";

export interface SweepRuntime {
  db: Db;
  config: Config;
  logger: Logger;
  /** This service's base URL: the default {billing_url}. */
  selfUrl: string;
}

export type RecoveryOutcome = "completed" | "released" | "left";

export interface SweepResult {
  completed: string[];
  released: string[];
  left: string[];
}

/**
 * Claims sales whose completion lease expired (a crashed or stuck completion) by renewing their lease
 * in one short transaction. `FOR UPDATE SKIP LOCKED`: several workers sweep side by side, and a sale
 * a client is resuming right now (its row locked in `reserve`) is skipped; a renewed lease keeps
 * client retries (409 "retry shortly") and other sweepers away while this one asks billing.
 */
export async function claimExpiredCompletions(db: Db, leaseMs: number, limit = 20): Promise<TransactionRow[]> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const cutoff = new Date(Date.now() - leaseMs);
    const expired = await tx
      .select()
      .from(salesTransactions)
      .where(and(eq(salesTransactions.status, "processing"), or(isNull(salesTransactions.processingStartedAt), lt(salesTransactions.processingStartedAt, cutoff))))
      .orderBy(asc(salesTransactions.processingStartedAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (expired.length) {
      await tx.update(salesTransactions).set({ processingStartedAt: new Date() }).where(inArray(salesTransactions.id, expired.map((t) => t.id)));
    }
    return expired;
  });
}

/** The charge billing holds for this sale, if any: a read, so recovery never creates a charge. */
async function findSaleCharge(rt: SweepRuntime, t: TransactionRow): Promise<BillingCharge | null> {
  // A short service token bound to the sale's pharmacy: billing scopes the lookup to that pharmacy.
  const bearer = await mintServiceToken(rt.config, { sub: SWEEPER_SUB, pharmacyId: t.pharmacyId });
  if (!bearer) throw new Error("no service credential: tokens come only from JWKS_URL, so sales wait for a client retry");
  const res = await callUpstream<{ results: (BillingCharge & { pharmacy_id: string | null })[] }>(
    { config: rt.config, selfUrl: rt.selfUrl, bearer, requestId: `sweep-${randomUUID()}`, logger: rt.logger },
    { service: "billing", method: "GET", path: `/api/v1/charges/?reference_type=transaction&reference_id=${t.id}`, retries: 1 },
  );
  if (res.status !== 200) throw new Error(`billing answered ${res.status} to the charge lookup`);
  return res.body.results.find((c) => c.pharmacy_id === t.pharmacyId) ?? null;
}

/**
 * Resumes or compensates one claimed sale, as a client retry would decide with what billing shows:
 *  - the charge is paid (or owes nothing): the customer paid, finish the completion with that payment;
 *  - otherwise (no charge, or unpaid): put the units and points back with the compensating movements
 *    and return the sale to `pending`; the open charge is reused by the next completion (billing is
 *    idempotent per reference), so nothing is charged twice. The sweeper never takes a payment: no
 *    customer is at the till to pay.
 * Billing unreachable or a paid amount that does not match: the sale is left `processing` (its lease
 * renewed) and tried again after the next lease; compensating blind could hand back stock already paid for.
 */
export async function recoverCompletion(rt: SweepRuntime, t: TransactionRow): Promise<RecoveryOutcome> {
  const log = rt.logger.child({ transactionId: t.id, component: "completion-sweeper" });
  let charge: BillingCharge | null;
  try {
    charge = await findSaleCharge(rt, t);
  } catch (err) {
    log.warn({ err: (err as Error).message }, "crashed completion left processing: billing could not be asked");
    return "left";
  }
  const settled = charge && (charge.status === "paid" || new Decimal(charge.balance_due).isZero());
  if (charge && settled) {
    if (!new Decimal(charge.total_amount).eq(t.totalAmount)) {
      log.error({ chargeId: charge.id, charged: charge.total_amount, total: t.totalAmount }, "crashed completion left processing: the paid charge does not match the sale");
      return "left";
    }
    const paid = charge.payments.find((p) => p.status === "completed");
    await finalize(rt.db, t.id, { chargeId: charge.id, paymentId: paid?.id ?? null, paymentReference: paid?.provider_reference ?? null });
    log.warn({ chargeId: charge.id }, "crashed completion resumed: billing shows it paid; sale completed");
    return "completed";
  }
  await release(rt.db, t.id, SWEEPER_SUB);
  log.warn({ chargeId: charge?.id ?? null }, "crashed completion compensated: nothing paid; stock back and sale pending");
  return "released";
}

/** One sweep: claim what expired, recover each. Returns the ids by outcome. */
export async function sweepExpiredCompletions(rt: SweepRuntime, leaseMs = rt.config.PHARMACY_COMPLETION_LEASE_MS): Promise<SweepResult> {
  const result: SweepResult = { completed: [], released: [], left: [] };
  for (const t of await claimExpiredCompletions(rt.db, leaseMs)) {
    const outcome = await recoverCompletion(rt, t).catch((err) => {
      rt.logger.error({ err, transactionId: t.id, component: "completion-sweeper" }, "crashed completion could not be recovered; retried after the next lease");
      return "left" as const;
    });
    result[outcome].push(t.id);
  }
  return result;
}

/**
 * The sweeper loop of the worker role: every PHARMACY_SWEEP_INTERVAL_MS, recover sales whose
 * completion lease (PHARMACY_COMPLETION_LEASE_MS) expired. Returns a stop function that lets the
 * current sweep finish.
 */
export function startCompletionSweeper(rt: Omit<SweepRuntime, "selfUrl"> & { selfUrl(): string }): () => Promise<void> {
  const logger = rt.logger.child({ component: "completion-sweeper" });
  return startPeriodic({
    logger,
    intervalMs: rt.config.PHARMACY_SWEEP_INTERVAL_MS,
    started: "completion sweeper started",
    fields: { leaseMs: rt.config.PHARMACY_COMPLETION_LEASE_MS },
    stopped: "completion sweeper stopped",
    failed: "completion sweep failed; retrying",
    sweep: async () => {
      // The runtime's own logger: recoverCompletion adds `component` itself (one key per log line).
      const r = await sweepExpiredCompletions({ ...rt, selfUrl: rt.selfUrl() });
      if (r.completed.length || r.released.length || r.left.length) logger.info(r, "completion sweep");
    },
  });
}
