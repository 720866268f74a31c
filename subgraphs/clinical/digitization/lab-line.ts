import { phraseKeys } from "../extraction/text.js";
import { loadVocabulary } from "../extraction/vocabulary.js";
import type { LabTest } from "../knowledge/knowledge.types.js";
import { isDecimalComma, isDecimalPoint, isScaledUnit, readNumber } from "./lab-numbers.js";
import { readTitre } from "./lab-titres.js";
import { isControlName } from "./lab-broken-rows.js";
import { withExponentExpanded, withUnitBeforeRange, withUnitOutOfName, withValueMarkRead } from "./lab-tail-layouts.js";
import { impossibleUnit, loincForUnit, unitProperty, type Analyte, type LoincChoice } from "./loinc-by-unit.js";
import { aboveHighestDocumented, impossibleInUnit, inCanonicalUnit, labTestForLine } from "./plausibility.js";

/**
 * Lab result lines of a report: "Haemoglobin 10.2 g/dL (12.0-16.0) L", "Potassium: 5.9 mmol/L
 * 3.5 - 5.1 H", "WBC 7.2 x10^9/L Ref: 4.0-11.0". A line counts as a result only with a test name, a
 * number, and a recognised lab unit or a reference range (so "Page 1 of 2", dates, prices and doses are
 * not results). Grammar and number rules: docs/decisions/clinical.md, "Lab results".
 */
export interface LabResult {
  name: string;
  /**
   * The result in unit; for an ordinal result (valueText set), the rank of its grade
   * (knowledge/lab-ordinal-scales.json), not a quantity; for a titre (valueText "1:160"), the reciprocal of the dilution.
   */
  value: number;
  /** An ordinal result's grade as text ("Negative", "Trace", "2+", "Few") or a titre ("1:160"); null for a numeric result. */
  valueText: string | null;
  /**
   * A censored result ("<40 copies/mL", "eGFR >90", "CRP <5"): the true value lies beyond `value`, the
   * measuring limit printed, on this side (FHIR R4 Quantity.comparator: <, <=, >, >=); null when exact.
   */
  comparator: Comparator | null;
  /**
   * A count per microscope field printed as a range ("Pus cells 8-10/hpf"): its upper end, `value` being
   * its lower end (FHIR R4 Range); null for a single value.
   */
  valueHigh: number | null;
  unit: string | null;
  /** The reference range as written ("12.0-16.0", "<5.2"); null when the line has none. */
  reference: string | null;
  /** Bounds of the range; null when absent or when the range is implausible for the value (see warnings). */
  low: number | null;
  high: number | null;
  /** HL7 v2 Table 0078: N, L, H, LL, HH, A; the document's own flag when written, else from the range. */
  abnormalFlag: string | null;
  flagSource: "document" | "reference_range" | null;
  /** LOINC code only where the test name is known exactly and the code agrees with the unit's property; never guessed. */
  loincCode: string | null;
  loincDisplay: string | null;
  /** A flow sheet's column date (ISO 8601, yyyy-mm-dd) when the document charts results over several dates; absent otherwise. */
  collectedOn?: string | null;
}

export type Comparator = "<" | "<=" | ">" | ">=";
/** What a lone asterisk in the flag column means: critical (HH/LL, the LIS printouts followed so far) or, under the report's legend, abnormal (H/L). */
export type AsteriskMeaning = "critical" | "abnormal";
const COMPARATORS: Record<string, Comparator> = { "<": "<", "<=": "<=", "≤": "<=", ">": ">", ">=": ">=", "≥": ">=" };


