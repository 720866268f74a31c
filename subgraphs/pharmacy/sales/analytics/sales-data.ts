import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { Principal } from "../../../../lib/auth.js";
import { assertPharmacyAccess } from "../../../../lib/context.js";
import type { Db } from "../../../../lib/db.js";
import { badRequest, fieldError } from "../../../../lib/errors.js";
import { isUuid } from "../../../../lib/ids.js";
import { customerReturnItems, customerReturns, salesTransactions, transactionItems } from "../../db/tables.js";
import { businessDay } from "../transaction/transaction.service.js";

export interface CompletedSale {
  id: string;
  totalAmount: string;
  taxAmount: string;
  discountAmount: string;
  paymentMethod: string;
  completedAt: Date;
  items: { productId: string; productName: string; quantity: number; lineTotal: string }[];
}

export interface DateRange {
  from: Date;
  to: Date;
}

const DAY_MS = 86_400_000;

/** The range asked for, or the last `defaultDays` days; `to` is exclusive. */
export function dateRange(from: Date | null | undefined, to: Date | null | undefined, defaultDays: number): DateRange {
  const end = to ?? new Date();
  const start = from ?? new Date(end.getTime() - defaultDays * DAY_MS);
  if (start >= end) throw fieldError("dateFrom", "must be before date_to");
  if (end.getTime() - start.getTime() > 3660 * DAY_MS) throw fieldError("dateFrom", "the range may span at most ten years");
  return { from: start, to: end };
}

/** The pharmacy analytics run for: the caller's own, or (admins, auditors without one) the one named. */
export function analyticsPharmacy(principal: Principal, requested?: string | null): string {
  if (requested) {
    if (!isUuid(requested)) throw fieldError("pharmacyId", "must be a pharmacy id (UUID)");
    if (principal.pharmacyId) assertPharmacyAccess(principal, requested);
    return requested;
  }
  if (!principal.pharmacyId) throw badRequest("Name the pharmacy", { pharmacyId: ["is required for callers not bound to a pharmacy"] });
  return principal.pharmacyId;
}

/** Completed sales of one pharmacy whose completion falls in the range, with their lines. */
export async function completedSales(db: Db, pharmacyId: string, range: DateRange): Promise<CompletedSale[]> {
  const rows = await db
    .select({ t: salesTransactions, i: transactionItems })
    .from(salesTransactions)
    .innerJoin(transactionItems, eq(transactionItems.transactionId, salesTransactions.id))
    .where(and(eq(salesTransactions.pharmacyId, pharmacyId), eq(salesTransactions.status, "completed"), gte(salesTransactions.completedAt, range.from), lt(salesTransactions.completedAt, range.to)));
  const sales = new Map<string, CompletedSale>();
  for (const { t, i } of rows) {
    let sale = sales.get(t.id);
    if (!sale) {
      sale = { id: t.id, totalAmount: t.totalAmount, taxAmount: t.taxAmount, discountAmount: t.discountAmount, paymentMethod: t.paymentMethod, completedAt: t.completedAt!, items: [] };
      sales.set(t.id, sale);
    }
    sale.items.push({ productId: i.productId, productName: i.productName, quantity: i.quantity, lineTotal: i.lineTotal });
  }
  return [...sales.values()];
}

/** One product's units returned and money refunded by completed customer returns in a range. */
export interface ProductReturns {
  productId: string;
  quantity: number;
  /** Sum of the return lines' refunds (VAT included, net of the sale's discount share: what left the till). */
  refunded: string;
  /** The returned units' share of their sale lines' totals (line total × returned / sold), the basis of line revenue. */
  lineValue: string;
}

/**
 * Customer returns of one pharmacy **completed** in the range (dated by the return's completion, as sales
 * by theirs), per product, in one aggregate query. A return still `processing` has refunded nothing yet
 * and a `cancelled` one never will: neither counts.
 */
export async function completedReturnsByProduct(db: Db, pharmacyId: string, range: DateRange): Promise<ProductReturns[]> {
  const rows = await db
    .select({
      productId: customerReturnItems.productId,
      quantity: sql<string>`sum(${customerReturnItems.quantity})`,
      refunded: sql<string>`sum(${customerReturnItems.refundAmount})`,
      lineValue: sql<string>`sum(${transactionItems.lineTotal} * ${customerReturnItems.quantity} / ${transactionItems.quantity})`,
    })
    .from(customerReturnItems)
    .innerJoin(customerReturns, eq(customerReturns.id, customerReturnItems.returnId))
    .innerJoin(transactionItems, eq(transactionItems.id, customerReturnItems.transactionItemId))
    .where(and(eq(customerReturns.pharmacyId, pharmacyId), eq(customerReturns.status, "completed"), gte(customerReturns.completedAt, range.from), lt(customerReturns.completedAt, range.to)))
    .groupBy(customerReturnItems.productId);
  return rows.map((r) => ({ productId: r.productId, quantity: Number(r.quantity), refunded: String(r.refunded), lineValue: String(r.lineValue) }));
}

/** Kampala business date of an instant, as yyyy-mm-dd. */
export function salesDate(at: Date): string {
  const d = businessDay(at);
  return `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;
}
