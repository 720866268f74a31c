import { count } from "drizzle-orm";
import type { Db } from "../../../lib/db.js";
import type { Logger } from "../../../lib/logger.js";
import { isoDateDaysAgo, readDemoFile } from "../../../lib/seed.js";
import { loyaltyPrograms, pharmacies, prescriptions, products, supplierMedications, suppliers } from "./tables.js";

interface DemoPharmacyWorld {
  pharmacies: { id: string; code: string; name: string; district: string; address: string; phone: string; tax_rate: string; currency: string }[];
  products: { id: string; pharmacy_id: string; name: string; sku: string; category: string; retail_price: string; tax_exempt: boolean; stock_quantity: number; is_active: boolean }[];
  suppliers: { id: string; code: string; name: string; district: string; phone: string; email: string }[];
  /** Procurement: the suppliers' catalogs (absent in older demo files). */
  supplier_medications?: DemoSupplierMedication[];
  prescriptions: { id: string; patient_uhid: string; prescriber: string; medication_code: string | null; medication_name: string; dose: string; frequency: string; quantity: number; status: string; days_ago: number }[];
}

/** Loads the demo pharmacies, catalog, suppliers and prescriptions when there are no pharmacies. */
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
        stockQuantity: p.stock_quantity,
        isActive: p.is_active,
        taxExempt: p.tax_exempt,
      })),
    );
    await tx.insert(suppliers).values(world.suppliers);
    await seedSupplierCatalogs(tx, world.supplier_medications ?? []);
    await tx.insert(prescriptions).values(
      world.prescriptions.map((p) => ({
        id: p.id,
        patientUhid: p.patient_uhid,
        prescriber: p.prescriber,
        medicationCode: p.medication_code,
        medicationName: p.medication_name,
        dose: p.dose,
        frequency: p.frequency,
        quantity: p.quantity,
        status: p.status,
        issuedAt: new Date(`${isoDateDaysAgo(p.days_ago)}T08:00:00Z`),
      })),
    );
  });
  logger.info({ pharmacies: world.pharmacies.length, products: world.products.length }, "pharmacy demo data loaded");
  return true;
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
