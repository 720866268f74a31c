import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import type { PatientRecord } from "../patient/patient-record.js";
import { buildHandoffSummary, type HandoffNote } from "./handoff-summary.engine.js";

// Classes found by the second handoff blind set (test/fixtures/handoff/patients-blind-2.json, session 22),
// tested with records, values and wordings that are not in it.
const k = knowledgeFromFiles();
const day = "2026-07-09";
const morning = new Date(`${day}T09:15:00+03:00`);

interface Vitals { rr?: number; spo2?: number; o2?: string; sbp?: number; hr?: number; t?: number; c?: string }
function vitals(v: Vitals, date = day) {
  const row = (code: string, value: string | number | undefined, unit: string | null) => (value === undefined ? [] : [{ id: code, patientUhid: "UG-CLS-2", code, display: code, value: String(value), unit, comparator: null, date }]);
  return [
    ...row("9279-1", v.rr, "/min"), ...row("59408-5", v.spo2, "%"), ...row("local:supplemental-oxygen", v.o2, null), ...row("8480-6", v.sbp, "mm[Hg]"),
    ...row("8867-4", v.hr, "/min"), ...row("8310-5", v.t, "Cel"), ...row("local:acvpu", v.c, null),
  ];
}
const steady: Vitals = { rr: 16, spo2: 98, o2: "air", sbp: 131, hr: 69, t: 36.5, c: "alert" };

function record(o: { dx?: { code: string; display: string; date: string }[]; obs?: ReturnType<typeof vitals> } = {}): PatientRecord {
  return {
    patient: { uhid: "UG-CLS-2", givenName: "Second", familyName: "Classcase", sex: "female", birthDate: "1994-02-11" },
    age: 32,
    dx: (o.dx ?? []).map((d) => ({ id: d.code, patientUhid: "UG-CLS-2", encounterId: null, code: d.code, display: d.display, status: "acute", date: d.date })),
    meds: [],
    obs: o.obs ?? vitals(steady),
    enc: [{ id: "enc-2", patientUhid: "UG-CLS-2", date: day, type: "inpatient", chiefComplaint: "Headache", facility: null, dischargeDate: null }],
    allergies: [],
  } as unknown as PatientRecord;
}
const notes = (...texts: string[]): HandoffNote[] => texts.map((text) => ({ text, recordedAt: `${day}T06:00:00.000Z` }));

describe("the pregnancy warning uses the facility's calendar day, not the UTC date", () => {
  it("warns at 23:40 in Kampala for a pregnancy diagnosis dated that day (still the day before in UTC)", () => {
    const lateEvening = new Date(`${day}T23:40:00+03:00`);
    const r = record({ dx: [{ code: "O14.13", display: "Pre-eclampsia with severe features", date: day }], obs: vitals(steady) });
    const out = buildHandoffSummary(k, r, lateEvening);
    expect(out.assessment.news2Note).toMatch(/MEOWS/);
    expect(out.assessment.news2Note).toContain("O14.13");
  });
});

describe("a delivery outcome (Z37) counts for the puerperium only", () => {
  it("warns within 42 days of a Z37 diagnosis", () => {
    const out = buildHandoffSummary(k, record({ dx: [{ code: "Z37.0", display: "Live born singleton", date: "2026-06-20" }] }), morning);
    expect(out.assessment.news2Note).toMatch(/obstetric early warning chart/);
  });
  it("does not warn 50 days after it", () => {
    const out = buildHandoffSummary(k, record({ dx: [{ code: "Z37.0", display: "Live born singleton", date: "2026-05-20" }] }), morning);
    expect(out.assessment.news2Note).toBeNull();
  });
});

describe("vitals missing: what is on record already triggers the response", () => {
  it("escalates when the recorded vitals alone reach the high band, and still asks for the missing one", () => {
    const r = record({ obs: vitals({ rr: 29, spo2: 89, o2: "3 L/min via NP", sbp: 94, hr: 126, t: 37.2, c: "drowsy" }) });
    const out = buildHandoffSummary(k, r, morning);
    expect(out.assessment.news2Score).toBeNull();
    expect(out.recommendation.escalations[0]).toMatch(/^NEWS2 at least 12 .*high risk.*continuous/);
    expect(out.assessment.news2Note).toMatch(/already score 12/);
    expect(out.recommendation.pendingActions.join(" ")).toMatch(/Record a full set of observations.*Consciousness/);
  });
  it("does not escalate when the recorded part stays in the low band", () => {
    const out = buildHandoffSummary(k, record({ obs: vitals({ rr: 22, spo2: 97, o2: "air", sbp: 128, hr: 80 }) }), morning);
    expect(out.recommendation.escalations).toEqual([]);
  });
});

describe("a single red parameter is named with the RCP response", () => {
  it("names the parameter that scores 3", () => {
    const out = buildHandoffSummary(k, record({ obs: vitals({ ...steady, sbp: 87 }) }), morning);
    expect(out.recommendation.escalations[0]).toMatch(/Urgent ward-based response \(scoring 3: systolic bp 87\)/);
  });
});

describe("notes: ward shorthand, devices, events and Swahili time words are handed on", () => {
  const quoted = (text: string) => buildHandoffSummary(k, record(), morning, notes(text)).recommendation.fromNotes;
  it.each([
    "Neuro obs 4 hrly overnight.",
    "q6h BP, last 150/96.",
    "Foley catheterised at 1900, drained 300 mls.",
    "Convulsed at 0415, diazepam given IV.",
    "Physio to see her kesho.",
    "Mgonjwa hajakula tangu asubuhi.",
    "Sister in charge notified about the missing dose.",
    "Relatives not yet seen by the doctor.",
    "Cannula in situ R hand.",
  ])("quotes %j", (text) => {
    expect(quoted(text)[0]).toContain(text);
  });
  it("leaves a sentence that hands nothing on", () => {
    expect(quoted("Slept well and ate her breakfast.")).toEqual([]);
  });
});
