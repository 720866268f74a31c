import { normaliseName as normaliseAsciiName } from "../knowledge/knowledge.js";
import type { LabTest, Limit } from "../knowledge/knowledge.types.js";
import { criticalLimitsFor, noCriticalLimit, referenceRange } from "./age-limits.js";
import { isMethodQualifier, POINT_OF_CARE_WORDS, SAMPLE_TIMING_WORDS, withoutContextQualifiers } from "./display-context.js";
import { unitPrintedIn, withoutTrailingUnit } from "./display-unit.js";
import { factorWhenUnitOmitted, omittedUnitNote } from "./omitted-unit.js";
import { readPrintedValue } from "./printed-value.js";
import { asReported } from "./reported-qualifiers.js";
import type { QuantityComparator } from "./censored-result.js";
import { clottedMessage, specimenQuality, withoutQualityQualifiers } from "./specimen-quality.js";
import { correctedIsSameAnalyte, deviceNote, temperatureNote, testNamedByDevice, withoutDeviceModels, withoutTemperatureMark } from "./point-of-care-device.js";

export { childLimitWarnings, childWithoutCriticalLimit, criticalBandFor, criticalLimitsFor, noCriticalLimit, referenceRange, referenceBandFor } from "./age-limits.js";

export const CRITICAL_VALUE_ENGINE_VERSION = "critical-value-engine@1.16.0";

/**
 * A test name or display compared as normaliseName does, with its accents dropped first (session 20, engine 1.13.0):
 * French reports ("Kaliémie", "Créatininémie", "Hémoglobine") compare as "kaliemie", not "kali mie".
 */
export const normaliseName = (name: string): string => normaliseAsciiName(name.normalize("NFD").replace(/\p{M}/gu, ""));

export type Deviation = "severely_low" | "low" | "normal" | "high" | "severely_high";

export interface CriticalValueAssessment {
  isCritical: boolean;
  deviation: Deviation;
  /** high for a critical value, moderate outside the reference interval, routine inside it. */
  urgency: "high" | "moderate" | "routine";
  /** The value in the test's canonical unit (what the limits are written in). */
  canonicalValue: number;
  canonicalUnit: string;
  /** Reference interval in the unit the value was given in, e.g. "3.5–5.1 mmol/L". */
  normalRange: string;
  /** Critical limits in the submitted unit, e.g. "< 2.5 or > 6.5 mmol/L"; for a test with none, "none defined". */
  criticalLimits: string;
  clinicalSignificance: string;
  recommendedActions: string[];
}

const SUPERSCRIPT_DIGITS: Record<string, string> = { "⁰": "0", "¹": "1", "²": "2", "³": "3", "⁴": "4", "⁵": "5", "⁶": "6", "⁷": "7", "⁸": "8", "⁹": "9" };

/**
 * One spelling per unit, whatever the report wrote: "mmol / L" → "mmol/l"; "x10^9/L", "×10⁹/L" →
 * "10^9/l"; "µmol/L", "mcmol/L" → "umol/l"; "mmol/litre" → "mmol/l"; "gm/dl" → "g/dl"; "mg%" →
 * "mg/dl" (mg per 100 mL; a bare "%" is a percentage, e.g. haematocrit); "g/100mL" → "g/dl" (100 mL = 1 dL); "micromol/L" → "umol/l"; "/mm³", "/cmm" →
 * "/mm3"; a power of ten "x10^9/", "10*9/", "10e9/" → "10^9/". Only notation changes: a unit that is not
 * one of the test's stays unknown (400).
 */
export function normaliseUnit(unit: string | null | undefined): string {
  return (unit ?? "")
    .trim()
    .toLowerCase()
    .replace(/\s+/g, "")
    .replace(/[µμ]/g, "u")
    .replace(/×/g, "x")
    .replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹]+/g, (d) => `^${[...d].map((c) => SUPERSCRIPT_DIGITS[c]).join("")}`)
    .replace(/(^|[^a-z])mc(?=mol|g\b|l\b)/g, "$1u")
    .replace(/(^|[^a-z])micro(?=mol|g\b|l\b)/g, "$1u")
    .replace(/litres?|liters?/g, "l")
    .replace(/\/100ml$/, "/dl")
    .replace(/(^|[^a-z])gm(?=\/|%|$)/g, "$1g")
    .replace(/(g)%$/, "$1/dl")
    .replace(/\/(?:cu\.?mm|cmm|mm\^3)$/, "/mm3")
    .replace(/^x?10(?:\^|\*|e)(\d+)\//, "10^$1/")
    // "%PCV" (packed cell volume), as i-STAT prints haematocrit (session 21): a percentage, accepted only where "%" is
    .replace(/^%pcv$/, "%");
}

/** Factor that converts a value in `unit` to the test's canonical unit, or undefined when the unit is not accepted. */
export function conversionFactor(test: LabTest, unit: string | null | undefined): number | undefined {
  const written = normaliseUnit(unit);
  return test.units[written] ?? (unitOmitted(test, unit) ? factorWhenUnitOmitted(test) : undefined);
}

