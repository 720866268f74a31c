/**
 * A display qualifier naming the patient's context ("(antenatal)", "(sickle cell)", "(on furosemide)") leaves
 * the test its name names, for every test and each of its names (critical-value engine 1.7.0); a specimen,
 * property or method qualifier still names no test. Wordings are not those of the blind sets.
 */
import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { identifyLabResult, testsNamed } from "./critical-values.engine.js";
import { isPatientContext } from "./display-context.js";

const k = knowledgeFromFiles();
const tests = [...k.labTests.values()];
const CONTEXTS = ["antenatal", "Sickle cell", "on furosemide", "MCH", "OPD", "repeat", "HIV clinic", "Pregnant", "postnatal ward"];

describe("patient-context qualifiers", () => {
  it("are context, and specimen, property or method qualifiers are not", () => {
    for (const q of CONTEXTS) expect(isPatientContext(q), q).toBe(true);
    for (const q of ["urine", "CSF", "ionised", "venous", "24 h", "fasting", "on", "", "pleural fluid", "free"]) expect(isPatientContext(q), q).toBe(false);
  });

  it.each(tests.flatMap((t) => [t.name, ...t.synonyms].map((n) => [t.loinc, n] as const)))("%s: \"%s (<context>)\" names what the plain name names", (_loinc, name) => {
    const plain = testsNamed(tests, name).map((t) => t.loinc);
    for (const q of CONTEXTS) expect(testsNamed(tests, `${name} (${q})`).map((t) => t.loinc), q).toEqual(plain);
  });

  it("still names no test with a specimen qualifier it does not hold", () => {
    for (const d of ["Potassium (urine)", "Sodium (24 h urine)"]) expect(testsNamed(tests, d)).toEqual([]);
    // CSF glucose is its own test (2342-4, lab-limits 2026.11.19), never blood glucose
    expect(testsNamed(tests, "Glucose (CSF)").map((t) => t.loinc)).toEqual(["2342-4"]);
  });

  it("identifies a local-code result with a context qualifier and says it was identified from the display", () => {
    const errors: string[] = [];
    const r = identifyLabResult(k.labTests, { code: "LOC-HB", display: "Haemoglobin (antenatal)", value: 8.1, unit: "g/dL" }, (f) => errors.push(f));
    expect(errors).toEqual([]);
    expect(r.test?.loinc).toBe("718-7");
    expect(r.notes.join(" ")).toMatch(/identified from the display/);
  });
});
