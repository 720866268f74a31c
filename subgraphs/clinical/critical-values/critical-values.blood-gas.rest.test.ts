/**
 * An arterial blood gas panel through REST (lab-limits 2026.11.12): pH without a unit, pCO2 in kPa and pO2 in
 * mmHg through critical values (alerting the critical members, charting each under its LOINC code) and lab
 * interpretation (HL7 flags); a venous gas sent under an arterial code, an impossible pH and a concentration
 * unit for pH are refused with 400 and nothing is stored.
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
  lab = await stack.token("lab_technician", { sub: "gas-lab-tech" });
  physician = await stack.token("physician", { sub: "gas-physician" });
  expect((await stack.rest("PUT", "/api/v1/notifications/providers/gas-lab-tech/", { token: physician, body: { channels: ["SMS"], phone: "+256772600021" } })).status).toBe(200);
});
afterAll(() => stack?.stop());

const post = (path: string, patient: string, observation: Record<string, unknown>) => stack.rest("POST", path, { token: lab, body: { patient_uhid: patient, observation } });

async function patient(tag: string): Promise<string> {
  const uhid = `UG-GAS-${Date.now().toString(36).toUpperCase()}${tag}`;
  const res = await stack.rest("POST", "/api/v1/uhid/", { token: physician, body: { uhid, given_name: "Gas", family_name: "Panel", sex: "female", birth_date: "1961-04-02", phone: "+256772000131" } });
  expect(res.status).toBe(201);
  return uhid;
}

describe("an arterial blood gas panel", () => {
  it("alerts the acidaemia and hypercapnia, flags the low pO2, and charts each result under its LOINC code", async () => {
    const uhid = await patient("A");
    const ph = await post(CV, uhid, { code: "2744-1", display: "pH", value: 7.12, unit: "" });
    expect(ph.status).toBe(200);
    expect(ph.body).toMatchObject({ is_critical: true, deviation: "severely_low", urgency: "high", loinc_code: "2744-1", critical_limits: "< 7.21 or > 7.59 [pH]", notification_sent: true });
    expect(ph.body.clinical_significance).toMatch(/acidaemia/);

    const pco2 = await post(CV, uhid, { code: "2019-8", display: "PaCO2", value: 9.1, unit: "kPa" });
    expect(pco2.status).toBe(200);
    expect(pco2.body).toMatchObject({ is_critical: true, deviation: "severely_high", loinc_code: "2019-8", critical_limits: "≤ 2.67 or > 7.99 kPa", normal_range: "4.67–6 kPa" });

    const po2 = await post(CV, uhid, { code: "2703-7", display: "PaO2", value: 58, unit: "mmHg" });
    expect(po2.status).toBe(200);
    expect(po2.body).toMatchObject({ is_critical: false, deviation: "low", urgency: "moderate", notification_sent: false });

    const timeline = await stack.rest("GET", `/api/v1/patient-timeline/timeline/${uhid}/?days=1`, { token: physician });
    const types = timeline.body.timeline.observations.map((o: { type: string }) => o.type);
    expect(types).toEqual(expect.arrayContaining(["pH", "Carbon dioxide partial pressure", "Oxygen partial pressure"]));
  });

  it("interprets the same panel with HL7 flags, a local code identified by its display", async () => {
    const uhid = await patient("B");
    const cases = [
      [{ code: "2744-1", display: "pH", value: 7.66, unit: "pH units" }, "HH", "2744-1"],
      [{ code: "GAS-PCO2", display: "pCO2", value: 4.1, unit: "kPa" }, "L", "2019-8"],
      [{ code: "2703-7", display: "pO2", value: 11.9, unit: "kPa" }, "N", "2703-7"],
    ] as const;
    for (const [observation, flag, loinc] of cases) {
      const res = await post(INTERPRET, uhid, observation);
      expect(res.status, observation.display).toBe(200);
      expect(res.body, observation.display).toMatchObject({ flag, loinc_code: loinc });
    }
  });

  it("refuses a venous gas under the arterial code, an impossible pH and a concentration unit for pH, storing nothing", async () => {
    const uhid = await patient("C");
    const refused = [
      [CV, { code: "2703-7", display: "pO2 venous", value: 38, unit: "mmHg" }, "observation.display"],
      [INTERPRET, { code: "2019-8", display: "Capillary pCO2", value: 48, unit: "mmHg" }, "observation.display"],
      [CV, { code: "2744-1", display: "pH", value: 74, unit: "" }, "observation.value"],
      [INTERPRET, { code: "2744-1", display: "pH", value: 7.3, unit: "mmol/L" }, "observation.unit"],
    ] as const;
    for (const [path, observation, field] of refused) {
      const res = await post(path, uhid, observation);
      expect(res.status, JSON.stringify(observation)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(field);
    }
    const timeline = await stack.rest("GET", `/api/v1/patient-timeline/timeline/${uhid}/?days=1`, { token: physician });
    expect(timeline.body.timeline.observations).toEqual([]);
  });
});
