import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseBefore, type DatabaseBefore } from "./support/migrations.js";

/**
 * Migration 0024 on a database holding pharmacies from before it: each keeps its phone and gets no
 * alert phone (so its urgent messages keep going to the phone); the record of changes it creates
 * cannot be changed or deleted.
 */
let before: DatabaseBefore;

beforeAll(async () => {
  before = await databaseBefore("pharmacy", (tag) => tag === "0024_pharmacy_alert_phone_changes");
});
afterAll(() => before?.close());

describe("the pharmacy alert phone migration", () => {
  it("keeps every pharmacy's phone, gives none an alert phone, and keeps changes append-only", async () => {
    const q = before.q;
    const id = (n: number) => `6a0c1d1e-0000-4000-8000-0000000024${String(n).padStart(2, "0")}`;
    await q(`insert into pharmacy.pharmacies (id, code, name, district, phone) values ('${id(1)}', 'MIG-24-A', 'Landline pharmacy', 'Kampala', '+256414100001'), ('${id(2)}', 'MIG-24-B', 'No phone pharmacy', 'Gulu', null)`);

    await before.migrateRest();

    const rows = await q<{ id: string; phone: string | null; alert_phone: string | null }>(`select id, phone, alert_phone from pharmacy.pharmacies where code like 'MIG-24-%' order by code`);
    expect(rows).toEqual([
      { id: id(1), phone: "+256414100001", alert_phone: null },
      { id: id(2), phone: null, alert_phone: null },
    ]);

    await q(`insert into pharmacy.pharmacy_changes (id, pharmacy_id, field, previous_value, value, changed_by) values ('7e400000-0000-4000-8000-000000000001', '${id(1)}', 'alert_phone', null, '+256772000201', 'kla-pharmacist')`);
    const refusal = (statement: string) => q(statement).then(() => "written", (err: { message?: string; cause?: { message?: string } }) => String(err.cause?.message ?? err.message));
    expect(await refusal(`update pharmacy.pharmacy_changes set value = '+256700000000' where id = '7e400000-0000-4000-8000-000000000001'`)).toMatch(/append-only \(UPDATE refused\)/);
    expect(await refusal(`delete from pharmacy.pharmacy_changes where id = '7e400000-0000-4000-8000-000000000001'`)).toMatch(/append-only \(DELETE refused\)/);
  });
});
