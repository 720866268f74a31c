import { describe, expect, it } from "vitest";
import { extractEntities } from "../extraction/extraction.engine.js";
import { loadVocabulary } from "../extraction/vocabulary.js";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import type { PatientRecord } from "../patient/patient-record.js";
import { noteSectionTexts, splitNoteSections } from "./note-sections.js";
import { buildSoapNote } from "./soap-note.engine.js";

// Classes from the second SOAP blind set (notes-blind-2.json); the wordings here are in no fixture.
const texts = (note: string) => noteSectionTexts(note);
const k = knowledgeFromFiles();
const v = loadVocabulary();
const day = "2026-04-10";
const encounter = { id: "enc-c2", date: day, type: "outpatient", chiefComplaint: "review" };
const record = {
  patient: { uhid: "UG-TEST-000019", givenName: "Test", familyName: "Patient", sex: "male", birthDate: "1980-01-01" },
  age: 46, dx: [], meds: [], obs: [], enc: [encounter], allergies: [],
} as unknown as PatientRecord;
const soap = (note: string) => buildSoapNote(k, { record, encounter: encounter as PatientRecord["enc"][number], notes: [note], includeHistory: false, extraction: extractEntities(v, note), riskScores: {} }, new Date(`${day}T12:00:00Z`));
const prescribeLine = (plan: string) => plan.split("\n").find((l) => l.startsWith("Medications named in the notes (confirm and prescribe)")) ?? "";

describe("Kiswahili and abbreviated headings", () => {
  it.each([
    ["Malalamiko: maumivu ya tumbo siku 4\nUchunguzi: tumbo laini\nUtambuzi: gastritis\nMpango: omeprazole 20mg od", { subjective: "maumivu ya tumbo siku 4", objective: "tumbo laini", assessment: "gastritis", plan: "omeprazole 20mg od" }],
    ["Historia - kikohozi wiki 3\nVipimo: sputum AFB neg\nUtambuzi - bronchitis\nUshauri: kunywa maji mengi", { subjective: "kikohozi wiki 3", objective: "sputum AFB neg", assessment: "bronchitis", plan: "kunywa maji mengi" }],
    ["knee swelling 1/12\nO/E: effusion L knee\nAss: septic arthritis vs gout\nMatibabu: indomethacin 50mg tds", { subjective: "knee swelling 1/12", objective: "effusion L knee", assessment: "septic arthritis vs gout", plan: "indomethacin 50mg tds" }],
  ])("reads the headings of %j", (note, expected) => {
    expect(texts(note)).toEqual(expected);
  });
});

describe("vital signs begin the examination where no heading is written", () => {
  it("starts it at a sentence of vitals after a few examination words, in a running ward-round line", () => {
    expect(texts("Seen on rounds, says less breathless. Alert, T 36.4, HR 88, RR 18. Lungs clear. Plan: wean oxygen")).toEqual({
      subjective: "Seen on rounds, says less breathless", objective: "Alert, T 36.4, HR 88, RR 18. Lungs clear", assessment: undefined, plan: "wean oxygen",
    } as never);
  });

  it("starts it at a vitals line of a note with no heading at all, and at a lone weight before more vitals", () => {
    expect(texts("Asthma review, using inhaler daily\nWt 55kg. SpO2 97%, RR 16\nwheeze bilateral")).toEqual({
      subjective: "Asthma review, using inhaler daily", objective: "Wt 55kg. SpO2 97%, RR 16 wheeze bilateral",
    });
  });

  it.each([
    "Mother says T 39.5 and PR 150 at night, child irritable",
    "At HC BP 190/110, PR 112, referred here",
    "fever 2/7, T 38.9 PR 110 at home",
    "Known asthmatic. Uses inhaler 2 puffs. Wt 55kg",
  ])("keeps %j, a reading of another time or one vital, as history", (note) => {
    expect(Object.keys(texts(note))).toEqual(["subjective"]);
  });
});

describe("an order begins the plan after the examination", () => {
  it.each([
    ["Diabetes review, no hypos\nRBS 7.2, BP 128/78\nfeet intact\nrefill metformin 500mg bd, RV 2/12", "refill metformin 500mg bd, RV 2/12"],
    ["c/o earache. T 37.9 PR 96 RR 20. Dull drum L ear. amoxicillin 500mg tds x5/7, review in 5 days", "amoxicillin 500mg tds x5/7, review in 5 days"],
    ["Doing well. BP 132/84, PR 70. Controlled - continue losartan, TCA 3/12", "continue losartan, TCA 3/12"],
    ["Nurse round: drowsy. Temp 38.1, pulse 126, BP 96/58. Will inform doctor and recheck in 1 hr", "Will inform doctor and recheck in 1 hr"],
  ])("%j", (note, plan) => {
    expect(texts(note).plan).toBe(plan);
  });

  it.each([
    "started amoxicillin 250mg yesterday, still coughing\nT 37.2 RR 30\nchest clear",
    "Headache. BP 150/96, PR 80. Review of systems unremarkable",
  ])("finds no plan in %j (an order in the history, a review of systems)", (note) => {
    expect(texts(note).plan).toBeUndefined();
  });

  it("never loses or invents text in notes without headings (random notes)", () => {
    const words = ["Afebrile,", "T", "37.5", "PR", "96", "BP", "130/80", "Wt", "60kg", "cough", "clear", "start", "continue", "amoxicillin", "500mg", "review in", "2/52", "-", ".", ";", "\n", "says"];
    let seed = 19;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let n = 0; n < 300; n++) {
      const note = Array.from({ length: 4 + Math.floor(rand() * 24) }, () => words[Math.floor(rand() * words.length)]).join(" ");
      const spans = splitNoteSections(note);
      const kept = spans.map((s) => note.slice(s.start, s.end)).join("");
      expect(kept.replace(/\s/g, ""), note).toBe(note.replace(/\s/g, ""));
    }
  });
});

describe("a medicine the plan stops is not ordered by a later mention without a dose", () => {
  it("does not offer the stopped medicine named again as a reference", () => {
    const d = soap("Hx: rash after nevirapine started 2/52 ago\nO/E: T 37.0, urticarial rash arms\nImp: nevirapine hypersensitivity\nPlan: stop nevirapine, give loratadine 10mg od, efavirenz 600mg nocte in place of nevirapine");
    const prescribe = prescribeLine(d.plan);
    expect(prescribe).toMatch(/efavirenz/i);
    expect(prescribe).toMatch(/loratadine/i);
    expect(prescribe).not.toMatch(/nevirapine/i);
  });

  it("keeps a medicine the plan stops in one form and orders with its dose in another", () => {
    const d = soap("Hx: DKA resolving\nO/E: alert, RBS 9.8\nPlan: SC insulin soluble 8 units tds with meals, stop insulin drip after first SC dose");
    expect(prescribeLine(d.plan)).toMatch(/insulin/i);
  });
});
