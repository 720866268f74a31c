import { isNameWord, NAME_SEPARATOR, NOT_TESTS, type LabResult } from "./lab-line.js";

/**
 * Antimicrobial susceptibility results as culture reports print them: a table row per antibiotic
 * ("Ceftriaxone  CRO 30  R", "Cloxacillin  24  S", "Gentamicin  S  R" with one column per isolate,
 * "Nitrofurantoin: Sensitive") or lists ("Sensitive to: Ceftriaxone, Gentamicin"). Each is charted as one
 * result per antibiotic (and isolate): its interpretive category as text, the category's rank as value
 * (S 0, I 1, R 2: ordered by decreasing susceptibility, not a quantity), no unit, no reference and no
 * abnormal flag; FHIR carries the category as Observation.interpretation S, I or R
 * (HL7 v3 ObservationInterpretation: http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation,
 * codes S "Susceptible", I "Intermediate", R "Resistant"). The categories are those of CLSI M100
 * (Performance Standards for Antimicrobial Susceptibility Testing), which East African labs follow;
 * a zone diameter or disc code printed beside the category is not charted.
 * docs/decisions/clinical.md, "Document digitization", 2026-11-28 (session 17).
 */
export type SusceptibilityCode = "S" | "I" | "R";

export const SUSCEPTIBILITY: Record<SusceptibilityCode, { text: string; rank: number }> = {
  S: { text: "Susceptible", rank: 0 },
  I: { text: "Intermediate", rank: 1 },
  R: { text: "Resistant", rank: 2 },
};

/** The category a charted result's text names, or null when the result is not a susceptibility. */
export function susceptibilityCodeOf(t: Pick<LabResult, "valueText" | "unit" | "reference">): SusceptibilityCode | null {
  if (t.unit || t.reference) return null;
  const code = (Object.keys(SUSCEPTIBILITY) as SusceptibilityCode[]).find((c) => SUSCEPTIBILITY[c].text === t.valueText);
  return code ?? null;
}

/** A category as printed: the letter in capitals, or the word in any case ("Sensitive", "RESISTANT", "Susceptible"). */
function categoryOf(token: string): SusceptibilityCode | null {
  if (/^[SIR]$/.test(token)) return token as SusceptibilityCode;
  if (/^(?:sensitive|susceptible|sens)$/i.test(token)) return "S";
  if (/^intermediate$/i.test(token)) return "I";
  if (/^(?:resistant|res)$/i.test(token)) return "R";
  return null;
}

/** A line that opens the culture part of a report: a susceptibility table's heading, its column header or key, or the culture itself. */
const TABLE_HEADING = /\b(?:cultures?|sensitivity|sensitivities|susceptibility|susceptibilities|antibiotics?|antimicrobials?|antibiogram|C\s?[&/]\s?S|M\/C\/S|MCS)\b/i;
/** A column not tested in one isolate's column: "-", "--", "NT", "N/A". */
const NOT_TESTED = /^(?:-{1,2}|NT|N\/A|ND)$/;
/** A disc code and potency ("CRO 30", "AMC 20/10", "SXT 1.25/23.75"), a zone diameter ("24", "24mm"), an MIC ("<=0.25", ">=32") or a column unit ("(mm)", "µg"). */
const DISC_CODE = /^[A-Z]{1,4}$/;
const MIDDLE_NUMBER = /^\(?(?:[<>]=?|≤|≥)?\d{1,3}(?:\.\d{1,2})?(?:\/\d{1,3}(?:\.\d{1,2})?)?(?:mm|µg|mcg|ug)?\)?$/;

/**
 * What a row may print after the category: the zone or MIC it was read from, in brackets ("R (17 mm)", "S (MIC 1)",
 * "S (20mm)"), and the phenotype it implies (MRSA, ESBL, VRE, CRE: CLSI M100 screens). Neither is a result of its own.
 */
const AFTER_CATEGORY = /(?<=\s[SIR])(?:\s\((?:MIC\s?[:=]?\s?)?(?:[<>]=?|≤|≥)?\s?\d{1,3}(?:\.\d{1,3})?\s?(?:mm|µg\/mL|ug\/mL|mg\/L)?\))?(?:\s(?:MRSA|ESBL|VRE|CRE))?$/;

