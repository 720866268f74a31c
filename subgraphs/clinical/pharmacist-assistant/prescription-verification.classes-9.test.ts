import { describe, expect, it } from "vitest";
import { ageFromYears, type PatientAge } from "../drug-safety/drug-safety.engine.js";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { buildMedicationSchedule, parseFrequency } from "../nurse-assistant/medication-schedule.engine.js";
import { doseAsGiven } from "./daily-dose.js";
import { verifyPrescription, type PrescriptionItem } from "./prescription-verification.engine.js";

// Malaria, TB, maternity and neonatal charts (blind set 9 classes): a loading schedule written as hours then daily,
// the most per kg a dose by weight band, the frequency in brackets after an instruction, the count before the
// strength, a neonate's least gentamicin, and a salt named with the drug.
const k = knowledgeFromFiles();
const verify = (items: PrescriptionItem[], age: PatientAge | null, weightKg: number | null) =>
  verifyPrescription(k, items, { activeMedications: [], conditions: [], allergies: [], age, weightKg });
const doseIssues = (r: ReturnType<typeof verify>) => r.issues.filter((i) => i.field === "dose");
const at = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

describe("a loading schedule written as hours from the first dose, then daily", () => {
  it("reads the hours in their spellings: the first day's doses at the interval's times, one a day after (class test)", () => {
    for (const text of ["given at 0 h, 12 h & 24 h; thereafter once a day", "STAT then repeat at 12 and 24 hours, then OD", "0hr,12hr,24hr then daily", "at 0, 12, 24 and 48 hours then q24h"]) {
      const p = parseFrequency(k.administrationTimes, text);
      expect(p.kind, text).toBe("scheduled");
      if (p.kind !== "scheduled") continue;
      expect(p.times, text).toEqual(k.administrationTimes.every_hours["12"]);
      expect(p.thereafter?.times, text).toEqual([k.administrationTimes.every_hours["12"][0]]);
      expect(p.courseDays, text).toBeNull();
    }
  });
  it("leaves uneven hours, a course after 'then daily' and a non-daily follow-on unread (never guessed)", () => {
    for (const text of ["at 0, 8 and 24 h then daily", "0, 12, 24 h then od x 6 days", "at 0, 12, 24 h then bd", "0, 12, 36 h then daily", "12, 24 h then daily"]) {
      const p = parseFrequency(k.administrationTimes, text);
      expect(p.kind === "scheduled" && p.thereafter !== undefined, text).toBe(false);
    }
  });
  it("schedules two doses 12 hours apart on the start day, then one a day at the first time", () => {
    const med = { name: "Inj. artesunate", dose: "150 mg", frequency: "given at 0 h, 12 h & 24 h; thereafter once a day", startDate: "2027-03-01", ingredients: ["artesunate"] };
    const day = (date: string) => buildMedicationSchedule(k.administrationTimes, [med], date).doses.map((d) => d.time);
    const first = day("2027-03-01");
    expect(first).toHaveLength(2);
    expect(at(first[1]) - at(first[0])).toBe(12 * 60);
    expect(day("2027-03-02")).toEqual([first[0]]);
    expect(day("2027-03-06")).toEqual([first[0]]);
  });
  it("checks the start day's total (the loading day, the most doses) and reads no frequency issue", () => {
    const r = verify([{ name: "Artesunate for injection", dose: "150mg IV", frequency: "STAT then repeat at 12 and 24 hours, then OD" }], ageFromYears(30), 62);
    expect(r.items[0].dailyDoseMg).toBe(300);
    expect(r.issues.filter((i) => i.field === "frequency")).toEqual([]);
    expect(doseIssues(r)).toEqual([]);
  });
});

