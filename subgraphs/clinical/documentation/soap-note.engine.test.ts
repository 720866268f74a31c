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
