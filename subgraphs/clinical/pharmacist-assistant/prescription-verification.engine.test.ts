import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { isParseableDose, verifyPrescription } from "./prescription-verification.engine.js";

const k = knowledgeFromFiles();
const none = { activeMedications: [], conditions: [], allergies: [] };

describe("prescription verification", () => {
  it("verifies a clean prescription: identified, dosed, timed, nothing found", () => {
    const r = verifyPrescription(k, [{ code: "723", name: "Amoxicillin", dose: "500 mg", frequency: "tds for 5 days" }, { name: "Paracetamol", dose: "1 g", frequency: "PRN" }], none);
    expect(r).toMatchObject({ verified: true, issues: [], warnings: [] });
    expect(r.items.map((i) => [i.drugId, i.matchedBy, i.frequencyPattern])).toEqual([["amoxicillin", "rxcui", "three_times_daily"], ["paracetamol", "name", "prn"]]);
  });

  it("reports missing and unreadable doses and frequencies, and unknown medicines", () => {
    const r = verifyPrescription(k, [{ name: "Amoxicillin", dose: "", frequency: "whenever" }, { name: "Zorblax", dose: "five", frequency: "bd" }], none);
    expect(r.verified).toBe(false);
    expect(r.issues.map((i) => `${i.item}:${i.field}`).sort()).toEqual(["0:dose", "0:frequency", "1:dose", "1:name"]);
  });

  it("finds the interaction between two items (warfarin + ibuprofen) and duplicate therapy by class", () => {
    const r = verifyPrescription(k, [{ code: "11289", name: "Warfarin", dose: "5 mg", frequency: "once daily" }, { code: "5640", name: "Ibuprofen", dose: "400 mg", frequency: "tds" }, { code: "3355", name: "Diclofenac", dose: "50 mg", frequency: "bd" }], none);
    expect(r.interactions.some((f) => f.drugs.includes("Warfarin") && f.drugs.includes("Ibuprofen"))).toBe(true);
    expect(r.duplicateTherapy).toEqual([{ drugs: ["Ibuprofen", "Diclofenac"], drugClass: expect.stringMatching(/anti-inflammatory/i), atc: "M01A", against: "prescription" }]);
    expect(r.verified).toBe(false);
  });

  it("checks items against the patient's active medicines, conditions and allergies", () => {
    const r = verifyPrescription(k, [{ code: "723", name: "Amoxicillin", dose: "500 mg", frequency: "tds" }, { name: "Atorvastatin", dose: "20 mg", frequency: "nocte" }], {
      activeMedications: [{ code: "36567", name: "Simvastatin" }],
      conditions: [],
      allergies: ["Penicillin"],
    });
    expect(r.allergyAlerts[0]).toMatchObject({ drug: "Amoxicillin", allergen: "Penicillin" });
    expect(r.duplicateTherapy).toEqual([expect.objectContaining({ drugs: ["Atorvastatin", "Simvastatin"], atc: "C10AA", against: "active_medication" })]);
  });

  it("does not verify a prescription against allergies it cannot read, and reads 'sulphur drugs' as a sulfonamide allergy", () => {
    const item = [{ name: "Septrin 960mg", dose: "960mg", frequency: "bd" }];
    const sulphur = verifyPrescription(k, item, { ...none, allergies: ["sulphur drugs"] });
    expect(sulphur.verified).toBe(false);
    expect(sulphur.allergyAlerts[0]).toMatchObject({ crossReactivity: "same_class", allergenGroup: "Sulfonamide antibiotics" });
    const unread = verifyPrescription(k, [{ code: "723", name: "Amoxicillin", dose: "500 mg", frequency: "tds x 5/7" }, { name: "Paracetamol", dose: "1 g", frequency: "PRN" }], { ...none, allergies: ["the blue capsules"] });
    expect(unread.verified).toBe(false);
    expect(unread.issues).toEqual([]);
    expect(unread.warnings).toEqual([expect.stringMatching(/Allergies not interpreted.*"the blue capsules"/)]);
  });

  it.each([
    ["500 mg", true], ["1 g", true], ["2 tablets", true], ["10 mL", true], ["1-2 tabs", true], ["4 tablets with food", true],
    ["five", false], ["500", false], ["", false], ["as directed", false],
  ])("dose %j parseable: %s", (dose, ok) => expect(isParseableDose(dose)).toBe(ok));
});

describe("counseling knowledge (knowledge/counseling.json)", () => {
  it("covers only known drugs, each with how-to-take, side effects, warnings and a source", () => {
    expect(k.counseling.size).toBeGreaterThan(0);
    for (const [drug, c] of k.counseling) {
      expect(k.drugs.byId.has(drug), drug).toBe(true);
      expect(c.how_to_take.length && c.common_side_effects.length && c.warnings.length, drug).toBeTruthy();
      expect(c.source, drug).toBeTruthy();
    }
  });
});
