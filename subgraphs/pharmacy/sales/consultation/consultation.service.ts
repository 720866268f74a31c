import { and, count, desc, eq, gte, ilike, lt, type SQL } from "drizzle-orm";
import type { Principal } from "../../../../lib/auth.js";
import { assertPharmacyAccess } from "../../../../lib/context.js";
import type { Db } from "../../../../lib/db.js";
import { badRequest, fieldError, notFound } from "../../../../lib/errors.js";
import { isUuid } from "../../../../lib/ids.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../../lib/pagination.js";
import { phoneField, samePhoneAs, type PhoneRegion } from "../../../../lib/phone.js";
import { consultations, pharmacies, salesTransactions } from "../../db/tables.js";
import type { Consultation, CreateConsultationInput } from "./consultation.type.js";

type ConsultationRow = typeof consultations.$inferSelect;

export function toConsultation({ createdBy: _c, ...row }: ConsultationRow): Consultation {
  return row;
}

/** What the consultation was about: one of these must say something (an empty record helps no one). */
const CONTENT = ["notes", "reason", "advice"] as const;

/** Records a consultation; `customer_phone` (where follow-up reminders go) is stored in E.164. */
export async function createConsultation(db: Db, principal: Principal, input: CreateConsultationInput, phoneRegion: PhoneRegion): Promise<Consultation> {
  if (!CONTENT.some((k) => input[k]?.trim())) throw fieldError("notes", "give notes (or a reason or the advice given): a consultation records what was discussed");
  // A number the SMS gateway would refuse is refused here, not discovered when a follow-up's reminder fails.
  const customerPhone = phoneField(input.customerPhone, "customerPhone", { defaultRegion: phoneRegion }) ?? null;
  const pharmacyId = input.pharmacyId ?? principal.pharmacyId;
  if (!pharmacyId) throw badRequest("Name the pharmacy", { pharmacyId: ["is required for callers not bound to a pharmacy"] });
  if (!isUuid(pharmacyId)) throw fieldError("pharmacyId", "must be a pharmacy id (UUID)");
  assertPharmacyAccess(principal, pharmacyId);
  const [ph] = await db.select({ id: pharmacies.id }).from(pharmacies).where(eq(pharmacies.id, pharmacyId));
  if (!ph) throw fieldError("pharmacyId", "no such pharmacy");
  if (input.transactionId) {
    const [t] = isUuid(input.transactionId) ? await db.select({ id: salesTransactions.id }).from(salesTransactions).where(and(eq(salesTransactions.id, input.transactionId), eq(salesTransactions.pharmacyId, pharmacyId))) : [];
    if (!t) throw fieldError("transactionId", "no such transaction in this pharmacy");
  }
  const [row] = await db
    .insert(consultations)
    .values({
      pharmacyId,
      transactionId: input.transactionId ?? null,
      patientUhid: input.patientUhid ?? null,
      customerName: input.customerName ?? null,
      customerPhone,
      pharmacist: input.pharmacist ?? principal.sub,
      reason: input.reason?.trim() || null,
      notes: input.notes?.trim() || null,
      advice: input.advice?.trim() || null,
      createdBy: principal.sub,
    })
    .returning();
  return toConsultation(row);
}

/** A consultation of another pharmacy is "not found" to staff. */
export async function getConsultationRow(db: Db, principal: Principal, id: string): Promise<ConsultationRow> {
  if (!isUuid(id)) throw notFound("Consultation", id);
  const [row] = await db.select().from(consultations).where(eq(consultations.id, id));
  if (!row || (principal.pharmacyId && row.pharmacyId !== principal.pharmacyId)) throw notFound("Consultation", id);
  return row;
}

export interface ConsultationFilters {
  /** The same number in any spelling (rows stored before phones were normalized included). */
  customerPhone?: string | null;
  /** Country of a customerPhone written without a country code (DEFAULT_PHONE_REGION). */
  phoneRegion: PhoneRegion;
  patientUhid?: string | null;
  /** Part of the customer's name (case-insensitive). */
  search?: string | null;
  /** Created at or after. */
  dateFrom?: Date | null;
  /** Created before (exclusive). */
  dateTo?: Date | null;
}

export async function listConsultations(db: Db, principal: Principal, args: Partial<PageArgs> & ConsultationFilters): Promise<Page<Consultation>> {
  const w = pageWindow(args);
  const filters: SQL[] = [];
  if (principal.pharmacyId) filters.push(eq(consultations.pharmacyId, principal.pharmacyId));
  if (args.customerPhone) filters.push(samePhoneAs(consultations.customerPhone, args.customerPhone.trim(), args.phoneRegion));
  if (args.patientUhid) filters.push(eq(consultations.patientUhid, args.patientUhid));
  if (args.search) filters.push(ilike(consultations.customerName, `%${args.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (args.dateFrom) filters.push(gte(consultations.createdAt, args.dateFrom));
  if (args.dateTo) filters.push(lt(consultations.createdAt, args.dateTo));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(consultations).where(where).orderBy(desc(consultations.createdAt), desc(consultations.id)).limit(w.limit).offset(w.offset),
    db.select({ total: count() }).from(consultations).where(where),
  ]);
  return toPage(rows.map(toConsultation), total, w);
}