/** The antibiotic's name as written, when every token is a word of a name ("Amoxicillin/Clavulanate", "Penicillin G", "Co-trimoxazole"). */
function antibioticName(tokens: string[]): string | null {
  const name = tokens.join(" ").replace(/\s*:$/, "");
  if (!tokens.length || tokens.length > 4 || /[:,;=]/.test(name) || NOT_TESTS.test(name) || (name.match(/[A-Za-z]/g) ?? []).length < 3) return null;
  if (!tokens.every((t, i) => isNameWord(t.replace(/:$/, "")) || (i > 0 && NAME_SEPARATOR.test(t)))) return null;
  // A category word is never part of the name ("Sensitive S" is a key, not a row).
  return tokens.some((t) => categoryOf(t.replace(/:$/, ""))) ? null : name;
}

/** One result per category, named after the antibiotic, and after its isolate column when there are several. */
function resultsOf(name: string, codes: (SusceptibilityCode | null)[]): LabResult[] {
  return codes.flatMap((code, i) => (code ? [susceptibilityResult(codes.length > 1 ? `${name} (isolate ${i + 1})` : name, code)] : []));
}

export function susceptibilityResult(name: string, code: SusceptibilityCode): LabResult {
  const { text, rank } = SUSCEPTIBILITY[code];
  return { name, value: rank, valueText: text, comparator: null, valueHigh: null, unit: null, reference: null, low: null, high: null, abnormalFlag: null, flagSource: null, loincCode: null, loincDisplay: null };
}

/**
 * A row of a susceptibility table: the antibiotic, maybe a disc code with its potency or a zone
 * diameter, then one category per isolate column ("-" where not tested). Read only in the culture part
 * of a report (tableOpen), so "Stage I" or a lone "R" elsewhere is never a susceptibility.
 */
export function readSusceptibilityRow(line: string, tableOpen: boolean): LabResult[] | null {
  if (!tableOpen) return null;
  const tokens = line.replace(AFTER_CATEGORY, "").split(" ");
  let end = tokens.length;
  const codes: (SusceptibilityCode | null)[] = [];
  while (end > 1 && (categoryOf(tokens[end - 1]) || NOT_TESTED.test(tokens[end - 1]))) codes.unshift(categoryOf(tokens[--end]));
  if (!codes.some(Boolean) || codes.length > 4) return null;
  // Right to left: zone diameters and potencies, each maybe preceded by its disc code.
  while (end > 1 && MIDDLE_NUMBER.test(tokens[end - 1])) {
    end--;
    if (end > 1 && DISC_CODE.test(tokens[end - 1])) end--;
  }
  const name = antibioticName(tokens.slice(0, end));
  return name ? resultsOf(name, codes) : null;
}

/** "Sensitive to: Ceftriaxone, Gentamicin and Amikacin", "RESISTANT TO - Ampicillin; Cotrimoxazole", "Intermediate: Ciprofloxacin". */
const LIST = /^(?<category>sensitive|susceptible|resistant|intermediate)(?:\s(?:to|for))?\s?[:\-]\s?(?<items>.+)$/i;

/** The results of a line that lists the antibiotics of one category (in the culture part of a report), or null when the line is not such a list. */
export function readSusceptibilityList(line: string, tableOpen: boolean): LabResult[] | null {
  const m = tableOpen ? LIST.exec(line) : null;
  const code = m?.groups && categoryOf(m.groups.category);
  if (!m?.groups || !code) return null;
  const names = m.groups.items.replace(/\.$/, "").split(/\s?[,;]\s?|\sand\s|\s&\s/i).map((item) => antibioticName(item.trim().split(" ")));
  return names.length && names.every(Boolean) ? names.map((n) => susceptibilityResult(n!, code)) : null;
}

/** Does this line open (or continue) a susceptibility table? */
export const opensSusceptibilityTable = (line: string) => TABLE_HEADING.test(line);
