import { describe, expect, it } from "vitest";
import { extractEntities } from "../extraction/extraction.engine.js";
import { loadVocabulary } from "../extraction/vocabulary.js";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import type { PatientRecord } from "../patient/patient-record.js";
import { noteSectionTexts, splitNoteSections } from "./note-sections.js";
import { isDictated } from "./note-spoken-headings.js";
import { buildSoapNote } from "./soap-note.engine.js";

// Classes from the fourth SOAP blind set (notes-blind-4.json); the wordings here are in no fixture.
const v = loadVocabulary();
const k = knowledgeFromFiles();
const texts = (note: string) => noteSectionTexts(note, splitNoteSections(note, extractEntities(v, note).entities));
const day = "2026-06-10";
const encounter = { id: "enc-c4", date: day, type: "outpatient", chiefComplaint: "review" };
const record = {
  patient: { uhid: "UG-TEST-000024", givenName: "Test", familyName: "Patient", sex: "female", birthDate: "1988-01-01" },
  age: 38, dx: [], meds: [], obs: [], enc: [encounter], allergies: [],
} as unknown as PatientRecord;
const soap = (note: string) => buildSoapNote(k, { record, encounter: encounter as PatientRecord["enc"][number], notes: [note], includeHistory: false, extraction: extractEntities(v, note), riskScores: {} }, new Date(`${day}T12:00:00Z`));
const prescribeLine = (plan: string) => plan.split("\n").find((l) => l.startsWith("Medications named in the notes (confirm and prescribe)")) ?? "";

describe("a dictated note without punctuation: the spoken section names are its headings", () => {
  const note =
    "elderly lady with painful swollen right knee for one week worse on walking no fever no injury on examination the knee is warm and swollen with reduced range of movement temperature 36.8 pulse 88 " +
    "diagnosis osteoarthritis flare plan ibuprofen 400 mg three times daily for five days and physiotherapy referral";
  it("splits history, examination, assessment and plan at the spoken names", () => {
    const t = texts(note);
    expect(t.subjective).toContain("worse on walking no fever");
    expect(t.objective).toContain("the knee is warm and swollen");
    expect(t.assessment).toBe("osteoarthritis flare");
    expect(t.plan).toContain("physiotherapy referral");
  });
  it("begins the examination at the first spoken vital when no examination is named", () => {
    const t = texts("young man seen for follow up of asthma uses his inhaler about twice a week wakes at night once a week no recent admissions respiratory rate 18 oxygen saturation 97 chest has scattered wheeze assessment partly controlled asthma plan step up to low dose inhaled steroid and review in one month");
    expect(t.subjective).toContain("wakes at night once a week");
    expect(t.objective).toContain("chest has scattered wheeze");
    expect(t.assessment).toBe("partly controlled asthma");
  });
  it("reads a punctuated note as written, not dictated", () => {
    expect(isDictated("Mother says the child coughs at night. Plan of the school trip worries her. No fever. Chest clear. Likely post-viral cough. Honey and review in two weeks if not better.")).toBe(false);
    expect(isDictated(note)).toBe(true);
  });
});

describe("a primary survey line (A - B - C - D - E) is the examination, not an assessment heading", () => {
  it("keeps the survey in the objective and the impression in the assessment", () => {
    const t = texts("Fell from a mango tree, neck pain\nA: clear, B: RR 24 SpO2 97%, C: PR 110 BP 122/80, D: GCS 14, E: abrasions on both forearms\nImpression: head injury, ?cervical spine injury\nPlan: hard collar, CT head and C-spine");
    expect(t.objective).toContain("abrasions on both forearms");
    expect(t.assessment).toBe("head injury, ?cervical spine injury");
    expect(t.plan).toBe("hard collar, CT head and C-spine");
  });
  it("reads 'Actions:' as the plan", () => {
    expect(texts("Seizure at home\nT 39.2, HR 150\nImpression: febrile convulsion\nActions: rectal diazepam, tepid sponging").plan).toBe("rectal diazepam, tepid sponging");
  });
});

describe("a line opening with one vital sign begins the examination when it is today's", () => {
  it("starts the examination at 'BP …' opening a line", () => {
    expect(texts("Headaches on and off for a month, no visual change\nBP 164/100. Fundi normal, no oedema\n?essential hypertension\nrepeat BP in 1 week, U&E").objective).toBe("BP 164/100. Fundi normal, no oedema");
  });
  it("leaves a reading from another place in the history", () => {
    expect(texts("BP 150/95 at the pharmacy yesterday, feels fine").objective).toBeUndefined();
  });
});

describe("a short line of judgement after the examination and before orders is the assessment", () => {
  it("takes a line naming no finding as the assessment", () => {
    const t = texts("Clinic refill, no complaints\nRBS 7.2, BP 126/80\nGood control on current regimen, no changes needed\nMetformin 500mg bd x 1 month, TCA 1/12");
    expect(t.assessment).toBe("Good control on current regimen, no changes needed");
    expect(t.plan).toBe("Metformin 500mg bd x 1 month, TCA 1/12");
  });
  it("keeps a finding before the orders in the examination", () => {
    const t = texts("Cough 3 days, fever\nT 37.8, RR 22\nCrackles right base\nAmoxicillin 500mg tds x 5 days");
    expect(t.objective).toContain("Crackles right base");
    expect(t.assessment).toBeUndefined();
  });
});

describe("findings before the vitals on one line", () => {
  it("begin the examination at the line's start ('signs:' labels, 'at triage' is today)", () => {
    expect(texts("Triage 10:15, 4 year old, fever\nGeneral: sick-looking at triage. Danger signs: none. Temp 37.0, HR 150, RR 40\nClinician to see next").objective).toContain("General: sick-looking at triage");
  });
  it("a note's title before a colon is no finding", () => {
    expect(texts("Review day 3: feeling stronger, eating. T 36.8, PR 84, BP 116/70").subjective).toContain("feeling stronger");
  });
});

describe("course of healing and range of motion", () => {
  it("reads 'healing well' before wound orders as the assessment and the dressing order as the plan", () => {
    const t = texts("Day 7 after abscess drainage, pain much less\nCavity clean, granulating, no surrounding cellulitis\nHealing well, no evidence of infection\nDaily dressing at the dispensary, review in one week");
    expect(t.assessment).toBe("Healing well, no evidence of infection");
    expect(t.plan).toBe("Daily dressing at the dispensary, review in one week");
  });
  it("reads a joint's measured range as findings", () => {
    const t = texts("Week 3 after knee replacement, sleeping better\nKnee flexion 0-85 degrees, quadriceps lag\nProgressing well post knee replacement\nContinue quadriceps drills, review in 2 weeks");
    expect(t.objective).toContain("Knee flexion 0-85 degrees");
    expect(t.assessment).toBe("Progressing well post knee replacement");
  });
});

describe("vaccines written with their dose number", () => {
  it("are medicines the plan gives", () => {
    const line = prescribeLine(soap("Well child, 10 weeks\nWt 5.2kg\nDue for second doses\nGiven Penta2, PCV2 and OPV2 today, next visit at 14 weeks").plan);
    expect(line).toMatch(/Penta2/);
    expect(line).toMatch(/PCV2/);
  });
});
