/**
 * Blind set 8's classes end to end (session 20, round 3): POST /api/v1/multi-role/lab/interpret/ through the real
 * gateway and REST bridge for tests added to lab-limits 2026.11.23 (HbA1c in both units, HDL, urine ACR, eGFR,
 * PSA by age) and a pregnancy label in the display; wordings appear in no fixture.
 */
import { describe, expect, it } from "vitest";
import { useLabRest } from "./lab-rest.test-support.js";

const rest = useLabRest("set8");
const newPatient = (tag: string, sex: "female" | "male", birthDate: string) => rest.newPatient({ uhidPrefix: "KE-S8", givenName: "Wanjiru", familyName: "Range", sex, birthDate, phone: "+254722000808" }, tag);
const post = (patient: string, observation: Record<string, unknown>) => rest.interpret({ patient_uhid: patient, observation, result_date: "2026-12-02" });

describe("tests added in lab-limits 2026.11.23 through REST", () => {
  it("decides a bare HbA1c name by its unit and flags prediabetes high", async () => {
    const uhid = await newPatient("A1C", "male", "1979-03-02");
    const pct = await post(uhid, { code: "", display: "Glycosylated Hb", value: 6.2, unit: "%" });
    expect(pct.status).toBe(200);
    expect(pct.body).toMatchObject({ loinc_code: "4548-4", flag: "H", is_critical: false });
    const ifcc = await post(uhid, { code: "", display: "Glycosylated Hb", value: 44, unit: "mmol/mol" });
    expect(ifcc.status).toBe(200);
    expect(ifcc.body).toMatchObject({ loinc_code: "59261-8", flag: "H" });
    const wrongUnit = await post(uhid, { code: "", display: "Glycosylated Hb", value: 6.2, unit: "mmol/L" });
    expect(wrongUnit.status).toBe(400);
  });

  it("writes an interval without an upper limit as its lower bound (HDL, eGFR)", async () => {
    const uhid = await newPatient("HDL", "female", "1968-11-20");
    const hdl = await post(uhid, { code: "", display: "High density lipoprotein cholesterol", value: 2.4, unit: "mmol/L" });
    expect(hdl.status).toBe(200);
    expect(hdl.body).toMatchObject({ loinc_code: "2085-9", flag: "N", normal_range: "≥ 1.03 mmol/L" });
    const egfr = await post(uhid, { code: "", display: "Estimated glomerular filtration rate", value: 27, unit: "mL/min/1.73m2" });
    expect(egfr.body).toMatchObject({ loinc_code: "98979-8", flag: "L" });
    const acr = await post(uhid, { code: "", display: "Albumin-to-creatinine ratio", value: 36, unit: "mg/mmol" });
    expect(acr.body).toMatchObject({ loinc_code: "9318-7", flag: "H" });
  });

  it("reads PSA against the patient's age band", async () => {
    const younger = await newPatient("PSA4", "male", "1983-05-09");
    const older = await newPatient("PSA7", "male", "1951-01-15");
    const y = await post(younger, { code: "", display: "Prostate-specific antigen", value: 3.2, unit: "ng/mL" });
    const o = await post(older, { code: "", display: "Prostate-specific antigen", value: 3.2, unit: "ng/mL" });
    expect(y.body).toMatchObject({ loinc_code: "2857-1", flag: "H" });
    expect(o.body).toMatchObject({ flag: "N" });
  });

  it("reads a gestational age in the display as the trimester of pregnancy", async () => {
    const uhid = await newPatient("ANC", "female", "1999-08-30");
    const res = await post(uhid, { code: "", display: "Haemoglobin (GA 31/40)", value: 11.4, unit: "g/dL" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ loinc_code: "718-7", flag: "N" });
    expect(res.body.warnings.join(" ")).toMatch(/trimester 3/);
  });
});
