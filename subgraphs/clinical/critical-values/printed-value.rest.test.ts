/**
 * Printed results through the API (session 21): observation.value_text over REST (both critical-value routes) and
 * observation.valueText over GraphQL, read by the engine's reader (printed-value.ts). The answer echoes the number
 * read (value), its comparator and the text as received (value_text); the timeline and the provider's critical
 * alert carry the value as read with its comparator. Exactly one of value and value_text; unreadable text and a
 * unit in the text contradicting unit are 400 on the field, storing nothing. Wordings appear in no fixture.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../../../test/support/stack.js";

let stack: Stack;
let lab: string;
let physician: string;
const CV = "/api/v1/clinical-decision-support/critical-values/";
const LAB_CV = "/api/v1/multi-role/lab/critical-values/";
const LAB_SUB = "printed-lab-tech";

beforeAll(async () => {
  stack = await startStack();
  lab = await stack.token("lab_technician", { sub: LAB_SUB });
  physician = await stack.token("physician", { sub: "printed-physician" });
  expect((await stack.rest("PUT", `/api/v1/notifications/providers/${LAB_SUB}/`, { token: physician, body: { channels: ["SMS"], phone: "+256772600444" } })).status).toBe(200);
});
afterAll(() => stack?.stop());

async function newPatient(tag: string): Promise<string> {
  const uhid = `UG-PRNT-${tag}${Date.now().toString(36).toUpperCase()}`;
  const res = await stack.rest("POST", "/api/v1/uhid/", { token: physician, body: { uhid, given_name: "Prita", family_name: "Readout", sex: "male", birth_date: "1974-05-19", phone: "+256772000555" } });
  expect(res.status).toBe(201);
  return uhid;
}
const post = (path: string, patient: string, observation: Record<string, unknown>, headers?: Record<string, string>) => stack.rest("POST", path, { token: lab, body: { patient_uhid: patient, observation }, headers });
const timeline = async (uhid: string) => (await stack.rest("GET", `/api/v1/patient-timeline/timeline/${uhid}/?days=1`, { token: physician })).body.timeline.observations as { value: string }[];
const fields = (res: { body: { error?: { fields?: Record<string, string[]> } } }) => res.body.error?.fields ?? {};

describe("printed values through REST", () => {
  it("reads a glucometer's HI as > 500 mg/dL: critical, comparator > in the answer, the timeline and the provider's alert", async () => {
    const uhid = await newPatient("HI");
    const res = await post(CV, uhid, { code: "", display: "Capillary glucose (meter)", value_text: "HI" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ is_critical: true, deviation: "severely_high", value: 500, comparator: ">", value_text: "HI", notification_sent: true });
    expect(res.body.warnings.join(" ")).toMatch(/out-of-range mark/);
    expect((await timeline(uhid)).map((o) => o.value)).toEqual(["> 500 mg/dL"]);
    const service = await stack.token("service");
    const list = await stack.rest("GET", `/api/v1/notifications/?patient_uhid=${uhid}&recipient_type=provider&page_size=10`, { token: service });
    expect(list.status).toBe(200);
    const bodies = (list.body.results as { body: string }[]).map((n) => n.body);
    expect(bodies.length).toBeGreaterThan(0);
    for (const body of bodies) expect(body).toMatch(/= > 500 mg\/dL/);
  });

  it("reads a decimal comma (2,8 → 2.8, low; 2,3 → 2.3, critical) and a flag after the value (6.9 H) on the lab assistant's route too", async () => {
    const uhid = await newPatient("K");
    const low = await post(CV, uhid, { code: "2823-3", value_text: "2,8", unit: "mmol/L" });
    expect(low.status).toBe(200);
    // Adult potassium's critical low is 2.5 mmol/L (lab-limits): 2.8 is low, not critical.
    expect(low.body).toMatchObject({ value: 2.8, comparator: null, value_text: "2,8", deviation: "low", is_critical: false });
    expect(low.body.warnings.join(" ")).toMatch(/decimal comma/);
    const critical = await post(LAB_CV, uhid, { code: "2823-3", value_text: "2,3", unit: "mmol/L" });
    expect(critical.body).toMatchObject({ value: 2.3, deviation: "severely_low", is_critical: true, value_text: "2,3" });
    const flagged = await post(LAB_CV, uhid, { code: "K", display: "Potassium", value_text: "6.9 H", unit: "mmol/L" });
    expect(flagged.status).toBe(200);
    expect(flagged.body).toMatchObject({ value: 6.9, is_critical: true, deviation: "severely_high", value_text: "6.9 H", loinc_code: "2823-3" });
    expect(flagged.body.warnings.join(" ")).toMatch(/flag "H".*was not read/);
    expect((await timeline(uhid)).map((o) => o.value).sort()).toEqual(["2.3 mmol/L", "2.8 mmol/L", "6.9 mmol/L"]);
  });

  it("reads a censored text with its unit given apart (< 1.5 mmol/L potassium) as critical with comparator <", async () => {
    const uhid = await newPatient("LT");
    const res = await post(CV, uhid, { code: "2823-3", value_text: "< 1.5", unit: "mmol/L" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ value: 1.5, comparator: "<", is_critical: true, value_text: "< 1.5" });
    expect((await timeline(uhid)).map((o) => o.value)).toEqual(["< 1.5 mmol/L"]);
  });

  it("refuses both or neither of value and value_text naming both fields in REST names, and stores nothing", async () => {
    const uhid = await newPatient("ONE");
    const both = await post(CV, uhid, { code: "2823-3", value: 6.9, value_text: "6.9", unit: "mmol/L" });
    expect(both.status).toBe(400);
    expect(fields(both)["observation.value_text"][0]).toMatch(/either value \(a number\) or value_text .*not both/);
    expect(fields(both)["observation.value"]).toBeDefined();
    const neither = await post(LAB_CV, uhid, { code: "2823-3", unit: "mmol/L" });
    expect(neither.status).toBe(400);
    expect(fields(neither)["observation.value"][0]).toMatch(/is required: send value .* or value_text/);
    expect(JSON.stringify(neither.body)).not.toMatch(/valueText/);
    expect(await timeline(uhid)).toEqual([]);
  });

  it("refuses a text stating no number (a comment, QNS) with the reason on value_text, and a unit in the text contradicting unit", async () => {
    const uhid = await newPatient("BAD");
    for (const text of ["refer to comment", "QNS"]) {
      const res = await post(CV, uhid, { code: "2823-3", value_text: text, unit: "mmol/L" });
      expect(res.status, text).toBe(400);
      expect(fields(res)["observation.value_text"][0]).toMatch(/is not a number/);
      expect(fields(res)["observation.value"]).toBeUndefined();
    }
    const contradiction = await post(CV, uhid, { code: "2345-7", value_text: "2.4 mmol/L", unit: "mg/dL" });
    expect(contradiction.status).toBe(400);
    expect(fields(contradiction)["observation.unit"][0]).toMatch(/contradicts the unit "mmol\/L" printed with the value "2.4 mmol\/L"/);
    const side = await post(CV, uhid, { code: "", display: "Glucose (glucometer)", value_text: "LO", comparator: ">" });
    expect(side.status).toBe(400);
    expect(fields(side)["observation.comparator"][0]).toMatch(/contradicts "LO", read as </);
    expect(await timeline(uhid)).toEqual([]);
  });

  it("honours Idempotency-Key with value_text as with value: a replay is the first answer, stored and alerted once; another text → 409", async () => {
    const uhid = await newPatient("IDEM");
    const headers = { "idempotency-key": `printed-${uhid}` };
    const observation = { code: "2823-3", value_text: "7,1", unit: "mmol/L" };
    const first = await post(CV, uhid, observation, headers);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ value: 7.1, is_critical: true, notification_sent: true });
    const again = await post(CV, uhid, observation, headers);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const other = await post(CV, uhid, { ...observation, value_text: "7,2" }, headers);
    expect(other.status).toBe(409);
    expect(await timeline(uhid)).toHaveLength(1);
  });

  it("answers a number sent as value and as value_text String(n) alike (property, sampled over HTTP)", async () => {
    const uhid = await newPatient("PROP");
    const numbers = fc.sample(fc.double({ min: 0, max: 28, noNaN: true }), { numRuns: 8, seed: 21 }).concat([0, 2.5, 6.5, 1e-7]);
    const comparable = (b: Record<string, unknown>) => {
      const { observation_id, audit_id, notification_id, value_text, ...rest } = b;
      return rest;
    };
    for (const n of numbers) {
      const asValue = await post(CV, uhid, { code: "2823-3", value: n, unit: "mmol/L" });
      const asText = await post(CV, uhid, { code: "2823-3", value_text: String(n), unit: "mmol/L" });
      expect(asText.status, String(n)).toBe(asValue.status);
      if (asValue.status === 200) {
        expect(asText.body.value_text).toBe(String(n));
        expect(comparable(asText.body), String(n)).toEqual(comparable(asValue.body));
      }
    }
  });
});

describe("printed values through GraphQL", () => {
  const CHECK = `mutation ($input: CriticalValueCheckInput!) { checkCriticalValue(input: $input) { isCritical deviation value comparator valueText warnings } }`;
  const LAB_CHECK = `mutation ($input: CriticalValueCheckInput!) { labCheckCriticalValue(input: $input) { isCritical value comparator valueText } }`;

  it("takes valueText, echoes the number read, the comparator and the text", async () => {
    const uhid = await newPatient("GQL");
    const res = await stack.gql(CHECK, { input: { patientUhid: uhid, observation: { code: "2345-7", valueText: "HI", unit: "mmol/L" } } }, lab);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.checkCriticalValue).toMatchObject({ isCritical: true, deviation: "severely_high", comparator: ">", valueText: "HI" });
    expect(res.body.data.checkCriticalValue.value).toBeCloseTo(500 / 18.016, 2);
    const lab2 = await stack.gql(LAB_CHECK, { input: { patientUhid: uhid, observation: { code: "2823-3", valueText: "6,9 H", unit: "mmol/L" } } }, lab);
    expect(lab2.body.errors).toBeUndefined();
    expect(lab2.body.data.labCheckCriticalValue).toMatchObject({ isCritical: true, value: 6.9, comparator: null, valueText: "6,9 H" });
    const measured = await stack.gql(CHECK, { input: { patientUhid: uhid, observation: { code: "2823-3", value: 4.2, unit: "mmol/L" } } }, lab);
    expect(measured.body.data.checkCriticalValue).toMatchObject({ value: 4.2, valueText: null });
  });

  it("refuses both and neither naming the GraphQL fields, and an unreadable text on valueText", async () => {
    const uhid = await newPatient("GQLBAD");
    const both = await stack.gql(CHECK, { input: { patientUhid: uhid, observation: { code: "2823-3", value: 3, valueText: "3", unit: "mmol/L" } } }, lab);
    expect(JSON.stringify(both.body.errors)).toMatch(/observation\.valueText.*not both/);
    const neither = await stack.gql(CHECK, { input: { patientUhid: uhid, observation: { code: "2823-3", unit: "mmol/L" } } }, lab);
    expect(JSON.stringify(neither.body.errors)).toMatch(/observation\.value.*is required/);
    const unread = await stack.gql(CHECK, { input: { patientUhid: uhid, observation: { code: "2823-3", valueText: "haemolysed, recollect", unit: "mmol/L" } } }, lab);
    expect(JSON.stringify(unread.body.errors)).toMatch(/observation\.valueText/);
    expect(await timeline(uhid)).toEqual([]);
  });
});
