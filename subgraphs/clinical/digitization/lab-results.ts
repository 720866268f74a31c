import { phraseKeys } from "../extraction/text.js";
import { loadVocabulary } from "../extraction/vocabulary.js";
import { loincForUnit, type LoincChoice } from "./loinc-by-unit.js";

/**
 * Lab result lines of a report: "Haemoglobin 10.2 g/dL (12.0-16.0) L", "Potassium: 5.9 mmol/L
 * 3.5 - 5.1 H", "WBC 7.2 x10^9/L Ref: 4.0-11.0". A line counts as a result only with a test name, a
 * number, and a unit or a reference range (so "Page 1 of 2" and dates are not results).
 */
export interface LabResult {
  name: string;
  value: number;
  unit: string | null;
  /** The reference range as written ("12.0-16.0", "<5.2"); null when the line has none. */
  reference: string | null;
  low: number | null;
  high: number | null;
  /** HL7 v2 Table 0078: N, L, H, LL, HH, A; the document's own flag when written, else from the range. */
  abnormalFlag: string | null;
  flagSource: "document" | "reference_range" | null;
  /** LOINC code only where the test name is known exactly and the code agrees with the unit (molar or mass); never guessed. */
  loincCode: string | null;
  loincDisplay: string | null;
}

/** Labels that precede numbers on reports but are not tests. */
const NOT_TESTS = /^(age|page|date|time|tel|telephone|phone|mobile|fax|lab no|lab number|sample no|specimen no|patient|patient id|uhid|mrn|id|no|ref no|invoice|total|subtotal|amount|qty|quantity|dob|bed|ward|room|year|years)$/i;
const FLAGS: Record<string, string> = { h: "H", high: "H", l: "L", low: "L", hh: "HH", ll: "LL", "h*": "HH", "l*": "LL", n: "N", normal: "N", a: "A", abnormal: "A", "*": "A", critical: "A" };

const NUMBER = String.raw`\d+(?:[.,]\d+)?`;
const LINE = new RegExp(
  String.raw`^(?<name>[A-Za-z][A-Za-z0-9 ,'()\-/+.]*?[A-Za-z)])\s*[:=]?\s+(?<value>[<>]?${NUMBER})(?:\s*(?<unit>(?:x\s?)?10\^?\d+\s*/\s*[A-Za-zµμ]+|%|[A-Za-zµμ][A-Za-z0-9µμ/.^*]*(?:/[A-Za-z0-9µμ.^]+)?))?` +
    String.raw`(?:\s*[\[(]?\s*(?:ref(?:erence)?\.?(?:\s+(?:range|interval))?\s*:?\s*)?(?<low>${NUMBER})\s*(?:-|–|to)\s*(?<high>${NUMBER})\s*[\])]?|\s*[\[(]?\s*(?:ref(?:erence)?\.?(?:\s+(?:range|interval))?\s*:?\s*)?(?<bound>[<>]=?\s*${NUMBER})\s*[\])]?)?` +
    String.raw`(?:\s+(?<flag>HH|LL|H\*|L\*|H|L|N|A|High|Low|Normal|Abnormal|Critical|\*))?\s*$`,
  "i",
);

const num = (s: string) => Number(s.replace(",", "."));

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

/** The test's LOINC code for the name as written (or without a parenthesis), agreeing with the unit. */
function loincFor(name: string, value: string, unit: string | null): LoincChoice {
  const names = [name, name.replace(/\s*\([^)]*\)\s*/g, " ").trim()];
  return loincForUnit(`${name} ${value}`, names, vocabularyLoinc(names), unit);
}

/** The result lines of a document, and a warning for each known test left without a LOINC code. */
export function parseLabResults(text: string): { tests: LabResult[]; warnings: string[] } {
  const results: LabResult[] = [];
  const warnings: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/[|\t]+/g, " ").replace(/\s{2,}/g, " ").trim();
    const m = LINE.exec(line);
    if (!m?.groups) continue;
    const g = m.groups;
    const name = g.name.replace(/\s*[:=.]$/, "").trim();
    if (NOT_TESTS.test(name) || (name.match(/[A-Za-z]/g) ?? []).length < 2) continue;
    const unit = g.unit && !/^(h|l|hh|ll|n|a|high|low|normal)$/i.test(g.unit) ? g.unit.replace(/\s+/g, "") : null;
    const writtenFlag = g.flag ?? (g.unit && !unit ? g.unit : undefined);
    if (!unit && !g.low && !g.bound) continue;
    if (g.value.startsWith("<") || g.value.startsWith(">")) continue; // a censored value ("<0.1") is not a number to chart
    const value = num(g.value);
    const low = g.low ? num(g.low) : g.bound?.startsWith(">") ? num(g.bound.replace(/[<>=\s]/g, "")) : null;
    const high = g.high ? num(g.high) : g.bound?.startsWith("<") ? num(g.bound.replace(/[<>=\s]/g, "")) : null;
    const reference = g.low ? `${g.low}-${g.high}` : g.bound ? g.bound.replace(/\s+/g, "") : null;
    let abnormalFlag: string | null = writtenFlag ? (FLAGS[writtenFlag.toLowerCase()] ?? null) : null;
    let flagSource: LabResult["flagSource"] = abnormalFlag ? "document" : null;
    if (!abnormalFlag && (low !== null || high !== null)) {
      abnormalFlag = low !== null && value < low ? "L" : high !== null && value > high ? "H" : "N";
      flagSource = "reference_range";
    }
    const loinc = loincFor(name, g.value, unit);
    if (loinc.warning) warnings.push(loinc.warning);
    results.push({ name, value, unit, reference, low, high, abnormalFlag, flagSource, loincCode: loinc.code, loincDisplay: loinc.display });
  }
  return { tests: results, warnings };
}
