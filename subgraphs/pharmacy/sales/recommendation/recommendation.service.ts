import { eq } from "drizzle-orm";
import type { Principal } from "../../../../lib/auth.js";
import type { Db } from "../../../../lib/db.js";
import { fieldError } from "../../../../lib/errors.js";
import { isUuid } from "../../../../lib/ids.js";
import { basketStats, rulesFor } from "../analytics/association-rules.js";
import { analyticsPharmacy, completedSales } from "../analytics/sales-data.js";
import { products } from "../../db/tables.js";
import { productStock } from "../../inventory/stock/stock.service.js";
import { controlledProducts } from "../product/product.service.js";
import type { ProductRecommendation, ProductRecommendations } from "./recommendation.type.js";

const DAY_MS = 86_400_000;
const pct = (x: number) => `${Math.round(x * 100)}%`;

export interface RecommendationArgs {
  productId?: string | null;
  basket?: string | null;
  limit?: number | null;
  windowDays?: number | null;
  /** Least co-occurrences for a rule (default 2). */
  minCount?: number | null;
  pharmacyId?: string | null;
}

/**
 * "Frequently bought together": association rules A → B mined from this pharmacy's completed sales in
 * the window (support, confidence, lift), best confidence first; the rest filled with best sellers of
 * the basket's categories, then of the pharmacy. Only active products in stock are suggested.
 */
export async function recommendProducts(db: Db, principal: Principal, args: RecommendationArgs): Promise<ProductRecommendations> {
  const pharmacyId = analyticsPharmacy(principal, args.pharmacyId);
  const basket = [...new Set([...(args.productId ? [args.productId] : []), ...(args.basket ? args.basket.split(",").map((s) => s.trim()).filter(Boolean) : [])])];
  if (basket.length === 0) throw fieldError("productId", "give product_id or basket (comma-separated product ids)");
  const bad = basket.find((id) => !isUuid(id));
  if (bad) throw fieldError("productId", `${bad} is not a product id`);
  const limit = Math.min(Math.max(args.limit ?? 5, 1), 20);
  const windowDays = Math.min(Math.max(args.windowDays ?? 180, 1), 730);

  const catalog = await db.select().from(products).where(eq(products.pharmacyId, pharmacyId));
  const byId = new Map(catalog.map((p) => [p.id, p]));
  const missing = basket.find((id) => !byId.has(id));
  if (missing) throw fieldError("productId", `no product ${missing} in this pharmacy`);
  const [stock, controlled] = await Promise.all([productStock(db, catalog.map((p) => p.id)), controlledProducts(db, catalog.map((p) => p.id))]);
  // Never a product the till may not sell: inactive, out of stock, or linked to a controlled medicine's stock.
  const sellable = (id: string) => {
    const p = byId.get(id);
    return Boolean(p?.isActive && (stock.get(id)?.sellable ?? 0) > 0 && !controlled.has(id) && !basket.includes(id));
  };

  const to = new Date();
  const sales = await completedSales(db, pharmacyId, { from: new Date(to.getTime() - windowDays * DAY_MS), to });
  const stats = basketStats(sales.map((s) => new Set(s.items.map((i) => i.productId))));
  const unitsSold = new Map<string, number>();
  for (const s of sales) for (const i of s.items) unitsSold.set(i.productId, (unitsSold.get(i.productId) ?? 0) + i.quantity);

  const out: ProductRecommendation[] = [];
  const view = (id: string) => {
    const p = byId.get(id)!;
    return { productId: p.id, name: p.name, category: p.category, retailPrice: p.retailPrice, unitsSold: unitsSold.get(id) ?? 0 };
  };
  for (const r of rulesFor(stats, basket, Math.max(args.minCount ?? 2, 1))) {
    if (out.length >= limit) break;
    if (!sellable(r.consequent)) continue;
    const a = byId.get(r.antecedent)!;
    out.push({
      ...view(r.consequent),
      source: "association_rule",
      reason: `Bought with ${a.name} in ${r.count} of ${stats.itemCounts.get(r.antecedent)} sales (confidence ${pct(r.confidence)}, lift ${r.lift.toFixed(2)})`,
      support: r.support,
      confidence: r.confidence,
      lift: r.lift,
    });
  }
  const categories = new Set(basket.map((id) => byId.get(id)!.category));
  const bestSellers = catalog
    .filter((p) => sellable(p.id) && !out.some((o) => o.productId === p.id))
    .sort((p, q) => Number(categories.has(q.category)) - Number(categories.has(p.category)) || (unitsSold.get(q.id) ?? 0) - (unitsSold.get(p.id) ?? 0) || p.name.localeCompare(q.name));
  for (const p of bestSellers) {
    if (out.length >= limit) break;
    const units = unitsSold.get(p.id) ?? 0;
    const where = categories.has(p.category) ? `in ${p.category}` : "in this pharmacy";
    out.push({
      ...view(p.id),
      source: "category_best_seller",
      reason: units > 0 ? `Best seller ${where}: ${units} units in the last ${windowDays} days` : `Also ${where}`,
      support: null,
      confidence: null,
      lift: null,
    });
  }
  return { basket, transactionsAnalyzed: stats.baskets, windowDays, method: "association_rules+category_best_sellers", recommendations: out };
}
