import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../lib/db.js";
import { databaseBefore, type DatabaseBefore } from "./support/migrations.js";

/**
 * The batch ledger's migrations (issue 10) on a database holding data of the shape before them:
 * products with standalone stock, inventory items created with a quantity, movements against both.
 * After migrating, every stock is an item, sum of movements = quantity = sum of batches, chains hold.
 */
const LEDGER_TAG = /_wooden_prodigy$/;

let before: DatabaseBefore;
let database: Database;

beforeAll(async () => {
  before = await databaseBefore("pharmacy", (tag) => LEDGER_TAG.test(tag));
  database = before.database;
});

afterAll(() => before?.close());

const q = <T>(text: string) => before.q<T>(text);

describe("the batch ledger's data migration", () => {
  it("turns standalone product stock and item quantities into items, batches and a chaining ledger", async () => {
    const ph = "6a0c1d1e-0000-4000-8000-0000000000aa";
    const standalone = "11111111-0000-4000-8000-000000000001";
    const linked = "11111111-0000-4000-8000-000000000002";
    const item = "22222222-0000-4000-8000-000000000001";
    await q(`insert into pharmacy.pharmacies (id, code, name, district) values ('${ph}', 'MIG-01', 'Migration pharmacy', 'Kampala')`);
    await q(`insert into pharmacy.inventory_items (id, pharmacy_id, name, medication_code, quantity, reorder_level) values ('${item}', '${ph}', 'Amoxicillin', '723', 9, 3)`);
    await q(`insert into pharmacy.products (id, pharmacy_id, name, category, retail_price, stock_quantity, inventory_item_id) values
      ('${standalone}', '${ph}', 'Standalone syrup', 'x', '10.00', 17, null),
      ('${linked}', '${ph}', 'Linked caps', 'x', '10.00', 0, '${item}')`);
    // Before the ledger: the standalone product was created with 20 and sold 3; the item with 5, received 4.
    await q(`insert into pharmacy.stock_movements (pharmacy_id, product_id, inventory_item_id, movement_type, quantity, quantity_before, quantity_after, created_by, created_at) values
      ('${ph}', '${standalone}', null, 'sale', -3, 20, 17, 'x', now() - interval '2 days'),
      ('${ph}', null, '${item}', 'receipt', 4, 5, 9, 'x', now() - interval '1 day')`);

    await before.migrateRest();

    const items = await q<{ id: string; product_id: string | null; quantity: number }>(`select id, product_id, quantity from pharmacy.inventory_items order by name`);
    expect(items).toHaveLength(2);
    const own = items.find((i) => i.product_id === standalone)!;
    expect(own.quantity).toBe(17);
    expect(items.find((i) => i.product_id === linked)).toBeUndefined();
    const columns = await q<{ column_name: string }>(`select column_name from information_schema.columns where table_schema = 'pharmacy' and table_name = 'products'`);
    expect(columns.map((c) => c.column_name)).not.toContain("stock_quantity");

    for (const id of [own.id, item]) {
      const [{ quantity }] = await q<{ quantity: number }>(`select quantity from pharmacy.inventory_items where id = '${id}'`);
      const batches = await q<{ quantity: number; lot_number: string | null; expiry_date: string | null }>(`select quantity, lot_number, expiry_date from pharmacy.stock_batches where inventory_item_id = '${id}'`);
      expect(batches).toEqual([{ quantity, lot_number: null, expiry_date: null }]);
      const movements = await q<{ movement_type: string; reference_type: string | null; quantity: number; quantity_before: number; quantity_after: number }>(
        `select movement_type, reference_type, quantity, quantity_before, quantity_after from pharmacy.stock_movements where inventory_item_id = '${id}' order by created_at, id`,
      );
      expect(movements[0]).toMatchObject({ movement_type: "receipt", reference_type: "opening_balance", quantity_before: 0 });
      let at = 0;
      for (const m of movements) {
        expect(m.quantity_before).toBe(at);
        expect(m.quantity_after).toBe(m.quantity_before + m.quantity);
        at = m.quantity_after;
      }
      expect(at).toBe(quantity);
    }
    const [{ n }] = await q<{ n: number }>(`select count(*)::int as n from pharmacy.stock_movements where inventory_item_id is null`);
    expect(n).toBe(0);
  });
});