/** Whether a result of a test that has units came without one (pH and INR accept "" as a unit of their own). */
const unitOmitted = (test: LabTest, unit: string | null | undefined) => normaliseUnit(unit) === "" && test.units[""] === undefined;

/** Three significant figures, as a plain number ("3.89", "53.1", "1000"). */
export function formatNumber(x: number): string {
  return String(Number(x.toPrecision(3)));
}

/** A canonical-unit amount written in the unit a value was given in (converted with that unit's factor). */
const inGivenUnit = (x: number, factor: number) => (factor === 1 ? String(x) : formatNumber(x / factor));

/**
 * Words that say where or how a result was measured, or whose it is, not which test it is ("Potassium,
 * serum", "S. creatinine level", "Sr. creatinine", "Potassium (whole blood)"; "Bilirubin (neonate)",
 * "Glucose, newborn": the same test, whose newborn limits the patient's age selects, critical_by_age;
 * "ABG pH", "Blood gas pCO2": a member of a blood gas panel named by its panel).
 */
const SPECIMEN_WORDS = new Set(["s", "sr", "serum", "plasma", "pl", "blood", "whole", "venous", "arterial", "level", "neonate", "neonates", "neonatal", "newborn", "newborns", "infant", "paediatric", "pediatric", "paeds", "peds", "child", "adult", "gas", "gases", "abg", "heel", "prick",
  // session 20 (engine 1.12.0): the panel a result was reported in ("FBC: HGB", "U&E sodium", "UEC K") and the film a count was read on ("Blasts (blood film)")
  "fbc", "cbc", "ue", "ues", "uec", "uecs", "electrolytes", "lytes", "film", "smear", "peripheral", "pbf",
  // a venous blood gas sample ("Lactate (VBG)"): venous like "venous", so the gases' own other_specimen_words still refuse a VBG pO2
  "vbg", ...POINT_OF_CARE_WORDS, ...SAMPLE_TIMING_WORDS]);

const withoutSpecimenWords = (name: string) => name.split(" ").filter((w) => w && !SPECIMEN_WORDS.has(w)).join(" ");

const nameCache = new WeakMap<LabTest, { names: Set<string>; bare: Set<string> }>();

function namesCached(test: LabTest): { names: Set<string>; bare: Set<string> } {
  let cached = nameCache.get(test);
  if (!cached) {
    const all = new Set([test.name, test.display, ...test.synonyms].map(normaliseName));
    cached = { names: all, bare: new Set([...all].map(withoutSpecimenWords).filter(Boolean)) };
    nameCache.set(test, cached);
  }
  return cached;
}

/** Every name the test answers to (its LOINC name, long name and synonyms), compared as drug names are. */
const namesOf = (test: LabTest): Set<string> => namesCached(test).names;

/** The test's names without specimen words ("White blood cells" → "white cells"), to compare with a display stripped the same way. */
const bareNamesOf = (test: LabTest): Set<string> => namesCached(test).bare;

/**
 * Whether a written name is one of the test's names with the word "total" added anywhere (session 20 round 4,
 * engine 1.14.0): "Ca total" is calcium when "Ca" is a name of the test and another of its names says total
 * ("Total calcium"), as "Calcium total" was; a test none of whose names says total (ionised calcium) is not named so.
 */
function namesWithTotal(test: LabTest, written: string): boolean {
  const words = written.split(" ");
  if (!words.includes("total")) return false;
  const rest = words.filter((x) => x !== "total").join(" ");
  return rest !== "" && (namesOf(test).has(rest) || bareNamesOf(test).has(withoutSpecimenWords(rest))) && [...namesOf(test)].some((n) => n.split(" ").includes("total"));
}

/** Whether one of the names a display may mean (writtenNames) is a name of the test, with or without specimen words. */
const names = (test: LabTest, written: string[]) =>
  written.some((w) => namesOf(test).has(w) || bareNamesOf(test).has(withoutSpecimenWords(w)) || namesWithTotal(test, w));

/**
 * The word of a display that names a specimen other than the test's own (lab-limits `other_specimen_words`,
 * e.g. "venous" or "capillary" for an arterial blood gas), or undefined. Such a display is another LOINC
 * code: a venous pO2 of 40 mmHg is normal, an arterial one critical, so it is never assessed as the test.
 */
function otherSpecimenWord(test: LabTest, display: string): string | undefined {
  const words = (test as LabTest & { other_specimen_words?: string[] }).other_specimen_words;
  if (!words?.length) return undefined;
  const written = normaliseName(withoutAbbreviationDots(display)).split(" ");
  return words.find((w) => written.includes(w));
}

/** Why a display or local code naming another specimen (otherSpecimenWord) is refused for the test. */
const otherSpecimenMessage = (test: LabTest, what: string, word: string) =>
  `${what} says ${word}: LOINC ${test.loinc} is ${test.display}, and another specimen has another code and other limits; send the code of the specimen measured`;

