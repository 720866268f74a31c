import { and, count, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import type { Principal } from "../../../../lib/auth.js";
import type { Db } from "../../../../lib/db.js";
import { badRequest, conflict, fieldError, FieldErrorCollector, notFound } from "../../../../lib/errors.js";
import { isUuid } from "../../../../lib/ids.js";
import { completedResult, onceInTransaction } from "../../../../lib/idempotency.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../../lib/pagination.js";
import { destructions, idempotencyKeys, quarantineRecords } from "../../db/tables.js";
import { ControlledBalanceError, lockControlledBalances, recordControlledEntry } from "../../drug-safety/controlled-register.service.js";
import { witnessProblem } from "../../drug-safety/witness.js";
import { applyStockChanges, InsufficientStock } from "../../inventory/ledger.js";
import { medicationByCode } from "../../inventory/medications/catalog.js";
import { pharmacyForRead, pharmacyForWrite } from "../../procurement/procurement-common.js";
import { nextReturnsNumber, stockAndBatch } from "../returns-common.js";
import type { CreateDestructionInput, Destruction, QuarantineRecord } from "./destruction.type.js";

export async function getDestruction(db: Db, principal: Principal, id: string): Promise<Destruction> {
  if (!isUuid(id)) throw notFound("Destruction", id);
  const [row] = await db.select().from(destructions).where(eq(destructions.id, id));
  if (!row || (principal.pharmacyId && row.pharmacyId !== principal.pharmacyId)) throw notFound("Destruction", id);
  return row;
}

/** A destruction's sources and a quarantine record's states: a list filter outside them is 400, not an empty page. */
export const DESTRUCTION_SOURCES = ["stock", "quarantine"] as const;
export const QUARANTINE_STATUSES = ["quarantined", "destroyed"] as const;

function assertOneOf(field: string, value: string | null | undefined, allowed: readonly string[]): void {
  if (value && !allowed.includes(value)) throw fieldError(field, `must be one of ${allowed.join(", ")}`);
}

export interface DestructionFilters {
  pharmacyId?: string | null;
  medicationCode?: string | null;
  source?: string | null;
  dateFrom?: Date | null;
  dateTo?: Date | null;
}

export async function listDestructions(db: Db, principal: Principal, args: Partial<PageArgs> & DestructionFilters): Promise<Page<Destruction>> {
  const w = pageWindow(args);
  assertOneOf("source", args.source, DESTRUCTION_SOURCES);
  const filters: SQL[] = [];
  const pharmacyId = pharmacyForRead(principal, args.pharmacyId);
  if (pharmacyId) filters.push(eq(destructions.pharmacyId, pharmacyId));
  if (args.medicationCode) filters.push(eq(destructions.medicationCode, args.medicationCode));
  if (args.source) filters.push(eq(destructions.source, args.source));
  if (args.dateFrom) filters.push(gte(destructions.createdAt, args.dateFrom));
  if (args.dateTo) filters.push(lt(destructions.createdAt, args.dateTo));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(destructions).where(where).orderBy(desc(destructions.createdAt), desc(destructions.destructionNumber)).limit(w.limit).offset(w.offset),
    db.select({ total: count() }).from(destructions).where(where),
  ]);
  return toPage(rows, total, w);
}

export async function listQuarantine(db: Db, principal: Principal, args: Partial<PageArgs> & { pharmacyId?: string | null; status?: string | null; medicationCode?: string | null }): Promise<Page<QuarantineRecord>> {
  const w = pageWindow(args);
  assertOneOf("status", args.status, QUARANTINE_STATUSES);
  const filters: SQL[] = [];
  const pharmacyId = pharmacyForRead(principal, args.pharmacyId);
  if (pharmacyId) filters.push(eq(quarantineRecords.pharmacyId, pharmacyId));
  if (args.status) filters.push(eq(quarantineRecords.status, args.status));
  if (args.medicationCode) filters.push(eq(quarantineRecords.medicationCode, args.medicationCode));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(quarantineRecords).where(where).orderBy(desc(quarantineRecords.createdAt), desc(quarantineRecords.id)).limit(w.limit).offset(w.offset),
    db.select({ total: count() }).from(quarantineRecords).where(where),
  ]);
  return toPage(rows, total, w);
}

/**
 * Spec workflow 4, "drug destruction for expired or unusable drugs", witnessed, in one database
 * transaction: from stock, a `destruction` movement drawing the named batch (409 when it holds fewer
 * units) and, for a controlled medicine, the register's `destruction` entry (409 when the register's
 * balance is short); from quarantine, the record marked destroyed (409 when it already is; its units are
 * outside stock, so no movement). Honours Idempotency-Key.
 */
