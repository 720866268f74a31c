import { describe, expect, it } from "vitest";
import { extractEntities } from "../extraction/extraction.engine.js";
import { loadVocabulary } from "../extraction/vocabulary.js";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import type { PatientRecord } from "../patient/patient-record.js";
import { noteSectionTexts, splitNoteSections } from "./note-sections.js";
import { buildSoapNote } from "./soap-note.engine.js";

// Classes from the third SOAP blind set (notes-blind-3.json); the wordings here are in no fixture.
const v = loadVocabulary();
const k = knowledgeFromFiles();
/** The sections as the SOAP note service finds them: with the extraction's entities on the same text. */
const texts = (note: string) => noteSectionTexts(note, splitNoteSections(note, extractEntities(v, note).entities));
const day = "2026-05-02";
const encounter = { id: "enc-c3", date: day, type: "outpatient", chiefComplaint: "review" };
const record = {
  patient: { uhid: "UG-TEST-000023", givenName: "Test", familyName: "Patient", sex: "female", birthDate: "1985-01-01" },
  age: 41, dx: [], meds: [], obs: [], enc: [encounter], allergies: [],
} as unknown as PatientRecord;
const soap = (note: string) => buildSoapNote(k, { record, encounter: encounter as PatientRecord["enc"][number], notes: [note], includeHistory: false, extraction: extractEntities(v, note), riskScores: {} }, new Date(`${day}T12:00:00Z`));
const prescribeLine = (plan: string) => plan.split("\n").find((l) => l.startsWith("Medications named in the notes (confirm and prescribe)")) ?? "";

describe("a hedged diagnosis on a line of its own is the assessment, and the next line the plan", () => {
  it.each([
    ["Cough and chest pain 5/7, rusty sputum\nT 38.4, RR 28, SpO2 92%\nbronchial breathing L base\n?left lower lobe pneumonia\nCXR, FBC, amoxicillin-clavulanate 625mg tds", "?left lower lobe pneumonia", "CXR, FBC, amoxicillin-clavulanate 625mg tds"],
    ["Jaundice 2 weeks, dark urine, itching\nIcteric, liver 3cm below costal margin\nr/o obstructive jaundice\nabdominal ultrasound, LFTs", "r/o obstructive jaundice", "abdominal ultrasound, LFTs"],
    ["Itchy rash between fingers x 1 month, siblings also itching\nPapules and burrows on web spaces\nlikely scabies\nbenzyl benzoate to whole family", "likely scabies", "benzyl benzoate to whole family"],
    ["Fever and joint pains 4 days\nPR 98, T 38.0\nImpression dengue vs chikungunya\nNS1 antigen, fluids, no NSAIDs", "Impression dengue vs chikungunya", "NS1 antigen, fluids, no NSAIDs"],
    ["Weight loss and cough for 2 months\nWt 49kg, T 37.6\nCXR upper lobe cavity - query PTB\nsputum GeneXpert x2", "CXR upper lobe cavity - query PTB", "sputum GeneXpert x2"],
  ])("%j", (note, assessment, plan) => {
    const t = texts(note);
    expect(t.assessment).toBe(assessment);
    expect(t.plan).toBe(plan);
  });

  it("keeps several hedged lines together as the assessment", () => {
    expect(texts("Headache and fever 3/7\nT 39.1, PR 104\nneck supple\n?malaria\n?typhoid\nBS for MPS, blood culture")).toMatchObject({ assessment: "?malaria ?typhoid", plan: "BS for MPS, blood culture" });
  });
});

describe("a diagnosis or its course just before a line of orders is the assessment", () => {
  it.each([
    ["Asthma clinic, night cough twice a week\nRR 18, SpO2 97%, PEF 300\nscattered wheeze\nAsthma partly controlled\nincrease beclomethasone to 200mcg bd, RV 1/12", "Asthma partly controlled"],
    ["Epilepsy clinic, no fits for 6 months\nWt 60kg, BP 122/80\nneuro exam normal\nEpilepsy, seizure free\ncontinue carbamazepine 200mg bd", "Epilepsy, seizure free"],
    ["Sickle cell clinic, no crises since last visit\nWt 24kg, T 36.6\nmild pallor, spleen not felt\nSCD, stable on hydroxyurea\nrefill hydroxyurea and folic acid, RV 2/12", "SCD, stable on hydroxyurea"],
  ])("%j", (note, assessment) => {
    expect(texts(note).assessment).toBe(assessment);
  });

  it.each([
    "Known hypertensive, headache today\nBP 142/90, PR 76\nno oedema\ncontinue nifedipine 20mg bd",
    "HIV clinic, no complaints\nWt 70kg, BP 120/80\nVL last month: 35 copies/ml (suppressed)\nA: stable on TLD\nP: refill",
  ])("finds no assessment line in %j (a finding, a result before a written heading)", (note) => {
    const t = texts(note);
    expect(t.assessment ?? "").not.toMatch(/no oedema|copies/);
  });
});