/**
 * A display with the dots of a dotted abbreviation dropped ("P.C.V" → "PCV", "W.B.C." → "WBC."), so it
 * compares as the abbreviation; a dot after a word ("S. creatinine", "T.Bil") is left to normaliseName.
 */
export function withoutAbbreviationDots(display: string): string {
  return display.replace(/\b([a-z])\.(?=[a-z]\b)/gi, "$1").replace(/\bU\s*&\s*E(s?)\b/gi, "UE$1");
}

/** The names a display may mean: as written, without a qualifier in parentheses, and without specimen words. */
function writtenNames(written: string): string[] {
  const display = withoutAbbreviationDots(withoutTrailingUnit(withoutContextQualifiers(written) || written));
  const plain = normaliseName(display.replace(/\([^)]*\)/g, " "));
  return [normaliseName(display), plain, withoutSpecimenWords(plain)].filter(Boolean);
}

/**
 * Whether a qualifier, put before one of the test's names, is another of its names (session 20, engine 1.13.0):
 * "Phos (inorganic)" is "inorganic phosphate", as "Phosphate (inorganic)" was; the name written is already one of
 * the test's, so another of its names may carry the qualifier.
 */
const formsAnotherName = (test: LabTest, qualifier: string) => [...namesOf(test)].some((n) => namesOf(test).has(`${qualifier} ${n}`));

/**
 * The tests a display names, to identify a result that has no LOINC code (normally none or one). Stricter
 * than displayMismatch, where the code decides the test: a qualifier in parentheses is dropped only when it
 * is a specimen ("(serum)", "(whole blood)"), the test's unit ("(mmol/L)"), another name of the same
 * test ("Glucose (RBS)"), a word that with the name forms another name of the test ("Fibrinogen (Clauss)": "Clauss
 * fibrinogen"; "Phosphate (inorganic)": "Inorganic phosphate") or the patient's context ("Hb (ANC)", "Mg (on MgSO4)": isPatientContext), so
 * "Glucose (urine)" or "Calcium (ionised)" names no test.
 */
export function testsNamed(tests: Iterable<LabTest>, asWritten: string): LabTest[] {
  const display = withoutTrailingUnit(withoutContextQualifiers(asWritten) || asWritten);
  const whole = normaliseName(withoutAbbreviationDots(display));
  const qualifiers = [...display.matchAll(/\(([^)]*)\)/g)].map((m) => m[1]);
  const written = writtenNames(display);
  const base = normaliseName(display.replace(/\([^)]*\)/g, " "));
  return [...tests].filter((t) => {
    if (otherSpecimenWord(t, display)) return false;
    if (names(t, [whole])) return true;
    if (!names(t, written)) return false;
    return qualifiers.every((q) => {
      const name = normaliseName(q);
      return withoutSpecimenWords(name) === "" || names(t, [name]) || names(t, [`${name} ${base}`]) || formsAnotherName(t, name) || isMethodQualifier(q) || t.units[normaliseUnit(q)] !== undefined;
    });
  });
}

/** Whether `test` is `of`'s test in another unit scale (lab-limits `other_unit_tests`: HbA1c IFCC mmol/mol of HbA1c NGSP %). */
const inOtherUnitOf = (of: LabTest, test: LabTest) => ((of as LabTest & { other_unit_tests?: { loinc: string }[] }).other_unit_tests ?? []).some((o) => o.loinc === test.loinc);

/**
 * Why a request's display cannot be this test, or null when it names it: a variant spelling (case,
 * spaces, punctuation, a qualifier in parentheses or a specimen word: "K+", "Potassium (serum)",
 * "Potassium, serum") passes. A display naming another test ("Sodium" sent with potassium's 2823-3) means
 * the code or the name is wrong, and which one is unknown: the value must not be charted or alerted under either.
 */
export function displayMismatch(tests: Iterable<LabTest>, test: LabTest, display: string): string | null {
  const specimen = otherSpecimenWord(test, display);
  if (specimen) return otherSpecimenMessage(test, `"${display}"`, specimen);
  const written = writtenNames(display);
  if (!written.length || names(test, written)) return null;
  const other = [...tests].find((t) => t !== test && names(t, written));
  // "HbA1c" in mmol/mol: the name is 4548-4's and the result its IFCC test's (other_unit_tests).
  if (other && inOtherUnitOf(other, test)) return null;
  return other
    ? `"${display}" names ${other.name} (LOINC ${other.loinc}), not ${test.name} (LOINC ${test.loinc}): correct the code or the display`
    : `"${display}" is not a name of ${test.name} (LOINC ${test.loinc}); accepted: ${[test.name, ...test.synonyms].join(", ")}, or leave it out`;
}

/**
 * Why a value cannot be a real result of the test (outside knowledge/lab-limits.json's possible_range,
 * compared in the canonical unit), or null. Like a temperature of 101 refused as °C: a slipped decimal
 * point ("K 65 mmol/L") must not be charted and alerted as a critical result.
 */
