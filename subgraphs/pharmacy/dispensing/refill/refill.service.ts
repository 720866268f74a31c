import { and, count, desc, eq, inArray, max, type SQL } from "drizzle-orm";
import { onlyAsPatient } from "../../../../lib/access.js";
import type { Principal } from "../../../../lib/auth.js";
import { assertPatientAccess } from "../../../../lib/context.js";
import type { Db } from "../../../../lib/db.js";
import { conflict, fieldError, notFound } from "../../../../lib/errors.js";
import { isUuid } from "../../../../lib/ids.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../../lib/pagination.js";
import { prescriptionItems, prescriptionRefills, prescriptions } from "../../db/tables.js";
import { OPEN_REFILL_STATUSES } from "../fill/fill.js";
import { assertRefillDue } from "./refill-timing.js";
import { assertPrescriptionValid } from "../prescription/prescription-validity.js";
import type { PrescriptionRefill, RequestRefillInput } from "./refill.type.js";

type RefillRow = typeof prescriptionRefills.$inferSelect;

async function refillsAllowedOf(db: Db, prescriptionId: string): Promise<number> {
  const [{ allowed }] = await db.select({ allowed: max(prescriptionItems.refillsAllowed) }).from(prescriptionItems).where(eq(prescriptionItems.prescriptionId, prescriptionId));
  return allowed ?? 0;
}

function toRefill(r: RefillRow, patientUhid: string, refillsAllowed: number): PrescriptionRefill {
  return { ...r, patientUhid, refillsAllowed };
}

/**
 * Asks for the next refill of a dispensed prescription. Under a lock on the prescription: its current
 * fill must be complete or closed short (409 while pending or partially dispensed, or when cancelled:
 * a refill on top of units still owed would count a fill the patient has not had), and the next number
 * may not exceed the refills its items allow (409), the prescription must not have expired (409 naming the
 * moment, `assertPrescriptionValid`), and most of the previous fill must have been used
 * (409 "refill too soon" naming the earliest date, `assertRefillDue`). The refill then waits in the dispensing queue, and
 * the items count what it gives from 0; any participating pharmacy may dispense it, in one or more parts.
 */
export async function requestRefill(db: Db, principal: Principal, input: RequestRefillInput): Promise<PrescriptionRefill> {
  if (!isUuid(input.prescriptionId)) throw notFound("Prescription", input.prescriptionId);
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [p] = await tx.select().from(prescriptions).where(eq(prescriptions.id, input.prescriptionId)).for("update");
    if (!p) throw notFound("Prescription", input.prescriptionId);
    assertPatientAccess(principal, p.patientUhid, "prescriptions:refill");
    if (p.status === "pending") throw conflict("This prescription has not been dispensed yet: dispense it first; a refill follows a dispense");
    if (p.status === "partially_dispensed") throw conflict(stillOwed("The prescription's first fill", p.id));
    if (p.status === "cancelled") throw conflict("This prescription is cancelled");
    assertPrescriptionValid(p, "refilled");
    const [open] = await tx
      .select()
      .from(prescriptionRefills)
      .where(and(eq(prescriptionRefills.prescriptionId, p.id), inArray(prescriptionRefills.status, OPEN_REFILL_STATUSES)));
    if (open?.status === "requested") throw conflict(`Refill ${open.number} of this prescription is still waiting to be dispensed`);
    if (open) throw conflict(stillOwed(`Refill ${open.number} of this prescription`, p.id));
    const allowed = await refillsAllowedOf(tx, p.id);
    const [{ last }] = await tx.select({ last: max(prescriptionRefills.number) }).from(prescriptionRefills).where(eq(prescriptionRefills.prescriptionId, p.id));
    const number = (last ?? 0) + 1;
    if (number > allowed) throw conflict(allowed === 0 ? "This prescription allows no refills" : `All ${allowed} refills of this prescription have been requested`);
    await assertRefillDue(tx, p.id, number, await tx.select().from(prescriptionItems).where(eq(prescriptionItems.prescriptionId, p.id)));
    const [row] = await tx.insert(prescriptionRefills).values({ prescriptionId: p.id, number, requestedBy: principal.sub, notes: input.notes?.trim() || null }).returning();
    await tx.update(prescriptions).set({ openRefillNumber: number }).where(eq(prescriptions.id, p.id));
    await tx.update(prescriptionItems).set({ quantityDispensed: 0 }).where(eq(prescriptionItems.prescriptionId, p.id));
    return toRefill(row, p.patientUhid, allowed);
  });
}

const stillOwed = (fill: string, prescriptionId: string) =>
  `${fill} is partially dispensed: dispense what it still owes, or close it short (POST /api/v1/pharmacy/dispensing/prescriptions/${prescriptionId}/close-fill/), before requesting a refill`;

export interface RefillFilters {
  prescriptionId?: string | null;
  status?: string | null;
  patientUhid?: string | null;
}

/** Refills, newest first; a patient sees only their own. */
export async function listRefills(db: Db, principal: Principal, args: Partial<PageArgs> & RefillFilters): Promise<Page<PrescriptionRefill>> {
  const w = pageWindow(args);
  const filters: SQL[] = [];
  if (args.prescriptionId) {
    if (!isUuid(args.prescriptionId)) throw fieldError("prescriptionId", "must be a prescription id (UUID)");
    filters.push(eq(prescriptionRefills.prescriptionId, args.prescriptionId));
  }
  if (args.status) filters.push(eq(prescriptionRefills.status, args.status));
  if (args.patientUhid) {
    assertPatientAccess(principal, args.patientUhid, "prescriptions:refill");
    filters.push(eq(prescriptions.patientUhid, args.patientUhid));
  } else if (onlyAsPatient(principal.roles, ["prescriptions:refill"])) {
    filters.push(eq(prescriptions.patientUhid, principal.sub));
  }
  const where = filters.length ? and(...filters) : undefined;
  const base = () => db.select().from(prescriptionRefills).innerJoin(prescriptions, eq(prescriptions.id, prescriptionRefills.prescriptionId));
  const [rows, [{ total }]] = await Promise.all([
    base().where(where).orderBy(desc(prescriptionRefills.requestedAt), desc(prescriptionRefills.id)).limit(w.limit).offset(w.offset),
    db.select({ total: count() }).from(prescriptionRefills).innerJoin(prescriptions, eq(prescriptions.id, prescriptionRefills.prescriptionId)).where(where),
  ]);
  const out: PrescriptionRefill[] = [];
  for (const r of rows) out.push(toRefill(r.prescription_refills, r.prescriptions.patientUhid, await refillsAllowedOf(db, r.prescriptions.id)));
  return toPage(out, total, w);
}