describe("the most mg per kg a dose by weight band (max_dose_per_kg)", () => {
  it("every band: at its most nothing; at twice its most a major issue saying above (class test)", () => {
    const drugs = [...k.drugs.byId.values()].filter((d) => d.max_dose_per_kg?.length);
    expect(drugs.length).toBeGreaterThanOrEqual(1);
    for (const drug of drugs) {
      for (const band of drug.max_dose_per_kg!) {
        const kg = band.max_kg === null ? band.min_kg + 30 : (band.min_kg + band.max_kg) / 2;
        const most = Math.floor(band.mg_per_kg * kg);
        const run = (mg: number) => doseIssues(verify([{ name: drug.name, dose: `${mg} mg`, frequency: "every 12 hours" }], ageFromYears(kg < 20 ? 3 : 30), kg)).filter((i) => /above the most/.test(i.message));
        expect(run(most), `${drug.id} ${kg} kg at its most`).toEqual([]);
        const over = run(most * 2);
        expect(over, `${drug.id} ${kg} kg at twice`).toHaveLength(1);
        expect(over[0].severity).toBe("major");
        // The most is above the least of the same band (a dose at the least is never above the most).
        const least = drug.min_dose_per_kg?.find((b) => b.min_kg === band.min_kg);
        if (least) expect(band.mg_per_kg).toBeGreaterThan(least.mg_per_kg);
      }
    }
  });
});

describe("the frequency in brackets after an instruction", () => {
  it("'after food (bd)', 'with meals (TDS)', 'ac (od)' read as the bracketed frequency with the instruction", () => {
    const cases: [string, string][] = [["after food (bd)", "twice_daily"], ["with meals (TDS)", "three_times_daily"], ["ac (od)", "once_daily"]];
    for (const [text, pattern] of cases) {
      const p = parseFrequency(k.administrationTimes, text);
      expect(p.kind === "scheduled" ? p.pattern : p.kind, text).toBe(pattern);
      expect(p.kind === "scheduled" ? p.instruction : null, text).toMatch(/food|meals/);
    }
  });
  it("a bracket that is only a note still leaves the frequency as read ('bd (review in 1/52)' stays twice daily; 'as advised (see chart)' stays unread)", () => {
    const bd = parseFrequency(k.administrationTimes, "bd (review in 1/52)");
    expect(bd.kind === "scheduled" ? bd.pattern : bd.kind).toBe("twice_daily");
    expect(parseFrequency(k.administrationTimes, "as advised (see chart)").kind).toBe("unparseable");
  });
});

describe("the count written before the strength of each", () => {
  it("'2 tablets of 500 mg', '3 x 250mg caps', '1 cap (250 mg)' are count × strength a dose", () => {
    expect(doseAsGiven("2 tablets of 500 mg", null)).toBe("1000 mg");
    expect(doseAsGiven("3 x 250mg caps", null)).toBe("750 mg");
    expect(doseAsGiven("1 cap (250 mg)", null)).toBe("250 mg");
    const r = verify([{ name: "Amoxicillin dispersible", dose: "2 tablets of 250 mg", frequency: "twice a day" }], ageFromYears(2), 12);
    expect(r.items[0].dailyDoseMg).toBe(1000);
  });
});

describe("a neonate's least gentamicin (paediatric_min_daily_dose, WHO Pocket Book 2013)", () => {
  it("a tenth of the neonatal dose is reported; 4-5 mg/kg once daily is not", () => {
    const age = ageFromYears(18 / 365.25);
    const low = verify([{ name: "Gentamicin injection", dose: "0.8 mg IV", frequency: "once a day" }], age, 2.6);
    expect(doseIssues(low).filter((i) => /below the least usual dose/.test(i.message))).toHaveLength(1);
    const usual = verify([{ name: "Gentamicin injection", dose: "13 mg IV", frequency: "once a day" }], age, 2.6);
    expect(doseIssues(usual).filter((i) => /below/.test(i.message))).toEqual([]);
  });
});

describe("a salt named with the drug", () => {
  it("quinine sulphate and quinine dihydrochloride are quinine", () => {
    for (const name of ["Quinine sulphate 300mg tablets", "QUININE DIHYDROCHLORIDE injection"]) {
      expect(verify([{ name, dose: "600 mg", frequency: "8 hourly" }], ageFromYears(40), 60).items[0].drugId, name).toBe("quinine");
    }
  });
});
