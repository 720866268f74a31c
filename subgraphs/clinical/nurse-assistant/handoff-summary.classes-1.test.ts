import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import type { PatientRecord } from "../patient/patient-record.js";
import { buildHandoffSummary, type HandoffNote } from "./handoff-summary.engine.js";

// Classes found by the handoff blind set (test/fixtures/handoff/patients-blind-1.json, session 21), tested
// with records, values and wordings that are not in it.
const k = knowledgeFromFiles();
const day = "2026-10-14";
const now = new Date(`${day}T10:00:00+03:00`);

interface Vitals { rr?: number; spo2?: number; o2?: string; sbp?: number; hr?: number; t?: number; c?: string; date?: string }
function vitals(v: Vitals) {
  const date = v.date ?? day;
  const row = (code: string, value: string | number | undefined, unit: string | null) => (value === undefined ? [] : [{ id: code, patientUhid: "UG-CLS-1", code, display: code, value: String(value), unit, comparator: null, date }]);
  return [
    ...row("9279-1", v.rr, "/min"), ...row("59408-5", v.spo2, "%"), ...row("local:supplemental-oxygen", v.o2, null), ...row("8480-6", v.sbp, "mm[Hg]"),
    ...row("8867-4", v.hr, "/min"), ...row("8310-5", v.t, "Cel"), ...row("local:acvpu", v.c, null),
  ];
}
const calm: Vitals = { rr: 17, spo2: 97, o2: "RA", sbp: 126, hr: 74, t: 36.7, c: "A" };

function record(o: { birthDate?: string; age?: number; dx?: { code: string; display: string; status?: string; date?: string }[]; obs?: ReturnType<typeof vitals>; allergies?: { substance: string; reaction?: string; severity?: string }[] } = {}): PatientRecord {
  return {
    patient: { uhid: "UG-CLS-1", givenName: "Class", familyName: "Test", sex: "female", birthDate: o.birthDate ?? "1971-03-02" },
    age: o.age ?? 55,
    dx: (o.dx ?? []).map((d) => ({ id: d.code, patientUhid: "UG-CLS-1", encounterId: null, code: d.code, display: d.display, status: d.status ?? "acute", date: d.date ?? "2026-10-12" })),
    meds: [],
    obs: o.obs ?? [],
    enc: [{ id: "enc-1", patientUhid: "UG-CLS-1", date: "2026-10-12", type: "inpatient", chiefComplaint: "Vomiting", facility: null, dischargeDate: null }],
    allergies: (o.allergies ?? []).map((a) => ({ id: a.substance, patientUhid: "UG-CLS-1", substance: a.substance, reaction: a.reaction ?? null, severity: a.severity ?? null, recordedOn: "2020-01-01" })),
  } as unknown as PatientRecord;
}
const build = (r: PatientRecord, notes: HandoffNote[] = []) => buildHandoffSummary(k, r, now, notes);

describe("allergy status is stated, not left as an empty list", () => {
  it("says none is recorded and asks to confirm", () => {
    expect(build(record({ obs: vitals(calm) })).background.allergyStatus).toMatch(/^No allergies recorded: confirm/);
  });
  it("counts the recorded ones", () => {
    const h = build(record({ allergies: [{ substance: "Ceftriaxone", reaction: "angioedema", severity: "severe" }, { substance: "Latex" }] }));
    expect(h.background.allergyStatus).toBe("2 allergies recorded");
    expect(h.background.allergies).toHaveLength(2);
  });
});

describe("the NEWS2 caveat is given in the assessment as well as the recommendation", () => {
  it("a 9-year-old: no score, the reason in news2Note", () => {
    const h = build(record({ birthDate: "2017-01-20", age: 9, obs: vitals({ ...calm, hr: 100 }) }));
    expect(h.assessment.news2Score).toBeNull();
    expect(h.assessment.news2Note).toMatch(/16 and over.*PEWS/);
  });
  it("a woman with an antenatal diagnosis: the score with the obstetric chart warning", () => {
    const h = build(record({ dx: [{ code: "O24.410", display: "Gestational diabetes mellitus in pregnancy, diet controlled" }], obs: vitals(calm) }));
    expect(h.assessment.news2Score).toBe(0);
    expect(h.assessment.news2Note).toMatch(/obstetric early warning chart/);
  });
  it("an adult with current vitals: no note", () => {
    expect(build(record({ obs: vitals(calm) })).assessment.news2Note).toBeNull();
  });
  it("an adult whose vitals are four days old: says why there is no score", () => {
    const h = build(record({ obs: vitals({ ...calm, date: "2026-10-10" }) }));
    expect(h.assessment.news2Score).toBeNull();
    expect(h.assessment.news2Note).toMatch(/not scored.*before yesterday/);
  });
});

