import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL } from "drizzle-orm";
import { GraphQLError } from "graphql";
import type { Principal } from "../../../../lib/auth.js";
import { assertPharmacyAccess, type SubgraphContext } from "../../../../lib/context.js";
import type { Db } from "../../../../lib/db.js";
import { conflict, ErrorCode, fieldError, notFound } from "../../../../lib/errors.js";
import { isUuid } from "../../../../lib/ids.js";
import { completedResult, onceInTransaction } from "../../../../lib/idempotency.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../../lib/pagination.js";
import { listsByKey } from "../../../../lib/request-loader.js";
import { dispenseItems, dispenses, idempotencyKeys, pharmacies, prescriptions } from "../../db/tables.js";
import { describeHolds, heldStockByCode } from "../../inventory/holds.js";
import { applyStockChanges, HeldStock, InsufficientStock, kampalaToday, sellableStock } from "../../inventory/ledger.js";
import { deliverOutboxMessageNow, enqueueOutboxMessage, outboxStatus } from "../../outbox/outbox.service.js";
import { safetyCodesOf } from "../../compounding/compound-codes.js";
import { itemsOfFill, nextPart, openFillOf, recordFillPart } from "../fill/fill.js";
import { getPrescriptionRow, itemsOfPrescriptions } from "../prescription/prescription.service.js";
import { assertStillOwed, planItems } from "./dispense-plan.js";
import { assertPrescriptionValid } from "../prescription/prescription-validity.js";
import { checkDispenseSafety, ControlledBalanceError, recordSafetyOverride, writeControlledDispense } from "./dispense-safety.js";
import { lockControlledBalances } from "../../drug-safety/controlled-register.service.js";
import type { CreateDispenseInput, Dispense, DispenseFinding } from "./dispense.type.js";

type DispenseRow = typeof dispenses.$inferSelect;
type DispenseItemRow = typeof dispenseItems.$inferSelect;

const NOTIFICATION_STATUS: Record<string, string> = { pending: "queued", processing: "queued", sent: "sent", failed: "failed" };

function toDispense(row: DispenseRow, items: DispenseItemRow[], outbox?: { status: string; notificationId: string | null }): Dispense {
  const findings = row.findings as DispenseFinding[];
  return {
    id: row.id,
    prescriptionId: row.prescriptionId,
    fillNumber: row.fillNumber,
    part: row.part,
    refillId: row.refillId,
    pharmacyId: row.pharmacyId,
    patientUhid: row.patientUhid,
    pharmacist: row.pharmacist,
    dispensedBy: row.dispensedBy,
    witness: row.witness,
    items: items.map((i) => ({ medicationCode: i.medicationCode, medicationName: i.medicationName, quantity: i.quantity, controlled: i.controlled })),
    findings,
    warnings: findings.filter((f) => !f.blocking),
    override: row.overrideReason
      ? { reason: row.overrideReason, by: row.overrideBy!, at: row.overrideAt!, findings: (row.overriddenFindings ?? []) as DispenseFinding[], recordId: row.overrideRecordId }
      : null,
    safetyAuditId: row.safetyAuditId,
    notificationStatus: outbox ? (NOTIFICATION_STATUS[outbox.status] ?? outbox.status) : "queued",
    notificationId: outbox?.notificationId ?? null,
    createdAt: row.createdAt,
  };
}

async function withDetails(db: Db, rows: DispenseRow[]): Promise<Dispense[]> {
  if (!rows.length) return [];
  const items = await db.select().from(dispenseItems).where(inArray(dispenseItems.dispenseId, rows.map((r) => r.id))).orderBy(asc(dispenseItems.position));
  const outbox = await outboxStatus(db, rows.map((r) => r.outboxMessageId).filter((id): id is string => Boolean(id)));
  return rows.map((r) => toDispense(r, items.filter((i) => i.dispenseId === r.id), r.outboxMessageId ? outbox.get(r.outboxMessageId) : undefined));
}

/** Staff see their own pharmacy's dispenses; another pharmacy's is "not found". */
export async function getDispense(db: Db, principal: Principal, id: string): Promise<Dispense> {
  if (!isUuid(id)) throw notFound("Dispense", id);
  const [row] = await db.select().from(dispenses).where(eq(dispenses.id, id));
  if (!row || (principal.pharmacyId && row.pharmacyId !== principal.pharmacyId)) throw notFound("Dispense", id);
  return (await withDetails(db, [row]))[0];
}