export function impossibleValue(test: LabTest, value: number, unit: string | null | undefined): string | null {
  const range = test.possible_range;
  const factor = conversionFactor(test, unit);
  if (!range || factor === undefined) return null;
  return outsidePossibleRange(value, unit?.trim() || test.canonical_unit, factor, { ...range, unit: test.canonical_unit }, test.name.toLowerCase());
}

/**
 * Why `value`, written in `unit` (× `factor` = the range's unit), is outside a possible `range`, or
 * null: the message both the critical-values check and digitization give, with the bound in both units.
 */
export function outsidePossibleRange(value: number, unit: string, factor: number, range: { low: number | null; high: number | null; unit: string }, label: string): string | null {
  const inRangeUnit = value * factor;
  const bound = (x: number) => `${x} ${range.unit}${unit === range.unit ? "" : `, about ${inGivenUnit(x, factor)} ${unit}`}`;
  const what = `value ${value} ${unit} is not a possible ${label}`;
  if (range.high !== null && inRangeUnit > range.high) return `${what} (the highest possible is ${bound(range.high)}); check the decimal point and the unit`;
  if (range.low !== null && inRangeUnit < range.low) return `${what} (the lowest possible is ${bound(range.low)}); check the decimal point and the unit`;
  return null;
}

const below = (v: number, l: Limit | null) => l !== null && (l.inclusive ? v <= l.value : v < l.value);
const above = (v: number, l: Limit | null) => l !== null && (l.inclusive ? v >= l.value : v > l.value);

/**
 * A canonical-unit threshold written in the given unit to three significant figures, rounded in the
 * safe direction (a high limit down, a low limit up), so that the number shown is the threshold
 * applied: lactate ≥ 4 mmol/L is ≥ 36.0 mg/dL (4 × 9.008 = 36.03), and 36 mg/dL is critical as shown.
 */
export function thresholdInUnit(canonical: number, factor: number, side: "low" | "high"): number {
  if (factor === 1) return canonical;
  const exact = canonical / factor;
  const rounded = Number(exact.toPrecision(3));
  if (Math.abs(rounded - exact) <= Math.abs(exact) * 1e-12) return rounded;
  const step = 10 ** (Math.floor(Math.log10(Math.abs(exact))) - 2);
  const safe = side === "high" ? Math.floor(exact / step) * step : Math.ceil(exact / step) * step;
  return Number(safe.toPrecision(3));
}

/** A limit converted to the given unit by thresholdInUnit (inclusive as it was). */
const limitInUnit = (l: Limit | null, factor: number, side: "low" | "high"): Limit | null => (l === null ? null : { value: thresholdInUnit(l.value, factor, side), inclusive: l.inclusive });

/** `criticalLimits` of a test that has no critical limit on either side. */
export const NO_CRITICAL_LIMITS = "none defined";


/**
 * Classifies one result against its LOINC entry. Limits are compared in the canonical unit:
 * critical when below `critical_low` or above `critical_high` (strictly, unless the limit is
 * inclusive), otherwise low/high against the reference interval. With the patient's age in completed
 * days, an age band's limits (`critical_by_age`, newborns) replace the adult ones on the sides it gives.
 */
