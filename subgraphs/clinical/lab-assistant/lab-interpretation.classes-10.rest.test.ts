/**
 * Glucose tolerance samples and pregnancy by age (session 22) end to end: POST /api/v1/multi-role/lab/interpret/
 * through the real gateway and REST bridge; values and wordings appear in no fixture.
 */
import { describe, expect, it } from "vitest";
import { useLabRest } from "./lab-rest.test-support.js";

const rest = useLabRest("set10");
const newPatient = (tag: string, birthDate: string) => rest.newPatient({ uhidPrefix: "UG-S10", givenName: "Nakato", familyName: "Mirembe", sex: "female", birthDate, phone: "+256772000910" }, tag);
const post = (patient: string, observation: Record<string, unknown>, extra: Record<string, unknown> = {}) => rest.interpret({ patient_uhid: patient, observation, result_date: "2026-12-04", ...extra });

describe("glucose tolerance samples and pregnancy through REST", () => {
  it("reads a 2-hour tolerance sample as glucose against the pregnancy criterion, and says so", async () => {
    const uhid = await newPatient("GDM", "1997-02-11");
    const res = await post(uhid, { code: "GTT-2", display: "Glucose tolerance, 2 hrs", value: 8.7, unit: "mmol/L" }, { pregnancy: { gestational_weeks: 26 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ loinc_code: "2345-7", flag: "H" });
    expect(res.body.warnings.join(" ")).toMatch(/2-hour sample.*WHO/);
  });

  it("is 400 on observation.display for a 1-hour sample outside pregnancy", async () => {
    const uhid = await newPatient("NP", "1990-08-30");
    const res = await post(uhid, { code: "", display: "OGTT 60 min", value: 8.9, unit: "mmol/L" });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/only in pregnancy/);
  });

  it("is 400 on pregnancy for a patient under about 3 years", async () => {
    const uhid = await newPatient("TOD", "2025-06-01");
    const res = await post(uhid, { code: "", display: "Haemoglobin", value: 11.4, unit: "g/dL" }, { pregnancy: { gestational_weeks: 12 } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/days old/);
  });
});
