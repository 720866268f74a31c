/**
 * Customer returns a crash left `processing` (the process died between claiming the quantities and
 * finishing): the worker's sweep decides them with what billing shows, as a person would, after their
 * lease (PHARMACY_COMPLETION_LEASE_MS) expired. docs/decisions/pharmacy.md, "Customer returns".
 *
 *  - billing holds the return's refund: the money went back, so the units follow (restocked or
 *    quarantined) and the return is `completed` with that refund;
 *  - nothing to refund (a free sale): completed the same way;
 *  - billing holds no refund: `cancelled`, its quantities free to be returned again. The sweep never
 *    refunds: a cash refund recorded with no cashier handing the money over would leave the till short
 *    in the books;
 *  - billing out of reach or refusing to answer: left `processing` with its lease renewed, tried again
 *    after the next lease.
 * A return billing could not reach while a person waited (503) has no lease: it waits for that person's
 * complete or cancel and is not swept.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, lt } from "drizzle-orm";
import type { Config } from "../../../../lib/config.js";
import type { Db } from "../../../../lib/db.js";
import type { Logger } from "../../../../lib/logger.js";
import { Decimal } from "../../../../lib/money.js";
import { startPeriodic } from "../../../../lib/periodic.js";
import { mintServiceToken } from "../../../../lib/service-token.js";
import { customerReturns } from "../../db/tables.js";
import { asDb } from "../returns-common.js";
import { findCustomerReturnRefund } from "./billing-refunds.js";
import { finalizeReturn, markCancelled } from "./customer-return.service.js";

type ReturnRow = typeof customerReturns.$inferSelect;

/** Who the sweep acts as: in stock movements and logs, and on billing (a service principal bound to the return's pharmacy). */
export const RETURN_SWEEPER_SUB = "pharmacy-return-sweeper";

export interface ReturnSweepRuntime {
  db: Db;
  config: Config;
  logger: Logger;
  /** This service's base URL: the default {billing_url}. */
  selfUrl: string;
}

export interface ReturnSweepResult {
  completed: string[];
  cancelled: string[];
  left: string[];
}

/**
 * Claims returns whose lease expired by renewing it, in one short transaction. `FOR UPDATE SKIP LOCKED`:
 * sweeps side by side never take the same return, and a person's complete or cancel (which takes the
 * lease under the row lock) is skipped, then refused with 409 while the renewed lease lasts.
 */
export async function claimStaleReturns(db: Db, leaseMs: number, limit = 20): Promise<ReturnRow[]> {
  return db.transaction(async (txRaw) => {
    const tx = asDb(txRaw);
    const stale = await tx
      .select()
      .from(customerReturns)
      .where(and(eq(customerReturns.status, "processing"), lt(customerReturns.processingStartedAt, new Date(Date.now() - leaseMs))))
      .orderBy(asc(customerReturns.processingStartedAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (stale.length) await tx.update(customerReturns).set({ processingStartedAt: new Date() }).where(inArray(customerReturns.id, stale.map((r) => r.id)));
    return stale;
  });
}

/** Decides one claimed return with what billing shows (see the file's comment). */
export async function recoverReturn(rt: ReturnSweepRuntime, r: ReturnRow): Promise<keyof ReturnSweepResult> {
  const log = rt.logger.child({ returnId: r.id, component: "return-sweeper" });
  if (new Decimal(r.refundAmount).isZero()) {
    await finalizeReturn(rt.db, r.id, RETURN_SWEEPER_SUB, null);
    log.warn("crashed customer return finished: nothing to refund; units restocked or quarantined");
    return "completed";
  }
  const bearer = await mintServiceToken(rt.config, { sub: RETURN_SWEEPER_SUB, pharmacyId: r.pharmacyId });
  if (!bearer) {
    log.warn("crashed customer return left processing: no service credential (tokens come only from JWKS_URL); a person completes or cancels it");
    return "left";
  }
  let refund;
  try {
    refund = await findCustomerReturnRefund({ config: rt.config, selfUrl: rt.selfUrl, bearer, requestId: `return-sweep-${randomUUID()}`, logger: rt.logger }, r.id);
  } catch (err) {
    log.warn({ err: (err as Error).message }, "crashed customer return left processing: billing could not be asked");
    return "left";
  }
  if (refund) {
    await finalizeReturn(rt.db, r.id, RETURN_SWEEPER_SUB, { id: refund.id, providerReference: refund.provider_reference });
    log.warn({ refundId: refund.id }, "crashed customer return finished: billing shows the refund; units restocked or quarantined");
    return "completed";
  }
  await markCancelled(rt.db, r.id);
  log.warn("crashed customer return cancelled: billing holds no refund; nothing was moved or refunded");
  return "cancelled";
}

/** One sweep: claim what expired, decide each. Returns the ids by outcome. */
export async function sweepStaleReturns(rt: ReturnSweepRuntime, leaseMs = rt.config.PHARMACY_COMPLETION_LEASE_MS): Promise<ReturnSweepResult> {
  const result: ReturnSweepResult = { completed: [], cancelled: [], left: [] };
  for (const r of await claimStaleReturns(rt.db, leaseMs)) {
    const outcome = await recoverReturn(rt, r).catch((err) => {
      rt.logger.error({ err, returnId: r.id, component: "return-sweeper" }, "crashed customer return could not be decided; tried again after the next lease");
      return "left" as const;
    });
    result[outcome].push(r.id);
  }
  return result;
}

/** The worker role's sweep for customer returns a crash left `processing`, every PHARMACY_SWEEP_INTERVAL_MS. */
export function startReturnSweeper(rt: Omit<ReturnSweepRuntime, "selfUrl"> & { selfUrl(): string }): () => Promise<void> {
  const logger = rt.logger.child({ component: "return-sweeper" });
  return startPeriodic({
    logger,
    intervalMs: rt.config.PHARMACY_SWEEP_INTERVAL_MS,
    started: "customer-return sweeper started",
    stopped: "customer-return sweeper stopped",
    failed: "customer-return sweep failed; retrying",
    fields: { leaseMs: rt.config.PHARMACY_COMPLETION_LEASE_MS },
    sweep: async () => {
      const r = await sweepStaleReturns({ ...rt, selfUrl: rt.selfUrl() });
      if (r.completed.length || r.cancelled.length || r.left.length) logger.info(r, "customer-return sweep");
    },
  });
}
