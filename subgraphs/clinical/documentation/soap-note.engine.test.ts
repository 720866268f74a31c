import { describe, expect, it } from "vitest";
import { extractEntities } from "../extraction/extraction.engine.js";
import { loadVocabulary } from "../extraction/vocabulary.js";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import type { PatientRecord } from "../patient/patient-record.js";
import { buildSoapNote } from "./soap-note.engine.js";

const k = knowledgeFromFiles();
const v = loadVocabulary();
const day = "2026-03-01";
const encounter = { id: "enc-1", date: day, type: "outpatient", chiefComplaint: "cough" };

function record(meds: string[] = [], allergies: { substance: string; reaction: string | null }[] = []): PatientRecord {
  return {
    patient: { uhid: "UG-TEST-000001", givenName: "Test", familyName: "Patient", sex: "female", birthDate: "1990-01-01" },
    age: 36,
    dx: [],
    meds: meds.map((name) => ({ name, rxnormCode: null, dose: "1 tab", frequency: "OD", status: "active", startDate: day })),
    obs: [],
    enc: [encounter],
    allergies,
  } as unknown as PatientRecord;
}

const soap = (note: string, r = record()) => buildSoapNote(k, { record: r, encounter: encounter as PatientRecord["enc"][number], notes: [note], includeHistory: false, extraction: extractEntities(v, note), riskScores: {} }, new Date(`${day}T12:00:00Z`));

describe("SOAP note: allergies stated in the notes", () => {
  it.each([
    ["Allergic to amoxicillin (rash, facial swelling). Cough 3 days. Plan: amoxicillin 500mg tds x 5/7.", "amoxicillin", "amoxicillin"],
    ["Allergy to penicillin. Plan: amoxicillin 500mg tds x 5/7.", "penicillin", "amoxicillin"],
    ["Allergies: penicillin. Plan: amoxicillin 500mg tds", "penicillin", "amoxicillin"],
    ["Hypersensitivity to ibuprofen. Give aspirin 75mg od.", "ibuprofen", "aspirin"],
  ])("shows %j's allergy in S and flags the drug the plan names", (note, allergen, drug) => {
    const d = soap(note);
    expect(d.subjective).toMatch(new RegExp(`Allergies: none recorded; stated in the notes[^.]*${allergen}`, "i"));
    const f = d.findings.filter((x) => x.type === "allergy");
    expect(f.length).toBeGreaterThan(0);
    expect(f[0].message.toLowerCase()).toContain(drug);
    expect(d.plan).toMatch(/ALLERGY CONFLICT/);
    expect(d.plan).toMatch(/Safety: .*allergy stated in the encounter notes/);
  });

  it("checks the record's active medicines against an allergy only the notes state", () => {
    const d = soap("Patient says she is allergic to penicillin.", record(["Amoxicillin"]));
    expect(d.findings.some((f) => f.type === "allergy" && /Amoxicillin \(active on the record\)/.test(f.message))).toBe(true);
  });

  it("checks a drug the notes name against a recorded allergy", () => {
    const d = soap("Plan: amoxicillin 500mg tds x 5/7.", record([], [{ substance: "Penicillin", reaction: "rash" }]));
    expect(d.findings.some((f) => f.type === "allergy" && /amoxicillin \(named in the notes\) and recorded allergy/.test(f.message))).toBe(true);
  });

  it("raises no allergy finding without an allergy, nor for a denied one", () => {
    for (const note of ["Plan: amoxicillin 500mg tds x 5/7.", "NKDA. Plan: amoxicillin 500mg tds", "No known drug allergy. amoxicillin 500mg tds"]) {
      const d = soap(note);
      expect(d.findings.filter((f) => f.type === "allergy"), note).toEqual([]);
      expect(d.subjective).toContain("Allergies: none recorded.");
    }
  });
});

describe("SOAP note: medicines the notes stop or switch", () => {
  it.each([
    ["D/C warfarin.", "Warfarin"],
    ["Discontinue lisinopril.", "Lisinopril"],
    ["Cease metformin.", "Metformin"],
    ["Omit digoxin today.", "Digoxin"],
    ["Switch carbamazepine to valproate.", "Carbamazepine"],
    ["Change from furosemide to spironolactone.", "Furosemide"],
  ])("%j: the record's %s is held or stopped, not continued", (note, med) => {
    const d = soap(note, record([med]));
    expect(d.plan).toMatch(new RegExp(`held or stopped[^\\n]*${med}`));
    expect(d.plan).not.toMatch(new RegExp(`continue[^\\n]*${med}`));
  });

  it("keeps the new medicine of a switch as named in the notes", () => {
    const d = soap("Switch carbamazepine to valproate 200mg bd.", record(["Carbamazepine"]));
    expect(d.plan).toMatch(/named in the notes[^\n]*valproate 200 mg twice daily/);
  });
});

