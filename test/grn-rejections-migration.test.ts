import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseBefore, type DatabaseBefore } from "./support/migrations.js";

/**
 * Migration 0022 on a database holding goods received notes booked before it: every existing line
 * keeps its quantity with nothing rejected (all of it was booked into stock), and from then on the
 * database itself refuses a rejection above what was delivered or one without a reason.
 */
let before: DatabaseBefore;

beforeAll(async () => {
  before = await databaseBefore("pharmacy", (tag) => tag === "0022_grn_rejections_controlled_receipts");
});
afterAll(() => before?.close());

describe("the GRN rejections migration", () => {
  it("gives existing lines rejected_quantity 0, then refuses a rejection above the delivery or without a reason", async () => {
    const q = before.q;
    const ph = "6a0c1d1e-0000-4000-8000-0000000000cc";
    const sup = "33333333-0000-4000-8000-000000000022";
    const po = "44444444-0000-4000-8000-000000000022";
    const poItem = "55555555-0000-4000-8000-000000000022";
    const note = "66666666-0000-4000-8000-000000000022";
    await q(`insert into pharmacy.pharmacies (id, code, name, district) values ('${ph}', 'MIG-22', 'Migration pharmacy', 'Kampala')`);
    await q(`insert into pharmacy.suppliers (id, code, name) values ('${sup}', 'SUP-M22', 'Migration wholesale')`);
    await q(`insert into pharmacy.purchase_orders (id, po_number, pharmacy_id, supplier_id, status, expected_delivery, total_amount, currency, created_by) values ('${po}', 'PO-M22-1', '${ph}', '${sup}', 'partially_received', '2030-01-01', '100.00', 'UGX', 'x')`);
    await q(`insert into pharmacy.purchase_order_items (id, purchase_order_id, medication_code, quantity, unit_price, line_total, quantity_received) values ('${poItem}', '${po}', '723', 10, '10.00', '100.00', 4)`);
    await q(`insert into pharmacy.goods_received_notes (id, grn_number, purchase_order_id, pharmacy_id, supplier_id, received_by) values ('${note}', 'GRN-M22-1', '${po}', '${ph}', '${sup}', 'x')`);
    await q(`insert into pharmacy.goods_received_items (grn_id, purchase_order_item_id, medication_code, quantity_received, lot_number, expiry_date) values ('${note}', '${poItem}', '723', 4, 'OLD-1', '2030-01-01')`);

    await before.migrateRest();

    const rows = await q<{ quantity_received: number; rejected_quantity: number; rejection_reason: string | null; controlled_entry_id: string | null }>(
      `select quantity_received, rejected_quantity, rejection_reason, controlled_entry_id from pharmacy.goods_received_items where grn_id = '${note}'`,
    );
    expect(rows).toEqual([{ quantity_received: 4, rejected_quantity: 0, rejection_reason: null, controlled_entry_id: null }]);
    const [{ witness }] = await q<{ witness: string | null }>(`select witness from pharmacy.goods_received_notes where id = '${note}'`);
    expect(witness).toBeNull();
    const insert = (received: number, rejected: number, reason: string | null) =>
      q(`insert into pharmacy.goods_received_items (grn_id, purchase_order_item_id, medication_code, quantity_received, rejected_quantity, rejection_reason, lot_number, expiry_date)
         values ('${note}', '${poItem}', '723', ${received}, ${rejected}, ${reason === null ? "null" : `'${reason}'`}, 'NEW-${received}-${rejected}', '2030-01-01')`);
    await expect(insert(3, 4, "crushed")).rejects.toThrow();
    await expect(insert(3, -1, "crushed")).rejects.toThrow();
    await expect(insert(3, 1, null)).rejects.toThrow();
    await expect(insert(3, 1, "  ")).rejects.toThrow();
    await insert(3, 3, "crushed");
    await insert(3, 0, null);
  });
});