export async function createDestruction(db: Db, principal: Principal, input: CreateDestructionInput, idempotencyKey?: string): Promise<Destruction> {
  const idempotent = { key: idempotencyKey, principal: principal.sub, operation: "createDestruction", request: { ...input } };
  const replay = await completedResult<Destruction>(db, idempotencyKeys, idempotent);
  if (replay) return replay.response;
  const errors = new FieldErrorCollector();
  if (!input.reason.trim()) errors.add("reason", "must not be blank");
  if (!input.method.trim()) errors.add("method", "must not be blank");
  if (!input.witness.trim()) errors.add("witness", "is required for a destruction");
  else {
    const sameAsRecorder = witnessProblem(input.witness, [principal.sub]);
    if (sameAsRecorder) errors.add("witness", sameAsRecorder);
  }
  const fromQuarantine = Boolean(input.quarantineId);
  if (fromQuarantine && (input.inventoryItem || input.medicationCode || input.batchId || input.lotNumber || input.quantity !== undefined)) {
    errors.add("quarantineId", "a quarantine record is destroyed whole: do not name stock, batch or quantity");
  }
  if (!fromQuarantine && (!Number.isInteger(input.quantity) || input.quantity! < 1)) errors.add("quantity", "must be an integer greater than zero");
  errors.throwIfAny("Invalid destruction");
  const pharmacy = await pharmacyForWrite(db, principal, input.pharmacyId);
  const base = { pharmacyId: pharmacy.id, reason: input.reason.trim(), method: input.method.trim(), witness: input.witness.trim(), destroyedBy: principal.sub };

  if (fromQuarantine) {
    if (!isUuid(input.quarantineId!)) throw fieldError("quarantineId", "no such quarantine record");
    return onceInTransaction(db, idempotencyKeys, idempotent, async (tx) => {
      const [q] = await tx.select().from(quarantineRecords).where(eq(quarantineRecords.id, input.quarantineId!)).for("update");
      if (!q || q.pharmacyId !== pharmacy.id) throw fieldError("quarantineId", "no such quarantine record in this pharmacy");
      if (q.status !== "quarantined") throw conflict("This quarantine record was destroyed already");
      const destructionNumber = await nextReturnsNumber(tx, "ds", pharmacy);
      const [row] = await tx
        .insert(destructions)
        .values({ ...base, destructionNumber, source: "quarantine", quarantineId: q.id, inventoryItemId: q.inventoryItemId, medicationCode: q.medicationCode, lotNumber: q.lotNumber, expiryDate: q.expiryDate, quantity: q.quantity })
        .returning();
      await tx.update(quarantineRecords).set({ status: "destroyed", destructionId: row.id }).where(eq(quarantineRecords.id, q.id));
      return row;
    });
  }

  if (!input.inventoryItem && !input.medicationCode) throw badRequest("Name what is destroyed", { quarantineId: ["name a quarantine record, or the stock (inventory_item or medication_code) and its batch"] });
  const { item, batch } = await stockAndBatch(db, pharmacy.id, input);
  const controlled = item.medicationCode ? medicationByCode(item.medicationCode)?.controlled : false;
  return onceInTransaction(db, idempotencyKeys, idempotent, async (tx) => {
    const destructionNumber = await nextReturnsNumber(tx, "ds", pharmacy);
    const id = crypto.randomUUID();
    // The register before the stock, the order every controlled write takes (a dispense of the same drug would deadlock).
    if (controlled) await lockControlledBalances(tx, pharmacy.id, [item.medicationCode!]);
    try {
      const [m] = await applyStockChanges(tx, [
        {
          pharmacyId: pharmacy.id,
          stock: { inventoryItemId: item.id },
          quantity: -input.quantity!,
          movementType: "destruction",
          batchId: batch.id,
          referenceType: "destruction",
          referenceId: id,
          notes: `${destructionNumber}: ${base.method}, witnessed by ${base.witness}: ${base.reason}`,
          createdBy: principal.sub,
        },
      ]);
      const entry = controlled
        ? await recordControlledEntry(tx, {
            pharmacyId: pharmacy.id,
            medicationCode: item.medicationCode!,
            transactionType: "destruction",
            quantity: -input.quantity!,
            recordedBy: principal.sub,
            witness: base.witness,
            referenceType: "destruction",
            referenceId: id,
            notes: `${destructionNumber}: lot ${batch.lotNumber ?? "-"}, ${base.method}: ${base.reason}`,
          })
        : null;
      const [row] = await tx
        .insert(destructions)
        .values({ ...base, id, destructionNumber, source: "stock", inventoryItemId: item.id, medicationCode: item.medicationCode, batchId: batch.id, lotNumber: batch.lotNumber, expiryDate: batch.expiryDate, quantity: input.quantity!, stockMovementId: m.id, controlledEntryId: entry?.id ?? null })
        .returning();
      return row;
    } catch (err) {
      if (err instanceof InsufficientStock) throw conflict(`The batch holds ${err.available} unit(s); ${err.requested} cannot be destroyed`);
      if (err instanceof ControlledBalanceError) throw conflict(`Controlled register: ${err.message}`);
      throw err;
    }
  });
}
