import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { mayUse } from "../../../../lib/access.js";
import type { Principal } from "../../../../lib/auth.js";
import type { Db } from "../../../../lib/db.js";
import { FieldErrorCollector, forbidden, notFound } from "../../../../lib/errors.js";
import { isUuid } from "../../../../lib/ids.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../../lib/pagination.js";
import { phoneField, type PhoneRegion } from "../../../../lib/phone.js";
import { pharmacies, pharmacyChanges } from "../../db/tables.js";
import type { PharmacyChange, PharmacyLocation, UpdatePharmacyInput } from "./pharmacy-location.type.js";

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

/**
 * Where a pharmacy's urgent messages (cold-chain excursions, silent loggers) go: its `alert_phone` when
 * set, else its `phone`; null when it has neither (the message is still written, and fails for want of a
 * recipient, visibly). SQL, for the query that reads the pharmacy: the one rule for every such message.
 */
export const alertRecipientSql = () => sql<string | null>`coalesce(nullif(${pharmacies.alertPhone}, ''), nullif(${pharmacies.phone}, ''))`;

/**
 * Who sees a pharmacy's `alert_phone` (staff contact data, often a person's own mobile): admins,
 * auditors, and those who may change it (the pharmacy's own pharmacists). Everyone else reads null.
 */
export function maySeeAlertPhone(principal: Principal | undefined, pharmacyId: string): boolean {
  if (!principal) return false;
  if (principal.roles.includes("admin") || principal.roles.includes("auditor")) return true;
  return mayUse(principal.roles, ["pharmacies:write"]) && principal.pharmacyId === pharmacyId;
}

/** The fields a change may touch, by their API names, with the column each is. */
const CHANGEABLE = { name: "name", address: "address", phone: "phone", alert_phone: "alertPhone" } as const;
type ChangeableColumn = (typeof CHANGEABLE)[keyof typeof CHANGEABLE];

/** A pharmacy's new values from an input, checked (every problem at once, 400); undefined: not given. */
function checkedChanges(input: UpdatePharmacyInput, region: PhoneRegion): Partial<Record<ChangeableColumn, string | null>> {
  const errors = new FieldErrorCollector();
  const out: Partial<Record<ChangeableColumn, string | null>> = {};
  if (input.name !== undefined) {
    const name = input.name?.trim();
    if (!name) errors.add("name", "must be given (1 to 200 characters): a pharmacy has a name");
    else out.name = name;
  }
  if (input.address !== undefined) out.address = input.address?.trim() || null;
  // lib/phone.ts, the rule of every input that takes a phone (the notification service's contact numbers
  // too): E.164 in the numbering plan. The phone may be a landline; the alert phone must take an SMS.
  if (input.phone !== undefined) out.phone = phoneField(input.phone, "phone", { defaultRegion: region, errors, message: "must be a phone number, e.g. +256414100001 or 0414 100 001" });
  if (input.alertPhone !== undefined) {
    out.alertPhone = phoneField(input.alertPhone, "alertPhone", {
      defaultRegion: region,
      mobile: true,
      errors,
      message: "must be a mobile phone number such as +256772000111 (a landline or toll-free number cannot take an SMS)",
    });
  }
  errors.throwIfAny("Invalid pharmacy");
  return out;
}

/**
 * Changes a pharmacy's name, address, phone or alert phone. Admins change any; a pharmacist only their
 * own pharmacy (403); an unknown pharmacy is 404. Under the pharmacy's row lock, each field whose value
 * changes is written and recorded (`pharmacy_changes`: before, after, who) in the same transaction; a
 * value equal to the stored one changes and records nothing.
 */
export async function updatePharmacy(db: Db, principal: Principal, id: string, input: UpdatePharmacyInput, region: PhoneRegion): Promise<PharmacyLocation> {
  await getPharmacy(db, id);
  if (!principal.roles.includes("admin")) {
    if (!principal.pharmacyId) throw forbidden("Your token is not bound to a pharmacy");
    if (principal.pharmacyId !== id) throw forbidden("You may change only your own pharmacy");
  }
  const next = checkedChanges(input, region);
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [current] = await tx.select().from(pharmacies).where(eq(pharmacies.id, id)).for("update");
    const set: Partial<Record<ChangeableColumn, string | null>> = {};
    const changes: (typeof pharmacyChanges.$inferInsert)[] = [];
    for (const [field, column] of Object.entries(CHANGEABLE) as [keyof typeof CHANGEABLE, ChangeableColumn][]) {
      const value = next[column];
      if (value === undefined || value === current[column]) continue;
      set[column] = value;
      changes.push({ pharmacyId: id, field, previousValue: current[column], value, changedBy: principal.sub });
    }
    if (!changes.length) return current;
    // `name` is never null here (checkedChanges refuses it), so the cast only widens the other columns' type.
    const [row] = await tx.update(pharmacies).set(set as Partial<typeof pharmacies.$inferInsert>).where(eq(pharmacies.id, id)).returning();
    await tx.insert(pharmacyChanges).values(changes);
    return row;
  });
}

/**
 * The recorded changes of one pharmacy, newest first: auditors and admins any pharmacy's, a pharmacist
 * their own (403 otherwise); an unknown pharmacy is 404.
 */
export async function listPharmacyChanges(db: Db, principal: Principal, pharmacyId: string, args: Partial<PageArgs>): Promise<Page<PharmacyChange>> {
  await getPharmacy(db, pharmacyId);
  const crossPharmacy = principal.roles.includes("admin") || principal.roles.includes("auditor");
  if (!crossPharmacy && principal.pharmacyId !== pharmacyId) throw forbidden("You may read only your own pharmacy's changes");
  const w = pageWindow(args);
  const where = eq(pharmacyChanges.pharmacyId, pharmacyId);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(pharmacyChanges).where(where).orderBy(desc(pharmacyChanges.changedAt), desc(pharmacyChanges.id)).limit(w.limit).offset(w.offset),
    db.select({ total: count() }).from(pharmacyChanges).where(where),
  ]);
  return toPage(rows, total, w);
}
