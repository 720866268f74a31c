import { describe, expect, it } from "vitest";
import { extractEntities } from "../extraction/extraction.engine.js";
import { loadVocabulary } from "../extraction/vocabulary.js";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import type { PatientRecord } from "../patient/patient-record.js";
import { noteSectionTexts, splitNoteSections } from "./note-sections.js";
import { buildSoapNote } from "./soap-note.engine.js";

// Classes from the fifth SOAP blind set (notes-blind-5.json); the wordings here are in no fixture.
const v = loadVocabulary();
const k = knowledgeFromFiles();
const texts = (note: string) => noteSectionTexts(note, splitNoteSections(note, extractEntities(v, note).entities));
const day = "2026-07-02";
const encounter = { id: "enc-c5", date: day, type: "outpatient", chiefComplaint: "review" };
const record = {
  patient: { uhid: "KE-TEST-000025", givenName: "Test", familyName: "Patient", sex: "female", birthDate: "1991-05-01" },
  age: 35, dx: [], meds: [], obs: [], enc: [encounter], allergies: [],
} as unknown as PatientRecord;
const soap = (note: string) => buildSoapNote(k, { record, encounter: encounter as PatientRecord["enc"][number], notes: [note], includeHistory: false, extraction: extractEntities(v, note), riskScores: {} }, new Date(`${day}T12:00:00Z`));

describe("an examination named by its route or instrument opens the examination", () => {
  it("reads a speculum examination after the history as findings", () => {
    const t = texts("c/o lower abdominal cramps and spotting since yesterday, amenorrhoea 7 weeks.\nSpeculum: os closed, minimal old blood in the vault\nImp: threatened miscarriage\nPlan: pelvic USS, return if heavy bleeding");
    expect(t.subjective).toContain("spotting since yesterday");
    expect(t.objective).toContain("os closed, minimal old blood");
    expect(t.objective).not.toContain("spotting");
  });
  it("reads otoscopy, per-abdomen and vaginal examinations written with a colon or a dash", () => {
    expect(texts("Discharging left ear for 3 weeks, swam in the river.\nOtoscopy: L TM perforated, mucoid discharge\nDx: CSOM left").objective).toContain("TM perforated");
    expect(texts("Epigastric burning after meals for a month.\nP/A - soft, mild epigastric tenderness, no mass\nImp: dyspepsia").objective).toContain("mild epigastric tenderness");
    expect(texts("Primigravida 40/40 with labour pains since 4am, show seen.\nVE: os 4cm, membranes intact, cephalic\nImp: early active labour").objective).toContain("os 4cm");
  });
  it("leaves 'PR: 84' a pulse and 'VE in 4 hours' an order", () => {
    const d = soap("Palpitations on and off for a week, no chest pain.\nPR: 84 regular, BP 126/80\nImp: anxiety\nPlan: TFTs, reassure");
    expect(d.objective).toMatch(/Heart rate 84/);
    expect(texts("G2P1 in labour since midnight.\nO/E: contractions 2 in 10\nPlan: VE in 4 hours, encourage walking").plan).toContain("VE in 4 hours");
  });
});

describe("an operation or procedure booked is an order", () => {
  it("begins the plan at 'listed for' or 'scheduled for' after the diagnosis", () => {
    const t = texts("Heavy menses for six months, tired.\nO/E: pale, abdomen 18 week size firm mass, BP 118/70\nDx: symptomatic uterine fibroids\nListed for myomectomy next Tuesday, GXM 2 units");
    expect(t.assessment).toContain("symptomatic uterine fibroids");
    expect(t.plan).toContain("Listed for myomectomy");
    expect(texts("Poor vision both eyes for a year.\nVA 6/60 both, mature lens opacity R\nImp: bilateral cataract\nScheduled for R eye SICS on 14th").plan).toContain("Scheduled for R eye SICS");
  });
});

describe("a diagnosis written as the note's title", () => {
  it("ends with its line: the history after it stays history", () => {
    const note = "Dx: pulmonary TB, intensive phase month 2\nCough much less, appetite back, gaining weight.\nWt 55kg, T 36.6, chest few crackles L apex\nPlan: continue RHZE, sputum smear at end of month 2";
    const t = texts(note);
    expect(t.assessment).toContain("pulmonary TB");
    expect(t.assessment).not.toContain("appetite back");
    expect(t.subjective).toContain("Cough much less, appetite back");
    expect(t.objective).toContain("chest few crackles");
  });
  it("keeps a numbered list of diagnoses and a heading alone on its line in the assessment", () => {
    expect(texts("Imp: 1. anaemia in pregnancy\n2. UTI\nPlan: iron, nitrofurantoin").assessment).toContain("UTI");
    expect(texts("Diagnosis:\nsevere acute malnutrition\nPlan: admit to stabilisation centre").assessment).toContain("severe acute malnutrition");
    expect(texts("Dx: gout. Plan: colchicine 0.5mg bd\nreview next week").assessment).toBe("gout");
  });
  it("loses and duplicates no text when the title diagnosis ends early", () => {
    const note = "Imp: cellulitis R leg day 2\nSwelling reduced, afebrile overnight\nT 36.9, HR 80\nPlan: continue cloxacillin";
    const spans = splitNoteSections(note, extractEntities(v, note).entities);
    const kept = spans.map((s) => note.slice(s.start, s.end)).join("");
    expect(kept.replace(/\s+/g, "")).toBe(note.replace(/\s+/g, "").replace(/Imp:|Plan:/g, ""));
  });
});
