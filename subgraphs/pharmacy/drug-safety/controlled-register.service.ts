/**
 * The controlled-drug register (spec: POST /api/v1/drug-safety/controlled-register/). Every entry is
 * written under a row lock on the pharmacy's balance row for the drug, keeps the balance before and
 * after, and never lets the balance go below zero. Append-only: a correction is a new entry.
 * Dispensing calls `recordControlledEntry` inside its own database transaction.
 */
import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { GraphQLError } from "graphql";
import type { Principal } from "../../../lib/auth.js";
import { assertPharmacyAccess } from "../../../lib/context.js";
import type { Db } from "../../../lib/db.js";
import { ErrorCode, FieldErrorCollector, fieldError } from "../../../lib/errors.js";
import { completedResult, onceInTransaction } from "../../../lib/idempotency.js";
import { isUuid } from "../../../lib/ids.js";
import { MAX_QUANTITY } from "../../../lib/money.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../lib/pagination.js";
import { controlledBalances, controlledRegisterEntries, idempotencyKeys, pharmacies } from "../db/tables.js";
import { medicationByCode } from "../inventory/medications/catalog.js";
import { witnessLengthProblem, witnessProblem } from "./witness.js";

export const CONTROLLED_TRANSACTION_TYPES = ["receipt", "dispense", "destruction", "adjustment", "return", "supplier_return"] as const;
export type ControlledTransactionType = (typeof CONTROLLED_TRANSACTION_TYPES)[number];

/** Sign each type's quantity must have (docs/decisions/pharmacy.md, "Drug safety"). */
const SIGN: Record<ControlledTransactionType, "positive" | "negative" | "non-zero"> = {
  receipt: "positive",
  return: "positive",
  dispense: "negative",
  destruction: "negative",
  adjustment: "non-zero",
  supplier_return: "negative",
};

/** Units leave custody other than to a patient: always witnessed, whatever the schedule. */
const ALWAYS_WITNESSED: readonly ControlledTransactionType[] = ["destruction", "supplier_return"];

export interface ControlledEntryInput {
  pharmacyId: string;
  medicationCode: string;
  transactionType: ControlledTransactionType | string;
  /** Signed: negative for a reduction (dispense, destruction). */
  quantity: number;
  /** Who records it (the caller's `sub`). */
  recordedBy: string;
  /** The recorder's name as the request gives it (a dispense's pharmacist), compared with the witness too. */
  recordedByName?: string | null;
  witness?: string | null;
  prescriptionId?: string | null;
  referenceType?: string | null;
  referenceId?: string | null;
  notes?: string | null;
}

export type ControlledEntryRow = typeof controlledRegisterEntries.$inferSelect;

/** The entry would take the register's balance below zero. A CONFLICT (409); nothing is written. */
export class ControlledBalanceError extends GraphQLError {
  constructor(
    readonly pharmacyId: string,
    readonly medicationCode: string,
    readonly balance: number,
    readonly requested: number,
  ) {
    super(`Controlled register balance of ${medicationCode} is ${balance}; ${requested} cannot be taken`, { extensions: { code: ErrorCode.CONFLICT } });
  }
}

