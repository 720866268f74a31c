import { describe, expect, it } from "vitest";
import { ageFromYears } from "../drug-safety/drug-safety.engine.js";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { buildMedicationSchedule, parseFrequency } from "../nurse-assistant/medication-schedule.engine.js";
import { doseAsGiven } from "./daily-dose.js";
import { errorProneNotations } from "./error-prone-notation.js";
import { verifyPrescription, type PrescriptionItem } from "./prescription-verification.engine.js";

// Error-prone abbreviations and Latin directions (blind set 11 classes): the Joint Commission "Do Not Use" and ISMP
// notations reported (and still read as meant), every other day, Latin "ss" (a half) and roman ranges, "max N/24".
// Wordings and values appear in no fixture.
const k = knowledgeFromFiles();
const verify = (items: PrescriptionItem[], ageYears = 47) =>
  verifyPrescription(k, items, { activeMedications: [], conditions: [], allergies: [], age: ageFromYears(ageYears), weightKg: 66 });
const NOTATION = /error-prone notation/i;
const notationIssues = (r: ReturnType<typeof verify>, item = 0) => r.issues.filter((i) => i.item === item && NOTATION.test(i.message));

describe("error-prone notations (Joint Commission 'Do Not Use', ISMP list)", () => {
  it("reports each notation on its field, and the dose is still read as meant (class test)", () => {
    const cases: [PrescriptionItem, string, RegExp, number | null][] = [
      [{ name: "Losartan", dose: "50mg", frequency: "Q.D." }, "frequency", /qid/, 50],
      [{ name: "Lisinopril", dose: "20.0 mg", frequency: "om" }, "dose", /trailing zero/, 20],
      [{ name: "Allopurinol", dose: "300.0mg", frequency: "daily" }, "dose", /trailing zero/, 300],
      [{ name: "Simvastatin", dose: ".02 g", frequency: "on" }, "dose", /leading zero/, 20],
      [{ name: "Chlorpromazine", dose: "25mg", frequency: "qhs" }, "frequency", /bedtime/, 25],
      [{ name: "Nifedipine retard", dose: "20 mg", frequency: "Q.O.D. x 2/52" }, "frequency", /every other day/, null],
      [{ name: "Enoxaparin", dose: "40 u", frequency: "od" }, "dose", /units/, null],
      [{ name: "Oxytocin", dose: "5IU IV", frequency: "stat" }, "", /./, null],
      [{ name: "Cetirizine syrup 5mg/5ml", dose: "2.5 cc", frequency: "on" }, "dose", /mL/, null],
      [{ name: "Codeine phosphate", dose: "30 mg", frequency: "tds" }, "", /./, 90],
    ];
    for (const [item, field, what, mg] of cases) {
      const r = verify([item]);
      const found = notationIssues(r);
      if (!field) expect(found, item.name).toEqual([]);
      else {
        expect(found.map((i) => i.field), item.name).toEqual([field]);
        expect(found[0].message, item.name).toMatch(what);
        expect(found[0].message, item.name).toMatch(/Joint Commission|ISMP/);
      }
      if (mg !== null) expect(r.items[0].dailyDoseMg, item.name).toBe(mg);
    }
  });

  it("never reports the BNF's Latin abbreviations, nor numbers that only look alike (no false alarms)", () => {
    const written = [
      ["Losartan", "25 mg", "o.d."], ["Nifedipine retard", "10mg", "b.d."], ["Allopurinol", "100 mg", "t.d.s. p.c."], ["Codeine", "15 mg", "q.d.s. prn"],
      ["Lisinopril", "2.5 mg", "mane"], ["Chlorpromazine", "0.025 g", "nocte"], ["Simvastatin", "10 mg", "o.n."], ["Prednisolone", "1.5 tabs", "om x 3/52"],
      ["Furosemide", "20 mg", "qid"], ["Oxytocin", "10 IU", "stat IM"], ["Vitamin A", "200,000 IU", "stat"], ["Atenolol", "25mg", "od ac"], ["Warfarin", "2.5mg", "stat then od"], ["Cetirizine", "10 mg", "prn"],
    ];
    for (const [name, dose, frequency] of written) expect(errorProneNotations({ name, dose, frequency }), `${dose} ${frequency}`).toEqual([]);
  });

  it("reports µg, ss and the abbreviated drug names (MSO4, MgSO4, MTX, HCTZ), whatever their case", () => {
    expect(errorProneNotations({ name: "Carvedilol", dose: "6250µg", frequency: "bd" }).map((f) => f.field)).toEqual(["dose"]);
    expect(errorProneNotations({ name: "Atenolol 50mg", dose: "tab SS", frequency: "od" })[0].message).toMatch(/half/);
    for (const name of ["mso4", "MgSO4 50%", "Mtx", "hctz"]) expect(errorProneNotations({ name, dose: "1", frequency: "od" }).map((f) => f.field), name).toEqual(["name"]);
    expect(errorProneNotations({ name: "Magnesium sulphate 50%", dose: "2 g", frequency: "stat" })).toEqual([]);
  });

  it("a dose issue's wording never says above or below the maximum (it is not a dose flag)", () => {
    for (const f of errorProneNotations({ name: "MgSO4", dose: ".25 mg 10U 1.50 IU µg cc ss", frequency: "qod hs" })) {
      expect(f.message).not.toMatch(/above|exceed|over|maximum|below|under|too low|minimum/i);
    }
  });
});

