/**
 * Qualitative lab results end to end (session 20): POST /api/v1/multi-role/lab/interpret/ with observation.value_text
 * and the labInterpretResult mutation with observation.valueText, through the real gateway and REST bridge. Exactly
 * one of value and value_text (400 on the field otherwise, nothing stored); wordings appear in no fixture.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../../../test/support/stack.js";

let stack: Stack;
let lab: string;
let physician: string;
const INTERPRET = "/api/v1/multi-role/lab/interpret/";
const MUTATION = `mutation Q($input: LabInterpretationInput!) { labInterpretResult(input: $input) { loincCode testName value valueText flag deviation isCritical normalRange clinicalSignificance warnings trend { deltaCheckNote } } }`;

beforeAll(async () => {
  stack = await startStack();
  lab = await stack.token("lab_technician", { sub: "qual-lab-tech" });
  physician = await stack.token("physician", { sub: "qual-physician" });
});
afterAll(() => stack?.stop());

async function newPatient(tag: string, sex: "female" | "male"): Promise<string> {
  const uhid = `UG-QUAL-${tag}${Date.now().toString(36).toUpperCase()}`;
  const res = await stack.rest("POST", "/api/v1/uhid/", { token: physician, body: { uhid, given_name: "Kesi", family_name: "Ordinal", sex, birth_date: "1991-07-14", phone: "+256772000333" } });
  expect(res.status).toBe(201);
  return uhid;
}
const post = (patient: string, observation: Record<string, unknown>) => stack.rest("POST", INTERPRET, { token: lab, body: { patient_uhid: patient, observation } });
const timeline = async (uhid: string) => (await stack.rest("GET", `/api/v1/patient-timeline/timeline/${uhid}/?days=1`, { token: physician })).body.timeline.observations as unknown[];

describe("qualitative results through REST", () => {
  it("flags a reagent-strip grade against its pad's scale, with its source, and null LOINC where none is held", async () => {
    const uhid = await newPatient("DIP", "female");
    const res = await post(uhid, { code: "", display: "Urinary ketone pad", value_text: "+++" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ flag: "A", deviation: "abnormal", is_critical: false, value: 3, value_text: "3+", loinc_code: null, unit: null });
    expect(res.body.clinical_significance).toMatch(/Strasinger/);
    expect(res.body.warnings.join(" ")).toMatch(/no LOINC code/);
    const trace = await post(uhid, { code: "", display: "Albumin (dip)", value_text: "Trace" });
    expect(trace.body).toMatchObject({ flag: "N", value_text: "Trace", normal_range: "Negative or trace" });
  });

  it("returns the LOINC code held for a serology test and reads its titre", async () => {
    const uhid = await newPatient("SER", "male");
    const rpr = await post(uhid, { code: "", display: "RPR card test", value_text: "1:16" });
    expect(rpr.status).toBe(200);
    expect(rpr.body).toMatchObject({ flag: "A", loinc_code: "20507-0", value: 16, value_text: "1:16" });
    const hbs = await post(uhid, { code: "HBSAG", display: null, value_text: "Not reactive" });
    expect(hbs.status).toBe(200);
    expect(hbs.body).toMatchObject({ flag: "N", value_text: "Non-reactive", loinc_code: "5195-3" });
    const negatedPlus = await post(uhid, { code: "HBSAG", value_text: "no ++" });
    expect(negatedPlus.status).toBe(400);
    expect(JSON.stringify(negatedPlus.body)).toMatch(/observation\.value_text/);
  });

  it("answers a woman's positive pregnancy test with the flag POS (positive, not abnormal) and a man's with A", async () => {
    const woman = await newPatient("PW", "female");
    const man = await newPatient("PM", "male");
    const w = await post(woman, { code: "", display: "hCG (urine strip)", value_text: "Positive" });
    expect(w.status).toBe(200);
    expect(w.body).toMatchObject({ flag: "POS", deviation: "positive", loinc_code: "2106-3" });
    const m = await post(man, { code: "", display: "hCG (urine strip)", value_text: "Positive" });
    expect(m.body).toMatchObject({ flag: "A", deviation: "abnormal" });
  });

  it("refuses both or neither of value and value_text, and a text it cannot read, on the field, storing nothing", async () => {
    const uhid = await newPatient("BAD", "female");
    const both = await post(uhid, { code: "", display: "Urine sugar", value: 1, unit: "mmol/L", value_text: "1+" });
    expect(both.status).toBe(400);
    expect(JSON.stringify(both.body)).toMatch(/observation\.value_text.*not both/);
    const neither = await post(uhid, { code: "", display: "Urine sugar" });
    expect(neither.status).toBe(400);
    expect(JSON.stringify(neither.body)).toMatch(/observation\.value[^_].*is required/);
    const unreadable = await post(uhid, { code: "", display: "Urine sugar", value_text: "sample leaked" });
    expect(unreadable.status).toBe(400);
    const noScale = await post(uhid, { code: "", display: "Serum sodium", value_text: "Positive" });
    expect(noScale.status).toBe(400);
    expect(JSON.stringify(noScale.body)).toMatch(/observation\.code.*qualitative scale/);
    expect(await timeline(uhid)).toEqual([]);
  });

  it("still interprets a numeric result, with value_text null", async () => {
    const uhid = await newPatient("NUM", "female");
    const res = await post(uhid, { code: "2276-4", value: 160, unit: "ng/mL" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ flag: "H", value_text: null, loinc_code: "2276-4" });
  });
});

describe("qualitative results through GraphQL", () => {
  it("takes valueText and answers the grade, flag and trend note", async () => {
    const uhid = await newPatient("GQL", "male");
    const res = await stack.gql(MUTATION, { input: { patientUhid: uhid, observation: { code: "", display: "Syphilis cassette (treponemal)", valueText: "REACTIVE" } } }, lab);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.labInterpretResult).toMatchObject({ flag: "A", valueText: "Reactive", value: 1, loincCode: "22587-0", isCritical: false, trend: { deltaCheckNote: expect.stringMatching(/not compared/) } });
  });

  it("refuses a titre for a test read only as present or absent", async () => {
    const uhid = await newPatient("GQLT", "female");
    const res = await stack.gql(MUTATION, { input: { patientUhid: uhid, observation: { code: "", display: "Malaria RDT (pLDH)", valueText: "1:40" } } }, lab);
    expect(JSON.stringify(res.body.errors)).toMatch(/observation\.valueText.*titre/);
  });
});