export interface DispenseFilters {
  pharmacyId?: string | null;
  prescriptionId?: string | null;
  patientUhid?: string | null;
  dateFrom?: Date | null;
  dateTo?: Date | null;
}

/** Dispenses of the caller's pharmacy (auditors and admins: any, or one pharmacy), newest first. */
export async function listDispenses(db: Db, principal: Principal, args: Partial<PageArgs> & DispenseFilters): Promise<Page<Dispense>> {
  const w = pageWindow(args);
  const filters: SQL[] = [];
  if (args.pharmacyId && !isUuid(args.pharmacyId)) throw fieldError("pharmacyId", "must be a pharmacy id (UUID)");
  if (args.pharmacyId && principal.pharmacyId) assertPharmacyAccess(principal, args.pharmacyId);
  const pharmacyId = principal.pharmacyId ?? args.pharmacyId;
  if (pharmacyId) filters.push(eq(dispenses.pharmacyId, pharmacyId));
  if (args.prescriptionId) {
    if (!isUuid(args.prescriptionId)) throw fieldError("prescriptionId", "must be a prescription id (UUID)");
    filters.push(eq(dispenses.prescriptionId, args.prescriptionId));
  }
  if (args.patientUhid) filters.push(eq(dispenses.patientUhid, args.patientUhid));
  if (args.dateFrom) filters.push(gte(dispenses.createdAt, args.dateFrom));
  if (args.dateTo) filters.push(lt(dispenses.createdAt, args.dateTo));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(dispenses).where(where).orderBy(desc(dispenses.createdAt), desc(dispenses.id)).limit(w.limit).offset(w.offset),
    db.select({ total: count() }).from(dispenses).where(where),
  ]);
  return toPage(await withDetails(db, rows), total, w);
}

/** Whose dispenses, as a pharmacy sees them: a member of staff only their pharmacy's (null: any pharmacy's). */
export interface PatientDispensesKey {
  uhid: string;
  pharmacyId: string | null;
}

/**
 * Patients' dispenses (the `Patient.dispenses` field over a list of patients, lib/request-loader.ts),
 * newest first, in the order of `keys`: one statement per pharmacy asked for (a request has one),
 * whatever the number of patients, and their items and messages in two more.
 */
export async function dispensesOfPatients(db: Db, keys: readonly PatientDispensesKey[]): Promise<Dispense[][]> {
  const keyOf = (k: PatientDispensesKey) => `${k.pharmacyId ?? ""}|${k.uhid}`;
  const found: { key: string; dispense: Dispense }[] = [];
  for (const pharmacyId of new Set(keys.map((k) => k.pharmacyId))) {
    const uhids = [...new Set(keys.filter((k) => k.pharmacyId === pharmacyId).map((k) => k.uhid))];
    const filters: SQL[] = [inArray(dispenses.patientUhid, uhids)];
    if (pharmacyId) filters.push(eq(dispenses.pharmacyId, pharmacyId));
    const rows = await db.select().from(dispenses).where(and(...filters)).orderBy(desc(dispenses.createdAt));
    for (const dispense of await withDetails(db, rows)) found.push({ key: keyOf({ uhid: dispense.patientUhid, pharmacyId }), dispense });
  }
  return listsByKey(keys.map(keyOf), found, (f) => f.key).map((list) => list.map((f) => f.dispense));
}

const blockedBy = (findings: DispenseFinding[]) =>
  new GraphQLError(`Dispense blocked by ${findings.length} major or contraindicated finding(s); send override with a reason to proceed`, {
    extensions: {
      code: ErrorCode.CONFLICT,
      findings,
      fields: { findings: findings.map((f) => `${f.severity} ${f.type}: ${f.drugs.join(" + ")}: ${f.description} (${f.source})`) },
    },
  });