describe("the monitoring frequency goes with a NEWS2 escalation", () => {
  it("medium (RR 23, SpO2 93, HR 115 = 6): minimum 1-hourly", () => {
    const h = build(record({ obs: vitals({ ...calm, rr: 23, spo2: 93, hr: 115 }) }));
    expect(h.assessment.news2Score).toBe(6);
    expect(h.recommendation.escalations[0]).toMatch(/^NEWS2 6 \(medium risk\).*monitoring: minimum 1-hourly$/);
  });
  it("high (on oxygen, SBP 89, HR 134, RR 27): continuous monitoring", () => {
    const h = build(record({ obs: vitals({ ...calm, o2: "venturi 35%", sbp: 89, hr: 134, rr: 27 }) }));
    expect(h.recommendation.escalations[0]).toMatch(/monitoring: continuous monitoring of vital signs/);
  });
});

describe("code status (ICD-10 Z66) is carried into the recommendation", () => {
  const dnr = { code: "Z66", display: "Do not resuscitate" };
  it("qualifies a NEWS2 escalation with the ceiling of care, and is listed when nothing escalates", () => {
    const sick = build(record({ dx: [dnr], obs: vitals({ ...calm, c: "U", rr: 8 }) }));
    expect(sick.recommendation.escalations[0]).toMatch(/Do not resuscitate \(Z66\) on the record: escalate within the agreed ceiling of care/);
    expect(sick.recommendation.pendingActions.join(" ")).not.toMatch(/Z66/);
    const well = build(record({ dx: [dnr], obs: vitals(calm) }));
    expect(well.recommendation.escalations).toEqual([]);
    expect(well.recommendation.pendingActions[0]).toMatch(/^Do not resuscitate \(Z66\)/);
  });
  it("says nothing of it when the decision is resolved or absent", () => {
    for (const dx of [[{ ...dnr, status: "resolved" }], []]) {
      const h = build(record({ dx, obs: vitals({ ...calm, c: "U" }) }));
      expect(JSON.stringify(h.recommendation)).not.toMatch(/ceiling of care|resuscitat/i);
    }
  });
});

describe("a child's current vitals outside the limits for age are named (Goldstein 2005)", () => {
  it("a school-age child with HR 145 and a temperature of 38.9", () => {
    const h = build(record({ birthDate: "2018-02-11", age: 8, obs: vitals({ hr: 145, t: 38.9, rr: 16 }) }));
    const line = h.recommendation.pendingActions.find((a) => a.startsWith("Vital signs outside the limits for age"));
    expect(line).toMatch(/school age.*pulse 145\/min above 130, temperature 38.9 °C above 38.5/);
    expect(line).not.toMatch(/respiration/);
  });
  it("an infant's bradycardia", () => {
    const h = build(record({ birthDate: "2026-05-01", age: 0, obs: vitals({ hr: 84, t: 36.9 }) }));
    expect(h.recommendation.pendingActions.join(" ")).toMatch(/infant.*pulse 84\/min below 90/);
  });
  it("nothing for a child within the limits, or whose vitals are old, or for an adult", () => {
    const normal = build(record({ birthDate: "2022-06-30", age: 4, obs: vitals({ hr: 110, rr: 20, t: 37.1, sbp: 96 }) }));
    const old = build(record({ birthDate: "2022-06-30", age: 4, obs: vitals({ hr: 170, date: "2026-10-09" }) }));
    const adult = build(record({ obs: vitals({ ...calm, hr: 150 }) }));
    for (const h of [normal, old, adult]) expect(h.recommendation.pendingActions.join(" ")).not.toMatch(/outside the limits for age/);
  });
});

describe("an infant's age is given in days or months", () => {
  it.each([
    ["2026-10-05", "9 days"],
    ["2026-02-20", "7 months"],
    ["2024-09-01", "2 years"],
  ])("born %s → %s", (birthDate, words) => {
    expect(build(record({ birthDate, age: 0 })).situation.patient).toContain(`, ${words}, female`);
  });
});

describe("plans and pending items written in the current encounter's notes", () => {
  const notes: HandoffNote[] = [
    { text: "Abdomen soft, tolerating sips. Awaiting ultrasound report from radiology.\nFever likely due to UTI. Repeat U&E at 06:00.", recordedAt: "2026-10-14T05:10:00.000Z" },
    { text: "Patient comfortable and eating well. Keep nil by mouth after midnight for theatre; consent signed.", recordedAt: "2026-10-13T18:00:00.000Z" },
  ];
  it("hands on the awaited report, the repeat test and the fasting plan, with the note's date", () => {
    const h = build(record(), notes);
    expect(h.recommendation.fromNotes).toEqual([
      "Awaiting ultrasound report from radiology. (note 2026-10-14)",
      "Repeat U&E at 06:00. (note 2026-10-14)",
      "Keep nil by mouth after midnight for theatre; consent signed. (note 2026-10-13)",
    ]);
  });
  it("leaves the other sentences (a finding, 'due to') to the notes", () => {
    const got = build(record(), notes).recommendation.fromNotes.join(" ");
    expect(got).not.toMatch(/soft|comfortable|likely due to/);
  });
  it("is empty without notes", () => {
    expect(build(record()).recommendation.fromNotes).toEqual([]);
  });
});
