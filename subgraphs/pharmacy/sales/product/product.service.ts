import { and, asc, count, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import type { Principal } from "../../../../lib/auth.js";
import { assertPharmacyAccess } from "../../../../lib/context.js";
import type { Db } from "../../../../lib/db.js";
import { badRequest, conflict, fieldError, notFound } from "../../../../lib/errors.js";
import { isUuid } from "../../../../lib/ids.js";
import { minorUnitProblem } from "../../../../lib/money.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../../lib/pagination.js";
import { inventoryItems, pharmacies, products } from "../../db/tables.js";
import { productStock } from "../../inventory/stock/stock.service.js";
import { applyStockChanges } from "../../inventory/ledger.js";
import { medicationByCode, type CatalogMedication } from "../../inventory/medications/catalog.js";
import { rankByName, searchWords } from "../../inventory/medications/name-search.js";
import type { CreateProductInput, Product } from "./product.type.js";

type ProductRow = typeof products.$inferSelect;

/**
 * The controlled medicine a stock item holds (by its medication code), if any. The sales catalog is
 * the spec's "OTC catalog": a controlled medicine is dispensed against a prescription, and the dispense
 * writes the controlled register in the same transaction as the stock (docs/decisions/pharmacy.md,
 * "Drug safety"); the till writes no register, so it never sells one.
 */
export function controlledMedication(medicationCode: string | null | undefined): CatalogMedication | undefined {
  const m = medicationCode ? medicationByCode(medicationCode) : undefined;
  return m?.controlled ? m : undefined;
}

/** Why a product may not sell a controlled medicine's stock (a field message). */
export function controlledNotOtc(m: CatalogMedication): string {
  return `is stock of ${m.genericName}, a controlled medicine (schedule ${m.schedule}): controlled medicines are dispensed against a prescription (POST /api/v1/pharmacy/dispensing/dispenses/), never sold over the counter`;
}

/** Products (by id) linked to a controlled medicine's stock item, with the medicine: products made before the link was refused. */
export async function controlledProducts(db: Db, productIds: string[]): Promise<Map<string, CatalogMedication>> {
  const out = new Map<string, CatalogMedication>();
  if (!productIds.length) return out;
  const rows = await db
    .select({ id: products.id, code: inventoryItems.medicationCode })
    .from(products)
    .innerJoin(inventoryItems, eq(inventoryItems.id, products.inventoryItemId))
    .where(inArray(products.id, [...new Set(productIds)]));
  for (const r of rows) {
    const m = controlledMedication(r.code);
    if (m) out.set(r.id, m);
  }
  return out;
}

/**
 * The stock figures come from the ledger (the linked item's, else the product's own stock item's):
 * `stockQuantity` the units that may be sold now, `quantityOnHand` every unit on the shelf.
 */
export function toProduct(row: ProductRow, stock: { sellable: number; onHand: number }): Product {
  return {
    id: row.id,
    pharmacyId: row.pharmacyId,
    name: row.name,
    sku: row.sku,
    category: row.category,
    retailPrice: row.retailPrice,
    stockQuantity: stock.sellable,
    quantityOnHand: stock.onHand,
    inventoryItem: row.inventoryItemId,
    isActive: row.isActive,
    taxExempt: row.taxExempt,
  };
}

async function withStock(db: Db, rows: ProductRow[]): Promise<Product[]> {
  const stock = await productStock(db, rows.map((r) => r.id));
  return rows.map((r) => toProduct(r, stock.get(r.id) ?? { sellable: 0, onHand: 0 }));
}

export interface ProductFilters {
  search?: string | null;
  category?: string | null;
  isActive?: boolean | null;
  pharmacyId?: string | null;
}

/** Staff see their own pharmacy's catalog; admins and auditors may name one or see all. */
function scopePharmacy(principal: Principal, requested?: string | null): string | undefined {
  if (principal.pharmacyId) {
    if (requested && requested !== principal.pharmacyId) assertPharmacyAccess(principal, requested);
    return principal.pharmacyId;
  }
  if (requested && !isUuid(requested)) throw fieldError("pharmacy", "must be a pharmacy id (UUID)");
  return requested ?? undefined;
}

/** The most products a search ranks in process; more, and the search is a literal match on name, SKU or category. */
export const RANKED_SEARCH_MAX = 20_000;

export async function listProducts(db: Db, principal: Principal, args: Partial<PageArgs> & ProductFilters): Promise<Page<Product>> {
  const w = pageWindow(args);
  const pharmacyId = scopePharmacy(principal, args.pharmacyId);
  const filters: SQL[] = [];
  if (pharmacyId) filters.push(eq(products.pharmacyId, pharmacyId));
  if (args.category) filters.push(eq(products.category, args.category));
  if (args.isActive !== undefined && args.isActive !== null) filters.push(eq(products.isActive, args.isActive));
  // Counter search (brands, abbreviations, misspellings, strengths), best match first: ranked in process over the
  // name, SKU and category of the pharmacy's products, then the page's rows read whole. Bounded: above
  // RANKED_SEARCH_MAX candidates (an unscoped admin over every pharmacy) the literal match below answers instead.
  const candidates =
    args.search && searchWords(args.search).length
      ? await db.select({ id: products.id, name: products.name, sku: products.sku, category: products.category }).from(products).where(filters.length ? and(...filters) : undefined).orderBy(asc(products.name), asc(products.id)).limit(RANKED_SEARCH_MAX + 1)
      : [];
  if (args.search && candidates.length && candidates.length <= RANKED_SEARCH_MAX) {
    const ranked = rankByName(args.search, candidates, (c) => [c.name, c.sku ?? "", c.category ?? ""]);
    const ids = ranked.slice(w.offset, w.offset + w.limit).map((r) => r.item.id);
    const byId = new Map((ids.length ? await db.select().from(products).where(inArray(products.id, ids)) : []).map((r) => [r.id, r]));
    const rows = ids.map((id) => byId.get(id)).filter((r): r is ProductRow => !!r);
    return toPage(await withStock(db, rows), ranked.length, w);
  }
  if (args.search) {
    // Punctuation only ("%"), or more products than RANKED_SEARCH_MAX: matched literally, as before.
    const term = `%${args.search.replace(/[%_\\]/g, "\\$&")}%`;
    filters.push(or(ilike(products.name, term), ilike(products.sku, term), ilike(products.category, term))!);
  }
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(products).where(where).orderBy(asc(products.name), asc(products.id)).limit(w.limit).offset(w.offset),
    db.select({ total: count() }).from(products).where(where),
  ]);
  return toPage(await withStock(db, rows), total, w);
}