/**
 * Spec, workflow 2, server-side and in its order: the prescription and its open fill (404/409), the
 * items (400; at most what the fill still owes: a fill may be given in parts), then one call to the clinical engine: the patient (not in the registry: 404), then
 * interactions and allergies (major or contraindicated → 409 unless overridden with a reason),
 * controlled-substance rules, stock (409);
 * then ONE database transaction: the prescription locked and checked again (two pharmacies at once:
 * one wins, the other 409; two parts of one remainder: the second only if what it gives is still owed), the
 * dispense with its items and findings, controlled register entries, the ledger's dispense movements,
 * the items' units given and the fill's status (partially dispensed or dispensed), and the pickup-ready message
 * in the outbox; after the commit, one delivery attempt. Idempotency-Key honoured.
 */
export async function createDispense(ctx: SubgraphContext, input: CreateDispenseInput): Promise<Dispense> {
  const { db, principal } = ctx;
  if (!isUuid(input.pharmacyId)) throw fieldError("pharmacyId", "must be a pharmacy id (UUID)");
  assertPharmacyAccess(principal, input.pharmacyId);
  if (!isUuid(input.prescriptionId)) throw notFound("Prescription", input.prescriptionId);
  const request = { ...input, items: input.items.map((i) => ({ ...i })), override: input.override ? { ...input.override } : null };
  const idempotent = { key: ctx.idempotencyKey, principal: principal.sub, operation: "createDispense", request };
  const replay = await completedResult<Dispense>(db, idempotencyKeys, idempotent);
  if (replay) return replay.response;

  const p = await getPrescriptionRow(db, input.prescriptionId);
  const [pharmacy] = await db.select().from(pharmacies).where(eq(pharmacies.id, input.pharmacyId));
  if (!pharmacy) throw fieldError("pharmacyId", "is not a participating pharmacy");
  const fill = await openFillOf(db, p);
  assertPrescriptionValid(p, "dispensed");
  const fillItems = itemsOfFill((await itemsOfPrescriptions(db, [p.id])).get(p.id)!, fill.fillNumber);
  const planned = await planItems(db, input, p, fillItems, fill.fillNumber, principal.sub);

  // The interaction check with the patient's record is also workflow 2's "verify the patient": the
  // clinical subgraph reads the patient first and answers 404 for a UHID it does not hold, before any
  // finding or audit entry, so one gateway call does both (an unreachable registry: 503).
  // A compounded preparation is checked as its formula's catalog ingredients (issue 11).
  const safety = await checkDispenseSafety(ctx, await safetyCodesOf(db, planned.map((x) => x.code)), p.patientUhid);
  if (safety.unrecognized.length) ctx.logger.warn({ prescriptionId: p.id, unrecognized: safety.unrecognized }, "dispense: medicines the interaction engine does not know were not checked");
  const blocking = safety.findings.filter((f) => f.blocking);
  const overrideReason = input.override?.reason.trim();
  if (blocking.length && !overrideReason) throw blockedBy(blocking);

  const stock = await sellableStock(db, input.pharmacyId, planned.map((x) => x.code));
  const short = planned.filter((x) => (stock.get(x.code) ?? 0) < x.quantity);
  if (short.length) {
    // Units on the shelf that a recall or a cold-chain review holds are named, so the refusal says why.
    const held = await heldStockByCode(db, input.pharmacyId, short.map((x) => x.code), kampalaToday());
    const why = (code: string) => (held.get(code) ? `; ${describeHolds(held.get(code)!.units, held.get(code)!.holds)}` : "");
    throw conflict(`Not enough stock at this pharmacy: ${short.map((x) => `${x.name} (${stock.get(x.code) ?? 0} of ${x.quantity}${why(x.code)})`).join(", ")}`);
  }

  const overrideRecordId = blocking.length && overrideReason && safety.auditId ? await recordSafetyOverride(ctx, safety.auditId, overrideReason) : null;
  if (blocking.length) ctx.logger.warn({ prescriptionId: p.id, by: principal.sub, findings: blocking.map((f) => f.drugs.join("+")), overrideRecordId }, "dispense: blocking findings overridden");

  const dispenseId = randomUUID();
  let messageId: string | undefined;
  const created = await onceInTransaction(db, idempotencyKeys, idempotent, async (tx) => {
    // Two counters (or pharmacies) dispensing the same remainder queue here; the second sees the first's part.
    const [locked] = await tx.select().from(prescriptions).where(eq(prescriptions.id, p.id)).for("update");
    const now = await openFillOf(tx, locked);
    if (now.fillNumber !== fill.fillNumber) throw conflict("This prescription was dispensed meanwhile (another pharmacy or counter)");
    // Again under the lock: it may have expired during the safety calls (midnight in Kampala).
    assertPrescriptionValid(locked, "dispensed");
    const nowItems = itemsOfFill((await itemsOfPrescriptions(tx, [p.id])).get(p.id)!, fill.fillNumber);
    await assertStillOwed(tx, p.id, planned, nowItems, fill.fillNumber);
    const part = await nextPart(tx, p.id, fill.fillNumber);
    const message = await enqueueOutboxMessage(tx, {
      pharmacyId: input.pharmacyId,
      template: "pickup_ready",
      patientUhid: p.patientUhid,
      parameters: { medication_name: planned.map((x) => x.name).join(", "), pharmacy_name: pharmacy.name, dispense_id: dispenseId },
      referenceType: "dispense",
      referenceId: dispenseId,
    });
    messageId = message.id;
    const [row] = await tx
      .insert(dispenses)
      .values({
        id: dispenseId,
        prescriptionId: p.id,
        fillNumber: fill.fillNumber,
        part,
        refillId: fill.refillId,
        pharmacyId: input.pharmacyId,
        patientUhid: p.patientUhid,
        pharmacist: input.pharmacist.trim(),
        dispensedBy: principal.sub,
        witness: input.witness?.trim() || null,
        findings: safety.findings,
        overrideReason: blocking.length ? overrideReason : null,
        overrideBy: blocking.length ? principal.sub : null,
        overrideAt: blocking.length ? new Date() : null,
        overriddenFindings: blocking.length ? blocking : null,
        safetyAuditId: safety.auditId,
        overrideRecordId,
        outboxMessageId: message.id,
      })
      .returning();
    const items = await tx
      .insert(dispenseItems)
      .values(planned.map((x, position) => ({ dispenseId, position, medicationCode: x.code, medicationName: x.name, quantity: x.quantity, controlled: x.controlled })))
      .returning();
    // Every controlled balance of the dispense at once, in code order, before the stock: two dispenses
    // (or a GRN, a return, a destruction, a preparation) of the same drugs queue instead of deadlocking.
    await lockControlledBalances(tx, input.pharmacyId, planned.filter((y) => y.controlled).map((y) => y.code));
    try {
      for (const x of planned.filter((y) => y.controlled)) {
        await writeControlledDispense(tx, { pharmacyId: input.pharmacyId, medicationCode: x.code, quantity: x.quantity, prescriptionId: p.id, recordedBy: principal.sub, recordedByName: input.pharmacist, witness: input.witness?.trim() || null, dispenseId });
      }
      await applyStockChanges(
        tx,
        planned.map((x) => ({
          pharmacyId: input.pharmacyId,
          stock: { medicationCode: x.code },
          quantity: -x.quantity,
          movementType: "dispense" as const,
          referenceType: "dispense",
          referenceId: dispenseId,
          notes: `prescription ${p.id}${fill.fillNumber ? `, refill ${fill.fillNumber}` : ""}${part > 1 ? `, part ${part}` : ""}`,
          createdBy: principal.sub,
        })),
      );
    } catch (err) {
      if (err instanceof HeldStock) throw conflict(`Not enough stock at this pharmacy: ${err.message}`);
      if (err instanceof InsufficientStock) throw conflict(`Not enough stock at this pharmacy: ${err.available} available, ${err.requested} asked`);
      if (err instanceof ControlledBalanceError) throw conflict(`Controlled register: ${err.message}`);
      throw err;
    }
    await recordFillPart(tx, p.id, fill, nowItems, planned, { dispenseId, pharmacyId: input.pharmacyId });
    return toDispense(row, items, { status: message.status, notificationId: null });
  });
  // After the commit: one attempt now; the outbox worker retries whatever is left. (A concurrent
  // repeat with the same Idempotency-Key got the first result and sends nothing.)
  if (messageId) {
    await deliverOutboxMessageNow({ db, config: ctx.config, logger: ctx.logger, selfUrl: ctx.selfUrl, bearer: ctx.bearer, requestId: ctx.requestId }, messageId).catch((err) => {
      ctx.logger.warn({ err, dispenseId }, "pickup-ready notification not delivered yet; the outbox worker will retry");
    });
  }
  return getDispense(db, principal, created.id);
}
