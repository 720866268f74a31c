import { count } from "drizzle-orm";
import type { Db } from "../../../lib/db.js";
import type { Logger } from "../../../lib/logger.js";
import { isoDateDaysAgo, readDemoFile } from "../../../lib/seed.js";
import { recordControlledEntry } from "../drug-safety/controlled-register.service.js";
import { addDays, applyStockChanges, kampalaToday, type LedgerChange } from "../inventory/ledger.js";
import { medicationByCode } from "../inventory/medications/catalog.js";
import { defaultValidUntil } from "../dispensing/prescription/prescription-validity.js";
import { seedDemoColdChain, type DemoStorageUnit } from "./seed-cold-chain.js";
import { seedDemoFormulas, type DemoCompoundFormula } from "./seed-compounding.js";
import { inventoryItems, loyaltyPrograms, pharmacies, prescriptionItems, prescriptions, products, supplierMedications, suppliers } from "./tables.js";

/** A batch as stored in the demo file: expiry in days from the seeding day (negative: already expired). */
interface DemoBatch {
  lot_number: string;
  expires_in_days: number;
  quantity: number;
}

interface DemoPharmacyWorld {
  pharmacies: { id: string; code: string; name: string; district: string; address: string; phone: string; tax_rate: string; currency: string }[];
  products: { id: string; pharmacy_id: string; name: string; sku: string; category: string; retail_price: string; tax_exempt: boolean; stock_quantity: number; is_active: boolean; stock_item_id: string; batches: DemoBatch[] }[];
  inventory_items: { id: string; pharmacy_id: string; name: string; medication_code: string; reorder_level: number; batches: DemoBatch[] }[];
  suppliers: { id: string; code: string; name: string; district: string; phone: string; email: string }[];
  /** Procurement: the suppliers' catalogs (absent in older demo files). */
  supplier_medications?: DemoSupplierMedication[];
  prescriptions: DemoPrescription[];
  /** Cold chain: a refrigerator per pharmacy and its readings (absent in older demo files). */
  cold_storage_units?: DemoStorageUnit[];
  /** Compounding: approved master formulas shared by every pharmacy (absent in older demo files). */
  compound_formulas?: DemoCompoundFormula[];
}

interface DemoPrescription {
  id: string;
  patient_uhid: string;
  prescriber: string;
  items: { medication_code: string | null; medication_name: string; dose: string; frequency: string; quantity: number; refills_allowed: number }[];
  status: string;
  days_ago: number;
}

/** Loads the demo pharmacies, catalog, suppliers, prescriptions, master formulas and refrigerators (with their readings) when there are no pharmacies. */
export async function seedPharmacyDemo(db: Db, logger: Logger): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(pharmacies);
  if (n > 0) return false;
  const world = readDemoFile<DemoPharmacyWorld>("pharmacy.json");
  await db.transaction(async (tx) => {
    await tx.insert(pharmacies).values(world.pharmacies.map((p) => ({ ...p, taxRate: p.tax_rate })));
    // One rewards program per pharmacy: a point per 1,000 UGX paid, worth 10 UGX when redeemed.
    await tx.insert(loyaltyPrograms).values(
      world.pharmacies.map((p) => ({ pharmacyId: p.id, name: `${p.name} Rewards`, earnAmount: "1000.00", pointValue: "10.00", minRedeemPoints: 10 })),
    );
    await tx.insert(products).values(
      world.products.map((p) => ({
        id: p.id,
        pharmacyId: p.pharmacy_id,
        name: p.name,
        sku: p.sku,
        category: p.category,
        retailPrice: p.retail_price,
        isActive: p.is_active,
        taxExempt: p.tax_exempt,
      })),
    );
    // Every stock is an inventory item: each product's own stock, and the medication stock items.
    // Their batches arrive as opening_balance receipts through the ledger, so movements, batches and
    // quantities agree from the first day.
    const db = tx as unknown as Db;
    await db.insert(inventoryItems).values([
      ...world.products.map((p) => ({ id: p.stock_item_id, pharmacyId: p.pharmacy_id, name: p.name, productId: p.id, quantity: 0 })),
      ...world.inventory_items.map((i) => ({ id: i.id, pharmacyId: i.pharmacy_id, name: i.name, medicationCode: i.medication_code, reorderLevel: i.reorder_level, quantity: 0 })),
    ]);
    const today = kampalaToday();
    const receipts: LedgerChange[] = [...world.products.map((p) => ({ ...p, item: p.stock_item_id })), ...world.inventory_items.map((i) => ({ ...i, item: i.id }))].flatMap((s) =>
      s.batches.map((b) => ({
        pharmacyId: s.pharmacy_id,
        stock: { inventoryItemId: s.item },
        quantity: b.quantity,
        movementType: "receipt" as const,
        batch: { lotNumber: b.lot_number, expiryDate: addDays(today, b.expires_in_days) },
        referenceType: "opening_balance",
        referenceId: "demo-seed",
        notes: "demo opening stock",
        createdBy: "seed",
      })),
    );
    await applyStockChanges(db, receipts);
    await seedControlledOpeningBalances(db, world.inventory_items);
    await tx.insert(suppliers).values(world.suppliers);
    await seedSupplierCatalogs(tx, world.supplier_medications ?? []);
    await seedDemoPrescriptions(tx as unknown as Db, world.prescriptions);
    await seedDemoFormulas(db, world.compound_formulas ?? []);
    await seedDemoColdChain(db, logger, world.cold_storage_units ?? []);
  });
  logger.info({ pharmacies: world.pharmacies.length, products: world.products.length }, "pharmacy demo data loaded");
  return true;
}