/** Checks an entry against the catalog and the register's rules (400 with every problem at once). */
export function validateControlledEntry(e: ControlledEntryInput): void {
  const errors = new FieldErrorCollector();
  const med = medicationByCode(e.medicationCode ?? "");
  if (!med) errors.add("medicationCode", "is not in the medication catalog");
  else if (!med.controlled) errors.add("medicationCode", `${med.genericName} is not a controlled medicine`);
  const type = e.transactionType as ControlledTransactionType;
  if (!CONTROLLED_TRANSACTION_TYPES.includes(type)) errors.add("transactionType", `must be one of ${CONTROLLED_TRANSACTION_TYPES.join(", ")}`);
  if (!Number.isInteger(e.quantity) || e.quantity === 0) errors.add("quantity", "must be a non-zero integer");
  else if (SIGN[type] === "positive" && e.quantity < 0) errors.add("quantity", `must be positive for a ${type}`);
  else if (SIGN[type] === "negative" && e.quantity > 0) errors.add("quantity", `must be negative for a ${type} (a reduction)`);
  if (Math.abs(e.quantity) > MAX_QUANTITY) errors.add("quantity", "is implausibly large");
  if (!e.recordedBy?.trim()) errors.add("recordedBy", "is required");
  const witness = e.witness?.trim();
  const sameAsRecorder = witness ? witnessProblem(witness, [e.recordedBy, e.recordedByName]) : null;
  if (sameAsRecorder) errors.add("witness", sameAsRecorder);
  if (!witness && ((med?.witnessRequired ?? false) || ALWAYS_WITNESSED.includes(type))) {
    errors.add("witness", ALWAYS_WITNESSED.includes(type) ? `is required for a ${type.replace("_", " ")}` : `is required for ${med!.genericName} (schedule ${med!.schedule})`);
  }
  const tooLong = witness ? witnessLengthProblem(witness) : null;
  if (tooLong) errors.add("witness", tooLong);
  if (type === "dispense" && !e.prescriptionId?.trim() && !e.referenceId?.trim()) errors.add("prescriptionId", "is required for a dispense (or reference_type and reference_id)");
  if (Boolean(e.referenceType?.trim()) !== Boolean(e.referenceId?.trim())) errors.add(e.referenceType ? "referenceId" : "referenceType", "reference_type and reference_id go together");
  if (e.notes && e.notes.length > 2000) errors.add("notes", "is at most 2000 characters");
  errors.throwIfAny("Invalid controlled register entry");
}

/**
 * Records one controlled-register entry inside the caller's transaction: validates it, locks the
 * pharmacy's balance row for the drug (created at 0 on first use), and appends the entry with the
 * balance before and after. Throws ControlledBalanceError (409) when the balance would go negative.
 */
export async function recordControlledEntry(tx: Db, e: ControlledEntryInput): Promise<ControlledEntryRow> {
  validateControlledEntry(e);
  const code = e.medicationCode.trim();
  await tx.insert(controlledBalances).values({ pharmacyId: e.pharmacyId, medicationCode: code, balance: 0 }).onConflictDoNothing();
  const [row] = await tx
    .select({ balance: controlledBalances.balance })
    .from(controlledBalances)
    .where(and(eq(controlledBalances.pharmacyId, e.pharmacyId), eq(controlledBalances.medicationCode, code)))
    .for("update");
  const before = row.balance;
  const after = before + e.quantity;
  if (after < 0) throw new ControlledBalanceError(e.pharmacyId, code, before, -e.quantity);
  await tx
    .update(controlledBalances)
    .set({ balance: after, updatedAt: sql`now()` })
    .where(and(eq(controlledBalances.pharmacyId, e.pharmacyId), eq(controlledBalances.medicationCode, code)));
  const [entry] = await tx
    .insert(controlledRegisterEntries)
    .values({
      pharmacyId: e.pharmacyId,
      medicationCode: code,
      transactionType: e.transactionType,
      quantity: e.quantity,
      balanceBefore: before,
      balanceAfter: after,
      recordedBy: e.recordedBy.trim(),
      witness: e.witness?.trim() || null,
      prescriptionId: e.prescriptionId?.trim() || null,
      referenceType: e.referenceType?.trim() || null,
      referenceId: e.referenceId?.trim() || null,
      notes: e.notes ?? null,
    })
    .returning();
  return entry;
}

/**
 * Locks the pharmacy's register balance rows of these medicines (created at 0 on first use), in code
 * order, inside the caller's transaction. A writer that also moves stock calls it before locking the
 * stock items, the order dispensing takes them in (register, then stock), so a receipt and a dispense
 * of one drug queue instead of deadlocking. `recordControlledEntry` then finds its row already locked.
 */
export async function lockControlledBalances(tx: Db, pharmacyId: string, medicationCodes: readonly string[]): Promise<void> {
  const codes = [...new Set(medicationCodes.map((c) => c.trim()))].sort();
  if (!codes.length) return;
  await tx
    .insert(controlledBalances)
    .values(codes.map((medicationCode) => ({ pharmacyId, medicationCode, balance: 0 })))
    .onConflictDoNothing();
  await tx
    .select({ code: controlledBalances.medicationCode })
    .from(controlledBalances)
    .where(and(eq(controlledBalances.pharmacyId, pharmacyId), inArray(controlledBalances.medicationCode, codes)))
    .orderBy(asc(controlledBalances.medicationCode))
    .for("update");
}

