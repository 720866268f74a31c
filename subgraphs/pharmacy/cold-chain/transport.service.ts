/** Cold-chain transports: recorded with their contents and logger readings (one transaction), listed, read. */
import { randomUUID } from "node:crypto";
import { and, count, desc, eq, gte, ilike, inArray, lt, or, type SQL } from "drizzle-orm";
import type { SubgraphContext } from "../../../lib/context.js";
import type { Principal } from "../../../lib/auth.js";
import { assertPharmacyAccess } from "../../../lib/context.js";
import type { Db } from "../../../lib/db.js";
import { badRequest, FieldErrorCollector, fieldError, notFound } from "../../../lib/errors.js";
import { isUuid } from "../../../lib/ids.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../lib/pagination.js";
import { coldChainExcursions, coldChainMonitorStates, coldChainTransports, pharmacies } from "../db/tables.js";
import { medicationByCode } from "../inventory/medications/catalog.js";
import { coldChainPharmacy, likeTerm, type MonitoredSubject } from "./cold-chain-common.js";
import { toExcursions } from "./excursion.service.js";
import { ingestReadings } from "./monitor.service.js";
import { resolveReadings } from "./reading.service.js";
import { resolveLimits } from "./storage-unit.service.js";
import type { ColdChainTransport, CreateTransportInput } from "./transport.type.js";

type TransportRow = typeof coldChainTransports.$inferSelect;

async function toTransports(db: Db, rows: TransportRow[]): Promise<ColdChainTransport[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [states, excursions] = await Promise.all([
    db.select().from(coldChainMonitorStates).where(inArray(coldChainMonitorStates.subjectId, ids)),
    db.select().from(coldChainExcursions).where(inArray(coldChainExcursions.subjectId, ids)).orderBy(coldChainExcursions.startedAt),
  ]);
  const views = await toExcursions(db, excursions);
  return rows.map((r) => ({
    ...r,
    contents: r.contents.map((c) => ({ ...c, lotNumber: c.lotNumber ?? "" })),
    readingsCount: states.find((s) => s.subjectId === r.id)?.readingsProcessed ?? 0,
    excursions: views.filter((e) => e.transportId === r.id),
  }));
}

/** Records a transport and its readings; an excursion in them holds the carried lots at the pharmacy and notifies it. */
export async function createTransport(ctx: SubgraphContext, input: CreateTransportInput): Promise<ColdChainTransport> {
  const { db, principal } = ctx;
  const pharmacyId = coldChainPharmacy(principal, input.pharmacyId);
  if (!pharmacyId) throw badRequest("Name the receiving pharmacy", { pharmacyId: ["is required for callers not bound to a pharmacy"] });
  assertPharmacyAccess(principal, pharmacyId);
  const errors = new FieldErrorCollector();
  const [ph] = await db.select({ id: pharmacies.id }).from(pharmacies).where(eq(pharmacies.id, pharmacyId));
  if (!ph) errors.add("pharmacyId", "no such pharmacy");
  const limits = resolveLimits(input, errors);
  input.contents.forEach((c, i) => {
    if (!medicationByCode(c.medicationCode)) errors.add(`contents.${i}.medicationCode`, "is not in the medication catalog");
    if (!Number.isInteger(c.quantity) || c.quantity < 1) errors.add(`contents.${i}.quantity`, "must be a whole number of units, at least 1");
  });
  if (input.arrivedAt && input.arrivedAt < input.departedAt) errors.add("arrivedAt", "must not be before departed_at");
  errors.throwIfAny("Invalid transport");
  const id = randomUUID();
  const subject: MonitoredSubject = { type: "transport", id, pharmacyId, name: `transport ${input.shipmentReference.trim()} (${input.origin.trim()} → ${input.destination.trim()})`, ...limits, judgedFrom: input.departedAt, judgedUntil: input.arrivedAt ?? null };
  const readings = await resolveReadings(db, principal, { deviceId: input.deviceId }, input.readings ?? [], "readings", subject);
  await ingestReadings(ctx, readings, async (tx) => {
    await tx.insert(coldChainTransports).values({
      id,
      pharmacyId,
      origin: input.origin.trim(),
      destination: input.destination.trim(),
      shipmentReference: input.shipmentReference.trim(),
      deviceId: input.deviceId?.trim() || null,
      ...limits,
      contents: input.contents.map((c) => ({ medicationCode: c.medicationCode.trim(), lotNumber: c.lotNumber.trim(), quantity: c.quantity })),
      departedAt: input.departedAt,
      arrivedAt: input.arrivedAt ?? null,
      notes: input.notes ?? null,
      createdBy: principal.sub,
    });
  });
  return getTransport(db, principal, id);
}

export async function getTransport(db: Db, principal: Principal, id: string): Promise<ColdChainTransport> {
  if (!isUuid(id)) throw notFound("Transport", id);
  const [row] = await db.select().from(coldChainTransports).where(eq(coldChainTransports.id, id));
  if (!row || (principal.pharmacyId && row.pharmacyId !== principal.pharmacyId)) throw notFound("Transport", id);
  return (await toTransports(db, [row]))[0];
}

export interface TransportFilters {
  pharmacyId?: string | null;
  /** Shipment reference, origin or destination. */
  search?: string | null;
  /** Departed at or after. */
  dateFrom?: Date | null;
  /** Departed before. */
  dateTo?: Date | null;
}

export async function listTransports(db: Db, principal: Principal, f: Partial<PageArgs> & TransportFilters): Promise<Page<ColdChainTransport>> {
  const w = pageWindow(f);
  const conds: SQL[] = [];
  const pharmacyId = coldChainPharmacy(principal, f.pharmacyId);
  if (pharmacyId) conds.push(eq(coldChainTransports.pharmacyId, pharmacyId));
  if (f.search) conds.push(or(ilike(coldChainTransports.shipmentReference, likeTerm(f.search)), ilike(coldChainTransports.origin, likeTerm(f.search)), ilike(coldChainTransports.destination, likeTerm(f.search)))!);
  if (f.dateFrom && f.dateTo && f.dateFrom >= f.dateTo) throw fieldError("dateTo", "must be after date_from");
  if (f.dateFrom) conds.push(gte(coldChainTransports.departedAt, f.dateFrom));
  if (f.dateTo) conds.push(lt(coldChainTransports.departedAt, f.dateTo));
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(coldChainTransports).where(where).orderBy(desc(coldChainTransports.departedAt), desc(coldChainTransports.id)).limit(w.limit).offset(w.offset),
    db.select({ total: count() }).from(coldChainTransports).where(where),
  ]);
  return toPage(await toTransports(db, rows), total, w);
}
