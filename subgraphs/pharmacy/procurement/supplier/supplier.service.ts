import { and, asc, count, eq, ilike, or, type SQL } from "drizzle-orm";
import type { Db } from "../../../../lib/db.js";
import { conflict, notFound } from "../../../../lib/errors.js";
import { isUuid } from "../../../../lib/ids.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../../lib/pagination.js";
import { phoneField, type PhoneRegion } from "../../../../lib/phone.js";
import { suppliers } from "../../db/tables.js";
import { likeTerm } from "../procurement-common.js";
import type { CreateSupplierInput, Supplier, UpdateSupplierInput } from "./supplier.type.js";

export interface SupplierFilters {
  /** Part of the name or code (case-insensitive). */
  search?: string | null;
  isActive?: boolean | null;
  district?: string | null;
}

/** Suppliers by name. */
export async function listSuppliers(db: Db, args: Partial<PageArgs> & SupplierFilters): Promise<Page<Supplier>> {
  const w = pageWindow(args);
  const filters: SQL[] = [];
  if (args.search) filters.push(or(ilike(suppliers.name, likeTerm(args.search)), ilike(suppliers.code, likeTerm(args.search)))!);
  if (args.isActive !== null && args.isActive !== undefined) filters.push(eq(suppliers.isActive, args.isActive));
  if (args.district) filters.push(ilike(suppliers.district, args.district.replace(/[\\%_]/g, (c) => `\\${c}`)));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(suppliers).where(where).orderBy(asc(suppliers.name), asc(suppliers.id)).limit(w.limit).offset(w.offset),
    db.select({ total: count() }).from(suppliers).where(where),
  ]);
  return toPage(rows, total, w);
}

export async function getSupplier(db: Db, id: string): Promise<Supplier> {
  if (!isUuid(id)) throw notFound("Supplier", id);
  const [row] = await db.select().from(suppliers).where(eq(suppliers.id, id));
  if (!row) throw notFound("Supplier", id);
  return row;
}

/**
 * A supplier's phone in E.164, like every phone of the service ("0414 100 001" → "+256414100001"), so
 * one number is one spelling; a number outside the numbering plan is a 400 naming the field. Suppliers
 * are offices, so the example is a landline.
 */
const supplierPhone = (phone: string | null | undefined, defaultRegion: PhoneRegion) => phoneField(phone, "phone", { defaultRegion, message: "must be a phone number, e.g. +256414100001 or 0414 100 001" });

/** Creates a supplier; its code is unique (409), compared without regard to case. */
export async function createSupplier(db: Db, input: CreateSupplierInput, phoneRegion: PhoneRegion): Promise<Supplier> {
  const code = input.code.trim().toUpperCase();
  const phone = supplierPhone(input.phone, phoneRegion) ?? null;
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [taken] = await tx.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.code, code));
    if (taken) throw conflict(`Supplier code ${code} is already used by supplier ${taken.id}`);
    const inserted = await tx
      .insert(suppliers)
      .values({
        code,
        name: input.name.trim(),
        phone,
        email: input.email?.trim() ?? null,
        district: input.district?.trim() ?? null,
        address: input.address?.trim() ?? null,
        licenceNumber: input.licenceNumber?.trim() ?? null,
        isActive: input.isActive ?? true,
      })
      .onConflictDoNothing({ target: suppliers.code })
      .returning();
    // Two creates racing for one code: the loser inserts nothing.
    if (!inserted.length) throw conflict(`Supplier code ${code} is already taken`);
    return inserted[0];
  });
}

/** Changes a supplier's details or deactivates it; its orders keep pointing at it. */
export async function updateSupplier(db: Db, id: string, input: UpdateSupplierInput, phoneRegion: PhoneRegion): Promise<Supplier> {
  await getSupplier(db, id);
  const set = Object.fromEntries(
    Object.entries({ name: input.name, phone: supplierPhone(input.phone, phoneRegion), email: input.email, district: input.district, address: input.address, licenceNumber: input.licenceNumber, isActive: input.isActive })
      .filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => [k, typeof v === "string" ? v.trim() : v]),
  );
  if (!Object.keys(set).length) return getSupplier(db, id);
  const [row] = await db.update(suppliers).set(set).where(eq(suppliers.id, id)).returning();
  return row;
}