describe("SOAP note: a note written with its own headings", () => {
  const note = "c/o productive cough 5/7, took amoxicillin at home, no better. O/E: T 38.9, RR 26, SpO2 91% on RA, BP 118/70, crackles R base. Imp: community acquired pneumonia. Plan: ceftriaxone 1g IV od; review 48h";

  it("puts the examination, the clinician's assessment and the plan under O, A and P, not in the history", () => {
    const d = soap(note);
    expect(d.subjective).toContain("History (encounter notes): c/o productive cough 5/7, took amoxicillin at home, no better.");
    expect(d.subjective).not.toMatch(/crackles|ceftriaxone|Imp:/);
    expect(d.objective).toMatch(/^Examination \(encounter notes\): T 38\.9, RR 26, SpO2 91% on RA, BP 118\/70, crackles R base\./);
    expect(d.assessment).toContain("Clinician's assessment (encounter notes): community acquired pneumonia");
    expect(d.plan.split("\n")[0]).toBe("Plan (encounter notes): ceftriaxone 1g IV od; review 48h");
  });

  it("shows the vitals the notes write, flagged by their NEWS2 parameter score for an adult", () => {
    expect(soap(note).objective).toContain("Vitals written in the notes: Temperature 38.9 °C [H, NEWS2 1]; Respiratory rate 26/min [H, NEWS2 3]; SpO2 91% [L, NEWS2 3]; BP 118/70 mmHg.");
  });

  it("prescribes only what the plan names; a medicine the history names is to reconcile", () => {
    const d = soap(note);
    expect(d.plan).toMatch(/confirm and prescribe\): ceftriaxone 1 g intravenous once daily/);
    expect(d.plan).toMatch(/outside the plan \(reconcile with the record\): amoxicillin/);
    expect(d.plan).not.toMatch(/prescribe\)[^\n]*amoxicillin/);
  });

  it("keeps a note without headings as the history, and every medicine it names to confirm", () => {
    const d = soap("Cough for 5 days, T 38.9. Started amoxicillin 500mg tds x 5/7.");
    expect(d.subjective).toContain("History (encounter notes): Cough for 5 days, T 38.9. Started amoxicillin 500mg tds x 5/7.");
    expect(d.objective).not.toContain("Examination (encounter notes)");
    expect(d.objective).toContain("Vitals written in the notes: Temperature 38.9 °C [H, NEWS2 1].");
    expect(d.plan).toMatch(/confirm and prescribe\): amoxicillin/);
    expect(d.plan).not.toContain("Plan (encounter notes)");
  });

  it("does not flag a child's vitals with NEWS2, an adult score (RCP 2017)", () => {
    const child = { ...record(), age: 3 } as PatientRecord;
    const d = soap("O/E: T 38.9, PR 130, RR 34, SpO2 95%", child);
    expect(d.objective).toContain("Vitals written in the notes: Temperature 38.9 °C; Heart rate 130/min; Respiratory rate 34/min; SpO2 95%.");
  });

  it("lists each finding once, with its strongest assertion", () => {
    const d = soap("History of malaria last year. Now fever and chills, ?malaria again. B/S for MPs positive: malaria.");
    const line = d.assessment.split("\n").find((l) => l.startsWith("From the notes"))!;
    expect(line.match(/malaria/gi)?.length).toBe(1);
    expect(line).not.toMatch(/malaria[^;]*\((?:historical|possible)\)/i);
  });
});

describe("SOAP note: what the clinician should do with each medicine the notes name", () => {
  const prescribeLine = (plan: string) => plan.split("\n").find((l) => l.includes("(confirm and prescribe)")) ?? "";
  const reconcileLine = (plan: string) => plan.split("\n").find((l) => l.includes("(reconcile with the record)")) ?? "";

  it.each([
    ["Known HTN on losartan 50mg od. O/E: BP 150/95. Plan: continue losartan 50mg od", "losartan"],
    ["Hx: epileptic on phenobarbital 60mg nocte, fit yesterday. Mx: increase phenobarbital to 90mg nocte", "phenobarbital"],
  ])("lists a medicine the history and the plan both name once, to prescribe: %j", (note, drug) => {
    const d = soap(note);
    expect(prescribeLine(d.plan)).toContain(drug);
    expect(reconcileLine(d.plan)).not.toContain(drug);
  });

  it("sets a medicine under a heading of what was already done apart from the orders", () => {
    const d = soap("Hx: fever, fits. Treatment given: quinine 600mg IV. Reason for referral: ICU care");
    expect(reconcileLine(d.plan)).toContain("quinine");
    expect(prescribeLine(d.plan)).not.toContain("quinine");
  });

  it("keeps a conditional order of the plan, marked as such", () => {
    const d = soap("c/o fever. Plan: paracetamol 1g if temperature above 38.5");
    expect(prescribeLine(d.plan)).toMatch(/paracetamol[^;]*only if the condition written holds/);
  });

  it("does not offer a medicine a note without a plan stops, and keeps it to reconcile", () => {
    const d = soap("Takes aspirin daily for his heart. Stop aspirin before the surgery.");
    expect(prescribeLine(d.plan)).not.toContain("aspirin");
    expect(reconcileLine(d.plan)).toContain("aspirin");
  });

  it("keeps the new form of a medicine the plan switches", () => {
    const d = soap("Hx: abscess. Plan: start oral metronidazole 400mg tds, stop IV metronidazole");
    expect(prescribeLine(d.plan)).toContain("metronidazole");
  });

  it("shows a written glucose, MUAC and height with their units", () => {
    const d = soap("c/o weight loss\nO/E: Wt 9.1kg, MUAC 120mm, length 78cm, RBS 4.4");
    expect(d.objective).toContain("Weight 9.1 kg; MUAC 12 cm; Height 78 cm; Glucose 4.4 (unit not written)");
  });
});
