/**
 * Classes from blind set 6 (session 19), with wordings in no fixture:
 * 1. point-of-care device names written in two parts or with a cartridge ("i-STAT", "Accu-Chek", "CHEM8+")
 *    name the device, not another test;
 * 2. when the sample was taken ("fasting", "random") leaves the test the name names.
 * A specimen or method word still names no test ("Glucose (CSF)").
 */
import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { identifyLabResult } from "./critical-values.engine.js";
import { joinDeviceNames, withoutContextQualifiers } from "./display-context.js";

const k = knowledgeFromFiles();

/** A value possible for each test identified here (sodium's lowest possible is far above potassium's highest). */
const POSSIBLE: Record<string, number> = { "2951-2": 138 };

function identify(code: string, display: string | null, value = 5) {
  const errors: Record<string, string> = {};
  const r = identifyLabResult(k.labTests, { code, display, value, unit: "mmol/L" }, (f, m) => (errors[f] = m));
  return { loinc: r.test?.loinc, errors };
}

describe("point-of-care device names", () => {
  it.each([
    ["", "Potassium (i STAT EG7+)", "2823-3"],
    ["KPOC", "Potassium - I-Stat", "2823-3"],
    ["", "Blood sugar (One Touch meter)", "2345-7"],
    ["GLUPOC", "Glucose accu chek", "2345-7"],
    ["", "Sodium (iSTAT CG8+ cartridge)", "2951-2"],
    ["", "Glucose (StatStrip)", "2345-7"],
  ])("identifies %s %s as %s", (code, display, loinc) => {
    const r = identify(code, display, POSSIBLE[loinc]);
    expect(r.errors).toEqual({});
    expect(r.loinc).toBe(loinc);
  });

  it("joins a device name written in two parts, and leaves other words alone", () => {
    expect(joinDeviceNames("K (i - STAT)")).toBe("K (iSTAT)");
    expect(joinDeviceNames("Glucose (Free Style)")).toBe("Glucose (FreeStyle)");
    expect(joinDeviceNames("Potassium (STAT)")).toBe("Potassium (STAT)");
    expect(withoutContextQualifiers("Lactate (i-STAT CG4+)")).toBe("Lactate");
  });
});

describe("when the sample was taken", () => {
  it.each([
    ["FBG", "Glucose - fasting"],
    ["", "Fasting plasma glucose"],
    ["", "Glucose (random)"],
  ])("identifies %s %s as glucose", (code, display) => {
    expect(identify(code, display)).toEqual({ loinc: "2345-7", errors: {} });
  });

  it("still names no test for a specimen other than blood (Glucose (CSF), fasting urine glucose)", () => {
    expect(identify("", "Glucose (CSF)").loinc).toBe("2342-4"); // its own test since lab-limits 2026.11.19, not blood glucose
    expect(identify("", "Urine glucose, fasting").loinc).toBeUndefined();
  });
});