describe("telephone and first-person notes", () => {
  it("reads a telephone consultation as history, assessment and plan, with no examination", () => {
    expect(texts("Called by the patient's daughter: father has had loose stools 6 times since last night, still drinking\nprobable gastroenteritis\nadvised ORS after each stool, come in if blood in stool")).toEqual({
      subjective: "Called by the patient's daughter: father has had loose stools 6 times since last night, still drinking",
      assessment: "probable gastroenteritis",
      plan: "advised ORS after each stool, come in if blood in stool",
    });
  });

  it("begins the plan at a first-person order after a written differential list", () => {
    const t = texts("Brought in unconscious after a fall\nGCS 9/15, BP 170/100, PR 58\nDDx:\n1. Head injury\n2. Hypertensive stroke\nI have requested a CT head and referred to the regional hospital");
    expect(t.assessment).toBe("1. Head injury 2. Hypertensive stroke");
    expect(t.plan).toBe("I have requested a CT head and referred to the regional hospital");
  });

  it("prescribes what a first-person plan starts", () => {
    const d = soap("I saw her in casualty with painful swollen calf x 3 days\nOn exam she was tachycardic PR 112, BP 130/84, R calf swollen and tender\n?DVT\nI have started enoxaparin 60mg sc bd and requested a Doppler");
    expect(d.assessment).toMatch(/Clinician's assessment \(encounter notes\): \?DVT/);
    expect(prescribeLine(d.plan)).toMatch(/enoxaparin/i);
  });
});

describe("findings between the history and the assessment begin the examination", () => {
  it.each([
    ["Sore throat 3 days, painful swallowing\nThroat: tonsils swollen, white exudate\nacute tonsillitis\namoxicillin 500mg tds x 10/7", "Throat: tonsils swollen, white exudate"],
    ["Low mood since losing her job, poor sleep\nTearful, poor eye contact, no psychotic features\nModerate depressive episode\nrefer for counselling, start amitriptyline 25mg nocte", "Tearful, poor eye contact, no psychotic features"],
    ["Burning urine and fever 2 days\nAfebrile now, renal angle tenderness L\nDx: pyelonephritis\nciprofloxacin 500mg bd x 7/7", "Afebrile now, renal angle tenderness L"],
  ])("%j", (note, objective) => {
    expect(texts(note).objective).toBe(objective);
  });

  it("keeps a line of further history before the assessment as history", () => {
    expect(texts("Abdominal pain 1 week\nPMH: gastritis 2024\n?PUD\nomeprazole 20mg bd").objective).toBeUndefined();
  });

  it("starts the findings of a comma-run ward-round line at the first examination clause before the vitals", () => {
    expect(texts("Day 3 post-op, pain controlled, eating well, wound healing well, afebrile, T 36.7, PR 80")).toEqual({
      subjective: "Day 3 post-op, pain controlled, eating well",
      objective: "wound healing well, afebrile, T 36.7, PR 80",
    });
  });

  it("reads 'On exam' without a colon as the examination", () => {
    expect(texts("Painful knee after football\nOn exam there was an effusion R knee, ligaments intact").objective).toBe("there was an effusion R knee, ligaments intact");
  });
});

describe("no text is lost or duplicated", () => {
  it("never loses or invents text in notes with assessment lines (random notes)", () => {
    const words = ["?malaria", "r/o", "TB", "likely", "pneumonia", "stable", "controlled", "I have started", "amoxicillin", "500mg", "chest clear,", "abd soft,", "T", "38.2", "PR", "110", "says", "Throat:", "red", "-", ".", ",", "\n", "\n", "\n"];
    let seed = 23;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let n = 0; n < 200; n++) {
      const note = Array.from({ length: 4 + Math.floor(rand() * 24) }, () => words[Math.floor(rand() * words.length)]).join(" ");
      const spans = splitNoteSections(note, extractEntities(v, note).entities);
      for (let i = 1; i < spans.length; i++) expect(spans[i].start, note).toBeGreaterThanOrEqual(spans[i - 1].end);
      const kept = spans.map((s) => note.slice(s.start, s.end)).join("");
      expect(kept.replace(/\s/g, ""), note).toBe(note.replace(/\s/g, ""));
    }
  });
});