/** Which pharmacy a register request names: bound staff their own (another → 403); others must name one. */
function registerPharmacy(principal: Principal, requested: string | null | undefined, required: boolean): string | undefined {
  if (requested) {
    if (!isUuid(requested)) throw fieldError("pharmacyId", "must be a pharmacy id (UUID)");
    // Writers act for their own pharmacy; readers not bound to one (auditors) may name any.
    if (required || principal.pharmacyId) assertPharmacyAccess(principal, requested);
    return requested;
  }
  if (principal.pharmacyId) return principal.pharmacyId;
  if (required) throw fieldError("pharmacyId", "is required for callers not bound to a pharmacy");
  return undefined;
}

export interface CreateControlledEntryRequest extends Omit<ControlledEntryInput, "recordedBy" | "pharmacyId"> {
  pharmacyId?: string | null;
}

/**
 * POST: one entry recorded by the caller, in its own transaction. With an `Idempotency-Key` a retry
 * (a lost answer on a poor connection) returns the first entry instead of recording the movement twice
 * in a legal register; the first answer comes back even when the balance has moved since.
 */
export async function createControlledEntry(db: Db, principal: Principal, input: CreateControlledEntryRequest, idempotencyKey?: string): Promise<ControlledEntryRow> {
  const idempotent = { key: idempotencyKey, principal: principal.sub, operation: "recordControlledTransaction", request: { ...input } };
  const replay = await completedResult<ControlledEntryRow>(db, idempotencyKeys, idempotent);
  if (replay) return replay.response;
  const pharmacyId = registerPharmacy(principal, input.pharmacyId, true)!;
  const entry = { ...input, pharmacyId, recordedBy: principal.sub };
  validateControlledEntry(entry);
  const [ph] = await db.select({ id: pharmacies.id }).from(pharmacies).where(eq(pharmacies.id, pharmacyId));
  if (!ph) throw fieldError("pharmacyId", "no such pharmacy");
  return onceInTransaction(db, idempotencyKeys, idempotent, (tx) => recordControlledEntry(tx, entry));
}

export interface ControlledRegisterFilter extends Partial<PageArgs> {
  pharmacyId?: string | null;
  medicationCode?: string | null;
  transactionType?: string | null;
  dateFrom?: Date | null;
  dateTo?: Date | null;
}

/** GET: register entries, newest first; staff see their pharmacy's. */
export async function listControlledEntries(db: Db, principal: Principal, f: ControlledRegisterFilter): Promise<Page<ControlledEntryRow>> {
  const w = pageWindow(f);
  const pharmacyId = registerPharmacy(principal, f.pharmacyId, false);
  if (f.transactionType && !CONTROLLED_TRANSACTION_TYPES.includes(f.transactionType as ControlledTransactionType)) {
    throw fieldError("transactionType", `must be one of ${CONTROLLED_TRANSACTION_TYPES.join(", ")}`);
  }
  if (f.dateFrom && f.dateTo && f.dateFrom >= f.dateTo) throw fieldError("dateTo", "must be after date_from");
  const conds: SQL[] = [];
  if (pharmacyId) conds.push(eq(controlledRegisterEntries.pharmacyId, pharmacyId));
  if (f.medicationCode) conds.push(eq(controlledRegisterEntries.medicationCode, f.medicationCode.trim()));
  if (f.transactionType) conds.push(eq(controlledRegisterEntries.transactionType, f.transactionType));
  if (f.dateFrom) conds.push(gte(controlledRegisterEntries.createdAt, f.dateFrom));
  if (f.dateTo) conds.push(lt(controlledRegisterEntries.createdAt, f.dateTo));
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(controlledRegisterEntries).where(where).orderBy(desc(controlledRegisterEntries.entryNumber)).limit(w.limit).offset(w.offset),
    db.select({ total: count() }).from(controlledRegisterEntries).where(where),
  ]);
  return toPage(rows, total, w);
}
