import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GULU, startStack, type Stack } from "../support/stack.js";

/**
 * Classes found by the blind compounding set (test/fixtures/compounding/preparations-blind-1.json), tested
 * with formulas and amounts that are not in it: USP <795> (2023) beyond-use periods (never over 180 days;
 * a formula's category default unless it names a stability study), and tolerance edges that binary
 * floating point would get wrong.
 */

let stack: Stack;
let author: string;
let approver: string;
const formulas = "/api/v1/compounding/formulas/";
const preparations = "/api/v1/compounding/preparations/";
const movements = "/api/v1/pharmacy/inventory/movements/";
let seq = 0;

function kampalaDay(days = 0): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Kampala", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const formula = (extra: Record<string, unknown>) => ({
  code: `BUDCLASS-${++seq}`,
  name: `Nystatin-free test base ${seq}`,
  dosage_form: "paste",
  batch_unit: "g",
  beyond_use_days: 30,
  tolerance_percent: "2",
  ingredients: [{ stock_code: `excipient:budclass-base-${seq}`, name: "Test base", quantity_per_unit: "1", unit: "g" }],
  ...extra,
});

beforeAll(async () => {
  stack = await startStack();
  author = await stack.token("pharmacist", { sub: "budclass-author", pharmacy: GULU });
  approver = await stack.token("pharmacist", { sub: "budclass-approver", pharmacy: GULU });
}, 180_000);
afterAll(() => stack?.stop());

describe("USP <795> beyond-use periods of a formula", () => {
  it("never over 180 days, even with a stability study", async () => {
    const res = await stack.rest("POST", formulas, { token: author, body: formula({ beyond_use_days: 181, bud_category: "solid", stability_reference: "In-house assay, 24 months" }) });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.beyond_use_days.join(" ")).toMatch(/180/);
    const noCategory = await stack.rest("POST", formulas, { token: author, body: formula({ beyond_use_days: 200 }) });
    expect(noCategory.status).toBe(400);
  });

  it("a category's default is the most without a study; a study allows more and is kept", async () => {
    for (const [category, days] of [["aqueous_unpreserved", 14], ["aqueous_preserved", 35], ["nonaqueous", 90], ["solid", 180]] as const) {
      const atDefault = await stack.rest("POST", formulas, { token: author, body: formula({ beyond_use_days: days, bud_category: category }) });
      expect(atDefault.status, `${category} ${days}`).toBe(201);
      expect(atDefault.body).toMatchObject({ bud_category: category, stability_reference: null });
      if (days < 180) {
        const over = await stack.rest("POST", formulas, { token: author, body: formula({ beyond_use_days: days + 1, bud_category: category }) });
        expect(over.status, `${category} ${days + 1}`).toBe(400);
        expect(over.body.error.fields.beyond_use_days.join(" ")).toMatch(new RegExp(`${days} days`));
        const studied = await stack.rest("POST", formulas, { token: author, body: formula({ beyond_use_days: days + 1, bud_category: category, stability_reference: "  Stability-indicating HPLC, this vehicle and container  " }) });
        expect(studied.status).toBe(201);
        expect(studied.body.stability_reference).toBe("Stability-indicating HPLC, this vehicle and container");
      }
    }
  });

  it("a formula written without a category keeps the old behaviour (up to 180 days); an unknown category is 400", async () => {
    const plain = await stack.rest("POST", formulas, { token: author, body: formula({ beyond_use_days: 120 }) });
    expect(plain.status).toBe(201);
    expect(plain.body.bud_category).toBeNull();
    const unknown = await stack.rest("POST", formulas, { token: author, body: formula({ bud_category: "semisolid" }) });
    expect(unknown.status).toBe(400);
  });
});

describe("tolerance edges are exact, not floating point", () => {
  it("accepts exactly +15 % and -15 % of a requirement that floats misplace, refuses one unit beyond", async () => {
    // 0.01 g per g × 2000 g = 20 g; 20 × 1.15 is 22.999999999999996 in binary floating point.
    const created = await stack.rest("POST", formulas, {
      token: author,
      body: formula({
        beyond_use_days: 60,
        bud_category: "nonaqueous",
        tolerance_percent: "15",
        ingredients: [
          { stock_code: `excipient:budclass-coal-tar-${seq + 1}`, name: "Coal tar", quantity_per_unit: "0.01", unit: "g" },
          { stock_code: `excipient:budclass-yellow-paraffin-${seq + 1}`, name: "Yellow soft paraffin", quantity_per_unit: "0.99", unit: "g" },
        ],
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const approved = await stack.rest("POST", `${formulas}${created.body.id}/approve/`, { token: approver });
    expect(approved.status).toBe(200);
    const [tar, base] = approved.body.ingredients as { id: string; stock_code: string }[];
    for (const [code, qty] of [[tar.stock_code, 200], [base.stock_code, 20000]] as const) {
      const r = await stack.rest("POST", movements, { token: author, body: { pharmacy_id: GULU, medication_code: code, movement_type: "receipt", quantity: qty, lot_number: `BC-${seq}-${qty}`, expiry_date: kampalaDay(500), reference_type: "delivery_note", reference_id: `DN-BC-${qty}` } });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    const prepare = (t: number, b: number) =>
      stack.rest("POST", preparations, { token: author, body: { formula_id: created.body.id, batch_size: 2000, prepared_by: "Class test", ingredients_used: [{ ingredient_id: tar.id, quantity: t }, { ingredient_id: base.id, quantity: b }] } });
    const high = await prepare(23, 1980);
    expect(high.status, JSON.stringify(high.body)).toBe(201);
    expect(high.body.beyond_use_date).toBe(kampalaDay(60));
    expect((await prepare(17, 1683)).status).toBe(201); // -15 % of 20 g and of 1980 g
    const over = await prepare(24, 1980);
    expect(over.status).toBe(409);
    expect(Object.keys(over.body.error.fields)).toEqual([`ingredients_used.${tar.id}`]);
  });
});
