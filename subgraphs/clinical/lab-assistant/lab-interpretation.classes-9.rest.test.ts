/**
 * The explicit pregnancy input (session 21) end to end: POST /api/v1/multi-role/lab/interpret/ with
 * pregnancy.gestational_weeks through the real gateway and REST bridge, and its 400s; values appear in no fixture.
 */
import { describe, expect, it } from "vitest";
import { useLabRest } from "./lab-rest.test-support.js";

const rest = useLabRest("set9");
const newPatient = (tag: string, sex: "female" | "male" | "unknown") => rest.newPatient({ uhidPrefix: "KE-S9", givenName: "Akinyi", familyName: "Trimester", sex, birthDate: "1996-04-17", phone: "+254722000909" }, tag);
const post = (patient: string, observation: Record<string, unknown>, extra: Record<string, unknown> = {}) => rest.interpret({ patient_uhid: patient, observation, result_date: "2026-12-03", ...extra });

describe("pregnancy.gestational_weeks through REST", () => {
  it("reads the trimester's interval and says so in warnings", async () => {
    const uhid = await newPatient("ANC", "female");
    const plain = await post(uhid, { code: "", display: "Serum urate", value: 5.3, unit: "mg/dL" });
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ flag: "N" });
    const pregnant = await post(uhid, { code: "", display: "Serum urate", value: 5.3, unit: "mg/dL" }, { pregnancy: { gestational_weeks: 19 } });
    expect(pregnant.status).toBe(200);
    expect(pregnant.body).toMatchObject({ loinc_code: "3084-1", flag: "H" });
    expect(pregnant.body.warnings.join(" ")).toMatch(/19 weeks of pregnancy \(trimester 2\)/);
  });

  it("accepts a patient whose sex is not recorded", async () => {
    const uhid = await newPatient("UNK", "unknown");
    const res = await post(uhid, { code: "", display: "Thyrotropin", value: 0.16, unit: "mIU/L" }, { pregnancy: { gestational_weeks: 6 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ flag: "N" });
  });

  it("is 400 with a field error outside 1-44 weeks, for a male patient, or against the display's trimester", async () => {
    const woman = await newPatient("BAD", "female");
    for (const weeks of [0, 45]) {
      const res = await post(woman, { code: "", display: "Serum urate", value: 5.3, unit: "mg/dL" }, { pregnancy: { gestational_weeks: weeks } });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(/gestational_weeks/);
    }
    const clash = await post(woman, { code: "", display: "Serum urate (GA 35/40)", value: 5.3, unit: "mg/dL" }, { pregnancy: { gestational_weeks: 8 } });
    expect(clash.status).toBe(400);
    const man = await newPatient("MAN", "male");
    const res = await post(man, { code: "", display: "Serum urate", value: 5.3, unit: "mg/dL" }, { pregnancy: { gestational_weeks: 20 } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/pregnancy/);
    const qualitative = await post(man, { code: "", display: "Urine protein", value_text: "2+" }, { pregnancy: { gestational_weeks: 20 } });
    expect(qualitative.status).toBe(400);
  });
});