export function assessCriticalValue(test: LabTest, value: number, unit: string | null | undefined, sex?: string | null, ageDays?: number | null): CriticalValueAssessment {
  const factor = conversionFactor(test, unit);
  if (factor === undefined) throw new Error(`Unit "${unit}" is not accepted for LOINC ${test.loinc}`);
  const canonical = value * factor;
  const [refLow, refHigh] = referenceRange(test, sex, ageDays);
  // Compared in the unit given against the limits as shown (thresholdInUnit), so the answer's words
  // and its verdict agree; the canonical unit gives the same comparison (factor 1).
  // A newborn's limits replace the adult ones on the sides its age band gives (criticalLimitsFor).
  const limits = criticalLimitsFor(test, ageDays);
  const criticalLow = limitInUnit(limits.low, factor, "low");
  const criticalHigh = limitInUnit(limits.high, factor, "high");
  const deviation: Deviation = below(value, criticalLow)
    ? "severely_low"
    : above(value, criticalHigh)
      ? "severely_high"
      : canonical < refLow
        ? "low"
        : canonical > refHigh
          ? "high"
          : "normal";
  const isCritical = deviation === "severely_low" || deviation === "severely_high";
  const shownUnit = unit?.trim() || test.canonical_unit;
  const inUnit = (x: number) => inGivenUnit(x, factor);
  const suffix = shownUnit && shownUnit !== "{INR}" ? ` ${shownUnit}` : "";
  // No upper limit (HDL cholesterol, eGFR): the interval is written as its lower bound.
  const normalRange = refHigh === Number.POSITIVE_INFINITY ? `≥ ${inUnit(refLow)}${suffix}` : `${inUnit(refLow)}–${inUnit(refHigh)}${suffix}`;
  const limitText = [
    criticalLow && `${criticalLow.inclusive ? "≤" : "<"} ${criticalLow.value}`,
    criticalHigh && `${criticalHigh.inclusive ? "≥" : ">"} ${criticalHigh.value}`,
  ]
    .filter(Boolean)
    .join(" or ");
  const direction = deviation === "severely_low" || deviation === "low" ? "low" : "high";
  let clinicalSignificance: string;
  let recommendedActions: string[];
  const outside = `${direction === "low" ? "Below" : "Above"} the reference interval (${normalRange})`;
  if (isCritical) {
    clinicalSignificance = limits.band?.significance?.[direction] || test.significance[direction];
    recommendedActions = limits.band?.actions?.[direction] ?? test.actions[direction];
  } else if (deviation === "normal") {
    clinicalSignificance = `Within the reference interval (${normalRange}).`;
    recommendedActions = [];
  } else {
    // A side without a limit is never "not in the critical range ()": the answer says no limit is defined.
    clinicalSignificance = !limitText
      ? `${outside}; ${noCriticalLimit(test)}.`
      : (direction === "low" ? criticalLow : criticalHigh)
        ? `${outside} but not in the critical range (${limitText}${suffix}).`
        : `${outside}; no critical ${direction} limit is defined for ${test.name.toLowerCase()} (critical only ${limitText}${suffix}).`;
    recommendedActions = ["Interpret in clinical context", "Repeat or trend the result as clinically indicated"];
  }
  return {
    isCritical,
    deviation,
    urgency: isCritical ? "high" : deviation === "normal" ? "routine" : "moderate",
    canonicalValue: canonical,
    canonicalUnit: test.canonical_unit,
    normalRange,
    criticalLimits: limitText ? `${limitText}${suffix}` : NO_CRITICAL_LIMITS,
    clinicalSignificance,
    recommendedActions,
  };
}

/** A lab result as a caller sends it (LabObservationInput). */
export interface ObservationIn {
  code: string;
  display?: string | null;
  value: number;
  unit?: string | null;
}

/**
 * A lab result as identifyLabResult takes it: the value may be the text an analyser, device or LIS printed
 * ("6.9 H", "2,8", "1,200", "> 33.3", "2.1x10^9/L"; printed-value.ts), read into value, comparator and unit.
 */
export interface PrintedObservationIn extends Omit<ObservationIn, "value"> {
  value: number | string;
  /** FHIR Quantity.comparator sent with a numeric value (a censored result). */
  comparator?: QuantityComparator | string | null;
}

/** A code written as LOINC writes one: digits, a hyphen and the check digit ("2823-3"). Anything else is a local code. */
export const LOINC_CODE = /^\d{1,7}-\d$/;

/**
 * Another LOINC code of a test (lab-limits.json `equivalent_codes`): the same analyte in another property
 * (moles or mass per volume), method or blood specimen (whole blood, arterial, capillary by glucometer),
 * to which the test's limits apply once the unit is converted (one limit per analyte, Kost 1990). Each
 * names its source.
 */
export interface EquivalentCode {
  loinc: string;
  display: string;
  source: string;
}

const equivalentIndex = new WeakMap<ReadonlyMap<string, LabTest>, Map<string, { test: LabTest; code: EquivalentCode }>>();

/** The tests' equivalent codes, code → test (indexed once per knowledge map). */
export function equivalentCodes(tests: ReadonlyMap<string, LabTest>): ReadonlyMap<string, { test: LabTest; code: EquivalentCode }> {
  let index = equivalentIndex.get(tests);
  if (!index) {
    index = new Map();
    for (const test of tests.values()) {
      for (const code of (test as LabTest & { equivalent_codes?: EquivalentCode[] }).equivalent_codes ?? []) index.set(code.loinc, { test, code });
    }
    equivalentIndex.set(tests, index);
  }
  return index;
}

/** The test a result is assessed as, with what the answer must say about how it was identified (null: by its own code). */
export interface IdentifiedTest {
  test: LabTest;
  note: string | null;
}

/**
 * Which test a result is, from its code and display:
 * 1. a LOINC code of the knowledge base: that test;
 * 2. an equivalent LOINC code (`equivalent_codes`, e.g. creatinine in µmol/L 14682-9, potassium in blood
 *    6298-4): the test it is equivalent to, said in the note;
 * 3. a code that is not a LOINC code (a local code such as "K" or "GLU", or none) with a display naming
 *    exactly one test ("Serum Potassium", "Random blood sugar"): that test, said in the note;
 * otherwise undefined, with `hint` when the display names a test (a LOINC code we do not hold is another
 * specimen, method or property: it is never assessed with this test's limits on the strength of its name).
 */