/**
 * The controlled register opens with what the shelf holds: one witnessed `receipt` entry (reference
 * opening_balance/demo-seed) per controlled medicine per pharmacy, for the units its batches hold, so
 * the register and the stock agree on the first day (a first tramadol dispense was 409 while the
 * queue said in stock). A medicine out of stock gets no entry (a receipt is never 0).
 */
async function seedControlledOpeningBalances(db: Db, items: DemoPharmacyWorld["inventory_items"]): Promise<void> {
  for (const i of items) {
    const units = i.batches.reduce((n, b) => n + b.quantity, 0);
    if (units === 0 || !medicationByCode(i.medication_code)?.controlled) continue;
    await recordControlledEntry(db, {
      pharmacyId: i.pharmacy_id,
      medicationCode: i.medication_code,
      transactionType: "receipt",
      quantity: units,
      recordedBy: "seed",
      witness: "demo stock-take witness",
      referenceType: "opening_balance",
      referenceId: "demo-seed",
      notes: "demo opening balance: the units on the shelf",
    });
  }
}

// ── Demo prescriptions (issue 10, dispensing) ─────────────────────────────────────────────────────
/** The demo prescriptions and their items (several per prescription, refills on chronic medicines). */
async function seedDemoPrescriptions(tx: Db, demo: DemoPrescription[]): Promise<void> {
  if (!demo.length) return;
  await tx.insert(prescriptions).values(
    demo.map((p) => {
      const issuedAt = new Date(`${isoDateDaysAgo(p.days_ago)}T08:00:00Z`);
      const controlled = p.items.some((it) => it.medication_code && medicationByCode(it.medication_code)?.controlled);
      return { id: p.id, patientUhid: p.patient_uhid, prescriber: p.prescriber, status: p.status, issuedAt, validUntil: defaultValidUntil(issuedAt, controlled) };
    }),
  );
  await tx.insert(prescriptionItems).values(
    demo.flatMap((p) =>
      p.items.map((it, position) => ({
        prescriptionId: p.id,
        position,
        medicationCode: it.medication_code,
        medicationName: it.medication_name,
        dose: it.dose,
        frequency: it.frequency,
        quantity: it.quantity,
        refillsAllowed: it.refills_allowed,
      })),
    ),
  );
}

// ── Procurement (issue 10) ─────────────────────────────────────────────────────────────────────────

interface DemoSupplierMedication {
  id: string;
  supplier_id: string;
  medication_code: string;
  product_name: string;
  unit_price: string;
  currency: string;
  pack_size: number;
  lead_time_days: number;
  minimum_order_quantity: number;
  is_active: boolean;
}

/** What the demo suppliers sell of the demo medicines (seed/demo/pharmacy.json, `supplier_medications`). */
async function seedSupplierCatalogs(tx: Db, rows: DemoSupplierMedication[]): Promise<void> {
  if (!rows.length) return;
  await tx.insert(supplierMedications).values(
    rows.map((m) => ({
      id: m.id,
      supplierId: m.supplier_id,
      medicationCode: m.medication_code,
      productName: m.product_name,
      unitPrice: m.unit_price,
      currency: m.currency,
      packSize: m.pack_size,
      leadTimeDays: m.lead_time_days,
      minimumOrderQuantity: m.minimum_order_quantity,
      isActive: m.is_active,
    })),
  );
}
