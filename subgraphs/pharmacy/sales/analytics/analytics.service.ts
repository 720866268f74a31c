import { inArray } from "drizzle-orm";
import type { Principal } from "../../../../lib/auth.js";
import type { Db } from "../../../../lib/db.js";
import { Decimal, formatMoney } from "../../../../lib/money.js";
import { products } from "../../db/tables.js";
import { basketStats, cooccurrencePairs } from "./association-rules.js";
import type { BasketAnalysis, SalesSummary } from "./analytics.type.js";
import { analyticsPharmacy, completedReturnsByProduct, completedSales, dateRange } from "./sales-data.js";

export interface RangeArgs {
  dateFrom?: Date | null;
  dateTo?: Date | null;
  pharmacyId?: string | null;
}

/**
 * Revenue, count, average basket, top products and payment methods of completed sales, and the customer
 * returns completed in the same range netted against them (default: last 30 days).
 */
export async function salesSummary(db: Db, principal: Principal, args: RangeArgs & { top?: number }): Promise<SalesSummary> {
  const pharmacyId = analyticsPharmacy(principal, args.pharmacyId);
  const range = dateRange(args.dateFrom, args.dateTo, 30);
  const [sales, returns] = await Promise.all([completedSales(db, pharmacyId, range), completedReturnsByProduct(db, pharmacyId, range)]);
  let revenue = new Decimal(0);
  let tax = new Decimal(0);
  let discounts = new Decimal(0);
  let itemsSold = 0;
  const byProduct = new Map<string, { productId: string; productName: string; quantity: number; revenue: Decimal }>();
  const byMethod = new Map<string, { paymentMethod: string; transactions: number; revenue: Decimal }>();
  for (const s of sales) {
    revenue = revenue.plus(s.totalAmount);
    tax = tax.plus(s.taxAmount);
    discounts = discounts.plus(s.discountAmount);
    const m = byMethod.get(s.paymentMethod) ?? { paymentMethod: s.paymentMethod, transactions: 0, revenue: new Decimal(0) };
    m.transactions++;
    m.revenue = m.revenue.plus(s.totalAmount);
    byMethod.set(s.paymentMethod, m);
    for (const i of s.items) {
      itemsSold += i.quantity;
      const p = byProduct.get(i.productId) ?? { productId: i.productId, productName: i.productName, quantity: 0, revenue: new Decimal(0) };
      p.quantity += i.quantity;
      p.revenue = p.revenue.plus(i.lineTotal);
      byProduct.set(i.productId, p);
    }
  }
  const returned = new Map(returns.map((r) => [r.productId, r]));
  const refunds = returns.reduce((s, r) => s.plus(r.refunded), new Decimal(0));
  const itemsReturned = returns.reduce((n, r) => n + r.quantity, 0);
  // Net of the units returned in the range: a product whose units all came back is no top product.
  const top = [...byProduct.values()]
    .map((p) => {
      const r = returned.get(p.productId);
      return { ...p, netQuantity: p.quantity - (r?.quantity ?? 0), netRevenue: p.revenue.minus(r?.lineValue ?? 0) };
    })
    .filter((p) => p.netQuantity > 0)
    .sort((a, b) => b.netRevenue.comparedTo(a.netRevenue) || b.netQuantity - a.netQuantity || a.productName.localeCompare(b.productName))
    .slice(0, Math.min(Math.max(args.top ?? 5, 1), 50));
  return {
    pharmacyId,
    dateFrom: range.from,
    dateTo: range.to,
    revenue: formatMoney(revenue),
    transactions: sales.length,
    averageBasket: formatMoney(sales.length ? revenue.dividedBy(sales.length) : 0),
    itemsSold,
    taxCollected: formatMoney(tax),
    discountsGiven: formatMoney(discounts),
    refunds: formatMoney(refunds),
    netRevenue: formatMoney(revenue.minus(refunds)),
    itemsReturned,
    topProducts: top.map((p) => ({ productId: p.productId, productName: p.productName, quantity: p.quantity, revenue: formatMoney(p.revenue) })),
    byPaymentMethod: [...byMethod.values()].sort((a, b) => a.paymentMethod.localeCompare(b.paymentMethod)).map((m) => ({ ...m, revenue: formatMoney(m.revenue) })),
  };
}

/** Co-occurrence of products in completed sales (default: last 90 days, pairs seen at least twice). */
export async function basketAnalysis(db: Db, principal: Principal, args: RangeArgs & { minCount?: number; limit?: number }): Promise<BasketAnalysis> {
  const pharmacyId = analyticsPharmacy(principal, args.pharmacyId);
  const range = dateRange(args.dateFrom, args.dateTo, 90);
  const minCount = Math.max(args.minCount ?? 2, 1);
  const sales = await completedSales(db, pharmacyId, range);
  const stats = basketStats(sales.map((s) => new Set(s.items.map((i) => i.productId))));
  const pairs = cooccurrencePairs(stats, minCount).slice(0, Math.min(Math.max(args.limit ?? 20, 1), 100));
  const ids = [...new Set(pairs.flatMap((p) => [p.a, p.b]))];
  const names = new Map((ids.length ? await db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, ids)) : []).map((p) => [p.id, p.name]));
  return {
    dateFrom: range.from,
    dateTo: range.to,
    transactionsAnalyzed: stats.baskets,
    minCount,
    pairs: pairs.map((p) => ({ productAId: p.a, productAName: names.get(p.a) ?? "", productBId: p.b, productBName: names.get(p.b) ?? "", count: p.count, support: p.support, confidenceAToB: p.confidenceAToB, confidenceBToA: p.confidenceBToA, lift: p.lift })),
  };
}