/** Tests whose results have no unit ("pH 6.0", "Specific gravity 1.025", "INR 2.4", "A/G ratio 1.2"): read without a unit or a range. */
const UNITLESS_TESTS = /^(?:(?:(?:urine|semen|seminal|arterial|venous|capillary|cord|blood|abg|vbg)\s)?ph(?:\s\((?:arterial|venous|capillary|abg|vbg)\))?|(?:urine\s)?(?:specific gravity|sg|s\.g\.?)|(?:pt[\s/-]?)?inr|.+\sratio|(?:.+\s)?log(?:10)?(?:\s.+)?)$/i;
/** Labels that precede numbers on reports but are not tests. */
export const NOT_TESTS = /^((?:lower\s)?(?:limit of (?:detection|quantification|quantitation)|detection limit|lod|lloq|loq)(?:\s\([a-z]+\))?|age|page|date|time|tel|telephone|phone|mobile|fax|lab no|lab number|sample no|specimen no|patient|patient id|uhid|mrn|id|no|ref no|reg no|invoice|receipt|total|subtotal|amount|qty|quantity|dob|bed|bed no|ward|room|year|years|weight|height|dose|duration|gestation|parity|p\.?o\.? box|box)$/i;
/**
 * Test names that end in a digit: a name word with a digit must be one of these, so that
 * "name value unit" can never be read as a longer name (CD4, vitamin B12, T3/T4, CA 125, HbA1c, pCO2,
 * the "1&2" of "HIV 1&2 Rapid").
 */
const DIGIT_NAME_WORD = /^(?:1[&/+]2|log10|ox(?:19|2)|cd[348]\+?|(?:hiv|vih|htlv|hsv)-?[12]|b(?:1|2|6|9|12)|d[23]|f?t[34]|rt3|hba1c|a1c|hba2|g6pd|25-?oh|il-?\d{1,2}|c[34]|igg[1-4]|p[av]?co2|p[av]?o2|hco3|tco2|s[ap]?o2|o2|nt-?probnp|ck-?mb|apo-?a1|apo-?b(?:100)?|ca-?125|ca-?19-?9|ca-?15-?3|ca-?72-?4)$/i;
/**
 * Ions written as their symbol and charge, as blood gas and electrolyte analysers print them: "K+", "Na+", "Cl-",
 * "HCO3-", "Ca2+", "Ca++", "Mg2+", "iCa"; Radiometer's "c" (concentration) before the symbol ("cNa+", "cCa2+") and
 * its basis in brackets after it ("cHCO3-(P)", "cHCO3-(P,st)": plasma, standard).
 */
const ION_NAME = /^c?(?:K\+?|Na\+|Cl-|HCO3-|Ca(?:2\+|\+\+)|Mg(?:2\+|\+\+)|iCa)(?:\([A-Za-z]{1,3}(?:,[A-Za-z]{1,3})?\))?$/;
/** "CA 125", "CA 19-9": the tumour-marker number is part of the name. */
const CA_NUMBER = /^(?:125|19-9|15-3|72-4|27[.-]29)$/;
/** HL7 v2 Table 0078 flags as printed: codes in capitals only (OCR "lL" is not LL), words in any case. */
const FLAGS: Record<string, string> = { H: "H", L: "L", HH: "HH", LL: "LL", "H*": "HH", "L*": "LL", N: "N", A: "A", high: "H", low: "L", normal: "N", abnormal: "A" };
/** Flag codes accepted between the unit and the range (capitals only: a unit or a word there is not a flag). */
const PRE_RANGE_FLAG = /^(?:H|L|HH|LL|N|A)\*?$/;
/** Flags that say "critical" without a direction: HH or LL by the value against the range, else A. */
const CRITICAL_FLAGS = new Set(["*", "**", "critical", "crit", "panic"]);