export function identifyTest(tests: ReadonlyMap<string, LabTest>, code: string, display: string | null | undefined, unit?: string | null): { identified?: IdentifiedTest; hint?: string } {
  const c = code.trim();
  const own = tests.get(c);
  if (own) return { identified: { test: own, note: null } };
  const equivalent = equivalentCodes(tests).get(c);
  if (equivalent) {
    const { test } = equivalent;
    return { identified: { test, note: `LOINC ${c} (${equivalent.code.display}) is the same analyte as LOINC ${test.loinc} (${test.display}) in another unit, method or specimen: assessed with its limits, stored and returned as ${test.loinc}` } };
  }
  const named = display?.trim() ? testsNamed(tests.values(), display) : [];
  if (named.length !== 1) return {};
  // A test whose other unit is another scale, not a factor (HbA1c: NGSP % 4548-4, IFCC mmol/mol 59261-8; lab-limits
  // `other_unit_tests`): a result its name gives in that unit is that test's.
  const inOtherUnit = unit?.trim() ? (named[0] as LabTest & { other_unit_tests?: { unit: string; loinc: string }[] }).other_unit_tests?.find((o) => o.unit === normaliseUnit(unit)) : undefined;
  const test = (inOtherUnit && tests.get(inOtherUnit.loinc)) || named[0];
  if (!LOINC_CODE.test(c)) {
    const given = c ? `"${c}" is not a LOINC code` : "No code was given";
    return { identified: { test, note: `${given}: the test was identified from the display "${display!.trim()}" as ${test.name} (${test.display}, LOINC ${test.loinc}), assessed, stored and returned as ${test.loinc}; send the LOINC code to avoid the guess` } };
  }
  const codes = [test.loinc, ...((test as LabTest & { equivalent_codes?: EquivalentCode[] }).equivalent_codes ?? []).map((e) => e.loinc)].join(", ");
  return { hint: `"${display!.trim()}" names ${test.name}, whose limits are held for LOINC ${codes} (${test.display}); LOINC ${c} is another code (another specimen, method or property) and is not assessed with them: send ${test.loinc} if that is what was measured` };
}

/**
 * The checks every lab result passes before it is assessed, interpreted or stored (critical values, the
 * lab assistant): a known LOINC code, a unit it converts, a finite non-negative value that is possible
 * for the test, and a display naming the code's own test. Adds field errors under `observation.*` and
 * returns the test when the code is known. With `identify` (critical values), an equivalent LOINC code
 * or a local code with a display naming one test is accepted too (identifyTest), and what the answer
 * must say about it is pushed to `identify.notes`.
 */
export function checkObservation(
  tests: ReadonlyMap<string, LabTest>,
  observation: ObservationIn,
  add: (field: string, message: string) => void,
  unknownCode: string,
  identify?: { notes: string[]; unit?: string; valueUnread?: boolean },
): LabTest | undefined {
  let test: LabTest | undefined;
  if (identify) {
    const { identified, hint } = identifyTest(tests, observation.code, observation.display, observation.unit);
    test = identified?.test;
    if (identified?.note) identify.notes.push(identified.note);
    if (!test) add("observation.code", hint ? `${unknownCode}. ${hint}` : unknownCode);
  } else {
    test = tests.get(observation.code.trim());
    if (!test) add("observation.code", unknownCode);
  }
  const printed = test && identify ? unitPrintedIn(observation.display, (u) => conversionFactor(test!, u) !== undefined) : undefined;
  if (printed && unitOmitted(test!, observation.unit)) {
    identify!.notes.push(`No unit was given: read as "${printed}", the unit printed in the display "${observation.display!.trim()}"`);
    identify!.unit = printed;
    observation = { ...observation, unit: printed };
  } else if (printed && conversionFactor(test!, observation.unit) !== undefined && conversionFactor(test!, printed) !== conversionFactor(test!, observation.unit)) {
    add("observation.unit", `"${observation.unit}" contradicts the unit "${printed}" printed in the display "${observation.display!.trim()}": send the unit the result was measured in`);
  }
  if (test && unitOmitted(test, observation.unit) && factorWhenUnitOmitted(test) !== undefined) identify?.notes.push(omittedUnitNote(test));
  if (test && conversionFactor(test, observation.unit) === undefined) {
    add("observation.unit", `${observation.unit?.trim() ? `"${observation.unit}" is not a unit` : "is required"} for ${test.display}; accepted: ${Object.keys(test.units).filter(Boolean).join(", ")}`);
  }
  // A printed value that could not be read (identifyLabResult) has had its own error.
  if (identify?.valueUnread) {
    // nothing more to say about the value
  } else if (!Number.isFinite(observation.value) || observation.value < 0) add("observation.value", "must be a finite number of at least 0");
  else if (test) {
    const impossible = impossibleValue(test, observation.value, observation.unit);
    if (impossible) add("observation.value", impossible);
  }
  const mismatch = test && observation.display?.trim() ? displayMismatch(tests.values(), test, observation.display.trim()) : null;
  if (mismatch) add("observation.display", mismatch);
  return test;
}

