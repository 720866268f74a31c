import { and, asc, count, desc, eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import { onlyAsPatient } from "../../../../lib/access.js";
import type { Principal } from "../../../../lib/auth.js";
import { assertPatientAccess, type SubgraphContext } from "../../../../lib/context.js";
import type { Db } from "../../../../lib/db.js";
import { FieldErrorCollector, notFound } from "../../../../lib/errors.js";
import { isCalendarDate } from "../../../../lib/calendar.js";
import { kampalaToday } from "../../inventory/ledger.js";
import { isUuid } from "../../../../lib/ids.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../../lib/pagination.js";
import { preparedRead } from "../../../../lib/prepared.js";
import { listsByKey } from "../../../../lib/request-loader.js";
import { prescriptionItems, prescriptions } from "../../db/tables.js";
import { itemOnFill, openFillNumber } from "../fill/fill.js";
import { prescribableFacts } from "../knowledge.js";
import { assertPatientRegistered } from "../patient-registry.js";
import { defaultValidUntil, expiresAtOf, isExpiredOn } from "./prescription-validity.js";
import type { CreatePrescriptionInput, Prescription, PrescriptionItem } from "./prescription.type.js";

export type PrescriptionRow = typeof prescriptions.$inferSelect;
export type PrescriptionItemRow = typeof prescriptionItems.$inferSelect;

/** Most items one prescription may carry. */
const MAX_ITEMS = 20;
/** Most units of one item per fill, and most refills: beyond these a prescription is a typo. */
const MAX_QUANTITY = 10_000;
const MAX_REFILLS = 12;

export function toPrescription(row: PrescriptionRow, items: PrescriptionItemRow[]): Prescription {
  const openFill = openFillNumber(row);
  const list: PrescriptionItem[] = items.map((i) => ({ ...itemOnFill(i, openFill), refillsAllowed: i.refillsAllowed }));
  const first = list[0];
  return {
    id: row.id,
    patientUhid: row.patientUhid,
    prescriber: row.prescriber,
    items: list,
    medicationCode: first?.medicationCode ?? null,
    medicationName: first?.medicationName ?? "",
    dose: first?.dose ?? "",
    frequency: first?.frequency ?? "",
    quantity: first?.quantity ?? 0,
    refillsAllowed: Math.max(0, ...list.map((i) => i.refillsAllowed)),
    status: row.status,
    notes: row.notes,
    issuedAt: row.issuedAt,
    validUntil: row.validUntil,
    expiresAt: expiresAtOf(row.validUntil),
    expired: isExpiredOn(row.validUntil),
  };
}

/** Items of several prescriptions, each list in the prescriber's order. */
export async function itemsOfPrescriptions(db: Db, ids: string[]): Promise<Map<string, PrescriptionItemRow[]>> {
  if (!ids.length) return new Map();
  const rows = await db.select().from(prescriptionItems).where(inArray(prescriptionItems.prescriptionId, ids)).orderBy(asc(prescriptionItems.prescriptionId), asc(prescriptionItems.position));
  return itemsByPrescription(ids, rows);
}

/** `rows` grouped by prescription, in their order: a list for each of `ids` (empty when it has none); rows of other prescriptions are left out. */
function itemsByPrescription(ids: string[], rows: PrescriptionItemRow[]): Map<string, PrescriptionItemRow[]> {
  const out = new Map<string, PrescriptionItemRow[]>(ids.map((id) => [id, []]));
  for (const r of rows) out.get(r.prescriptionId)?.push(r);
  return out;
}

export async function withItems(db: Db, rows: PrescriptionRow[]): Promise<Prescription[]> {
  const items = await itemsOfPrescriptions(db, rows.map((r) => r.id));
  return rows.map((r) => toPrescription(r, items.get(r.id)!));
}

export async function getPrescriptionRow(db: Db, id: string): Promise<PrescriptionRow> {
  if (!isUuid(id)) throw notFound("Prescription", id);
  const [row] = await db.select().from(prescriptions).where(eq(prescriptions.id, id));
  if (!row) throw notFound("Prescription", id);
  return row;
}

/** One prescription; a patient sees only their own (403 otherwise). */
export async function getPrescription(db: Db, principal: Principal, id: string): Promise<Prescription> {
  const row = await getPrescriptionRow(db, id);
  assertPatientAccess(principal, row.patientUhid, "prescriptions:read");
  return (await withItems(db, [row]))[0];
}

export interface PrescriptionFilters {
  patientUhid?: string | null;
  status?: string | null;
}

const prescriptionRowsOfPatient = preparedRead((db) =>
  db.select().from(prescriptions).where(eq(prescriptions.patientUhid, sql.placeholder("uhid"))).orderBy(desc(prescriptions.issuedAt), desc(prescriptions.id)).prepare("prescriptions_of_patient"),
);
// The items of all of a patient's prescriptions in one fixed statement (itemsOfPrescriptions' list of ids changes its shape).
const itemRowsOfPatient = preparedRead((db) =>
  db
    .select(getTableColumns(prescriptionItems))
    .from(prescriptionItems)
    .innerJoin(prescriptions, eq(prescriptions.id, prescriptionItems.prescriptionId))
    .where(eq(prescriptions.patientUhid, sql.placeholder("uhid")))
    .orderBy(asc(prescriptionItems.prescriptionId), asc(prescriptionItems.position))
    .prepare("prescription_items_of_patient"),
);

/** A patient's prescriptions (the `Patient.prescriptions` field), newest first. */
export async function prescriptionsOfPatient(db: Db, uhid: string): Promise<Prescription[]> {
  const rows = await prescriptionRowsOfPatient(db, { uhid });
  if (!rows.length) return [];
  // Items of a prescription written between the two reads are left out, as that prescription is.
  const items = itemsByPrescription(rows.map((r) => r.id), await itemRowsOfPatient(db, { uhid }));
  return rows.map((r) => toPrescription(r, items.get(r.id)!));
}

/**
 * Each patient's prescriptions, newest first, in the order of `uhids` (`Patient.prescriptions` over
 * many patients at once, lib/request-loader.ts): one patient through the statements built once above,
 * several in two statements (their prescriptions, then those prescriptions' items).
 */
export async function prescriptionsOfPatients(db: Db, uhids: readonly string[]): Promise<Prescription[][]> {
  const distinct = [...new Set(uhids)];
  if (distinct.length === 1) {
    const one = await prescriptionsOfPatient(db, distinct[0]);
    return uhids.map(() => one);
  }
  const rows = await db.select().from(prescriptions).where(inArray(prescriptions.patientUhid, distinct)).orderBy(desc(prescriptions.issuedAt), desc(prescriptions.id));
  return listsByKey(uhids, await withItems(db, rows), (p) => p.patientUhid);
}

/** Prescriptions for prescribers (a patient: their own), newest first; filters patient and status. */
export async function listPrescriptions(db: Db, principal: Principal, args: Partial<PageArgs> & PrescriptionFilters): Promise<Page<Prescription>> {
  const w = pageWindow(args);
  const filters: SQL[] = [];
  if (args.patientUhid) {
    assertPatientAccess(principal, args.patientUhid, "prescriptions:list");
    filters.push(eq(prescriptions.patientUhid, args.patientUhid));
  } else if (onlyAsPatient(principal.roles, ["prescriptions:list"])) {
    filters.push(eq(prescriptions.patientUhid, principal.sub));
  }
  if (args.status) filters.push(eq(prescriptions.status, args.status));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(prescriptions).where(where).orderBy(desc(prescriptions.issuedAt), desc(prescriptions.id)).limit(w.limit).offset(w.offset),
    db.select({ total: count() }).from(prescriptions).where(where),
  ]);
  return toPage(await withItems(db, rows), total, w);
}

