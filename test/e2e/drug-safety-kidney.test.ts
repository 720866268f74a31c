import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ageOnDate, calendarDate } from "../../lib/calendar.js";
import { ckdEpi2021 } from "../../subgraphs/clinical/pharmacist-assistant/kidney-function.js";
import { startStack, type Stack } from "../support/stack.js";

// Kidney function on the drug-interaction check (session 19): an eGFR given, or computed from the demo patient's
// recorded creatinine as prescription verification does (seed/demo/clinical.json: UG-2024-000004, woman born
// 1950-12-10, creatinine 2.5 mg/dL recently, CKD stage 3 on the problem list).
let stack: Stack;
let pharmacist: string;
const CDS = "/api/v1/clinical-decision-support/drug-interactions/";
const PHARMACIST = "/api/v1/multi-role/pharmacist/drug-interactions/";
const today = calendarDate(new Date(), "Africa/Kampala");
const recordEgfr = () => Math.round(ckdEpi2021(2.5, ageOnDate("1950-12-10", today).years, "female"));
const METFORMIN = { code: "", name: "Metformin 500mg bd" };

beforeAll(async () => {
  stack = await startStack();
  pharmacist = await stack.token("pharmacist", { sub: "ds-kidney" });
});
afterAll(() => stack?.stop());

const post = (path: string, body: Record<string, unknown>) => stack.rest("POST", path, { token: pharmacist, body });
const metforminRenal = (body: { contraindications: { drug: string; rule_id: string; condition_code: string }[] }) => body.contraindications.filter((c) => c.drug === "Metformin");

describe("drug-interaction check against the kidney function (REST)", () => {
  it("computes the eGFR from the recorded creatinine on both routes and applies the renal rules from it", async () => {
    const egfr = recordEgfr();
    expect(egfr).toBeLessThan(30);
    for (const path of [CDS, PHARMACIST]) {
      const res = await post(path, { patient_uhid: "UG-2024-000004", new_medication: METFORMIN, current_medications: [] });
      expect(res.status, path).toBe(200);
      expect(res.body.kidney_function).toMatchObject({ egfr, source: "patient_record_creatinine", creatinine_value: 2.5, creatinine_unit: "mg/dL", creatinine_loinc: "2160-0", equation: expect.stringMatching(/CKD-EPI 2021/), note: null });
      // One renal finding, staged by the eGFR (the recorded CKD of unknown stage is superseded, not reported twice).
      expect(metforminRenal(res.body)).toEqual([expect.objectContaining({ rule_id: "metformin-severe-renal", condition_code: `eGFR ${egfr}` })]);
      expect(res.body.safe).toBe(false);
    }
  });

  it("uses the eGFR the request gives (egfr) over the record, and applies it without a patient", async () => {
    const given = await post(CDS, { patient_uhid: "UG-2024-000004", egfr: 75, new_medication: METFORMIN, current_medications: [] });
    expect(given.status).toBe(200);
    expect(given.body.kidney_function).toMatchObject({ egfr: 75, source: "request", creatinine_value: null, equation: null });
    expect(metforminRenal(given.body)).toEqual([]);
    const low = await post(PHARMACIST, { egfr: 22, conditions: [], allergies: [], new_medication: METFORMIN, current_medications: [] });
    expect(low.status).toBe(200);
    expect(low.body.kidney_function).toMatchObject({ egfr: 22, source: "request" });
    expect(metforminRenal(low.body)).toEqual([expect.objectContaining({ condition_code: "eGFR 22" })]);
  });

  it("says none when there is neither an eGFR nor a patient", async () => {
    const res = await post(CDS, { conditions: [], allergies: [], new_medication: METFORMIN, current_medications: [] });
    expect(res.status).toBe(200);
    expect(res.body.kidney_function).toMatchObject({ egfr: null, source: "none" });
    expect(res.body.contraindications).toEqual([]);
  });

  it("refuses an eGFR below 0, above 200 or not a number with a field error", async () => {
    for (const egfr of [-1, 201, "sixty"]) {
      const res = await post(CDS, { egfr, new_medication: METFORMIN, current_medications: [] });
      expect(res.status, String(egfr)).toBe(400);
      expect(Object.keys(res.body.error.fields)).toEqual(["egfr"]);
    }
  });
});

describe("drug-interaction check against the kidney function (GraphQL)", () => {
  it("takes egfr on checkDrugInteractions and reports the kidney function used", async () => {
    const query = `mutation($input: DrugInteractionCheckInput!) { checkDrugInteractions(input: $input) { safe contraindications { ruleId conditionCode } kidneyFunction { egfr source equation } } }`;
    const res = await stack.gql(query, { input: { newMedication: METFORMIN, currentMedications: [], conditions: [], allergies: [], egfr: 25 } }, pharmacist);
    expect(res.body.errors).toBeUndefined();
    const out = res.body.data.checkDrugInteractions;
    expect(out.kidneyFunction).toEqual({ egfr: 25, source: "request", equation: null });
    expect(out.contraindications).toContainEqual({ ruleId: "metformin-severe-renal", conditionCode: "eGFR 25" });
    expect(out.safe).toBe(false);
  });

  it("refuses an eGFR out of range as a bad user input", async () => {
    const query = `mutation($input: DrugInteractionCheckInput!) { checkDrugInteractions(input: $input) { safe } }`;
    const res = await stack.gql(query, { input: { newMedication: METFORMIN, currentMedications: [], egfr: 500 } }, pharmacist);
    expect(res.body.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
  });
});