/** A result identified (critical values, lab interpretation): the test, what the answer must say about how, and the codes its prior results are stored under. */
export interface IdentifiedLabResult {
  test: LabTest | undefined;
  /** How the result was identified when not by its own LOINC code (for `warnings`). */
  notes: string[];
  /** The test's LOINC code and its equivalent codes: the codes the patient's earlier results of this test are stored under. */
  codes: string[];
  /** The unit the value is in: the request's, or when it sent none, the unit printed in its display ("GLUCOSE (MMOL/L)") or after the value ("2.1x10^9/L"). */
  unit: string | null | undefined;
  /** The value as a number (a printed value read: "6.9 H" → 6.9, "2,8" → 2.8, "1,200" → 1200); NaN when it could not be read. */
  value: number;
  /** The comparator sent, or the one printed before the value ("> 33.3"); null for a measured value. */
  comparator: QuantityComparator | null;
}

/**
 * How critical values and lab interpretation identify a result (checkObservation with `identify`, one implementation):
 * a LOINC code of the knowledge base, an equivalent LOINC code (creatinine in µmol/L 14682-9), or a local
 * code ("K") or none with a display naming one test. Field errors go to `add`. On top of it, for results
 * as laboratory systems send them:
 * - an equivalent LOINC code sent with its own LOINC long name ("Potassium [Moles/volume] in Blood" with
 *   6298-4) is that code's name, not another test's: the code decides, as when no display is sent;
 * - a local code sent without a display is read as a test name ("PLT", "Hb"): identified only when it names
 *   exactly one test, and said in the notes;
 * - a local code that is itself a name of another test than the display names ("K" with "Sodium") is
 *   refused: which of the two is wrong is unknown; so is one naming another specimen than the test's
 *   ("VBG-PO2" with "pO2": lab-limits `other_specimen_words`).
 * The prior results are looked up under the identified test's codes (`codes`), not the request's, so a
 * result sent as "K" finds the stored 2823-3.
 */