/**
 * A physician writes a prescription for a registered patient (asked of the registry through the
 * gateway): every item names a catalog medicine by its code, with dose, frequency, a quantity and
 * the refills it allows. It is `pending` at once: any participating pharmacy may dispense it.
 */
export async function createPrescription(ctx: SubgraphContext, input: CreatePrescriptionInput): Promise<Prescription> {
  const errors = new FieldErrorCollector();
  const uhid = input.patientUhid.trim();
  if (!uhid) errors.add("patientUhid", "must not be blank");
  if (input.items.length === 0) errors.add("items", "must contain at least one item");
  if (input.items.length > MAX_ITEMS) errors.add("items", `must contain at most ${MAX_ITEMS} items`);
  const seen = new Set<string>();
  // Catalog medicines and compounded preparations of approved formulas (issue 11).
  const known = await prescribableFacts(ctx.db, input.items.map((it) => it.medicationCode.trim()));
  const items = input.items.map((it, i) => {
    const code = it.medicationCode.trim();
    const facts = code ? known.get(code) : undefined;
    if (!code) errors.add(`items.${i}.medicationCode`, "must not be blank");
    else if (!facts) errors.add(`items.${i}.medicationCode`, "is not in the medication catalog (GET /api/v1/pharmacy/inventory/medications/) nor an approved compound formula (compound:<code>)");
    else if (seen.has(code)) errors.add(`items.${i}.medicationCode`, "appears twice; give one item per medicine");
    seen.add(code);
    if (!Number.isInteger(it.quantity) || it.quantity < 1 || it.quantity > MAX_QUANTITY) errors.add(`items.${i}.quantity`, `must be an integer from 1 to ${MAX_QUANTITY}`);
    const refills = it.refillsAllowed ?? 0;
    if (!Number.isInteger(refills) || refills < 0 || refills > MAX_REFILLS) errors.add(`items.${i}.refillsAllowed`, `must be an integer from 0 to ${MAX_REFILLS}`);
    if (!it.dose.trim()) errors.add(`items.${i}.dose`, "must not be blank");
    if (!it.frequency.trim()) errors.add(`items.${i}.frequency`, "must not be blank");
    if (facts?.controlled && facts.maxQuantityPerPrescription != null && it.quantity > facts.maxQuantityPerPrescription) {
      errors.add(`items.${i}.quantity`, `${facts.name} is controlled: at most ${facts.maxQuantityPerPrescription} units per prescription`);
    }
    if (facts?.controlled && refills > 0) errors.add(`items.${i}.refillsAllowed`, `${facts.name} is controlled: a new prescription is needed for more (no refills)`);
    return { code, name: it.medicationName?.trim() || facts?.name || code, dose: it.dose.trim(), frequency: it.frequency.trim(), quantity: it.quantity, refills };
  });
  const issuedAt = new Date();
  const longest = defaultValidUntil(issuedAt, items.some((it) => known.get(it.code)?.controlled));
  const validUntil = input.validUntil ?? longest;
  if (!isCalendarDate(validUntil)) errors.add("validUntil", "must be a date, YYYY-MM-DD");
  else if (validUntil < kampalaToday(issuedAt)) errors.add("validUntil", `must not be before today (${kampalaToday(issuedAt)} in Kampala)`);
  else if (validUntil > longest) errors.add("validUntil", `must not be after ${longest}, the longest this prescription may be valid`);
  errors.throwIfAny("Invalid prescription");
  await assertPatientRegistered(ctx, uhid);
  const row = await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [p] = await tx
      .insert(prescriptions)
      .values({ patientUhid: uhid, prescriber: input.prescriber?.trim() || ctx.principal.sub, status: "pending", createdBy: ctx.principal.sub, notes: input.notes?.trim() || null, issuedAt, validUntil })
      .returning();
    await tx.insert(prescriptionItems).values(
      items.map((it, position) => ({ prescriptionId: p.id, position, medicationCode: it.code, medicationName: it.name, dose: it.dose, frequency: it.frequency, quantity: it.quantity, refillsAllowed: it.refills })),
    );
    return p;
  });
  return (await withItems(ctx.db, [row]))[0];
}
