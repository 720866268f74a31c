import { and, asc, count, eq, getTableColumns, ilike, or, type SQL } from "drizzle-orm";
import type { Db } from "../../../../lib/db.js";
import { conflict, FieldErrorCollector, fieldError, notFound } from "../../../../lib/errors.js";
import { isUuid } from "../../../../lib/ids.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../../lib/pagination.js";
import { supplierMedications, suppliers } from "../../db/tables.js";
import { findSupplier, likeTerm, medicationCodeProblem } from "../procurement-common.js";
import type { CreateSupplierMedicationInput, SupplierMedication, UpdateSupplierMedicationInput } from "./supplier-medication.type.js";

const selection = { ...getTableColumns(supplierMedications), supplierName: suppliers.name };

export interface SupplierMedicationFilters {
  supplier?: string | null;
  medicationCode?: string | null;
  /** Part of the supplier's product name or the supplier's name (case-insensitive). */
  search?: string | null;
  isActive?: boolean | null;
}

/** The supplier catalog by medication code, then cheapest first. */
export async function listSupplierMedications(db: Db, args: Partial<PageArgs> & SupplierMedicationFilters): Promise<Page<SupplierMedication>> {
  const w = pageWindow(args);
  const filters: SQL[] = [];
  if (args.supplier) {
    if (!isUuid(args.supplier)) throw fieldError("supplier", "must be a supplier id (UUID)");
    filters.push(eq(supplierMedications.supplierId, args.supplier));
  }
  if (args.medicationCode) filters.push(eq(supplierMedications.medicationCode, args.medicationCode.trim()));
  if (args.search) filters.push(or(ilike(supplierMedications.productName, likeTerm(args.search)), ilike(suppliers.name, likeTerm(args.search)))!);
  if (args.isActive !== null && args.isActive !== undefined) filters.push(eq(supplierMedications.isActive, args.isActive));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(selection)
      .from(supplierMedications)
      .innerJoin(suppliers, eq(suppliers.id, supplierMedications.supplierId))
      .where(where)
      .orderBy(asc(supplierMedications.medicationCode), asc(supplierMedications.unitPrice), asc(supplierMedications.id))
      .limit(w.limit)
      .offset(w.offset),
    db.select({ total: count() }).from(supplierMedications).innerJoin(suppliers, eq(suppliers.id, supplierMedications.supplierId)).where(where),
  ]);
  return toPage(rows, total, w);
}

export async function getSupplierMedication(db: Db, id: string): Promise<SupplierMedication> {
  if (!isUuid(id)) throw notFound("Supplier medication", id);
  const [row] = await db.select(selection).from(supplierMedications).innerJoin(suppliers, eq(suppliers.id, supplierMedications.supplierId)).where(eq(supplierMedications.id, id));
  if (!row) throw notFound("Supplier medication", id);
  return row;
}

/** Adds a medication to a supplier's catalog; a second row for the same supplier and medication is 409. */
export async function createSupplierMedication(db: Db, input: CreateSupplierMedicationInput): Promise<SupplierMedication> {
  const errors = new FieldErrorCollector();
  const codeProblem = medicationCodeProblem(input.medicationCode.trim());
  if (codeProblem) errors.add("medicationCode", codeProblem);
  if (input.unitPrice.lte(0)) errors.add("unitPrice", "must be greater than zero");
  if (input.unitPrice.decimalPlaces() > 2) errors.add("unitPrice", "must have at most two decimal places");
  if (!/^[A-Z]{3}$/.test(input.currency)) errors.add("currency", "must be an ISO 4217 code such as UGX");
  const supplier = await findSupplier(db, input.supplier);
  if (!supplier) errors.add("supplier", "no such supplier");
  errors.throwIfAny("Invalid supplier medication");
  const medicationCode = input.medicationCode.trim();
  const [row] = await db
    .insert(supplierMedications)
    .values({
      supplierId: supplier!.id,
      medicationCode,
      productName: input.productName.trim(),
      unitPrice: input.unitPrice.toFixed(2),
      currency: input.currency,
      packSize: input.packSize,
      leadTimeDays: input.leadTimeDays,
      minimumOrderQuantity: input.minimumOrderQuantity,
      isActive: input.isActive ?? true,
    })
    .onConflictDoNothing({ target: [supplierMedications.supplierId, supplierMedications.medicationCode] })
    .returning({ id: supplierMedications.id });
  if (!row) throw conflict(`Supplier ${supplier!.code} already lists medication ${medicationCode}`);
  return getSupplierMedication(db, row.id);
}

/** A new price or terms for an existing catalog row (the supplier and medication never change). */
export async function updateSupplierMedication(db: Db, id: string, input: UpdateSupplierMedicationInput): Promise<SupplierMedication> {
  await getSupplierMedication(db, id);
  const errors = new FieldErrorCollector();
  if (input.unitPrice) {
    if (input.unitPrice.lte(0)) errors.add("unitPrice", "must be greater than zero");
    if (input.unitPrice.decimalPlaces() > 2) errors.add("unitPrice", "must have at most two decimal places");
  }
  errors.throwIfAny("Invalid supplier medication");
  const set = Object.fromEntries(
    Object.entries({
      productName: input.productName?.trim(),
      unitPrice: input.unitPrice?.toFixed(2),
      packSize: input.packSize,
      leadTimeDays: input.leadTimeDays,
      minimumOrderQuantity: input.minimumOrderQuantity,
      isActive: input.isActive,
    }).filter(([, v]) => v !== undefined && v !== null),
  );
  if (Object.keys(set).length) await db.update(supplierMedications).set(set).where(eq(supplierMedications.id, id));
  return getSupplierMedication(db, id);
}
