import { and, asc, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import type { Principal } from "../../../../lib/auth.js";
import type { Db } from "../../../../lib/db.js";
import { badRequest } from "../../../../lib/errors.js";
import { Decimal } from "../../../../lib/money.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../../lib/pagination.js";
import { inventoryItems, purchaseOrderItems, purchaseOrders, supplierMedications, suppliers } from "../../db/tables.js";
import { sellableStock } from "../../inventory/ledger.js";
import { addDays, kampalaDate, pharmacyForRead } from "../procurement-common.js";
import { OPEN_PURCHASE_ORDER_STATUSES } from "../purchase-order/purchase-order.type.js";
import type { ReorderSuggestion } from "./reorder.type.js";

/** Whole packs, at least the minimum order: the smallest such quantity ≥ `need`. */
export function orderQuantity(need: number, packSize: number, minimum: number): number {
  const wanted = Math.max(need, minimum, 1);
  return Math.ceil(wanted / packSize) * packSize;
}

/**
 * Medications at or below their reorder level at one pharmacy (sellable stock, by medication code),
 * each with a draft line: the cheapest active offer of an active supplier (then the shortest lead
 * time), for twice the reorder level minus what is on hand and on order, rounded up to whole packs
 * and at least the supplier's minimum. Medications already covered by open orders are left out; a
 * cancelled or closed-short order's undelivered rest is not on order.
 */
export async function reorderSuggestions(db: Db, principal: Principal, args: Partial<PageArgs> & { pharmacyId?: string | null }): Promise<Page<ReorderSuggestion>> {
  const w = pageWindow(args);
  const pharmacyId = pharmacyForRead(principal, args.pharmacyId);
  if (!pharmacyId) throw badRequest("Name the pharmacy", { pharmacyId: ["is required for callers not bound to a pharmacy"] });
  const items = await db
    .select({ code: inventoryItems.medicationCode, name: inventoryItems.name, reorderLevel: inventoryItems.reorderLevel })
    .from(inventoryItems)
    .where(and(eq(inventoryItems.pharmacyId, pharmacyId), isNotNull(inventoryItems.medicationCode), gt(inventoryItems.reorderLevel, 0)))
    .orderBy(asc(inventoryItems.name), asc(inventoryItems.id));
  const byCode = new Map<string, { name: string; reorderLevel: number }>();
  for (const it of items) {
    const seen = byCode.get(it.code!);
    if (!seen) byCode.set(it.code!, { name: it.name, reorderLevel: it.reorderLevel });
    else seen.reorderLevel = Math.max(seen.reorderLevel, it.reorderLevel);
  }
  const codes = [...byCode.keys()];
  if (!codes.length) return toPage([], 0, w);
  const [onHand, onOrderRows, offers] = await Promise.all([
    sellableStock(db, pharmacyId, codes),
    db
      .select({ code: purchaseOrderItems.medicationCode, outstanding: sql<string>`sum(${purchaseOrderItems.quantity} - ${purchaseOrderItems.quantityReceived})` })
      .from(purchaseOrderItems)
      .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderItems.purchaseOrderId))
      .where(and(eq(purchaseOrders.pharmacyId, pharmacyId), inArray(purchaseOrders.status, [...OPEN_PURCHASE_ORDER_STATUSES]), inArray(purchaseOrderItems.medicationCode, codes)))
      .groupBy(purchaseOrderItems.medicationCode),
    db
      .select({ offer: supplierMedications, supplierName: suppliers.name, supplierCode: suppliers.code })
      .from(supplierMedications)
      .innerJoin(suppliers, eq(suppliers.id, supplierMedications.supplierId))
      .where(and(inArray(supplierMedications.medicationCode, codes), eq(supplierMedications.isActive, true), eq(suppliers.isActive, true)))
      .orderBy(asc(supplierMedications.unitPrice), asc(supplierMedications.leadTimeDays), asc(suppliers.code)),
  ]);
  const onOrder = new Map(onOrderRows.map((r) => [r.code, Number(r.outstanding)]));
  const cheapest = new Map<string, (typeof offers)[number]>();
  for (const o of offers) if (!cheapest.has(o.offer.medicationCode)) cheapest.set(o.offer.medicationCode, o);
  const today = kampalaDate();
  const out: ReorderSuggestion[] = [];
  for (const [code, item] of byCode) {
    const quantityOnHand = onHand.get(code) ?? 0;
    if (quantityOnHand > item.reorderLevel) continue;
    const quantityOnOrder = onOrder.get(code) ?? 0;
    const targetQuantity = item.reorderLevel * 2;
    const need = targetQuantity - quantityOnHand - quantityOnOrder;
    if (need <= 0) continue;
    const best = cheapest.get(code);
    const suggestedQuantity = best ? orderQuantity(need, best.offer.packSize, best.offer.minimumOrderQuantity) : 0;
    out.push({
      pharmacyId,
      medicationCode: code,
      name: item.name,
      quantityOnHand,
      reorderLevel: item.reorderLevel,
      quantityOnOrder,
      targetQuantity,
      suggestedQuantity,
      supplierId: best?.offer.supplierId ?? null,
      supplierName: best?.supplierName ?? null,
      productName: best?.offer.productName ?? null,
      unitPrice: best?.offer.unitPrice ?? null,
      lineTotal: best ? new Decimal(best.offer.unitPrice).times(suggestedQuantity).toFixed(2) : null,
      packSize: best?.offer.packSize ?? null,
      minimumOrderQuantity: best?.offer.minimumOrderQuantity ?? null,
      leadTimeDays: best?.offer.leadTimeDays ?? null,
      expectedDelivery: best ? addDays(today, best.offer.leadTimeDays) : null,
    });
  }
  return toPage(out.slice(w.offset, w.offset + w.limit), out.length, w);
}
