import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ageOnDate, calendarDate } from "../../lib/calendar.js";
import { ckdEpi2021 } from "../../subgraphs/clinical/pharmacist-assistant/kidney-function.js";
import { startStack, type Stack } from "../support/stack.js";

// Kidney function in prescription verification (session 19): an eGFR given, or computed from the demo patient's
// recorded creatinine (seed/demo/clinical.json: UG-2024-000004, woman born 1950-12-10, creatinine 2.5 mg/dL 19 days
// ago, CKD stage 3 on the problem list; UG-2024-000002, woman born 1978-05-08, 1.2 mg/dL 11 days ago).
let stack: Stack;
let pharmacist: string;
const VERIFY = "/api/v1/multi-role/pharmacist/verify-prescription/";
const today = calendarDate(new Date(), "Africa/Kampala");
const expectedEgfr = (creatinine: number, born: string) => Math.round(ckdEpi2021(creatinine, ageOnDate(born, today).years, "female"));

beforeAll(async () => {
  stack = await startStack();
  pharmacist = await stack.token("pharmacist", { sub: "verify-kidney" });
});
afterAll(() => stack?.stop());

const post = (body: Record<string, unknown>) => stack.rest("POST", VERIFY, { token: pharmacist, body });

describe("verify-prescription against the kidney function (REST)", () => {
  it("computes the eGFR from the recorded creatinine and applies the renal rules and maxima from it", async () => {
    const egfr = expectedEgfr(2.5, "1950-12-10");
    expect(egfr).toBeLessThan(30);
    const res = await post({ patient_uhid: "UG-2024-000004", items: [{ name: "Metformin", dose: "500mg", frequency: "bd" }, { name: "Gabapentin", dose: "300mg", frequency: "tds" }] });
    expect(res.status).toBe(200);
    expect(res.body.kidney_function).toMatchObject({ egfr, source: "patient_record_creatinine", creatinine_value: 2.5, creatinine_unit: "mg/dL", creatinine_loinc: "2160-0", measured_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), equation: expect.stringMatching(/CKD-EPI 2021/), note: null });
    // One metformin renal finding, from the eGFR (the recorded CKD stage 3 is staged by the eGFR, not reported twice).
    const metformin = res.body.contraindications.filter((c: { drug: string }) => c.drug === "Metformin");
    expect(metformin).toEqual([expect.objectContaining({ rule_id: "metformin-severe-renal", condition_code: `eGFR ${egfr}`, severity: "contraindicated" })]);
    expect(res.body.issues).toContainEqual(expect.objectContaining({ item: 1, field: "dose", severity: "major", message: expect.stringMatching(/900 mg a day is above the maximum of 600 mg a day for the kidney function/) }));
    expect(res.body.verified).toBe(false);
  });

  it("uses the eGFR the request gives over the record", async () => {
    const res = await post({ patient_uhid: "UG-2024-000004", egfr: 62, items: [{ name: "Metformin", dose: "500mg", frequency: "bd" }] });
    expect(res.status).toBe(200);
    expect(res.body.kidney_function).toMatchObject({ egfr: 62, source: "request", creatinine_value: null, equation: null });
    expect(res.body.contraindications.filter((c: { drug: string }) => c.drug === "Metformin")).toEqual([]);
  });

  it("says none when there is neither an eGFR nor a patient", async () => {
    const res = await post({ conditions: [], allergies: [], items: [{ name: "Gabapentin", dose: "300mg", frequency: "tds" }] });
    expect(res.status).toBe(200);
    expect(res.body.kidney_function).toMatchObject({ egfr: null, source: "none" });
    expect(res.body.issues).toEqual([]);
  });

  it("refuses an eGFR below 0 or above 200 with a field error", async () => {
    for (const egfr of [-1, 201, 1000]) {
      const res = await post({ egfr, items: [{ name: "Metformin", dose: "500mg", frequency: "bd" }] });
      expect(res.status, String(egfr)).toBe(400);
      expect(Object.keys(res.body.error.fields)).toEqual(["egfr"]);
    }
    expect((await post({ egfr: 0, conditions: [], allergies: [], items: [{ name: "Metformin", dose: "500mg", frequency: "bd" }] })).status).toBe(200);
  });
});

describe("verify-prescription against the kidney function (GraphQL)", () => {
  it("reports the kidney function and flags gabapentin above the maximum for the computed eGFR", async () => {
    const egfr = expectedEgfr(1.2, "1978-05-08");
    const query = `mutation($input: VerifyPrescriptionInput!) { pharmacistVerifyPrescription(input: $input) { verified issues { item field severity message } kidneyFunction { egfr source creatinineValue creatinineUnit measuredOn equation note } } }`;
    const input = { patientUhid: "UG-2024-000002", items: [{ name: "Gabapentin", dose: "800mg", frequency: "tds" }] };
    const res = await stack.gql(query, { input }, pharmacist);
    expect(res.body.errors).toBeUndefined();
    const out = res.body.data.pharmacistVerifyPrescription;
    expect(out.kidneyFunction).toMatchObject({ egfr, source: "patient_record_creatinine", creatinineValue: 1.2, creatinineUnit: "mg/dL" });
    expect(egfr).toBeGreaterThanOrEqual(50);
    expect(egfr).toBeLessThan(80);
    expect(out.issues).toContainEqual(expect.objectContaining({ item: 0, field: "dose", message: expect.stringMatching(/2\.4 g a day is above the maximum of 1\.8 g a day for the kidney function \(eGFR \d+/) }));
  });
});
