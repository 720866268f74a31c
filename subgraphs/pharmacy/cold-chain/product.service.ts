/** Temperature-sensitive stock: the catalog's cold-chain medicines with their range and the pharmacy's quantities. */
import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { Principal } from "../../../lib/auth.js";
import type { Db } from "../../../lib/db.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../lib/pagination.js";
import { coldStorageUnitItems, inventoryItems } from "../db/tables.js";
import { sellableByItem } from "../inventory/ledger.js";
import { findMedications } from "../inventory/medications/catalog.js";
import { coldChainPharmacy } from "./cold-chain-common.js";
import type { ColdChainProduct } from "./product.type.js";

export interface ColdChainProductFilters {
  pharmacyId?: string | null;
  medicationCode?: string | null;
  search?: string | null;
  /** Only medicines the pharmacy holds units of. */
  inStock?: boolean | null;
}

export async function listColdChainProducts(db: Db, principal: Principal, f: Partial<PageArgs> & ColdChainProductFilters): Promise<Page<ColdChainProduct>> {
  const w = pageWindow(f);
  const pharmacyId = coldChainPharmacy(principal, f.pharmacyId) ?? null;
  const meds = findMedications({ coldChain: true, search: f.search }).filter((m) => !f.medicationCode || m.code === f.medicationCode.trim());
  const codes = meds.map((m) => m.code);
  const conds: SQL[] = [inArray(inventoryItems.medicationCode, codes.length ? codes : ["-"])];
  if (pharmacyId) conds.push(eq(inventoryItems.pharmacyId, pharmacyId));
  const items = await db.select({ id: inventoryItems.id, code: inventoryItems.medicationCode, quantity: inventoryItems.quantity }).from(inventoryItems).where(and(...conds));
  const [sellable, units] = await Promise.all([
    sellableByItem(db, items.map((i) => i.id)),
    items.length ? db.select().from(coldStorageUnitItems).where(inArray(coldStorageUnitItems.inventoryItemId, items.map((i) => i.id))) : [],
  ]);
  const all: ColdChainProduct[] = meds.map((m) => {
    const mine = items.filter((i) => i.code === m.code);
    const quantity = mine.reduce((n, i) => n + i.quantity, 0);
    const sellableQuantity = mine.reduce((n, i) => n + (sellable.get(i.id) ?? 0), 0);
    return {
      medicationCode: m.code,
      genericName: m.genericName,
      dosageForm: m.dosageForm,
      strength: m.strength,
      storageMinC: m.storageMinC!,
      storageMaxC: m.storageMaxC!,
      storageSource: m.storageSource ?? "",
      pharmacyId,
      quantity,
      sellableQuantity,
      unsellableQuantity: quantity - sellableQuantity,
      storageUnits: [...new Set(units.filter((u) => mine.some((i) => i.id === u.inventoryItemId)).map((u) => u.storageUnitId))],
    };
  });
  const chosen = f.inStock === true ? all.filter((p) => p.quantity > 0) : f.inStock === false ? all.filter((p) => p.quantity === 0) : all;
  return toPage(chosen.slice(w.offset, w.offset + w.limit), chosen.length, w);
}
