import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultValidUntil } from "../subgraphs/pharmacy/dispensing/prescription/prescription-validity.js";
import { databaseBefore, type DatabaseBefore } from "./support/migrations.js";

/**
 * Migration 0023 on a database holding prescriptions written before it: each gets the default
 * valid_until from the day it was written in Kampala (six months; 30 days with a controlled medicine),
 * the same day as the service computes (prescription-validity.ts), month ends and late evenings (UTC)
 * included; and the expiry corrections it creates cannot be changed or deleted.
 */
let before: DatabaseBefore;

beforeAll(async () => {
  before = await databaseBefore("pharmacy", (tag) => tag === "0023_prescription_validity_expiry_corrections");
});
afterAll(() => before?.close());

const ISSUED = [
  "2026-01-31T08:00:00Z",
  "2026-02-28T20:59:59Z",
  "2026-02-28T21:00:00Z", // 1 March in Kampala
  "2026-03-31T12:00:00Z",
  "2026-05-31T23:30:00Z", // 1 June in Kampala
  "2026-08-29T08:00:00Z",
  "2026-08-30T08:00:00Z",
  "2026-08-31T08:00:00Z",
  "2027-08-31T08:00:00Z", // February 2028 has 29 days
  "2026-12-31T22:00:00Z", // 1 January 2027 in Kampala
];

describe("the prescription validity migration", () => {
  it("gives every existing prescription the default validity from the day it was written, and keeps corrections append-only", async () => {
    const q = before.q;
    const rx = (i: number, controlled: boolean) => `7e000000-0000-4000-8000-${String(i).padStart(10, "0")}${controlled ? "01" : "00"}`;
    for (const [i, at] of ISSUED.entries()) {
      for (const controlled of [false, true]) {
        await q(`insert into pharmacy.prescriptions (id, patient_uhid, prescriber, status, issued_at) values ('${rx(i, controlled)}', 'UG-MIG-23', 'dr-x', 'pending', '${at}')`);
        // A controlled prescription carries codeine beside an ordinary medicine (metformin).
        const items = controlled ? [["6809", "Metformin"], ["2670", "Codeine"]] : [["6809", "Metformin"]];
        for (const [position, [code, name]] of items.entries()) {
          await q(`insert into pharmacy.prescription_items (prescription_id, position, medication_code, medication_name, dose, frequency, quantity) values ('${rx(i, controlled)}', ${position}, '${code}', '${name}', '1 tablet', 'daily', 10)`);
        }
      }
    }

    await before.migrateRest();

    const rows = await q<{ id: string; valid_until: string | Date }>(`select id, valid_until::text as valid_until from pharmacy.prescriptions where patient_uhid = 'UG-MIG-23'`);
    const got = new Map(rows.map((r) => [r.id, String(r.valid_until)]));
    for (const [i, at] of ISSUED.entries()) {
      for (const controlled of [false, true]) expect([at, controlled, got.get(rx(i, controlled))]).toEqual([at, controlled, defaultValidUntil(new Date(at), controlled)]);
    }

    await q(`insert into pharmacy.pharmacies (id, code, name, district) values ('6a0c1d1e-0000-4000-8000-0000000000d3', 'MIG-23', 'Migration pharmacy', 'Kampala')`);
    await q(`insert into pharmacy.inventory_items (id, pharmacy_id, name, medication_code, quantity) values ('7e100000-0000-4000-8000-000000000001', '6a0c1d1e-0000-4000-8000-0000000000d3', 'Metformin', '6809', 5)`);
    await q(`insert into pharmacy.stock_batches (id, inventory_item_id, pharmacy_id, lot_number, expiry_date, quantity) values ('7e200000-0000-4000-8000-000000000001', '7e100000-0000-4000-8000-000000000001', '6a0c1d1e-0000-4000-8000-0000000000d3', 'MET-1', '2027-01-31', 5)`);
    await q(`insert into pharmacy.stock_batch_expiry_corrections (id, batch_id, inventory_item_id, pharmacy_id, lot_number, previous_expiry_date, expiry_date, reason, corrected_by)
             values ('7e300000-0000-4000-8000-000000000001', '7e200000-0000-4000-8000-000000000001', '7e100000-0000-4000-8000-000000000001', '6a0c1d1e-0000-4000-8000-0000000000d3', 'MET-1', '2028-01-31', '2027-01-31', 'keyed the wrong year', 'kla-pharmacist')`);
    // The database's own message (drizzle wraps it as the cause).
    const refusal = (statement: string) => q(statement).then(() => "written", (err: { message?: string; cause?: { message?: string } }) => String(err.cause?.message ?? err.message));
    expect(await refusal(`update pharmacy.stock_batch_expiry_corrections set reason = 'changed' where id = '7e300000-0000-4000-8000-000000000001'`)).toMatch(/append-only \(UPDATE refused\)/);
    expect(await refusal(`delete from pharmacy.stock_batch_expiry_corrections where id = '7e300000-0000-4000-8000-000000000001'`)).toMatch(/append-only \(DELETE refused\)/);
  });
});
