import { and, count, desc, eq, gte, inArray, lt, type SQL } from "drizzle-orm";
import type { Principal } from "../../../../lib/auth.js";
import type { Db } from "../../../../lib/db.js";
import { conflict, fieldError, FieldErrorCollector, notFound } from "../../../../lib/errors.js";
import { isUuid } from "../../../../lib/ids.js";
import { completedResult, onceInTransaction } from "../../../../lib/idempotency.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../../lib/pagination.js";
import { idempotencyKeys, purchaseOrders, supplierReturns, suppliers } from "../../db/tables.js";
import { ControlledBalanceError, lockControlledBalances, recordControlledEntry } from "../../drug-safety/controlled-register.service.js";
import { witnessProblem } from "../../drug-safety/witness.js";
import { applyStockChanges, InsufficientStock } from "../../inventory/ledger.js";
import { medicationByCode } from "../../inventory/medications/catalog.js";
import { findSupplier, pharmacyForRead, pharmacyForWrite } from "../../procurement/procurement-common.js";
import { nextReturnsNumber, stockAndBatch } from "../returns-common.js";
import type { CreateSupplierReturnInput, SupplierReturn } from "./supplier-return.type.js";

type Row = typeof supplierReturns.$inferSelect;

async function withSupplier(db: Db, rows: Row[]): Promise<SupplierReturn[]> {
  if (!rows.length) return [];
  const names = new Map((await db.select({ id: suppliers.id, name: suppliers.name }).from(suppliers).where(inArray(suppliers.id, [...new Set(rows.map((r) => r.supplierId))]))).map((s) => [s.id, s.name]));
  return rows.map((r) => ({ ...r, supplierName: names.get(r.supplierId)! }));
}

export async function getSupplierReturn(db: Db, principal: Principal, id: string): Promise<SupplierReturn> {
  if (!isUuid(id)) throw notFound("Supplier return", id);
  const [row] = await db.select().from(supplierReturns).where(eq(supplierReturns.id, id));
  if (!row || (principal.pharmacyId && row.pharmacyId !== principal.pharmacyId)) throw notFound("Supplier return", id);
  return (await withSupplier(db, [row]))[0];
}

export interface SupplierReturnFilters {
  pharmacyId?: string | null;
  supplier?: string | null;
  medicationCode?: string | null;
  purchaseOrder?: string | null;
  dateFrom?: Date | null;
  dateTo?: Date | null;
}

export async function listSupplierReturns(db: Db, principal: Principal, args: Partial<PageArgs> & SupplierReturnFilters): Promise<Page<SupplierReturn>> {
  const w = pageWindow(args);
  const filters: SQL[] = [];
  const pharmacyId = pharmacyForRead(principal, args.pharmacyId);
  if (pharmacyId) filters.push(eq(supplierReturns.pharmacyId, pharmacyId));
  if (args.supplier) {
    if (!isUuid(args.supplier)) throw fieldError("supplier", "must be a supplier id (UUID)");
    filters.push(eq(supplierReturns.supplierId, args.supplier));
  }
  if (args.purchaseOrder) {
    if (!isUuid(args.purchaseOrder)) throw fieldError("purchaseOrder", "must be a purchase order id (UUID)");
    filters.push(eq(supplierReturns.purchaseOrderId, args.purchaseOrder));
  }
  if (args.medicationCode) filters.push(eq(supplierReturns.medicationCode, args.medicationCode));
  if (args.dateFrom) filters.push(gte(supplierReturns.createdAt, args.dateFrom));
  if (args.dateTo) filters.push(lt(supplierReturns.createdAt, args.dateTo));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(supplierReturns).where(where).orderBy(desc(supplierReturns.createdAt), desc(supplierReturns.returnNumber)).limit(w.limit).offset(w.offset),
    db.select({ total: count() }).from(supplierReturns).where(where),
  ]);
  return toPage(await withSupplier(db, rows), total, w);
}

/**
 * Spec workflow 4, "supplier return if needed": units of one batch go back to the supplier, in one
 * database transaction: the record and a `supplier_return` movement drawing that batch (409 when it
 * holds fewer units; expired units may go back too) and, for a controlled medicine, the register's
 * witnessed `supplier_return` entry (witness required, 400; 409 when the register's balance is short),
 * as a destruction does. Honours Idempotency-Key.
 */