/** A comparator written before a censored value: <, <=, >, >=, ≤, ≥ (COMPARATORS reads it). */
const COMPARATOR = String.raw`(?:[<>]=?|≤|≥)`;
const NUM = String.raw`\d+(?:[.,]\d+)*`;
const RNUM = String.raw`(?:[1-9]\d{0,2}(?: \d{3})+(?![\d.,])|${NUM})`;
const UNIT = String.raw`(?:[x×]\s?)?10\s?(?:\^|\*|e|E)?\s?(?:\d+|[⁰¹²³⁴⁵⁶⁷⁸⁹]+)\s?\/\s?[A-Za-zµμ]+[0-9³]?|log(?:10)?\s?(?:copies|IU|iu)\/m[lL]|%|(?!(?:ref|reference|range|normal)\b)\/?[A-Za-zµμ°][^\s()\[\]]*`;
/** What follows the name: value (never split: it must end where the digits end), unit, range, flag. */
const TAIL = new RegExp(
  String.raw`^(?:[:=\-]\s?)?(?<value>${COMPARATOR}?\s?(?:\d{1,3}(?: \d{3})+(?= ?[A-Za-zµμ/%×])|${NUM}))(?![\d.,])` +
    String.raw`(?:\s?(?<unit>${UNIT}))?` +
    String.raw`(?:(?:\s(?<preflag>[A-Z]{1,2}\*?)(?=\s))?(?:\s|(?=[(\[]))(?:(?:ref(?:erence)?\.?(?:\s(?:range|interval))?|normal(?:\srange)?|range)\s?:?\s?)?[(\[]?\s?(?:(?<low>${RNUM})\s?(?:-|to)\s?(?<high>${RNUM})|(?<bound>(?:[<>]=?|≤|≥)\s?${RNUM}))\s?[)\]]?)?` +
    String.raw`(?:\s(?<flag>\S+(?:\s(?:high|low))?))?$`,
  "i",
);

