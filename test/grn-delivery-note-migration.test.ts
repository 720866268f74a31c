import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseBefore, type DatabaseBefore } from "./support/migrations.js";

/**
 * Migration 0021 on a database where the same delivery note was already booked more than once (the
 * defect it closes): the unique index on (pharmacy, supplier, upper(btrim(delivery_note))) must still be
 * built, so every repeat after the first GRN is marked "(repeat n of GRN-…)"; nothing is deleted.
 */
let before: DatabaseBefore;

beforeAll(async () => {
  before = await databaseBefore("pharmacy", (tag) => tag === "0021_register_witnesses_delivery_notes");
});
afterAll(() => before?.close());

describe("the delivery-note migration", () => {
  it("marks earlier repeats of a note, keeps every GRN, and then refuses a new repeat", async () => {
    const q = before.q;
    const ph = "6a0c1d1e-0000-4000-8000-0000000000bb";
    const sup = "33333333-0000-4000-8000-000000000001";
    const po = "44444444-0000-4000-8000-000000000001";
    await q(`insert into pharmacy.pharmacies (id, code, name, district) values ('${ph}', 'MIG-02', 'Migration pharmacy', 'Kampala')`);
    await q(`insert into pharmacy.suppliers (id, code, name) values ('${sup}', 'SUP-MIG', 'Migration wholesale')`);
    await q(`insert into pharmacy.purchase_orders (id, po_number, pharmacy_id, supplier_id, expected_delivery, total_amount, currency, created_by) values ('${po}', 'PO-MIG-1', '${ph}', '${sup}', '2030-01-01', '0.00', 'UGX', 'x')`);
    const grn = (n: number, note: string | null, minutesAgo: number) =>
      `('GRN-MIG-${n}', '${po}', '${ph}', '${sup}', ${note === null ? "null" : `'${note}'`}, 'x', now() - interval '${minutesAgo} minutes')`;
    await q(`insert into pharmacy.goods_received_notes (grn_number, purchase_order_id, pharmacy_id, supplier_id, delivery_note, received_by, created_at) values
      ${grn(1, "NPD-INV-7781", 30)}, ${grn(2, "npd-inv-7781 ", 20)}, ${grn(3, "NPD-INV-7781", 10)}, ${grn(4, "OTHER-1", 5)}, ${grn(5, null, 4)}, ${grn(6, null, 3)}, ${grn(7, "  ", 2)}, ${grn(8, "  ", 1)}`);

    await before.migrateRest();

    const rows = await q<{ grn_number: string; delivery_note: string | null }>(`select grn_number, delivery_note from pharmacy.goods_received_notes where pharmacy_id = '${ph}' order by grn_number`);
    expect(rows).toEqual([
      { grn_number: "GRN-MIG-1", delivery_note: "NPD-INV-7781" },
      { grn_number: "GRN-MIG-2", delivery_note: "npd-inv-7781  (repeat 1 of GRN-MIG-1)" },
      { grn_number: "GRN-MIG-3", delivery_note: "NPD-INV-7781 (repeat 2 of GRN-MIG-1)" },
      { grn_number: "GRN-MIG-4", delivery_note: "OTHER-1" },
      { grn_number: "GRN-MIG-5", delivery_note: null },
      { grn_number: "GRN-MIG-6", delivery_note: null },
      { grn_number: "GRN-MIG-7", delivery_note: "  " },
      { grn_number: "GRN-MIG-8", delivery_note: "  " },
    ]);
    await expect(q(`insert into pharmacy.goods_received_notes (grn_number, purchase_order_id, pharmacy_id, supplier_id, delivery_note, received_by) values ('GRN-MIG-9', '${po}', '${ph}', '${sup}', ' Other-1', 'x')`)).rejects.toThrow();
    const cols = await q<{ column_name: string }>(`select column_name from information_schema.columns where table_schema = 'pharmacy' and table_name = 'supplier_returns' and column_name in ('witness', 'controlled_entry_id') order by 1`);
    expect(cols.map((c) => c.column_name)).toEqual(["controlled_entry_id", "witness"]);
  });
});