describe("every other day (qod, alternate days)", () => {
  it("reads its spellings as one dose on the start date and every second day after (class test)", () => {
    for (const text of ["every other day", "on alternate days", "alternate days", "every 2 days", "q.o.d."]) {
      const p = parseFrequency(k.administrationTimes, text);
      expect(p.kind, text).toBe("scheduled");
      if (p.kind === "scheduled") expect(p.everyDays, text).toBe(2);
    }
    const med = [{ name: "Atenolol", dose: "25mg", frequency: "alternate days x 10/7", startDate: "2027-03-03", ingredients: ["atenolol"] }];
    const counts = ["2027-03-03", "2027-03-04", "2027-03-05", "2027-03-06", "2027-03-11", "2027-03-12", "2027-03-13"].map((d) => buildMedicationSchedule(k.administrationTimes, med, d).doses.length);
    expect(counts).toEqual([1, 0, 1, 0, 1, 0, 0]);
  });
  it("checks the dosing day's dose against the day's maximum", () => {
    expect(verify([{ name: "Losartan", dose: "150 mg", frequency: "every other day" }]).items[0]).toMatchObject({ frequencyPattern: "every_other_day", dailyDoseMg: 150, doseCheck: "above_adult_maximum" });
    expect(verify([{ name: "Losartan", dose: "75 mg", frequency: "every second day" }]).items[0]).toMatchObject({ dailyDoseMg: 75, doseCheck: "within_adult_maximum" });
  });
});

describe("Latin ss (one half) and roman ranges in the dose; a maximum 'N/24'", () => {
  it("reads ss as a half and i-ii as 1-2 tablets (class test)", () => {
    expect(doseAsGiven("SS tab", null, "Atenolol 50mg")).toBe("0.5 tab");
    expect(doseAsGiven("tablet ss", null, "Atenolol 50mg")).toBe("0.5 tablet");
    expect(doseAsGiven("i ss tabs", null, "Atenolol 50mg")).toBe("1.5 tabs");
    expect(doseAsGiven("ii-iii tablets", null, "Codeine 30mg")).toBe("2-3 tablets");
    expect(verify([{ name: "Lisinopril 10mg", dose: "ss tab", frequency: "od" }]).items[0]).toMatchObject({ dailyDoseMg: 5, doseCheck: "within_adult_maximum" });
  });
  it("reads 'max N/24' as the most a day, against the dose's tablets", () => {
    const p = parseFrequency(k.administrationTimes, "6 hrly prn max 6/24", "1-2 tabs");
    expect(p).toMatchObject({ kind: "prn", maxPerDay: { amount: 6, unit: null } });
    const r = verify([{ name: "Codeine 30mg", dose: "i-ii tabs", frequency: "q4h prn max 6/24" }]);
    expect(r.items[0]).toMatchObject({ dailyDoseMg: 180, doseCheck: "within_adult_maximum" });
    // "1/24" inside a course or a date is not a maximum (the word max must be written).
    expect(parseFrequency(k.administrationTimes, "od x 1/24")).not.toMatchObject({ maxPerDay: expect.anything() });
  });
});