/** Value, a flag (or a "+"/"-" sign), then the unit and the rest: "13.8 H 10^9/L 4.0-11.0", "17.4 + x10^3/uL". */
const VALUE_FLAG_UNIT = new RegExp(String.raw`^((?:[:=\-]\s?)?${COMPARATOR}?\s?\d[\d.,]*)\s(H|L|HH|LL|A|N|H\*|L\*|\+|-)\s([^\s()\[\]]+)(\s.*)?$`);
/** A value's first token: "12.4", "<40", "<=3", or a comparator standing alone before its number ("< 20"). */
/** A count per microscope field printed as a range, and what follows: "8-10/hpf 0-5", "2 - 4 /HPF", "5-7 cells/hpf". */
const PER_FIELD_RANGE = /^(?:[:=\-]\s?)?(\d{1,3})\s?(?:-|to)\s?(\d{1,3})\s?((?:cells\s?)?\/\s?[hl]pf)(?=\s|$)(.*)$/i;
const VALUE_START = new RegExp(String.raw`^${COMPARATOR}?\d`);
const COMPARATOR_ONLY = new RegExp(String.raw`^${COMPARATOR}$`);
const COMPARATOR_LEAD = new RegExp(String.raw`^${COMPARATOR}`);
const isValueStart = (token: string, next = "") => VALUE_START.test(token) || (COMPARATOR_ONLY.test(token) && /^\d/.test(next));
/** A separator inside a test name, never its first word ("ALAT / ALT", "Na : K", "Cells & casts"). */
export const NAME_SEPARATOR = /^[:=\-/&]$/;
export const isNameWord = (token: string) =>
  /^[(\[]?[\p{L}µμ][^\s\d]*$/u.test(token) || DIGIT_NAME_WORD.test(token.replace(/^[(\[]|[)\]:,]+$/g, "")) || ION_NAME.test(token.replace(/:$/, "")) || /^[(\[]?[%#][)\]]?$/.test(token);

let loincByName: Map<string, { code: string; display: string }> | undefined;
/** The vocabulary's LOINC code for the first of the names it knows as a lab test. */
function vocabularyLoinc(names: string[]): { code: string; display: string } | null {
  if (!loincByName) {
    loincByName = new Map();
    for (const terms of loadVocabulary().byFirstKey.values()) {
      for (const t of terms) if (t.type === "lab_test" && t.code && !loincByName.has(t.keys.join(" "))) loincByName.set(t.keys.join(" "), { code: t.code, display: t.display });
    }
  }
  for (const candidate of names) {
    const hit = loincByName.get(phraseKeys(candidate).join(" "));
    if (hit) return hit;
  }
  return null;
}

/** The test's LOINC code for the name as written (or without a parenthesis), agreeing with the unit and the report's specimen. */
function loincFor(name: string, value: string, unit: string | null, reportSpecimen: string | null): LoincChoice {
  const names = [name, name.replace(/\s*\([^)]*\)\s*/g, " ").trim()];
  return loincForUnit(`${name} ${value}`, names, vocabularyLoinc(names), unit, reportSpecimen);
}

/** "mg/L FEU", "ng/mL (FEU)", "µg/mL DDU": the basis of a D-dimer result printed after its unit belongs to the unit. */
const BASIS_AFTER_UNIT = /(\/[A-Za-z]+)\s?\(?\b(FEU|DDU)\b\)?(?=\s|$)/i;
/** "41.5 mm Hg": a pressure unit printed with a space (UCUM mm[Hg]) is one unit. */
const SPACED_MM_HG = /^([^\s]*\d\s?)mm\s(Hg)\b/i;

/**
 * The index of the token closing a bracketed qualifier that opens at token i ("(CKD-EPI 2021)", "(3rd
 * generation)", "(log10)", "(08:00)"), or null: at most four tokens, with a letter or a time, not a number or range in
 * brackets ("(12.0 - 16.0)"), and followed by a value.
 */
function qualifierEnd(tokens: string[], i: number): number | null {
  if (!/^[(\[]/.test(tokens[i])) return null;
  for (let j = i; j < Math.min(tokens.length - 1, i + 4); j++) {
    if (j > i && /[(\[]/.test(tokens[j])) return null;
    if (/[)\]]:?$/.test(tokens[j])) {
      const inside = tokens.slice(i, j + 1).join(" ").replace(/^[(\[]|[)\]]:?$/g, "");
      // "Cortisol (08:00)", "Cortisol (8 am)": a sampling time is a qualifier too.
      const qualifier = /[A-Za-z]/.test(inside) || /^\d{1,2}[:.h]\d{2}$/.test(inside);
      return qualifier && !/\d\s?(?:-|to)\s?\d/.test(inside) && isValueStart(tokens[j + 1], tokens[j + 2]) ? j : null;
    }
  }
  return null;
}

/** Splits a line into its test name and the rest; null when the line does not start with a name. */
export function splitName(line: string): { name: string; rest: string } | null {
  const tokens = line.split(" ");
  let i = 0;
  // "25-OH Vitamin D", "Vitamin D 25-OH": a name word that starts with a digit is not a value.
  while (i < tokens.length && (!isValueStart(tokens[i], tokens[i + 1]) || (/^\d+-?[A-Za-z]{2}$/.test(tokens[i]) && DIGIT_NAME_WORD.test(tokens[i])))) {
    if (/^ca$/i.test(tokens[i]) && CA_NUMBER.test((tokens[i + 1] ?? "").replace(/[:=]$/, ""))) i += 2;
    // "eGFR (CKD-EPI 2021)", "TSH (3rd generation)", "Viral load (log10)": a qualifier in brackets is part of the name.
    else if (i > 0 && qualifierEnd(tokens, i) !== null) i = qualifierEnd(tokens, i)! + 1;
    // "Neutrophils %", "LYM #", "ALAT / ALT", "Charge virale VIH-1 / HIV-1 VL": a symbol or separator inside a name.
    else if (isNameWord(tokens[i]) || (NAME_SEPARATOR.test(tokens[i]) && i > 0)) i++;
    else return null;
  }
  if (i === 0 || i === tokens.length) return null;
  const name = tokens.slice(0, i).join(" ").replace(/\s*[:=\-.]+$/, "").trim();
  return { name, rest: tokens.slice(i).join(" ") };
}

/**
 * Why a printed range cannot be trusted for this value, or null. OCR drops decimal points in short
 * ranges ("3.5 - 5.1" read "35-51"): a value written with decimals far below a range written without
 * any, that fits the range divided by 10 or 100, would be flagged L from a range the report never
 * printed. So would a range whose low exceeds its high, or one far from the test's known reference
 * interval (knowledge/lab-limits.json).
 */
function rangeProblem(value: number, written: { low?: string; high?: string }, low: number | null, high: number | null, test: LabTest | undefined, unit: string | null, analyte: Analyte | undefined): string | null {
  if (low !== null && high !== null && low > high) return `the range's low end is above its high end`;
  if (test && (low !== null || high !== null)) {
    const factor = inCanonicalUnit(test, 1, unit, analyte);
    const [refLow, refHigh] = test.reference_range;
    if (factor !== undefined && ((low !== null && low * factor > refHigh * 4) || (high !== null && high * factor < refLow / 4))) {
      const interval = Number.isFinite(refHigh) ? `${refLow}-${refHigh}` : `≥ ${refLow}`; // HDL, eGFR: no upper limit
      return `it is far from the usual reference interval of ${test.name} (${interval} ${test.canonical_unit})`;
    }
  }
  if (low === null || high === null || value >= low || Number.isInteger(value)) return null;
  if (/[.,]/.test(`${written.low}${written.high}`) || (written.low ?? "").length < 2) return null;
  for (const k of [10, 100]) {
    if (value >= low / k / 1.5 && value <= (high / k) * 1.5) return `the value fits ${low / k}-${high / k}: the range may have lost its decimal points`;
  }
  return null;
}

/** Does a line that was not read look like a lab result (a name, a number, and a unit, range or flag)? */
function looksLikeResult(line: string, name: string | undefined): boolean {
  if (!/^[A-Za-z]/.test(line) || !/\d/.test(line) || (name && NOT_TESTS.test(name))) return false;
  if (/\b\d{1,2}([/.-])\d{1,2}\1\d{2,4}\b/.test(line) || /^[A-Za-z .()]+:\s*[^\s\d<>]/.test(line)) return false;
  const words = line.split(" ");
  return words.some((w) => unitProperty(w) !== null || impossibleUnit(w) !== null) || /\d\s?(?:-|to)\s?\d|\s[<>≤≥]=?\s?\d/.test(line) || /\s(?:H|L|HH|LL)$/.test(line);
}

/** "RBC Histogram: broad base, single peak at about 80 fL": a label and a description (a comma after a colon) is prose, not a test name. */
const isProseName = (name: string) => /:\s.*,\s/.test(name);

/**
 * One line: a result, or why a result-looking line was not read, or nothing. reportSpecimen: the report's
 * last line naming a specimen ("Sample: Venous"), which a code of another specimen must not contradict.
 */
export function parseLine(line: string, reportSpecimen: string | null = null, asterisk: AsteriskMeaning = "critical"): { result?: LabResult; warnings?: string[]; unread?: string } {
  const split = splitName(line);
  const unread = (reason: string) => (looksLikeResult(line, split?.name) || reason.startsWith("!") ? { unread: `Line "${line}" was not read as a lab result: ${reason.replace(/^!/, "")}` } : {});
  if (!split) return unread("the test name could not be told apart from the value (a number inside the name, or no value)");
  // "PT  Sec  30.2", "Fbg  g/L  3.10" (coagulation analyser printouts): the unit printed between the name and the value.
  const { name, rest: afterName } = withUnitOutOfName(split);
  // "WBC 3.1* 10^3/uL 4.0-10.0", "WBC 24.6 ! 10^9/L": a mark printed against the value marks it abnormal (direction from the range).
  const { rest: unmarked, starred } = withValueMarkRead(afterName);
  // "HBV DNA 3.45E+03 IU/mL"; "ALT 212 * 0 - 33 U/L" (the unit printed after the range): put into the grammar's order.
  const rest = withUnitBeforeRange(withExponentExpanded(unmarked));
  if (isControlName(name)) return unread("!the row is a control's value (run beside the patient's sample), not the patient's result");
  if (NOT_TESTS.test(name) || ((name.match(/[A-Za-z]/g) ?? []).length < 2 && !DIGIT_NAME_WORD.test(name) && !ION_NAME.test(name)) || isProseName(name)) return {};
  const titre = readTitre(rest);
  if (titre) {
    const abnormalFlag = titre.flagWritten ? FLAGS[titre.flagWritten] : titre.flagFromReference;
    const flagSource = titre.flagWritten ? "document" : titre.flagFromReference ? "reference_range" : null;
    return { result: { name, value: titre.dilution, valueText: titre.text, comparator: null, valueHigh: null, unit: null, reference: titre.reference, low: null, high: null, abnormalFlag, flagSource, loincCode: null, loincDisplay: null } };
  }
  // "Pus cells 8-10/hpf 0-5": a count per field printed as a range is read as its lower end, with the upper end kept.
  const perField = PER_FIELD_RANGE.exec(rest);
  // "0-1 /hpf 0-5 /hpf": the per-field unit repeated after the reference range is layout.
  let tail = perField ? `${perField[1]} ${perField[3].replace(/\s+/g, "")}${perField[4].replace(/(\d)\s?(?:cells\s?)?\/\s?[hl]pf$/i, "$1")}` : rest.replace(BASIS_AFTER_UNIT, "$1{$2}").replace(SPACED_MM_HG, "$1mm$2");
  // "WBC 13.8 H 10^9/L 4.0-11.0", "Urea 9.6 H mmol/L", "RBC 3.90 - x10^6/uL" (Result | Flag | Units | Range):
  // a flag printed between the value and a recognised unit; "+" and "-" are read as H and L only where the range agrees.
  const flagged = VALUE_FLAG_UNIT.exec(tail);
  const leadFlag = flagged && unitProperty(flagged[3]) !== null ? flagged[2] : null;
  if (leadFlag) tail = `${flagged![1]} ${flagged![3]}${flagged![4] ?? ""}`;
  const valueHigh = perField ? Number(perField[2]) : null;
  if (perField && valueHigh! < Number(perField[1])) return unread(`!"${perField[1]}-${perField[2]}" is a range whose upper end is below its lower end`);
  const compoundUnitInName = name.split(" ").find((w) => !/^[(\[]/.test(w) && /[/^]/.test(w) && unitProperty(w) !== null);
  if (compoundUnitInName) return unread(`a unit (${compoundUnitInName}) stands before the value: the value is missing or unreadable`);
  const m = TAIL.exec(tail);
  if (!m?.groups) return unread("its layout after the name is not value, unit, range, flag");
  const g = m.groups;
  const warnings: string[] = [];
  // "mmols/l", "umols/L": a plural written into the unit.
  let unit = g.unit ? g.unit.replace(/\s+/g, "").replace(/^([mµμun]?mol)s(?=\/)/i, "$1").replace(/\{(FEU|DDU)\}$/i, " $1") : null;
  let flagWritten: string | null = g.flag ?? null;
  // Under a legend "* = outside reference range", an asterisk in the flag column marks an abnormal result, not a critical one.
  const starColumn = asterisk === "abnormal" && /^\*{1,2}$/.test(flagWritten ?? "");
  if (starColumn) flagWritten = null;
  if (leadFlag && !/^[+-]$/.test(leadFlag)) {
    if (flagWritten && flagWritten !== leadFlag) return unread(`two different flags ("${leadFlag}" and "${flagWritten}")`);
    flagWritten = leadFlag;
  }
  // "WBC 3.1 x10^9/L L 4.0 - 11.0" (Test | Result | Units | Flag | Reference Range): a flag code, in capitals only, between the unit and the range.
  if (g.preflag) {
    if (!PRE_RANGE_FLAG.test(g.preflag)) return unread(`"${g.preflag}" before the range is not a flag`);
    if (flagWritten && flagWritten !== g.preflag) return unread(`two different flags ("${g.preflag}" and "${flagWritten}")`);
    flagWritten = g.preflag;
  }
  // "Cloxacillin 24 S": a zone diameter and its interpretation (S, I, R) in a susceptibility table, not seconds.
  if (unit && /^[SIR]$/.test(unit) && !g.low && !g.bound) return unread(`"${unit}" after the number is an antimicrobial susceptibility (S, I or R), not a unit`);
  if (unit && unitProperty(unit) === null) {
    const impossible = impossibleUnit(unit);
    if (impossible) return unread(`!${impossible}`);
    if (!flagWritten && (FLAGS[unit] || FLAGS[unit.toLowerCase()]) && !/^[a-z]$/.test(unit)) [flagWritten, unit] = [unit, null];
    else return unread(`"${unit}" is not a recognised lab unit`);
  }
  // "Hb (g/dL) 8.5 12.0-16.0": the unit written in the name's parenthesis.
  unit ??= name.match(/\(([^)]+)\)/g)?.map((p) => p.slice(1, -1).trim()).find((u) => unitProperty(u) !== null) ?? null;
  if (!unit && !g.low && !g.bound && !UNITLESS_TESTS.test(name)) return {};
  // "Platelets 250 000 150 000-400 000": without a unit after it, a value followed by a group of three digits may be one number or two.
  if (!g.unit && /^[:=\-]?\s?[<>]?\d{1,3} \d{3}(?!\d)/.test(rest)) return unread(`!"${rest.split(" ").slice(0, 2).join(" ")}" may be one number with a space between its thousands or two numbers`);
  // "<40 copies/mL", "> 90 mL/min/1.73m2": a censored value, charted as its limit with the comparator.
  const censored = COMPARATOR_LEAD.exec(g.value)?.[0];
  const comparator = censored ? COMPARATORS[censored] : null;
  const written = g.value.slice(censored?.length ?? 0).trim();
  const property = unitProperty(unit);
  const bound = g.bound?.replace(/^[<>≤≥=\s]+/, "");
  const numbers = [written, g.low, g.high, bound].filter((n): n is string => Boolean(n));
  const scaledUnit = property === "count" && isScaledUnit(unit);
  const decimalCommaLine = numbers.some(isDecimalComma) && !numbers.some(isDecimalPoint);
  const context = { countUnit: property === "count", scaledUnit, decimalCommaLine };
  const read = numbers.map((n) => readNumber(n, context));
  // "Creatine kinase 1,245 U/L 39-308 H": when only the value is ambiguous, the printed flag against the
  // printed range can confirm the thousands reading (1245 is H; 1.245 would be L) when the decimal reading
  // disagrees. It never picks the decimal reading, and never with a scaled count unit (no thousands there).
  if (!comparator && !scaledUnit && "ambiguous" in read[0] && read.slice(1).every((r) => "value" in r) && flagWritten && /^[HLN]$/.test(FLAGS[flagWritten] ?? "")) {
    const [rl, rh] = read.slice(1).map((r) => ("value" in r ? r.value : NaN));
    const lo = g.low ? rl : g.bound && /^[>≥]/.test(g.bound) ? rl : null;
    const hi = g.low ? rh : g.bound && /^[<≤]/.test(g.bound) ? rl : null;
    const want = FLAGS[flagWritten] === "H" ? "above" : FLAGS[flagWritten] === "L" ? "below" : "within";
    const agree = [Number(written.replace(",", "")), Number(written.replace(",", "."))].filter((v) => (lo !== null || hi !== null) && sideOfRange({ value: v, comparator: null, valueHigh: null }, lo, hi) === want);
    if (agree.length === 1 && agree[0] === Number(written.replace(",", ""))) {
      warnings.push(`"${name} ${g.value}": read as ${agree[0]}, the reading that agrees with the printed flag "${flagWritten}" and range "${g.low ? `${g.low}-${g.high}` : g.bound}"`);
      read[0] = { value: agree[0] };
    }
  }
  const ambiguous = read.find((r) => "ambiguous" in r);
  if (ambiguous && "ambiguous" in ambiguous) return unread(`!${ambiguous.ambiguous}`);
  const [value, ...rangeNumbers] = read.map((r) => ("value" in r ? r.value : NaN));
  let low = g.low ? rangeNumbers[0] : g.bound?.startsWith(">") || g.bound?.startsWith("≥") ? rangeNumbers[0] : null;
  let high = g.low ? rangeNumbers[1] : g.bound?.startsWith("<") || g.bound?.startsWith("≤") ? rangeNumbers[0] : null;
  const reference = g.low ? `${g.low}-${g.high}` : g.bound ? g.bound.replace(/\s+/g, "") : null;

  const loinc = loincFor(name, written, unit, reportSpecimen);
  if (loinc.warning) warnings.push(loinc.warning);
  // The possible range of the test, in the unit as written (glucose in mmol/L is checked as mmol/L, never against mg/dL numbers).
  const test = labTestForLine(loinc.code, loinc.analyte);
  const impossible = impossibleInUnit(value, unit, test, loinc.analyte);
  if (impossible) return unread(`!${impossible}`);
  const unusual = aboveHighestDocumented(name, value, unit, loinc.analyte);
  if (unusual) warnings.push(unusual);
  const problem = comparator ? null : rangeProblem(value, { low: g.low, high: g.high }, low, high, test, unit, loinc.analyte);
  if (problem) {
    warnings.push(`"${name} ${g.value}": the reference range "${reference}" was not used to flag the result: ${problem}`);
    [low, high] = [null, null];
  }

  const side = sideOfRange({ value, comparator, valueHigh }, low, high);
  if (leadFlag && /^[+-]$/.test(leadFlag) && !flagWritten) {
    if ((leadFlag === "+" && side === "above") || (leadFlag === "-" && side === "below")) flagWritten = leadFlag === "+" ? "H" : "L";
    else warnings.push(`"${name} ${g.value}": the sign "${leadFlag}" after the value does not agree with the range; not read as a flag`);
  }
  let abnormalFlag: string | null = null;
  let flagSource: LabResult["flagSource"] = null;
  if (flagWritten) {
    const direction = side === "below" ? "LL" : side === "above" ? "HH" : "A";
    abnormalFlag = FLAGS[flagWritten] ?? FLAGS[flagWritten.toLowerCase()] ?? (CRITICAL_FLAGS.has(flagWritten.toLowerCase().replace(/\s+(high|low)$/, "")) ? criticalDirection(flagWritten, direction) : null);
    if (abnormalFlag) flagSource = "document";
    else if (flagWritten.length <= 3) warnings.push(`"${name} ${g.value}": the flag "${flagWritten}" is not a flag the reader knows (OCR noise?); ignored`);
    else return unread(`"${flagWritten}" after the result is not a flag`);
  }
  if (!abnormalFlag && (starred || starColumn)) {
    abnormalFlag = side === "below" ? "L" : side === "above" ? "H" : "A";
    flagSource = "document";
  }
  // A censored value whose side of the range is unknown ("<10" against 5-15) gets no flag rather than a guess.
  if (!abnormalFlag && (low !== null || high !== null) && side !== "unknown") {
    abnormalFlag = side === "below" ? "L" : side === "above" ? "H" : "N";
    flagSource = "reference_range";
  }
  return { result: { name, value, valueText: null, comparator, valueHigh, unit, reference, low, high, abnormalFlag, flagSource, loincCode: loinc.code, loincDisplay: loinc.display }, warnings };
}

/**
 * Where a result lies against its range. An exact value is compared as it is; a range of counts
 * ("8-10/hpf") and a censored value only where every value they allow lies on one side (3-5 against 0-5
 * is within, 4-6 unknown): "<40" is below a range starting at 50 and within "<1000", but
 * against 20-100 it could be either, so "unknown" ("<5" against 0-5 is within). Bounds are inclusive,
 * as ranges are printed.
 */
function sideOfRange(r: { value: number; comparator: Comparator | null; valueHigh: number | null }, low: number | null, high: number | null): "below" | "within" | "above" | "unknown" {
  const { value, comparator, valueHigh } = r;
  if (valueHigh !== null) {
    if (low !== null && valueHigh < low) return "below";
    if (high !== null && value > high) return "above";
    return (low === null || value >= low) && (high === null || valueHigh <= high) ? "within" : "unknown";
  }
  if (!comparator) return low !== null && value < low ? "below" : high !== null && value > high ? "above" : "within";
  if (comparator === "<" || comparator === "<=") {
    if (low !== null && (value < low || (comparator === "<" && value === low))) return "below";
    // A range from 0 ("0-5") holds every lower concentration.
    return high !== null && value <= high && (low === null || low <= 0) ? "within" : "unknown";
  }
  if (high !== null && (value > high || (comparator === ">" && value === high))) return "above";
  return high === null && low !== null && value >= low ? "within" : "unknown";
}

/** "Critical high" → HH, "Critical low" → LL, a bare "Critical" or "*" by the value against the range. */
function criticalDirection(flag: string, byRange: string): string {
  if (/high$/i.test(flag)) return "HH";
  if (/low$/i.test(flag)) return "LL";
  return byRange;
}
