import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../lib/db.js";
import { prescriptions } from "../subgraphs/pharmacy/db/tables.js";
import { openFillOf } from "../subgraphs/pharmacy/dispensing/fill/fill.js";
import { withItems } from "../subgraphs/pharmacy/dispensing/prescription/prescription.service.js";
import { databaseBefore, type DatabaseBefore } from "./support/migrations.js";

/**
 * The partial-fills migration (0020) on prescriptions written when a fill was dispensed once and what
 * it did not give was not owed: pending, dispensed in full, dispensed short, a refill waiting, a refill
 * dispensed short, and one imported as dispensed with no dispense. After migrating, each reads as before
 * (nothing owed on a finished fill, everything on an open one), the items count what the last fill gave,
 * and the fills dispensed short carry a closure saying what was not given.
 */
const PARTIAL_FILLS_TAG = /_partial_fills$/;

let before: DatabaseBefore;
let database: Database;

beforeAll(async () => {
  before = await databaseBefore("pharmacy", (tag) => PARTIAL_FILLS_TAG.test(tag));
  database = before.database;
});

afterAll(() => before?.close());

const q = <T>(text: string) => before.q<T>(text);

const PH = "6a0c1d1e-0000-4000-8000-0000000000aa";
const rx = (n: number) => `33333333-0000-4000-8000-00000000000${n}`;
const disp = (n: number) => `44444444-0000-4000-8000-00000000000${n}`;

/** A prescription of metformin (30, `refills` refills) and amoxicillin (10, none), as the code before 0020 wrote it. */
async function prescription(n: number, status: string, refills = 0) {
  await q(`insert into pharmacy.prescriptions (id, patient_uhid, prescriber, status, issued_at) values ('${rx(n)}', 'UG-MIG-${n}', 'dr-x', '${status}', now() - interval '${10 - n} days')`);
  await q(`insert into pharmacy.prescription_items (prescription_id, position, medication_code, medication_name, dose, frequency, quantity, refills_allowed) values
    ('${rx(n)}', 0, '6809', 'Metformin', '500 mg', 'bd', 30, ${refills}),
    ('${rx(n)}', 1, '723', 'Amoxicillin', '500 mg', 'tds', 10, 0)`);
}

/** One dispense of fill `fill` giving `items` ([code, quantity]); before 0020 a fill had exactly one. */
async function dispensed(n: number, d: number, fill: number, items: [string, number][], refillId: string | null = null) {
  await q(`insert into pharmacy.dispenses (id, prescription_id, fill_number, refill_id, pharmacy_id, patient_uhid, pharmacist, dispensed_by, created_at) values
    ('${disp(d)}', '${rx(n)}', ${fill}, ${refillId ? `'${refillId}'` : "null"}, '${PH}', 'UG-MIG-${n}', 'P. Achieng', 'kla', now() - interval '${d} hours')`);
  await q(`insert into pharmacy.dispense_items (dispense_id, position, medication_code, medication_name, quantity) values ${items
    .map(([code, quantity], i) => `('${disp(d)}', ${i}, '${code}', '${code === "6809" ? "Metformin" : "Amoxicillin"}', ${quantity})`)
    .join(", ")}`);
}

