import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../support/stack.js";

// The probe's four defects through the REST path: essential medicines unknown, Ampiclox duplicating
// itself, two paracetamol lines above 4 g with nothing flagged, "6 hrly"-style frequencies unread.
let stack: Stack;
let pharmacist: string;
const VERIFY = "/api/v1/multi-role/pharmacist/verify-prescription/";

beforeAll(async () => {
  stack = await startStack();
  pharmacist = await stack.token("pharmacist", { sub: "verify-defects" });
});
afterAll(() => stack?.stop());

const verify = async (items: { name: string; dose: string; frequency: string; code?: string }[]) => {
  const res = await stack.rest("POST", VERIFY, { token: pharmacist, body: { items, conditions: [], allergies: [] } });
  expect(res.status).toBe(200);
  return res.body;
};

describe("verify-prescription (REST)", () => {
  it("knows lamivudine, nifedipine, methyldopa, folic acid, pyrazinamide and ethambutol, by name and RxCUI", async () => {
    const body = await verify([
      { name: "Lamivudine 150mg", code: "68244", dose: "1 tablet", frequency: "bd" },
      { name: "Nifedipine 20mg", code: "7417", dose: "20 mg", frequency: "12 hrly" },
      { name: "Methyldopa 250mg", code: "6876", dose: "2 tablets", frequency: "tds" },
      { name: "Folic acid 5mg", code: "4511", dose: "1 tablet", frequency: "od" },
      { name: "Pyrazinamide 400mg", code: "8987", dose: "3 tablets", frequency: "mane" },
      { name: "Ethambutol 400mg", code: "4110", dose: "2 tablets", frequency: "od" },
    ]);
    expect(body.items.map((i: { drug_id: string; matched_by: string }) => [i.drug_id, i.matched_by])).toEqual([
      ["lamivudine", "rxcui"], ["nifedipine", "rxcui"], ["methyldopa", "rxcui"], ["folic_acid", "rxcui"], ["pyrazinamide", "rxcui"], ["ethambutol", "rxcui"],
    ]);
    expect(body.items[2]).toMatchObject({ dose_check: "within_adult_maximum", daily_dose_mg: 1500, max_daily_dose_mg: 3000 });
    expect(body.verified).toBe(true);
  });

  it("does not flag Ampiclox as duplicating itself, and still flags it with a second penicillin line", async () => {
    const alone = await verify([{ name: "Ampiclox 500mg", dose: "1 capsule", frequency: "6 hrly x 5/7" }]);
    expect(alone).toMatchObject({ verified: true, duplicate_therapy: [], interactions: [], items: [expect.objectContaining({ drug_id: "ampicillin_cloxacillin", frequency_pattern: "every_6_hours" })] });
    const two = await verify([{ name: "Ampiclox 500mg", dose: "1 capsule", frequency: "qid" }, { name: "Amoxicillin 500mg", dose: "1 capsule", frequency: "tds" }]);
    expect(two.duplicate_therapy).toEqual([expect.objectContaining({ drug_class: "Penicillins", against: "prescription" })]);
    expect(two.verified).toBe(false);
  });

  it("sums paracetamol across lines: 1 g qds + 500 mg tds is a major dose issue for the prescription", async () => {
    const body = await verify([{ name: "Paracetamol", dose: "1 g", frequency: "qds" }, { name: "Paracetamol", dose: "500 mg", frequency: "tds" }]);
    expect(body.issues).toContainEqual(expect.objectContaining({ item: null, field: "dose", severity: "major", message: expect.stringMatching(/5\.5 g a day, above the adult maximum of 4 g/) }));
    expect(body.verified).toBe(false);
  });

  it("reads 6hrly, q6hrs, every 6 hours and takes the worst case of 4-6 hourly", async () => {
    const body = await verify([
      { name: "Ibuprofen", dose: "200 mg", frequency: "6hrly" },
      { name: "Metformin", dose: "500 mg", frequency: "q12hrs" },
      { name: "Amlodipine", dose: "5 mg", frequency: "every 24 hours" },
      { name: "Paracetamol", dose: "1 g", frequency: "4-6 hourly" },
    ]);
    expect(body.items.map((i: { frequency_pattern: string; daily_dose_mg: number }) => [i.frequency_pattern, i.daily_dose_mg])).toEqual([
      ["every_6_hours", 800], ["every_12_hours", 1000], ["every_24_hours", 5], ["every_4_to_6_hours", 6000],
    ]);
    expect(body.items[3]).toMatchObject({ dose_check: "above_adult_maximum", dose_check_note: expect.stringMatching(/worst case/) });
  });
});
