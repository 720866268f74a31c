import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import type { PatientRecord } from "../patient/patient-record.js";
import { buildPatientContext } from "./copilot-context.engine.js";

const k = knowledgeFromFiles();
const today = new Date().toISOString().slice(0, 10);

function record(dx: { code: string; status: string }[], meds: string[]): PatientRecord {
  return {
    patient: { uhid: "UG-TEST-000001", givenName: "Test", familyName: "Patient", sex: "female", birthDate: "1994-01-01" },
    age: 32,
    dx: dx.map((d) => ({ ...d, display: d.code, date: today })),
    meds: meds.map((name) => ({ name, rxnormCode: null, dose: "1 tab", frequency: "OD", status: "active", startDate: today })),
    obs: [],
    enc: [],
    allergies: [],
  } as unknown as PatientRecord;
}

describe("copilot start: alerts on active medications", () => {
  it("checks active medications against every unresolved diagnosis, not only chronic ones", () => {
    // Pregnancy (Z33.1) recorded with the default "acute" status used to raise no alert for lisinopril.
    const { alerts } = buildPatientContext(k, record([{ code: "Z33.1", status: "acute" }], ["Lisinopril"]));
    expect(alerts).toEqual(expect.arrayContaining([expect.objectContaining({ type: "contraindication", severity: "contraindicated", message: expect.stringMatching(/Lisinopril with Pregnancy/) })]));
  });

  it("does not alert on a resolved diagnosis", () => {
    const { alerts } = buildPatientContext(k, record([{ code: "Z33.1", status: "resolved" }], ["Lisinopril"]));
    expect(alerts.filter((a) => a.type === "contraindication")).toEqual([]);
  });
});