describe("the partial-fills migration", () => {
  it("backfills what each item's current fill gave, the open refill, and a closure for every fill dispensed short", async () => {
    await prescription(1, "pending");
    await prescription(2, "dispensed");
    await dispensed(2, 1, 0, [["6809", 30], ["723", 10]]);
    await prescription(3, "dispensed");
    await dispensed(3, 2, 0, [["6809", 10]]);
    await prescription(4, "dispensed", 1);
    await dispensed(4, 3, 0, [["6809", 30], ["723", 10]]);
    await q(`insert into pharmacy.prescription_refills (id, prescription_id, number, status, requested_by) values ('55555555-0000-4000-8000-000000000004', '${rx(4)}', 1, 'requested', 'kla')`);
    await prescription(5, "dispensed", 2);
    await dispensed(5, 4, 0, [["6809", 30], ["723", 10]]);
    await q(`insert into pharmacy.prescription_refills (id, prescription_id, number, status, requested_by, dispense_id, dispensed_at) values ('55555555-0000-4000-8000-000000000005', '${rx(5)}', 1, 'dispensed', 'kla', '${disp(5)}', now())`);
    await dispensed(5, 5, 1, [["6809", 20]], "55555555-0000-4000-8000-000000000005");
    await prescription(6, "dispensed");

    await before.migrateRest();

    const rows = await database.db.select().from(prescriptions).where(inArray(prescriptions.id, [1, 2, 3, 4, 5, 6].map(rx)));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.openRefillNumber]))).toEqual({ [rx(1)]: null, [rx(2)]: null, [rx(3)]: null, [rx(4)]: 1, [rx(5)]: null, [rx(6)]: null });
    const read = Object.fromEntries((await withItems(database.db, rows)).map((p) => [p.id, p.items.map((i) => [i.medicationCode, i.quantityDispensed, i.quantityOwed])]));
    expect(read).toEqual({
      [rx(1)]: [["6809", 0, 30], ["723", 0, 10]], // pending: everything owed
      [rx(2)]: [["6809", 30, 0], ["723", 10, 0]],
      [rx(3)]: [["6809", 10, 0], ["723", 0, 0]], // dispensed short: what was not given was not owed, and still is not
      [rx(4)]: [["6809", 0, 30], ["723", 0, 0]], // refill 1 waiting: its item owed, nothing given on it yet
      [rx(5)]: [["6809", 20, 0], ["723", 0, 0]], // refill 1 dispensed short
      [rx(6)]: [["6809", 0, 0], ["723", 0, 0]], // imported as dispensed: nothing known given, nothing owed
    });

    const closures = await q<{ prescription_id: string; fill_number: number; pharmacy_id: string; closed_by: string; reason: string; not_given: unknown }>(
      `select prescription_id, fill_number, pharmacy_id, closed_by, reason, not_given from pharmacy.prescription_fill_closures order by prescription_id, fill_number`,
    );
    expect(closures).toEqual([
      {
        prescription_id: rx(3),
        fill_number: 0,
        pharmacy_id: PH,
        closed_by: "migration:0020_partial_fills",
        reason: expect.stringContaining("before partial fills were tracked"),
        not_given: [
          { medicationCode: "6809", medicationName: "Metformin", quantity: 20 },
          { medicationCode: "723", medicationName: "Amoxicillin", quantity: 10 },
        ],
      },
      {
        prescription_id: rx(5),
        fill_number: 1,
        pharmacy_id: PH,
        closed_by: "migration:0020_partial_fills",
        reason: expect.stringContaining("before partial fills were tracked"),
        not_given: [{ medicationCode: "6809", medicationName: "Metformin", quantity: 10 }],
      },
    ]);
    expect(await q<{ part: number }>(`select distinct part from pharmacy.dispenses`)).toEqual([{ part: 1 }]);

    // The open fills are dispensable as they were: the pending prescription's fill 0, prescription 4's refill 1.
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(await openFillOf(database.db, byId.get(rx(1))!)).toEqual({ fillNumber: 0, refillId: null, status: "pending" });
    expect(await openFillOf(database.db, byId.get(rx(4))!)).toEqual({ fillNumber: 1, refillId: "55555555-0000-4000-8000-000000000004", status: "pending" });
    await expect(openFillOf(database.db, byId.get(rx(3))!)).rejects.toThrow(/fill is complete/);
    // Never more given than prescribed on one fill: the database refuses it.
    await expect(q(`update pharmacy.prescription_items set quantity_dispensed = 31 where prescription_id = '${rx(1)}' and position = 0`)).rejects.toThrow();
  });
});
