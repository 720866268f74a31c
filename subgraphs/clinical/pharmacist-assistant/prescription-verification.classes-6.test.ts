import { describe, expect, it } from "vitest";
import { ageFromYears } from "../drug-safety/drug-safety.engine.js";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { parseFrequency } from "../nurse-assistant/medication-schedule.engine.js";
import { volumeInMl } from "./liquid-volume.js";
import { verifyPrescription, type PrescriptionItem } from "./prescription-verification.engine.js";

// Older and small adults, liquids measured in spoons or cc, tapers "to stop" (blind set 6 classes).
const k = knowledgeFromFiles();
const none = { activeMedications: [], conditions: [], allergies: [] };
const verify = (items: PrescriptionItem[], years: number | null, weightKg: number | null = null) =>
  verifyPrescription(k, items, { ...none, age: years === null ? null : ageFromYears(years), weightKg });
const doseIssues = (r: ReturnType<typeof verify>) => r.issues.filter((i) => i.field === "dose");

describe("an older adult's day's total against the lower maximum for the age", () => {
  it("holds at and just over the maximum, from the drug's age and not below it, for every drug that has one (class test)", () => {
    const drugs = [...k.drugs.byId.values()].filter((d) => d.older_adult_max_daily_dose);
    expect(drugs.length).toBeGreaterThanOrEqual(3);
    for (const d of drugs) {
      const max = d.older_adult_max_daily_dose!;
      expect(max.source).toMatch(/BNF|Beers|STOPP|label|SmPC|WHO/);
      const half = (f: number) => `${Math.round((max.mg * f * 1e6) / 2) / 1e6} mg`;
      const at = verify([{ name: d.name, dose: half(1), frequency: "twice a day" }], max.from_age_years + 3);
      expect(doseIssues(at), d.id).toEqual([]);
      const over = verify([{ name: d.name, dose: half(1.2), frequency: "twice a day" }], max.from_age_years + 3);
      expect(doseIssues(over), d.id).toEqual([expect.objectContaining({ item: 0, severity: "major", message: expect.stringMatching(new RegExp(`above the maximum .* for adults aged ${max.from_age_years} years and over`)) })]);
      const younger = verify([{ name: d.name, dose: half(1.2), frequency: "twice a day" }], max.from_age_years - 5);
      expect(doseIssues(younger), d.id).toEqual([]);
    }
  });

  it("flags tramadol 2 × 50 mg capsules four times a day at 80 years, not at 70 years nor with no age", () => {
    const item = { name: "Tramadol HCl 50mg capsules", dose: "2 caps", frequency: "four times a day" };
    expect(doseIssues(verify([item], 80))[0]?.message).toMatch(/400 mg a day is above the maximum of 300 mg a day/);
    expect(doseIssues(verify([item], 70))).toEqual([]);
    expect(doseIssues(verify([item], null))).toEqual([]);
  });
});

describe("an adult under 50 kg on paracetamol, and gentamicin in divided doses, against the most per kg", () => {
  it("flags Panadol 1 g four times daily at 43 kg, but not the same at 50 kg or more", () => {
    const item = { name: "Panadol", dose: "1 g", frequency: "four times daily" };
    expect(doseIssues(verify([item], 33, 43))).toEqual([expect.objectContaining({ severity: "major", message: expect.stringMatching(/60 mg\/kg a day under 50 kg × 43 kg = 2\.58 g/) })]);
    expect(doseIssues(verify([item], 33, 50))).toEqual([]);
    expect(doseIssues(verify([item], 33, 71))).toEqual([]);
  });

  it("keeps the limit at 60 mg/kg a day just under 50 kg (boundary)", () => {
    expect(doseIssues(verify([{ name: "Paracetamol", dose: "735 mg", frequency: "qid" }], 40, 49))).toEqual([]);
    expect(doseIssues(verify([{ name: "Paracetamol", dose: "740 mg", frequency: "qid" }], 40, 49))).toHaveLength(1);
  });

  it("checks gentamicin three times daily against 5 mg/kg a day and once daily against 7", () => {
    const divided = verify([{ name: "Gentamicin sulphate inj", dose: "100mg IV", frequency: "three times daily" }], 48, 55);
    expect(doseIssues(divided)).toEqual([expect.objectContaining({ message: expect.stringMatching(/above the maximum of 5 mg\/kg a day in 3 divided doses × 55 kg/) })]);
    expect(doseIssues(verify([{ name: "Gentamicin sulphate inj", dose: "300mg IV", frequency: "once daily" }], 48, 55))).toEqual([]);
  });
});

describe("a liquid measured in spoons or cubic centimetres", () => {
  it("reads teaspoons as 5 mL, tablespoons as 15 mL and cc as mL, and leaves other doses alone", () => {
    expect(volumeInMl("3 teaspoons")).toBe("15 ml");
    expect(volumeInMl("1-2 tsp")).toBe("5-10 ml");
    expect(volumeInMl("1 tablespoon")).toBe("15 ml");
    expect(volumeInMl("7.5 cc")).toBe("7.5 ml");
    expect(volumeInMl("2 tabs")).toBe("2 tabs");
    expect(volumeInMl("500 mg")).toBe("500 mg");
  });

  it("works out the day's total of a syrup written in teaspoons or cc", () => {
    const r = verify([
      { name: "Amoxil syrup 125mg/5ml", dose: "3 teaspoonfuls", frequency: "twice a day" },
      { name: "Flagyl suspension 200mg/5ml", dose: "7.5 cc", frequency: "three times daily" },
    ], 58, 47);
    expect(r.items.map((i) => i.dailyDoseMg)).toEqual([750, 900]);
  });
});

describe("a taper that steps down 'to stop'", () => {
  it("counts every step down to none whatever the closing words", () => {
    for (const end of ["until off", "to zero", "till stopped"]) {
      const f = parseFrequency(k.administrationTimes, `mane x 1/52 then reduce by 10mg every 7 days ${end}`, "30mg");
      expect(f.kind === "scheduled" && f.courseDays, end).toBe(21);
    }
  });
});