export function identifyLabResult(tests: ReadonlyMap<string, LabTest>, sent: PrintedObservationIn, addField: (field: string, message: string) => void, unknownCode = "is not a test in the knowledge base"): IdentifiedLabResult {
  // Field errors are held until the end: a meter's "HI" sent without a unit is read in its marks' unit once the test is known.
  const pending: Array<[string, string]> = [];
  const add = (field: string, message: string) => void pending.push([field, message]);
  // The value as printed (session 21, engine 1.15.0; printed-value.ts): a number with a decimal comma, thousand
  // separators, a comparator, a power-of-ten unit, the sender's flags, "repeated"/"confirmed" or "haemolysed";
  // anything else (no number, words not known) is refused on observation.value with the reason.
  const printed = readPrintedValue(sent.value);
  if (!printed.ok && !printed.mark) add("observation.value", printed.reason);
  const sentComparator = (sent.comparator ?? null) as QuantityComparator | null;
  if (printed.ok && printed.comparator && sentComparator && printed.comparator !== sentComparator) {
    add("observation.comparator", `"${sentComparator}" contradicts the comparator printed in the value "${String(sent.value).trim()}"`);
  }
  const comparator = (printed.ok && printed.comparator) || sentComparator;
  const printedUnit = printed.ok ? printed.unit : null;
  const sentUnit = sent.unit?.trim() ? sent.unit : null;
  let observation: ObservationIn = { ...sent, value: printed.ok ? printed.value : Number.NaN, unit: sentUnit ?? printedUnit ?? sent.unit };
  const code = observation.code.trim();
  const written = observation.display?.trim() || null;
  // What the display says about the sample (specimen-quality.ts): a clotted sample is refused; a
  // haemolysed one is identified without the qualifier and assessed as forHaemolysedSample says.
  // "Haemolysed" written after the value ("7.2 (haemolysed)") says the same.
  const quality = specimenQuality(written) ?? (printed.ok && printed.haemolysed ? "haemolysed" : undefined);
  if (quality === "clotted") add("observation.display", clottedMessage(written!));
  const withoutQuality = written && quality ? withoutQualityQualifiers(written) || null : written;
  // Session 22 (engine 1.16.0, point-of-care-device.ts): a single-analyte device's model words, a temperature
  // correction mark on a gas held as the same analyte, and a display naming only a glucometer or HemoCue 301.
  const deviceRead = displayAsDevicesPrint(tests, withoutQuality);
  const display = deviceRead.display;
  if (display !== written) observation = { ...observation, display };
  const equivalent = equivalentCodes(tests).get(code);
  const local = code !== "" && !LOINC_CODE.test(code) && !tests.has(code) && !equivalent;
  let checked: ObservationIn = observation;
  if (equivalent && display && normaliseName(display) === normaliseName(equivalent.code.display)) checked = { ...observation, display: null };
  const codeAsName = local && !display;
  if (codeAsName) checked = { ...observation, code: "", display: code };
  const found: string[] = [];
  const read: { notes: string[]; unit?: string; valueUnread?: boolean } = { notes: found, valueUnread: !printed.ok };
  const test = checkObservation(tests, checked, add, unknownCode, read);
  if (test && printedUnit && sentUnit && conversionFactor(test, printedUnit) !== conversionFactor(test, sentUnit)) {
    add("observation.unit", `"${sentUnit}" contradicts the unit "${printedUnit}" printed with the value "${String(sent.value).trim()}": send the unit the result was measured in`);
  }
  const notes = codeAsName
    ? test
      ? [`"${code}" is not a LOINC code and no display was given: the code was read as a name of ${test.name} (${test.display}, LOINC ${test.loinc}), interpreted and returned as ${test.loinc}; send the LOINC code to avoid the guess`]
      : []
    : found;
  if (printed.ok) notes.push(...printed.notes);
  if (test) notes.push(...deviceRead.notes(test));
  const specimenInCode = test && local ? otherSpecimenWord(test, code) : undefined;
  if (specimenInCode) add("observation.code", otherSpecimenMessage(test!, `the local code "${code}"`, specimenInCode));
  if (test && local && display) {
    const namedByCode = testsNamed(tests.values(), code);
    if (namedByCode.length && !namedByCode.includes(test) && !namedByCode.some((t) => inOtherUnitOf(t, test))) {
      add("observation.code", `the local code "${code}" names ${namedByCode.map((t) => `${t.name} (LOINC ${t.loinc})`).join(", ")} but the display "${display}" names ${test.name} (LOINC ${test.loinc}): correct the code or the display`);
    }
  }
  let value = observation.value;
  let unit = read.unit ?? observation.unit;
  let censoredBy = comparator;
  if (!printed.ok && printed.mark) {
    // A meter's HI/LO (lab-limits `out_of_range_marks`): the bound of the measuring ranges read, with its comparator.
    const marks = test && (test as LabTest & { out_of_range_marks?: OutOfRangeMarks }).out_of_range_marks;
    const bound = marks?.[printed.mark];
    if (test && marks && bound != null) {
      const unitOmittedHere = !unit?.trim();
      if (unitOmittedHere) {
        for (let i = pending.length - 1; i >= 0; i--) if (pending[i][0] === "observation.unit") pending.splice(i, 1);
        unit = marks.unit;
      }
      const factor = conversionFactor(test, unit);
      if (factor !== undefined) {
        value = Number(((bound * (conversionFactor(test, marks.unit) ?? 1)) / factor).toPrecision(4));
        censoredBy = (printed.mark === "above" ? ">" : "<") as QuantityComparator;
        notes.push(`"${String(sent.value).trim()}" is the device's out-of-range mark: read as ${censoredBy} ${value} ${unit} (${printed.mark === "above" ? "above the lowest top" : "below the highest bottom"} of the measuring ranges held for ${test.name.toLowerCase()}: ${marks.source})`);
      }
    } else add("observation.value", printed.reason);
  }
  for (const [field, message] of pending) addField(field, message);
  return { test: test && asReported(test, written, quality, notes), notes, codes: test ? codesOf(test) : [], unit, value, comparator: censoredBy };
}

/**
 * The display as the engine names it (session 22): device model words dropped; a temperature-correction mark
 * dropped when what is left names a test held as the same analyte at the patient's temperature; a display naming
 * no test but only a single-analyte device read as that test's name. With the notes the answer gives.
 */
function displayAsDevicesPrint(tests: ReadonlyMap<string, LabTest>, written: string | null): { display: string | null; notes: (test: LabTest) => string[] } {
  if (!written) return { display: written, notes: () => [] };
  let display = withoutDeviceModels(tests.values(), written);
  if (display === joinedOnly(written)) display = written;
  const corrected = withoutTemperatureMark(display);
  if (corrected && testsNamed(tests.values(), corrected).some(correctedIsSameAnalyte)) {
    return { display: corrected, notes: (test) => (correctedIsSameAnalyte(test) ? [temperatureNote(written, test)] : []) };
  }
  if (testsNamed(tests.values(), display).length === 0) {
    const named = testNamedByDevice(tests.values(), display);
    if (named) return { display: named.test.name, notes: (test) => (test === named.test ? [deviceNote(written, named)] : []) };
  }
  return { display, notes: () => [] };
}

/** The display with only its device names joined ("Accu-Chek" → "AccuChek"): unchanged for naming. */
const joinedOnly = (display: string) => withoutDeviceModels([], display);

/** lab-limits `out_of_range_marks` (session 21): what a device's HI/LO mark means, as bounds in `unit`. */
interface OutOfRangeMarks {
  above: number | null;
  below: number | null;
  unit: string;
  source: string;
}

/** The test's LOINC code and its equivalent codes (the codes its earlier results are stored under). */
const codesOf = (test: LabTest) => [test.loinc, ...((test as LabTest & { equivalent_codes?: EquivalentCode[] }).equivalent_codes ?? []).map((e) => e.loinc)];