export async function createSupplierReturn(db: Db, principal: Principal, input: CreateSupplierReturnInput, idempotencyKey?: string): Promise<SupplierReturn> {
  const idempotent = { key: idempotencyKey, principal: principal.sub, operation: "createSupplierReturn", request: { ...input } };
  const replay = await completedResult<SupplierReturn>(db, idempotencyKeys, idempotent);
  if (replay) return replay.response;
  const errors = new FieldErrorCollector();
  if (!Number.isInteger(input.quantity) || input.quantity < 1) errors.add("quantity", "must be an integer greater than zero");
  if (!input.reason.trim()) errors.add("reason", "must not be blank");
  const witness = input.witness?.trim() || null;
  const sameAsRecorder = witness ? witnessProblem(witness, [principal.sub]) : null;
  if (sameAsRecorder) errors.add("witness", sameAsRecorder);
  const supplier = await findSupplier(db, input.supplier);
  if (!supplier) errors.add("supplier", "no such supplier (id or code)");
  errors.throwIfAny("Invalid supplier return");
  const pharmacy = await pharmacyForWrite(db, principal, input.pharmacyId);
  const { item, batch } = await stockAndBatch(db, pharmacy.id, input);
  const controlled = item.medicationCode ? medicationByCode(item.medicationCode) : undefined;
  if (controlled?.controlled && !witness) {
    throw fieldError("witness", `is required: ${controlled.genericName} is a controlled medicine, and units leaving custody are entered in the controlled register before a witness`);
  }
  if (input.purchaseOrder) {
    const [po] = isUuid(input.purchaseOrder) ? await db.select().from(purchaseOrders).where(eq(purchaseOrders.id, input.purchaseOrder)) : [];
    if (!po || po.pharmacyId !== pharmacy.id) throw fieldError("purchaseOrder", "no such purchase order of this pharmacy");
    if (po.supplierId !== supplier!.id) throw fieldError("purchaseOrder", "was placed with another supplier");
  }
  return onceInTransaction(db, idempotencyKeys, idempotent, async (tx) => {
    const returnNumber = await nextReturnsNumber(tx, "sr", pharmacy);
    const id = crypto.randomUUID();
    let movementId: string;
    let controlledEntryId: string | null = null;
    // The register before the stock, the order every controlled write takes (a dispense of the same drug would deadlock).
    if (controlled?.controlled) await lockControlledBalances(tx, pharmacy.id, [item.medicationCode!]);
    try {
      const [m] = await applyStockChanges(tx, [
        {
          pharmacyId: pharmacy.id,
          stock: { inventoryItemId: item.id },
          quantity: -input.quantity,
          movementType: "supplier_return",
          batchId: batch.id,
          referenceType: "supplier_return",
          referenceId: id,
          notes: `${returnNumber} to ${supplier!.code}: ${input.reason.trim()}`,
          createdBy: principal.sub,
        },
      ]);
      movementId = m.id;
      if (controlled?.controlled) {
        const entry = await recordControlledEntry(tx, {
          pharmacyId: pharmacy.id,
          medicationCode: item.medicationCode!,
          transactionType: "supplier_return",
          quantity: -input.quantity,
          recordedBy: principal.sub,
          witness,
          referenceType: "supplier_return",
          referenceId: id,
          notes: `${returnNumber} to ${supplier!.code}: lot ${batch.lotNumber ?? "-"}: ${input.reason.trim()}`,
        });
        controlledEntryId = entry.id;
      }
    } catch (err) {
      if (err instanceof InsufficientStock) throw conflict(`The batch holds ${err.available} unit(s); ${err.requested} cannot go back`);
      if (err instanceof ControlledBalanceError) throw conflict(`Controlled register: ${err.message}`);
      throw err;
    }
    const [row] = await tx
      .insert(supplierReturns)
      .values({
        id,
        returnNumber,
        pharmacyId: pharmacy.id,
        supplierId: supplier!.id,
        purchaseOrderId: input.purchaseOrder ?? null,
        inventoryItemId: item.id,
        medicationCode: item.medicationCode,
        batchId: batch.id,
        lotNumber: batch.lotNumber,
        expiryDate: batch.expiryDate,
        quantity: input.quantity,
        reason: input.reason.trim(),
        stockMovementId: movementId,
        witness,
        controlledEntryId,
        createdBy: principal.sub,
      })
      .returning();
    return { ...row, supplierName: supplier!.name };
  });
}
