import { and, asc, count, desc, eq, isNull, type SQL } from "drizzle-orm";
import type { Principal } from "../../../lib/auth.js";
import { assertPharmacyAccess } from "../../../lib/context.js";
import type { Db } from "../../../lib/db.js";
import { conflict, fieldError, notFound } from "../../../lib/errors.js";
import { isUuid } from "../../../lib/ids.js";
import { onceInTransaction } from "../../../lib/idempotency.js";
import { Decimal, minorUnitProblem, recordDigits } from "../../../lib/money.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../lib/pagination.js";
import { charges, idempotencyKeys, payments } from "../db/tables.js";
import { priceCharge } from "../price-list/charge-pricing.js";
import { findServicePrice, priceListFile } from "../price-list/price-list.js";
import type { Charge, CreateChargeInput } from "./charge.type.js";

type ChargeRow = typeof charges.$inferSelect;

/** Pharmacy staff see only their pharmacy's charges (another's is "not found"). */
export function visibleTo(principal: Principal, row: Pick<ChargeRow, "pharmacyId">): boolean {
  return !principal.pharmacyId || row.pharmacyId === principal.pharmacyId;
}

export async function getCharge(db: Db, principal: Principal, id: string): Promise<Charge> {
  if (!isUuid(id)) throw notFound("Charge", id);
  const [row] = await db.select().from(charges).where(eq(charges.id, id));
  if (!row || !visibleTo(principal, row)) throw notFound("Charge", id);
  return row;
}

/** A charge's states (charge.type.ts `status`): a filter outside them is 400, not an empty page. */
export const CHARGE_STATUSES = ["created", "paid", "cancelled"] as const;

export interface ChargeFilters {
  referenceType?: string | null;
  referenceId?: string | null;
  status?: string | null;
}

export async function listCharges(db: Db, principal: Principal, args: Partial<PageArgs> & ChargeFilters): Promise<Page<Charge>> {
  const w = pageWindow(args);
  const filters: SQL[] = [];
  if (principal.pharmacyId) filters.push(eq(charges.pharmacyId, principal.pharmacyId));
  if (args.referenceType) filters.push(eq(charges.referenceType, args.referenceType));
  if (args.referenceId) filters.push(eq(charges.referenceId, args.referenceId));
  if (args.status) {
    if (!(CHARGE_STATUSES as readonly string[]).includes(args.status)) throw fieldError("status", `must be one of ${CHARGE_STATUSES.join(", ")}`);
    filters.push(eq(charges.status, args.status));
  }
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(charges).where(where).orderBy(desc(charges.createdAt), asc(charges.id)).limit(w.limit).offset(w.offset),
    db.select({ total: count() }).from(charges).where(where),
  ]);
  return toPage(rows, total, w);
}

/**
 * Why an amount paid or refunded against a charge is finer than the charge's currency allows (a field
 * message), or undefined: whole shillings in UGX, cents in KES; a charge recorded with cents before
 * that rule takes cents, so it can still be settled and refunded exactly.
 */
export function chargeAmountProblem(charge: Pick<ChargeRow, "currency" | "totalAmount">, amount: Decimal): string | undefined {
  return minorUnitProblem(amount, charge.currency, recordDigits(charge.currency, [charge.totalAmount]));
}

/** Sum of the completed payments of a charge. */
export async function amountPaid(db: Db, chargeId: string): Promise<Decimal> {
  const rows = await db.select({ amount: payments.amount }).from(payments).where(and(eq(payments.chargeId, chargeId), eq(payments.status, "completed")));
  return rows.reduce((sum, r) => sum.plus(r.amount), new Decimal(0));
}

/**
 * Creates a charge, idempotent per (pharmacy_id, reference_type, reference_id): a repeat for the same
 * pharmacy, reference and amount returns the existing charge; a different amount is a 409. Another
 * pharmacy's charge for the same reference is a separate charge (it cannot block this one); charges
 * without a pharmacy are one per reference.
 * An `Idempotency-Key` additionally replays the first answer to the same caller.
 * The price is billing's (price list, or the referenced sale's total): see priceCharge.
 */
export async function createCharge(db: Db, principal: Principal, input: CreateChargeInput, idempotencyKey?: string): Promise<Charge> {
  const pharmacyId = input.pharmacyId ?? principal.pharmacyId ?? null;
  if (pharmacyId) assertPharmacyAccess(principal, pharmacyId);
  const price = priceCharge(input, await findServicePrice(db, input.serviceCode, pharmacyId), priceListFile().default_currency);
  const totalAmount = new Decimal(price.totalAmount);
  const request = { ...input, pharmacyId };
  return onceInTransaction(db, idempotencyKeys, { key: idempotencyKey, principal: principal.sub, operation: "createCharge", request }, async (tx) => {
    const [created] = await tx
      .insert(charges)
      .values({
        patientUhid: input.patientUhid ?? null,
        serviceCode: input.serviceCode,
        serviceDescription: input.serviceDescription,
        quantity: input.quantity,
        unitPrice: price.unitPrice,
        taxAmount: price.taxAmount,
        priceListVersion: price.priceListVersion,
        referenceType: input.referenceType,
        referenceId: input.referenceId,
        pharmacyId,
        totalAmount: price.totalAmount,
        currency: price.currency,
        createdBy: principal.sub,
      })
      .onConflictDoNothing({ target: [charges.pharmacyId, charges.referenceType, charges.referenceId] })
      .returning();
    if (created) return created;
    const [existing] = await tx
      .select()
      .from(charges)
      .where(and(pharmacyId ? eq(charges.pharmacyId, pharmacyId) : isNull(charges.pharmacyId), eq(charges.referenceType, input.referenceType), eq(charges.referenceId, input.referenceId)));
    if (!existing || !visibleTo(principal, existing)) throw conflict(`A charge for ${input.referenceType} ${input.referenceId} already exists`);
    if (!totalAmount.eq(existing.totalAmount) || existing.currency !== price.currency) {
      throw conflict(`A charge for ${input.referenceType} ${input.referenceId} already exists with total ${existing.totalAmount} ${existing.currency}`);
    }
    return existing;
  });
}
