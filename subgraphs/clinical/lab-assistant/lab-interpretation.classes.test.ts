/**
 * Class tests for how the lab assistant identifies a result (lab-interpretation engine 1.1.0, lab-limits
 * 2026.11.9, lab-delta-checks 2026.11.2), over variants that are not in test/fixtures/lab-interpret/requests-blind.json.
 */
import { describe, expect, it } from "vitest";
import { checkObservation, LOINC_CODE, testsNamed, type EquivalentCode } from "../critical-values/critical-values.engine.js";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import type { LabTest } from "../knowledge/knowledge.types.js";
import { identifyLabResult } from "../critical-values/critical-values.engine.js";
import { interpretLabResult } from "./lab-interpretation.engine.js";

const k = knowledgeFromFiles();
const tests = [...k.labTests.values()];
const equivalentsOf = (t: LabTest) => (t as LabTest & { equivalent_codes?: EquivalentCode[] }).equivalent_codes ?? [];
const unitOf = (t: LabTest) => Object.keys(t.units).find((u) => t.units[u] === 1) ?? Object.keys(t.units)[0];
/** A value inside the reference interval, in the canonical unit. */
const normalValue = (t: LabTest) => (Number.isFinite(t.reference_range[1]) ? (t.reference_range[0] + t.reference_range[1]) / 2 : t.reference_range[0] * 1.5); // no upper limit (HDL, eGFR)

function identify(code: string, display: string | null, t?: LabTest) {
  const errors: Record<string, string> = {};
  const unit = t ? unitOf(t) : "mmol/L";
  const r = identifyLabResult(k.labTests, { code, display, value: t ? normalValue(t) : 1, unit }, (f, m) => (errors[f] = m));
  return { ...r, errors };
}

/** A synonym a laboratory system could send as its local code: short, not a LOINC code, naming only this test. */
const localCodes = (t: LabTest) => t.synonyms.filter((s) => s.length <= 20 && !LOINC_CODE.test(s) && !k.labTests.has(s) && testsNamed(tests, s).length === 1);

describe("the same identification as critical values (checkObservation with identify)", () => {
  it("accepts exactly what critical values accepts when a display is given, with the same notes", () => {
    for (const t of tests) {
      for (const name of [t.name, ...t.synonyms]) {
        const code = "LOCAL1";
        const errors: Record<string, string> = {};
        const notes: string[] = [];
        const cv = checkObservation(k.labTests, { code, display: name, value: normalValue(t), unit: unitOf(t) }, (f, m) => (errors[f] = m), "unknown", { notes });
        const la = identify(code, name, t);
        expect(la.test?.loinc, `${name}`).toBe(cv?.loinc);
        expect(la.notes).toEqual(notes);
        expect(Object.keys(la.errors)).toEqual(Object.keys(errors));
      }
    }
  });

  it("looks priors up under the test's LOINC code and every equivalent code, whatever code was sent", () => {
    for (const t of tests) {
      const expected = [t.loinc, ...equivalentsOf(t).map((e) => e.loinc)];
      expect(identify(t.loinc, null, t).codes).toEqual(expected);
      for (const e of equivalentsOf(t)) expect(identify(e.loinc, null, t).codes).toEqual(expected);
      const [local] = localCodes(t);
      if (local) expect(identify("X9", local, t).codes).toEqual(expected);
    }
  });
});