/** A product of another pharmacy is "not found" to staff: ids do not leak across pharmacies. */
export async function getProduct(db: Db, principal: Principal, id: string): Promise<Product> {
  if (!isUuid(id)) throw notFound("Product", id);
  const [row] = await db.select().from(products).where(eq(products.id, id));
  if (!row || (principal.pharmacyId && row.pharmacyId !== principal.pharmacyId)) throw notFound("Product", id);
  return (await withStock(db, [row]))[0];
}

export async function createProduct(db: Db, principal: Principal, input: CreateProductInput): Promise<Product> {
  const pharmacyId = input.pharmacyId ?? principal.pharmacyId;
  if (!pharmacyId) throw badRequest("Name the pharmacy this product belongs to", { pharmacyId: ["is required for callers not bound to a pharmacy"] });
  if (!isUuid(pharmacyId)) throw fieldError("pharmacyId", "must be a pharmacy id (UUID)");
  assertPharmacyAccess(principal, pharmacyId);
  if (input.retailPrice.lte(0)) throw fieldError("retailPrice", "must be greater than zero");

  const [ph] = await db.select({ id: pharmacies.id, currency: pharmacies.currency }).from(pharmacies).where(eq(pharmacies.id, pharmacyId));
  if (!ph) throw fieldError("pharmacyId", "no such pharmacy");
  // A price is paid in the pharmacy's currency: no finer than its minor unit (whole shillings in UGX).
  const priceProblem = minorUnitProblem(input.retailPrice, ph.currency);
  if (priceProblem) throw fieldError("retailPrice", priceProblem);
  if (input.inventoryItem) {
    const [item] = isUuid(input.inventoryItem)
      ? await db.select({ pharmacyId: inventoryItems.pharmacyId, medicationCode: inventoryItems.medicationCode }).from(inventoryItems).where(eq(inventoryItems.id, input.inventoryItem))
      : [];
    if (!item || item.pharmacyId !== pharmacyId) throw fieldError("inventoryItem", "no such inventory item in this pharmacy");
    const controlled = controlledMedication(item.medicationCode);
    if (controlled) throw fieldError("inventoryItem", controlledNotOtc(controlled));
  }
  // The product, its own stock item (when it keeps its own stock) and the opening receipt commit together.
  const row = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [created] = await tx
      .insert(products)
      .values({
        pharmacyId,
        name: input.name.trim(),
        sku: input.sku?.trim() ?? null,
        category: input.category.trim(),
        retailPrice: input.retailPrice.toFixed(2),
        isActive: input.isActive,
        taxExempt: input.taxExempt,
        inventoryItemId: input.inventoryItem ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw conflict(`SKU ${input.sku} already exists in this pharmacy`);
    if (!created.inventoryItemId) {
      const [own] = await tx.insert(inventoryItems).values({ pharmacyId, name: created.name, productId: created.id, quantity: 0 }).returning();
      if (input.stockQuantity > 0) {
        await applyStockChanges(tx, [
          {
            pharmacyId,
            stock: { inventoryItemId: own.id },
            quantity: input.stockQuantity,
            movementType: "receipt",
            referenceType: "opening_balance",
            referenceId: created.id,
            notes: "opening stock of a new product",
            createdBy: principal.sub,
          },
        ]);
      }
    }
    return created;
  });
  return (await withStock(db, [row]))[0];
}
