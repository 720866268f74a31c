import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { durationDays } from "./durations.js";
import { analyzeSymptoms, recognizeSymptoms, type SymptomPatient } from "./symptom-analysis.engine.js";

/**
 * Classes of misses found by the thirteenth blind set test/fixtures/copilot/presentations-blind-13.json
 * (2026-11-28, session 21, what community health workers and patients report in their words): counts above
 * ten written as words ("twenty-five days" read as 5), the iCCM duration danger signs (cough 21 days, diarrhoea
 * 14 days, fever 7 days in a child under five) never flagged, and lay wordings of maternal danger signs
 * ("bleeding from down there", "bleeding after birth", "water coming from private parts", "too weak to get
 * out of bed"), East African English "paining", the newborn's cord, sore nipples, Swahili "kuhara damu", "mafua".
 * Every string here is a variant that is in none of the blind sets.
 */
const k = knowledgeFromFiles();
const child: SymptomPatient = { age: 3, sex: "male", diagnosisCodes: [] };
const adult: SymptomPatient = { age: 31, sex: "female", diagnosisCodes: [] };
const pregnant: SymptomPatient = { age: 27, sex: "female", diagnosisCodes: ["Z33.1"], pregnant: true };
const recognised = (text: string, age = 30) => recognizeSymptoms(k, [text], null, age).recognized;
const analyse = (patient: SymptomPatient, symptoms: string[]) => analyzeSymptoms(k, { symptoms }, patient);

describe("counts written as words (durations.ts)", () => {
  it("reads eleven to nineteen and tens, with or without a hyphen", () => {
    expect(durationDays("coughing for twenty-two days")).toBe(22);
    expect(durationDays("coughing for thirty one days")).toBe(31);
    expect(durationDays("watery stools for fifteen days")).toBe(15);
    expect(durationDays("sick for twelve weeks")).toBe(84);
  });
  it("still reads the small numbers and digits as before", () => {
    expect(durationDays("feverish for nine days")).toBe(9);
    expect(durationDays("x 4 days")).toBe(4);
  });
});

describe("iCCM duration danger signs in a child under five (symptoms.json 2026.11.18)", () => {
  it("flags a cough of 21 days or more, not a shorter one", () => {
    expect(analyse(child, ["coughing for twenty-two days"]).urgency).toBe("urgent");
    expect(analyse(child, ["coughing for twenty-two days"]).redFlags.join(" ")).toMatch(/21 days/);
    expect(analyse(child, ["coughing for nine days"]).redFlags.join(" ")).not.toMatch(/21 days/);
  });
  it("flags diarrhoea of 14 days or more and fever of 7 days or more", () => {
    expect(analyse(child, ["watery stools for fifteen days"]).redFlags.join(" ")).toMatch(/14 days/);
    expect(analyse(child, ["feverish for nine days"]).redFlags.join(" ")).toMatch(/7 days/);
    expect(analyse(child, ["feverish for two days"]).redFlags.join(" ")).not.toMatch(/7 days/);
  });
  it("keeps these child danger signs out of an adult's answer", () => {
    expect(analyse(adult, ["coughing for twenty-two days"]).redFlags.join(" ")).not.toMatch(/Child under five/);
    expect(analyse(adult, ["feverish for nine days"]).redFlags.join(" ")).not.toMatch(/Child under five/);
  });
});

describe("maternal danger signs in lay words (WHO PCPNC 2015)", () => {
  it("reads bleeding 'down there' in pregnancy as vaginal bleeding, an emergency", () => {
    const r = analyse(pregnant, ["she is bleeding down there"]);
    expect(r.recognizedSymptoms).toContain("vaginal_bleeding");
    expect(r.urgency).toBe("emergency");
  });
  it("reads 'bleeding after giving birth' as postpartum bleeding on its own", () => {
    const r = analyse(adult, ["heavy bleeding after giving birth"]);
    expect(r.recognizedSymptoms).toEqual(expect.arrayContaining(["vaginal_bleeding", "postpartum"]));
    expect(r.urgency).toBe("emergency");
  });
  it("reads broken waters in pregnancy as rupture of membranes: urgent, O42.90 ranked", () => {
    const r = analyse(pregnant, ["her waters have broken this morning"]);
    expect(r.recognizedSymptoms).toContain("leaking_liquor");
    expect(r.urgency).toBe("urgent");
    expect(r.differentialDiagnosis.map((d) => d.code)).toContain("O42.90");
  });
  it("answers fever with prostration as an emergency, prostration alone not", () => {
    expect(analyse(adult, ["feverish", "too weak to stand"]).urgency).toBe("emergency");
    expect(analyse(adult, ["too weak to stand"]).urgency).not.toBe("emergency");
  });
  it("reads a bad smell from down there as a discharge", () => {
    expect(recognised("a bad smell from down there")).toContain("vaginal_discharge");
  });
});

describe("lay words for pain, the cord, nipples, Swahili (glossed in symptoms.json lay_glosses)", () => {
  it("reads East African English 'paining'", () => {
    expect(recognised("my ears are paining")).toContain("ear_pain");
    expect(recognised("his back is paining him")).toContain("back_pain");
    expect(recognised("the tummy is paining")).toContain("abdominal_pain");
    expect(recognised("the head is paining since morning")).toContain("headache");
  });
  it("reads a red or pus-filled cord in a newborn, and a clean cord as normal", () => {
    expect(recognised("the cord has pus on it", 0)).toContain("umbilical_redness");
    expect(recognizeSymptoms(k, ["cord clean and dry"], null, 0).negated).toContain("umbilical_redness");
  });
  it("reads sore or cracked nipples as breast pain, without a flag when there is no fever", () => {
    expect(recognised("painful nipples when feeding")).toContain("breast_pain");
    expect(analyse(adult, ["nipples paining", "no fever"]).urgency).toBe("routine");
  });
  it("reads Swahili blood in stool and a cold", () => {
    expect(recognised("kuharisha damu tangu jana", 3)).toContain("blood_in_stool");
    expect(recognised("mafua tangu juzi", 3)).toContain("runny_nose");
    expect(analyse(child, ["mafua tangu juzi"]).urgency).not.toMatch(/urgent|emergency/);
  });
});
