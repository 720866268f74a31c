/**
 * Censored results end to end (session 19): the comparator is taken as its FHIR code over REST and as the
 * QuantityComparator enum over GraphQL, echoed, stored with the observation (the timeline shows "> 30 mmol/L"),
 * honoured by lab interpretation; a comparator that is not one is a 400 on observation.comparator and nothing is
 * stored.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../../../test/support/stack.js";

let stack: Stack;
let lab: string;
let physician: string;
const CV = "/api/v1/clinical-decision-support/critical-values/";
const INTERPRET = "/api/v1/multi-role/lab/interpret/";

beforeAll(async () => {
  stack = await startStack();
  lab = await stack.token("lab_technician", { sub: "censored-lab-tech" });
  physician = await stack.token("physician", { sub: "censored-physician" });
});
afterAll(() => stack?.stop());

async function newPatient(tag: string): Promise<string> {
  const uhid = `UG-CENS-${tag}${Date.now().toString(36).toUpperCase()}`;
  const res = await stack.rest("POST", "/api/v1/uhid/", { token: physician, body: { uhid, given_name: "Censa", family_name: "Bound", sex: "female", birth_date: "1980-03-02", phone: "+256772000222" } });
  expect(res.status).toBe(201);
  return uhid;
}

const post = (path: string, patient: string, observation: Record<string, unknown>) => stack.rest("POST", path, { token: lab, body: { patient_uhid: patient, observation } });
const timeline = async (uhid: string) => (await stack.rest("GET", `/api/v1/patient-timeline/timeline/${uhid}/?days=1`, { token: physician })).body.timeline.observations as { value: string }[];

describe("censored results through REST", () => {
  it("alerts a glucometer HI sent as > 30 mmol/L, echoes the comparator and charts it as printed", async () => {
    const uhid = await newPatient("HI");
    const res = await post(CV, uhid, { code: "", display: "Glucose (glucometer)", value: 30, unit: "mmol/L", comparator: ">" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ is_critical: true, deviation: "severely_high", comparator: ">", value: 30 });
    expect(res.body.warnings.join(" ")).toMatch(/Censored result > 30 mmol\/L/);
    expect((await timeline(uhid)).map((o) => o.value)).toEqual(["> 30 mmol/L"]);
  });

  it("does not assert critical a bound that leaves it open (> 20 mmol/L), with a warning, and lab interpretation flags it H", async () => {
    const uhid = await newPatient("OPEN");
    const res = await post(CV, uhid, { code: "2345-7", value: 20, unit: "mmol/L", comparator: ">" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ is_critical: false, urgency: "moderate", comparator: ">", notification_sent: false });
    expect(res.body.warnings.join(" ")).toMatch(/cannot be judged.*Repeat with a quantitative result/);
    const interpreted = await post(INTERPRET, uhid, { code: "2345-7", value: 20, unit: "mmol/L", comparator: ">" });
    expect(interpreted.status).toBe(200);
    expect(interpreted.body).toMatchObject({ flag: "H", is_critical: false, comparator: ">" });
    const certain = await post(INTERPRET, uhid, { code: "2345-7", value: 1.2, unit: "mmol/L", comparator: "<" });
    expect(certain.body).toMatchObject({ flag: "LL", is_critical: true, comparator: "<" });
  });

  it("refuses a comparator that is not a FHIR code (400 on observation.comparator) and stores nothing", async () => {
    const uhid = await newPatient("BAD");
    for (const comparator of ["≈", "HI", ">>"]) {
      const res = await post(CV, uhid, { code: "2345-7", value: 30, unit: "mmol/L", comparator });
      expect(res.status, comparator).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(/observation\.comparator.*must be one of <, <=, >=, >/);
    }
    expect(await timeline(uhid)).toEqual([]);
  });

  it("answers a measured value with comparator null", async () => {
    const uhid = await newPatient("NONE");
    const res = await post(CV, uhid, { code: "2345-7", value: 5.2, unit: "mmol/L" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ is_critical: false, comparator: null });
    expect((await timeline(uhid)).map((o) => o.value)).toEqual(["5.2 mmol/L"]);
  });
});

describe("a censored result on the record, read by the engines that read the record", () => {
  it("the nurse's handoff shows the bound as printed and does not escalate a bound that leaves it open", async () => {
    const uhid = await newPatient("HANDOFF");
    expect((await post(CV, uhid, { code: "2345-7", value: 20, unit: "mmol/L", comparator: ">" })).status).toBe(200);
    const nurse = await stack.token("nurse", { sub: "censored-nurse" });
    const h = await stack.rest("POST", "/api/v1/multi-role/nurse/handoff-summary/", { token: nurse, body: { patient_uhid: uhid } });
    expect(h.status).toBe(200);
    expect(h.body.assessment.abnormal_labs).toMatchObject([{ loinc_code: "2345-7", value: "> 20 mmol/L", is_critical: false }]);
    expect(h.body.recommendation.escalations.join(" ")).not.toMatch(/Glucose/i);
    expect(h.body.recommendation.pending_actions.join(" ")).toMatch(/> 20 mmol\/L/);
  });
});

describe("censored results through GraphQL", () => {
  const CHECK = `mutation ($input: CriticalValueCheckInput!) { checkCriticalValue(input: $input) { isCritical deviation comparator warnings } }`;

  it("takes the QuantityComparator enum and echoes the FHIR code", async () => {
    const uhid = await newPatient("GQL");
    const res = await stack.gql(CHECK, { input: { patientUhid: uhid, observation: { code: "2823-3", value: 1.9, unit: "mmol/L", comparator: "LESS_THAN" } } }, lab);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.checkCriticalValue).toMatchObject({ isCritical: true, deviation: "severely_low", comparator: "<" });
    expect((await timeline(uhid)).map((o) => o.value)).toEqual(["< 1.9 mmol/L"]);
  });

  it("refuses a value that is not a QuantityComparator and stores nothing", async () => {
    const uhid = await newPatient("GQLBAD");
    const res = await stack.gql(CHECK, { input: { patientUhid: uhid, observation: { code: "2823-3", value: 1.9, unit: "mmol/L", comparator: "<" } } }, lab);
    expect(res.body.errors?.length).toBeGreaterThan(0);
    expect(await timeline(uhid)).toEqual([]);
  });
});
