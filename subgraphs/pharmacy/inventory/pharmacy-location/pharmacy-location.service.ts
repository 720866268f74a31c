import { and, asc, count, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../../../lib/db.js";
import { notFound } from "../../../../lib/errors.js";
import { isUuid } from "../../../../lib/ids.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../../lib/pagination.js";
import { pharmacies } from "../../db/tables.js";
import type { PharmacyLocation } from "./pharmacy-location.type.js";

export async function listPharmacies(db: Db, args: Partial<PageArgs> & { district?: string | null }): Promise<Page<PharmacyLocation>> {
  const w = pageWindow(args);
  const filters: SQL[] = [];
  if (args.district) filters.push(eq(pharmacies.district, args.district));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(pharmacies).where(where).orderBy(asc(pharmacies.code)).limit(w.limit).offset(w.offset),
    db.select({ total: count() }).from(pharmacies).where(where),
  ]);
  return toPage(rows, total, w);
}

export async function getPharmacy(db: Db, id: string): Promise<PharmacyLocation> {
  if (!isUuid(id)) throw notFound("Pharmacy", id);
  const [row] = await db.select().from(pharmacies).where(eq(pharmacies.id, id));
  if (!row) throw notFound("Pharmacy", id);
  return row;
}
