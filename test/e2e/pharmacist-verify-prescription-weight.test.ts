import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../support/stack.js";

// A child's dose against the weight (session 16): patient_weight_kg through the REST path.
let stack: Stack;
let pharmacist: string;
const VERIFY = "/api/v1/multi-role/pharmacist/verify-prescription/";

beforeAll(async () => {
  stack = await startStack();
  pharmacist = await stack.token("pharmacist", { sub: "verify-weight" });
});
afterAll(() => stack?.stop());

const post = (body: Record<string, unknown>) => stack.rest("POST", VERIFY, { token: pharmacist, body: { conditions: [], allergies: [], ...body } });
const paracetamol = (dose: string) => [{ name: "Paracetamol 120mg/5ml", dose, frequency: "qid" }];

describe("verify-prescription with the child's weight (REST)", () => {
  it("flags paracetamol 960 mg a day for a 7 kg infant, and is within exactly at 60 mg/kg a day", async () => {
    const over = await post({ items: paracetamol("10mls"), patient_age_years: 0.5, patient_weight_kg: 7 });
    expect(over.status).toBe(200);
    expect(over.body.items[0]).toMatchObject({ dose_check: "within_adult_maximum", daily_dose_mg: 960, weight_dose_check: "above_weight_maximum", weight_max_daily_dose_mg: 420, weight_dose_check_source: expect.stringMatching(/WHO Pocket Book/) });
    expect(over.body.issues).toContainEqual(expect.objectContaining({ item: 0, field: "dose", severity: "major", message: expect.stringMatching(/960 mg a day = 137\.1 mg\/kg a day .* above the maximum of 60 mg\/kg a day × 7 kg = 420 mg a day/) }));
    expect(over.body.verified).toBe(false);
    // 4.375 mL of 120 mg/5 mL is 105 mg: × 4 = 420 mg, exactly at the limit.
    const at = await post({ items: [{ name: "Paracetamol", dose: "105 mg", frequency: "qid" }], patient_age_years: 0.5, patient_weight_kg: 7 });
    expect(at.body.items[0]).toMatchObject({ weight_dose_check: "within_weight_maximum", daily_dose_mg: 420 });
    expect(at.body.verified).toBe(true);
  });

  it("warns that a child's dose was not checked when no weight is given; an adult is unchanged", async () => {
    const child = await post({ items: paracetamol("5mls"), patient_age_years: 2 });
    expect(child.status).toBe(200);
    expect(child.body.items[0].weight_dose_check).toBe("not_checked_no_weight");
    expect(child.body.warnings).toContainEqual(expect.stringMatching(/no weight was given \(patientWeightKg\)/));
    expect(child.body.verified).toBe(false);
    const adult = await post({ items: [{ name: "Paracetamol", dose: "1 g", frequency: "qds" }], patient_age_years: 40, patient_weight_kg: 55 });
    expect(adult.body).toMatchObject({ verified: true, warnings: [], issues: [], items: [expect.objectContaining({ dose_check: "within_adult_maximum", weight_dose_check: null })] });
  });

  it("refuses a weight of 0 or above 250 kg with a field error", async () => {
    for (const w of [0, -3, 251]) {
      const res = await post({ items: paracetamol("5mls"), patient_age_years: 2, patient_weight_kg: w });
      expect(res.status, String(w)).toBe(400);
      expect(Object.keys(res.body.error.fields)).toEqual(["patient_weight_kg"]);
    }
    const ok = await post({ items: paracetamol("5mls"), patient_age_years: 17, patient_weight_kg: 250 });
    expect(ok.status).toBe(200);
  });
});
