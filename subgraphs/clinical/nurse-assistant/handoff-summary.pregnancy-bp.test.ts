import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import type { PatientRecord } from "../patient/patient-record.js";
import { buildHandoffSummary } from "./handoff-summary.engine.js";

// Class: severe hypertension in pregnancy or the 42-day puerperium (NICE NG133 160/110 mmHg; WHO 2011), found by
// patients-blind-3 (session 22). Records, values and codes here are not those of any blind set.
const k = knowledgeFromFiles();
const day = "2026-03-17";
const now = new Date(`${day}T10:20:00+03:00`);
const daysBefore = (n: number) => new Date(Date.parse(`${day}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

type Row = { code: string; value: string; date?: string };
function record(o: { age?: number; dx?: { code: string; date?: string }[]; bp?: Row[] }): PatientRecord {
  const steady: Row[] = [{ code: "9279-1", value: "15" }, { code: "59408-5", value: "99" }, { code: "local:supplemental-oxygen", value: "air" }, { code: "8867-4", value: "77" }, { code: "8310-5", value: "36.6" }, { code: "local:acvpu", value: "alert" }];
  return {
    patient: { uhid: "UG-CLS-BP", givenName: "Tatu", familyName: "Classcase", sex: "female", birthDate: "1999-05-02" },
    age: o.age ?? 26,
    dx: (o.dx ?? []).map((d) => ({ id: d.code, patientUhid: "UG-CLS-BP", encounterId: null, code: d.code, display: d.code, status: "acute", date: d.date ?? day })),
    meds: [],
    obs: [...(o.bp ?? []), ...steady].map((x, i) => ({ id: `o${i}`, patientUhid: "UG-CLS-BP", code: x.code, display: x.code, value: x.value, unit: "mm[Hg]", comparator: null, date: x.date ?? day })),
    enc: [{ id: "enc-bp", patientUhid: "UG-CLS-BP", date: day, type: "inpatient", chiefComplaint: "Raised pressure", facility: null, dischargeDate: null }],
    allergies: [],
  } as unknown as PatientRecord;
}
const bp = (s: number, d: number, date?: string): Row[] => [{ code: "8480-6", value: String(s), date }, { code: "8462-4", value: String(d), date }];
const severe = (r: PatientRecord) => buildHandoffSummary(k, r, now).recommendation.escalations.find((e) => /severe hypertension in pregnancy/i.test(e));
const pregnant = [{ code: "Z34.82" }];

describe("severe hypertension in pregnancy is escalated, naming the reading", () => {
  it.each([
    [161, 96, "161/96"],
    [160, 100, "160/100"],
    [150, 110, "150/110"],
    [144, 117, "144/117"],
  ])("pregnant at %i/%i", (s, d, reading) => {
    const e = severe(record({ dx: pregnant, bp: bp(s, d) }));
    expect(e).toContain(`BP ${reading} mmHg on ${day}`);
    expect(e).toMatch(/every 15-30 minutes/);
  });

  it.each([[159, 109], [158, 108], [135, 88]])("not at %i/%i", (s, d) => {
    expect(severe(record({ dx: pregnant, bp: bp(s, d) }))).toBeUndefined();
  });

  it("a severe reading from before yesterday is a recheck, not an escalation; yesterday's still escalates", () => {
    const old = buildHandoffSummary(k, record({ dx: pregnant, bp: bp(171, 104, daysBefore(4)) }), now);
    expect(old.recommendation.escalations.some((e) => /severe hypertension/i.test(e))).toBe(false);
    const recheck = old.recommendation.pendingActions.find((a) => /^Recheck blood pressure now/.test(a));
    expect(recheck).toContain(`BP 171/104 mmHg on ${daysBefore(4)}`);
    // The whole finding, then why it is a recheck; the escalation's actions are not half-quoted into it.
    expect(recheck).toMatch(/on the record\), the latest on record is older than yesterday$/);
    expect(severe(record({ dx: pregnant, bp: bp(171, 104, daysBefore(1)) }))).toContain(`BP 171/104 mmHg on ${daysBefore(1)}`);
  });

  it("counts the puerperium (a delivery outcome 20 days ago) but not 50 days after it", () => {
    expect(severe(record({ dx: [{ code: "Z37.0", date: daysBefore(20) }], bp: bp(166, 94) }))).toContain("166/94");
    expect(severe(record({ dx: [{ code: "Z37.0", date: daysBefore(50) }], bp: bp(166, 94) }))).toBeUndefined();
  });

  it("leaves a woman who is not pregnant unchanged", () => {
    const r = record({ dx: [{ code: "I10" }], bp: bp(188, 119) });
    expect(severe(r)).toBeUndefined();
    expect(buildHandoffSummary(k, r, now).recommendation.escalations).toEqual([]);
  });

  it("reads the latest reading only, and a pregnant girl under 16 too", () => {
    const settled = record({ dx: pregnant, bp: [...bp(139, 91), ...bp(171, 118, daysBefore(2))] });
    expect(severe(settled)).toBeUndefined();
    expect(severe(record({ age: 15, dx: pregnant, bp: bp(163, 104) }))).toContain("163/104");
  });

  it("reads a reading charted as one value, and names a systolic alone", () => {
    expect(severe(record({ dx: pregnant, bp: [{ code: "8480-6", value: "176/112" }] }))).toContain("BP 176/112 mmHg");
    expect(severe(record({ dx: pregnant, bp: [{ code: "8480-6", value: "165" }] }))).toContain("systolic 165 mmHg");
  });
});

describe("a delivery outcome marked resolved still dates the puerperium", () => {
  it("finds a mother 9 days after the birth whose Z37.0 is resolved, and not one 44 days after", () => {
    const mother = (n: number) => ({ ...record({ bp: bp(168, 107) }), dx: [{ id: "z", patientUhid: "UG-CLS-BP", encounterId: null, code: "Z37.0", display: "Z37.0", status: "resolved", date: daysBefore(n) }] }) as unknown as PatientRecord;
    expect(severe(mother(9))).toContain("168/107");
    expect(buildHandoffSummary(k, mother(9), now).assessment.news2Note).toMatch(/MEOWS/);
    expect(severe(mother(44))).toBeUndefined();
  });
});
