/**
 * Classes of prescription writing found by the blind set test/fixtures/prescriptions/prescriptions-blind.json
 * (2026-11-28, session 16), tested over variants that are NOT in that set: Swahili frequencies, a count of units
 * before the frequency, course lengths, PRN with a frequency, the "a x b" shorthand's day's total, the vehicle
 * a drug is given in, and eye/ear preparations never read as the systemic drug.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { identifyDrug } from "../drug-safety/drug-safety.engine.js";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { buildMedicationSchedule, parseFrequency } from "../nurse-assistant/medication-schedule.engine.js";
import { verifyPrescription } from "./prescription-verification.engine.js";

const k = knowledgeFromFiles();
const at = k.administrationTimes;
const none = { activeMedications: [], conditions: [], allergies: [] };
const one = (name: string, dose: string, frequency: string) => verifyPrescription(k, [{ name, dose, frequency }], none).items[0];
const pattern = (text: string) => {
  const p = parseFrequency(at, text);
  return p.kind === "scheduled" ? p.pattern : p.kind;
};

describe("Swahili frequencies (mara N kwa siku / kila siku)", () => {
  const N: [string, string, number][] = [["moja", "once_daily", 1], ["mbili", "twice_daily", 2], ["tatu", "three_times_daily", 3], ["nne", "four_times_daily", 4]];
  it.each(N)("mara %s, written kwa siku or kila siku, in any case, with a course length", (word, id, n) => {
    for (const text of [`mara ${word} kwa siku`, `Mara ${word.toUpperCase()} kila siku`, `mara ${n} kwa siku`, `mara ${word} kwa siku x 5/7`]) {
      const p = parseFrequency(at, text);
      expect(p.kind === "scheduled" && p.pattern, text).toBe(id);
      expect(p.kind === "scheduled" && p.times.length, text).toBe(n);
    }
    expect(one("Amoxicillin", "500 mg", `mara ${word} kwa siku`).frequencyPattern).toBe(id);
  });
  it("kila usiku (every night) is the night dose; kila asubuhi the morning one", () => {
    expect(pattern("kila usiku")).toBe("once_daily_night");
    expect(pattern("kila asubuhi")).toBe("once_daily");
  });
});

describe("a count of units before the frequency (\"1 bd\", \"2 tabs tds\")", () => {
  it("is read as the frequency after it, for every frequency phrase and counts 1 to 4", () => {
    fc.assert(
      fc.property(fc.constantFrom(...at.frequencies.flatMap((f) => f.phrases.filter((p) => /^[a-z]/.test(p)).map((p) => [f.id, p] as const))), fc.integer({ min: 1, max: 4 }), fc.constantFrom("", "tab ", "tabs ", "caps ", "puffs "), ([id, phrase], n, unit) => {
        const p = parseFrequency(at, `${n} ${unit}${phrase}`);
        expect(p.kind === "scheduled" && p.pattern).toBe(id);
        expect(p.kind === "scheduled" && p.unitsPerDose).toBe(n);
      }),
    );
  });
  it("multiplies a dose in mg: Paracetamol 500mg 2 qid is 4 g a day; 2 tds of 1 g is above the 4 g maximum", () => {
    expect(one("Paracetamol", "500mg", "2 qid")).toMatchObject({ dailyDoseMg: 4000, doseCheck: "within_adult_maximum" });
    expect(one("Paracetamol", "1 g", "2 tds")).toMatchObject({ dailyDoseMg: 6000, doseCheck: "above_adult_maximum" });
  });
  it("does not multiply a dose already in tablets", () => {
    expect(one("Paracetamol 500mg tabs", "2 tabs", "2 qid").dailyDoseMg).toBe(4000);
  });
});

describe("course lengths", () => {
  it.each([["bd x 10d", 10], ["tds x7d", 7], ["od x 2wks", 14], ["bd for 3 d", 3], ["qid x 1 wk", 7], ["od x 4 days", 4]])("%s is %i days", (text, days) => {
    const p = parseFrequency(at, text);
    expect(p.kind === "scheduled" && p.courseDays).toBe(days);
    const meds = [{ name: "Drug", dose: "1 tab", frequency: text, startDate: "2026-01-10" }];
    const last = new Date(Date.parse("2026-01-10T00:00:00Z") + (days - 1) * 86_400_000).toISOString().slice(0, 10);
    const after = new Date(Date.parse("2026-01-10T00:00:00Z") + days * 86_400_000).toISOString().slice(0, 10);
    expect(buildMedicationSchedule(at, meds, last).doses.length).toBeGreaterThan(0);
    expect(buildMedicationSchedule(at, meds, after).completedCourses).toHaveLength(1);
  });
});

describe("PRN with a frequency (\"qid prn\", \"prn bd\")", () => {
  it.each([["qid prn", 6], ["PRN bd", 12], ["od prn", 24], ["2 tds prn", 8], ["tid as needed", 8], ["mara tatu kwa siku prn", 8]])("%s is as needed, at most every %i hours, never scheduled", (text, hours) => {
    const p = parseFrequency(at, text);
    expect(p.kind).toBe("prn");
    expect(p.kind === "prn" && p.interval).toEqual({ minHours: hours, maxHours: hours });
    const s = buildMedicationSchedule(at, [{ name: "Drug", dose: "1 tab", frequency: text, startDate: null }], "2026-01-10");
    expect(s.doses).toHaveLength(0);
    expect(s.prn).toHaveLength(1);
  });
  it("checks the day's worst case against the maximum: Ibuprofen 800 mg qid prn is 3.2 g", () => {
    const item = one("Ibuprofen", "800 mg", "qid prn");
    expect(item.frequencyPattern).toBe("prn_every_6_hours");
    expect(item.doseCheck).toBe(k.drugs.byId.get("ibuprofen")?.adult_max_daily_dose ? "above_adult_maximum" : "not_checked_no_maximum");
  });
});

describe("the \"a x b\" shorthand (1x3, 2*3, 3×1)", () => {
  it("is never given clock times, whichever way it is written", () => {
    // "2x2" (the same number each side) is read since session 18: prescription-verification.outpatient.test.ts.
    for (const text of ["2x3", "2 * 3", "3×1", "1*2", "3x2 x 5/7"]) {
      const s = buildMedicationSchedule(at, [{ name: "Drug", dose: "500 mg", frequency: text, startDate: null }], "2026-01-10");
      expect(s.doses, text).toHaveLength(0);
      expect(s.unparseable, text).toHaveLength(1);
    }
  });
  it("gives the day's total a × b units (the same either way) and checks it against the maximum", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 4 }), fc.constantFrom("x", "*", "×", " x "), (a, b, sep) => {
        const item = one("Paracetamol", "500 mg", `${a}${sep}${b}`);
        // a = b is the same either way and read as that many times a day (session 18).
        if (a !== b) expect(item.frequencyPattern).toBeNull();
        expect(item.dailyDoseMg).toBe(500 * a * b);
        expect(item.doseCheck).toBe(500 * a * b > 4000 ? "above_adult_maximum" : "within_adult_maximum");
      }),
    );
  });
});

describe("dose units written as plurals", () => {
  it("reads 10mls of a 120mg/5ml liquid as 240 mg, 2 gms as 2 g", () => {
    expect(one("Paracetamol 120mg/5ml", "10mls", "qid")).toMatchObject({ doseParseable: true, dailyDoseMg: 960 });
    expect(one("Paracetamol", "2 gms", "bd").dailyDoseMg).toBe(4000);
  });
});

describe("the vehicle a drug is given in is not the drug", () => {
  const drugs = ["Ceftriaxone 2g", "Metronidazole 500mg", "Oxytocin 10 IU", "Quinine 600 mg", "Ampicillin 1g", "Artesunate 120mg"];
  const vehicles = ["in 100 ml N/S", "in 500mls normal saline", "in 5% dextrose 500ml", "in 1 litre Hartmann's", "in RL", "in water for injection", "in 10 ml sterile water"];
  it.each(drugs.flatMap((d) => vehicles.map((v) => [d, v])))("%s %s", (drug, vehicle) => {
    const alone = identifyDrug(k, { name: drug }, []);
    expect(alone, drug).toBeDefined();
    expect(identifyDrug(k, { name: `${drug} ${vehicle}` }, [])?.drug.id).toBe(alone!.drug.id);
  });
});

describe("eye and ear preparations are never the systemic drug", () => {
  const local = (id: string) => {
    const d = k.drugs.byId.get(id)!;
    return [d.name, ...d.synonyms].some((n) => /\b(eye|ear|ophthalmic|otic)\b/i.test(n));
  };
  it("for every drug in the knowledge base, '<name> eye drops' and '<name> ear drops' are a local entry or unknown", () => {
    for (const d of k.drugs.byId.values()) {
      for (const form of ["eye drops", "ear drops", "eye ointment", "0.5% eye drops", "ophthalmic solution"]) {
        const found = identifyDrug(k, { name: `${d.name} ${form}` }, []);
        if (found) expect(local(found.drug.id), `${d.name} ${form} → ${found.drug.id}`).toBe(true);
      }
    }
  });
  it("reads dexamethasone and gentamicin drops as their eye/ear entries, and the systemic forms as systemic", () => {
    expect(identifyDrug(k, { name: "Dexamethasone 0.1% eye drops" }, [])?.drug.id).toBe("dexamethasone_eye_preparation");
    expect(identifyDrug(k, { name: "Genta eye drops" }, [])?.drug.id).toBe("gentamicin_ear_eye_drops");
    expect(identifyDrug(k, { name: "Gentamicin 0.3% ear drops" }, [])?.drug.id).toBe("gentamicin_ear_eye_drops");
    expect(identifyDrug(k, { name: "Dexamethasone 8mg IV" }, [])?.drug.id).toBe("dexamethasone");
    expect(identifyDrug(k, { name: "Gentamicin 80mg IM" }, [])?.drug.id).toBe("gentamicin");
  });
  it("applies no systemic age rule to the eye drops (a neonate)", () => {
    const r = verifyPrescription(k, [{ name: "Dexamethasone eye drops", dose: "1 drop", frequency: "qid" }], { ...none, age: { years: 0.05, days: 18 } });
    expect(r.ageAlerts).toHaveLength(0);
    expect(r.items[0].doseCheck).toBe("not_checked_no_maximum");
  });
});
