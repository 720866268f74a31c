import { and, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { Principal } from "../../../../lib/auth.js";
import { assertPharmacyAccess } from "../../../../lib/context.js";
import type { Db } from "../../../../lib/db.js";
import { fieldError } from "../../../../lib/errors.js";
import { isUuid } from "../../../../lib/ids.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../../lib/pagination.js";
import { prescriptionRefills, prescriptions } from "../../db/tables.js";
import { kampalaToday, sellableStock } from "../../inventory/ledger.js";
import { fillStatusOf, itemOnFill, itemsOfFill, OPEN_PRESCRIPTION_STATUSES, OPEN_REFILL_STATUSES } from "../fill/fill.js";
import { itemsOfPrescriptions, toPrescription, type PrescriptionRow } from "../prescription/prescription.service.js";
import type { DispenseQueueEntry } from "./queue.type.js";

export interface QueueFilters {
  pharmacyId?: string | null;
  patientUhid?: string | null;
  inStock?: boolean | null;
  dateFrom?: Date | null;
  dateTo?: Date | null;
}

/** With `in_stock`, the queue is filtered after the stock check: at most this many oldest fills are looked at. */
const IN_STOCK_SCAN_LIMIT = 2000;

interface WaitingFill {
  prescriptionId: string;
  refillId: string | null;
  fillNumber: number;
  /** The fill's stored status (the prescription's or the refill's). */
  status: string;
  waitingSince: Date;
}

/**
 * Workflow 2, "read the queue": fills waiting to be dispensed — pending and partially dispensed
 * prescriptions (any pharmacy's patient: the marketplace) and requested and partially dispensed
 * refills — of prescriptions that have not expired, oldest first, each item with what is still owed and
 * this pharmacy's sellable stock.
 * Pharmacists see the patient's identity through the entry's prescription only.
 */
export async function dispenseQueue(db: Db, principal: Principal, args: Partial<PageArgs> & QueueFilters): Promise<Page<DispenseQueueEntry>> {
  const w = pageWindow(args);
  if (args.pharmacyId && !isUuid(args.pharmacyId)) throw fieldError("pharmacyId", "must be a pharmacy id (UUID)");
  if (args.pharmacyId) assertPharmacyAccess(principal, args.pharmacyId);
  const pharmacyId = args.pharmacyId ?? principal.pharmacyId;
  if (!pharmacyId) throw fieldError("pharmacyId", "is required: the queue shows one pharmacy's stock");

  // An expired prescription cannot be dispensed (409): its fills are not offered (docs/decisions/pharmacy.md, "Prescription validity").
  const today = kampalaToday();
  const pending: SQL[] = [inArray(prescriptions.status, OPEN_PRESCRIPTION_STATUSES), gte(prescriptions.validUntil, today)];
  const refills: SQL[] = [inArray(prescriptionRefills.status, OPEN_REFILL_STATUSES), eq(prescriptions.status, "dispensed"), gte(prescriptions.validUntil, today)];
  if (args.patientUhid) {
    pending.push(eq(prescriptions.patientUhid, args.patientUhid));
    refills.push(eq(prescriptions.patientUhid, args.patientUhid));
  }
  if (args.dateFrom) {
    pending.push(gte(prescriptions.issuedAt, args.dateFrom));
    refills.push(gte(prescriptionRefills.requestedAt, args.dateFrom));
  }
  if (args.dateTo) {
    pending.push(lt(prescriptions.issuedAt, args.dateTo));
    refills.push(lt(prescriptionRefills.requestedAt, args.dateTo));
  }
  const fills = db
    .select({
      prescriptionId: prescriptions.id,
      refillId: sql<string | null>`null::uuid`.as("refill_id"),
      fillNumber: sql<number>`0`.as("fill_number"),
      status: sql<string>`${prescriptions.status}`.as("status"),
      waitingSince: sql<Date>`${prescriptions.issuedAt}`.as("waiting_since"),
    })
    .from(prescriptions)
    .where(and(...pending))
    .unionAll(
      db
        .select({
          prescriptionId: prescriptionRefills.prescriptionId,
          refillId: prescriptionRefills.id,
          fillNumber: prescriptionRefills.number,
          status: prescriptionRefills.status,
          waitingSince: prescriptionRefills.requestedAt,
        })
        .from(prescriptionRefills)
        .innerJoin(prescriptions, eq(prescriptions.id, prescriptionRefills.prescriptionId))
        .where(and(...refills)),
    );
  const ordered = sql`waiting_since asc, id asc, fill_number asc`;
  if (args.inStock == null) {
    const [rows, [{ total }]] = await Promise.all([
      db.select().from(fills.as("fills")).orderBy(ordered).limit(w.limit).offset(w.offset),
      db.select({ total: sql<number>`count(*)::int` }).from(fills.as("fills")),
    ]);
    return toPage(await entriesWithStock(db, pharmacyId, rows.map(toWaiting)), Number(total), w);
  }
  const all = await entriesWithStock(db, pharmacyId, (await db.select().from(fills.as("fills")).orderBy(ordered).limit(IN_STOCK_SCAN_LIMIT)).map(toWaiting));
  const matching = all.filter((e) => e.inStock === args.inStock);
  return toPage(matching.slice(w.offset, w.offset + w.limit), matching.length, w);
}

function toWaiting(r: { prescriptionId: string; refillId: string | null; fillNumber: number; status: string; waitingSince: Date | string }): WaitingFill {
  return { prescriptionId: r.prescriptionId, refillId: r.refillId, fillNumber: Number(r.fillNumber), status: r.status, waitingSince: new Date(r.waitingSince) };
}

async function entriesWithStock(db: Db, pharmacyId: string, fills: WaitingFill[]): Promise<DispenseQueueEntry[]> {
  if (!fills.length) return [];
  const ids = [...new Set(fills.map((f) => f.prescriptionId))];
  const rows = new Map<string, PrescriptionRow>((await db.select().from(prescriptions).where(inArray(prescriptions.id, ids))).map((r) => [r.id, r]));
  const items = await itemsOfPrescriptions(db, ids);
  const codes = [...new Set([...items.values()].flat().map((i) => i.medicationCode).filter((c): c is string => Boolean(c)))];
  const stock = await sellableStock(db, pharmacyId, codes);
  return fills.map((f) => {
    const all = items.get(f.prescriptionId)!;
    const fillItems = itemsOfFill(all, f.fillNumber).map((i) => {
      const item = itemOnFill(i, f.fillNumber);
      const available = i.medicationCode ? (stock.get(i.medicationCode) ?? 0) : 0;
      return { ...item, available, inStock: available >= item.quantityOwed };
    });
    return {
      prescription: toPrescription(rows.get(f.prescriptionId)!, all),
      fillNumber: f.fillNumber,
      refillId: f.refillId,
      status: fillStatusOf(f.status),
      waitingSince: f.waitingSince,
      items: fillItems,
      inStock: fillItems.some((i) => i.quantityOwed > 0) && fillItems.every((i) => i.inStock),
    };
  });
}