describe("a local code without a display is read as a test name", () => {
  it("identifies every synonym that names one test, in any case, and says so in the notes", () => {
    let checked = 0;
    for (const t of tests) {
      for (const s of localCodes(t)) {
        for (const code of [s, s.toUpperCase(), s.toLowerCase()].filter((c) => !LOINC_CODE.test(c))) {
          const r = identify(code, null, t);
          expect(r.errors, code).toEqual({});
          expect(r.test?.loinc, code).toBe(t.loinc);
          expect(r.notes.join(" "), code).toMatch(new RegExp(`no display was given.*LOINC ${t.loinc}`));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it("refuses a local code that names no test, and an empty code without a display", () => {
    for (const code of ["QQX", "ZZ-1", "TEST42"]) expect(Object.keys(identify(code, null).errors)).toContain("observation.code");
    expect(Object.keys(identify("", null).errors)).toContain("observation.code");
  });
});

describe("a local code that names another test than the display is refused", () => {
  it("for every pair of tests (the code of one, the display of the other)", () => {
    let checked = 0;
    for (const a of tests) {
      const [code] = localCodes(a);
      if (!code) continue;
      for (const b of tests) {
        // HbA1c NGSP and its IFCC test (lab-limits other_unit_tests) are one analyte in two scales: not another test.
        if (b === a || ((a as { other_unit_tests?: { loinc: string }[] }).other_unit_tests ?? []).some((o) => o.loinc === b.loinc)) continue;
        const r = identify(code, b.name, b);
        expect(r.test?.loinc, `${code} + ${b.name}`).toBe(b.loinc);
        expect(r.errors["observation.code"], `${code} + ${b.name}`).toMatch(/names .* but the display/);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it("accepts a local code and a display that name the same test", () => {
    for (const t of tests) {
      const [code, other] = localCodes(t);
      if (code && other) expect(identify(code, other, t).errors).toEqual({});
    }
  });
});

describe("an equivalent LOINC code", () => {
  it("is accepted with its own LOINC long name as display (any case or spacing), said in the notes", () => {
    for (const t of tests) {
      for (const e of equivalentsOf(t)) {
        for (const display of [e.display, e.display.toUpperCase(), e.display.replace(/ /g, "  ")]) {
          const r = identify(e.loinc, display, t);
          expect(r.errors, `${e.loinc} ${display}`).toEqual({});
          expect(r.test?.loinc).toBe(t.loinc);
          expect(r.notes.join(" ")).toMatch(new RegExp(`LOINC ${e.loinc}`));
        }
      }
    }
  });

  it("is still refused with the display of another test", () => {
    for (const t of tests) {
      for (const e of equivalentsOf(t)) {
        const other = tests.find((o) => o !== t)!;
        expect(Object.keys(identify(e.loinc, other.name, t).errors)).toContain("observation.display");
      }
    }
  });
});

describe("published delta checks added in lab-delta-checks 2026.11.2", () => {
  const run = (loinc: string, value: number, prior: number, days: number) => {
    const t = k.labTests.get(loinc)!;
    const date = "2026-11-28";
    const priorDate = new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
    return interpretLabResult(t, value, unitOf(t), null, [{ value: String(prior), unit: unitOf(t), date: priorDate }], k.labDeltaChecks.get(loinc), date).deltaChecks.map((d) => d.ruleId);
  };

  it.each([
    [200, 100, 3, true], [200, 99, 30, true], [200, 101, 3, false], [200, 150, 3, false], [400, 200, 1, true], [400, 201, 1, false],
  ])("platelets 4Ts: from %d to %d ×10⁹/L (%d days) → %s", (prior, value, days, hit) => {
    expect(run("777-3", value, prior, days).includes("platelets-4ts-fall")).toBe(hit);
  });

  it.each([
    [120, 130, 1, true], [120, 129, 1, false], [120, 131, 2, false], [140, 130, 1, false], [125, 140, 0, true],
  ])("sodium correction limit: from %d to %d mmol/L (%d days) → %s", (prior, value, days, hit) => {
    expect(run("2951-2", value, prior, days).includes("sodium-correction-limit-rise")).toBe(hit);
  });

  it("names a source for every criterion", () => {
    for (const c of k.labDeltaChecks.values()) for (const r of c.rules) expect(r.source.length).toBeGreaterThan(20);
  });
});

describe("session 17: a newborn's limits and the new equivalent codes (lab-interpretation engine 1.2.0, lab-limits 2026.11.11)", () => {
  const interpret = (loinc: string, value: number, unit: string, ageDays?: number) =>
    interpretLabResult(k.labTests.get(loinc)!, value, unit, null, [], k.labDeltaChecks.get(loinc), "2026-11-28", ageDays);

  it.each([
    ["1975-2", 16, "mg/dL", 9, "HH"],
    ["1975-2", 16, "mg/dL", 45, "H"],
    ["1975-2", 16, "mg/dL", undefined, "H"],
    ["2345-7", 13, "mmol/L", 20, "HH"],
    ["2345-7", 13, "mmol/L", 365, "H"],
  ])("flags %s %d %s at %s days as %s", (loinc, value, unit, days, flag) => {
    expect(interpret(loinc, value, unit, days).flag).toBe(flag);
  });

  it("finds a platelet count stored under 26515-7 as a prior of 777-3, and a 4544-3 haematocrit as 20570-8", () => {
    const r = identify("26515-7", "Platelets", k.labTests.get("777-3"));
    expect(r.test?.loinc).toBe("777-3");
    expect(r.codes).toContain("26515-7");
    expect(identify("4544-3", null, k.labTests.get("20570-8")).codes).toEqual(["20570-8", "4544-3"]);
  });
});

describe("session 18: children's limits and intervals, context qualifiers, omitted units (critical-value engine 1.7.0, lab-limits 2026.11.13)", () => {
  const flag = (loinc: string, value: number, unit: string | null, ageDays?: number, sex: string | null = null) =>
    interpretLabResult(k.labTests.get(loinc)!, value, unit, sex, [], k.labDeltaChecks.get(loinc), "2026-11-28", ageDays).flag;

  it("flags a child's haemoglobin against WHO's cut-off for the age, an adult's against the adult interval", () => {
    expect(flag("718-7", 11.2, "g/dL", 900, "female")).toBe("N"); // 2 years: < 11.0 is low
    expect(flag("718-7", 106, "g/L", 400, "male")).toBe("N"); // 13 months: < 10.5 g/dL
    expect(flag("718-7", 11.2, "g/dL", 9000, "female")).toBe("L"); // adult woman: 12.0
  });

  it("calls a child's glucose, potassium, sodium, platelets and white cells critical at Kost 1991's children's limits", () => {
    const child = 2200; // 6 years
    expect(flag("2345-7", 460, "mg/dL", child)).toBe("HH");
    expect(flag("2345-7", 460, "mg/dL", 12000)).toBe("H");
    expect(flag("2823-3", 2.7, "mmol/L", child)).toBe("LL");
    expect(flag("2951-2", 157, "mmol/L", child)).toBe("HH");
    expect(flag("777-3", 51, "10*9/L", child)).toBe("LL");
    expect(flag("6690-2", 2.05, "10*9/L", child)).toBe("LL");
  });

  it("identifies a local code whose display carries the patient's context, and a sodium or chloride with no unit", () => {
    for (const display of ["Platelet count (maternity)", "Creatinine (on tenofovir)", "WBC (sickle cell clinic)"]) {
      const r = identifyLabResult(k.labTests, { code: "LOCAL1", display, value: 100, unit: Object.keys(testsNamed(tests, display.replace(/\s*\(.*\)$/, ""))[0].units)[0] }, () => undefined);
      expect(r.test, display).toBeDefined();
    }
    for (const [code, value] of [["2951-2", 133], ["2075-0", 96]] as const) {
      const errors: string[] = [];
      const r = identifyLabResult(k.labTests, { code, display: null, value, unit: null }, (f) => errors.push(f));
      expect(errors).toEqual([]);
      expect(flag(code, value, null)).toBe("L");
      expect(r.notes.join(" ")).toMatch(/No unit was given/);
    }
  });
});

describe("session 18, fourth blind set: sample quality, trimester, tests added (critical-value engine 1.8.0, lab-limits 2026.11.15)", () => {
  /** Identified as the service identifies it (qualifiers applied), then interpreted. */
  const interpret = (code: string, display: string, value: number, unit: string | null, sex: string | null = null) => {
    const r = identifyLabResult(k.labTests, { code, display, value, unit }, () => undefined);
    return interpretLabResult(r.test!, value, unit, sex, [], k.labDeltaChecks.get(r.test!.loinc), "2026-11-28").flag;
  };

  it("flags a haemolysed high potassium H (not HH) and a haemolysed low one LL", () => {
    expect(interpret("KPL", "K (hemolysed)", 7.1, "mmol/L")).toBe("H");
    expect(interpret("KPL", "K (hemolysed)", 2.2, "mmol/L")).toBe("LL");
  });

  it("flags a pregnant woman's haemoglobin against the trimester's cut-off", () => {
    expect(interpret("HGB", "Haemoglobin (MCH, 2nd trimester)", 10.8, "g/dL", "female")).toBe("N");
    expect(interpret("HGB", "Haemoglobin (MCH, 3rd trimester)", 10.8, "g/dL", "female")).toBe("L");
  });

  it("interprets fibrinogen, aPTT, albumin, ammonia, creatine kinase and lipids", () => {
    expect(interpret("FBG-C", "Fibrinogen", 0.8, "g/L")).toBe("LL");
    expect(interpret("PTTK", "PTTK", 95, "s")).toBe("HH");
    expect(interpret("PTTK", "PTTK", 41, "s")).toBe("H");
    expect(interpret("S-ALB", "Albumin", 29, "g/L")).toBe("L");
    expect(interpret("NH4", "Blood ammonia", 45, "ug/dL")).toBe("N");
    expect(interpret("CKT", "CK", 900, "U/L", "male")).toBe("H");
    expect(interpret("CHOL-T", "Total cholesterol", 4.1, "mmol/L")).toBe("N");
    expect(interpret("TG1", "TG", 180, "mg/dL")).toBe("H");
  });
});
