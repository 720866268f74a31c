import { readFileSync } from "node:fs";
import { normaliseUnit } from "../critical-values/critical-values.engine.js";
import { phraseKeys } from "../extraction/text.js";
import { labLimitsTest, labLimitsTestNamed, otherSpecimenInReport, textWords } from "./lab-limits-names.js";

/**
 * The property a unit measures, as LOINC names it: [Moles/volume], [Mass/volume], /100 leukocytes
 * (fraction), [#/volume] (count), [Log #/volume]; activity (U/L) and other result units choose no code.
 */
export type UnitProperty = "molar" | "mass" | "fraction" | "count" | "log_count" | "activity" | "other";
/** Properties an analyte can have a code for in knowledge/lab-loinc-units.json. */
export type CodedProperty = "molar" | "mass" | "fraction" | "count";

interface Coding {
  loinc: string;
  display: string;
}

/** A range of values a real result can take, in the unit written beside it (either end may be null). */
export interface UnitRange {
  low: number | null;
  high: number | null;
  unit: string;
  source: string;
}

/** The highest value documented in a living patient: above it a result is read with a warning to verify it. */
export interface HighestDocumented {
  value: number;
  unit: string;
  /** Short form for the warning ("Soni et al., Diabetes Care 1990"). */
  citation: string;
  source: string;
}

export type Analyte = { id: string; names: string[]; source: string; molar_mass?: { g_per_mol: number; source: string }; possible_range?: UnitRange; verify_above?: HighestDocumented } & Partial<Record<CodedProperty, Coding>>;

interface LoincUnits {
  name: string;
  version: string;
  units: Record<UnitProperty, string[]>;
  /** Factor from each molar spelling to mol/L and each mass spelling to g/L (UCUM prefixes). */
  scale: { molar: Record<string, number>; mass: Record<string, number>; source: string };
  analytes: Analyte[];
  /**
   * Names that are tests of several specimens. by_report_specimen: for a name, the words that, said by the
   * line or the report's specimen context, make it the lab-limits test it names; specimen_context_words: the
   * words that make a line the report's specimen context.
   */
  specimen_ambiguous: { names: string[]; by_report_specimen: Record<string, string[]>; specimen_context_words: { blood: string[]; not_blood: string[] } };
}

/** The unit properties, the unit-dependent codes and their sources (knowledge/lab-loinc-units.json), read once. */
const LOINC_UNITS = JSON.parse(readFileSync(new URL("../knowledge/lab-loinc-units.json", import.meta.url), "utf8")) as LoincUnits;
export const LOINC_UNITS_VERSION = `${LOINC_UNITS.name}@${LOINC_UNITS.version}`;

const PROPERTIES = ["molar", "mass", "fraction", "count", "log_count", "activity", "other"] as const;
const CODED: readonly CodedProperty[] = ["molar", "mass", "fraction", "count"];
const nameKey = (name: string) => phraseKeys(name).join(" ");
const analyteByName = new Map(LOINC_UNITS.analytes.flatMap((a) => a.names.map((n) => [nameKey(n), a] as const)));
const analyteByCode = new Map(LOINC_UNITS.analytes.flatMap((a) => CODED.flatMap((p) => (a[p] ? [[a[p].loinc, a] as const] : []))));
const propertyByUnit = new Map(PROPERTIES.flatMap((p) => LOINC_UNITS.units[p].map((u) => [u, p] as const)));
const specimenAmbiguous = new Set(LOINC_UNITS.specimen_ambiguous.names.map(nameKey));
const notBloodWords = new Set(LOINC_UNITS.specimen_ambiguous.specimen_context_words.not_blood);
const specimenContextWords = new Set([...LOINC_UNITS.specimen_ambiguous.specimen_context_words.blood, ...notBloodWords]);
// The file's own rules: a conversion or a range without its source is refused at start.
for (const a of LOINC_UNITS.analytes) {
  if (a.molar_mass && !(a.molar_mass.g_per_mol > 0 && a.molar_mass.source)) throw new Error(`knowledge/lab-loinc-units.json: ${a.id}.molar_mass needs g_per_mol > 0 and a source`);
  const r = a.possible_range;
  if (r && (!r.source || !r.unit || (r.low === null && r.high === null) || (r.low !== null && r.high !== null && r.low >= r.high))) throw new Error(`knowledge/lab-loinc-units.json: ${a.id}.possible_range needs a unit, a source and low < high`);
  const v = a.verify_above;
  if (v && (!v.source || !v.citation || !(v.value > 0) || scaleOf(v.unit) === undefined)) throw new Error(`knowledge/lab-loinc-units.json: ${a.id}.verify_above needs a value, a unit with a scale, a citation and a source`);
  if (r && scaleOf(r.unit) === undefined) throw new Error(`knowledge/lab-loinc-units.json: ${a.id}.possible_range.unit "${r.unit}" has no scale`);
}

/**
 * One spelling of a unit as written on a report, for lookup: the critical-values engine's notation
 * rules ("µmol/L" → "umol/l", "×10⁹/L" → "x10^9/l", "/cmm" → "/mm3") plus the power-of-ten forms
 * without the "x" (UCUM writes 10*9/L; reports write x10^9/L, x10e9/L, 10^9/L) and "log10 copies/mL".
 */
export function canonicalUnit(unit: string): string {
  if (unit.trim() === "%") return "%";
  return normaliseUnit(unit)
    // "mg/L FEU", "ng/mL (FEU)": the basis of a D-dimer result, as a UCUM annotation ("mg/l{feu}").
    .replace(/[({]?(feu|ddu)[)}]?$/, "{$1}")
    .replace(/^x?10(?:\^|\*|e)?(\d+)/, (_, p: string) => `10^${p}`)
    .replace(/^10\^(\d+)\/(?:cu\.?mm|cmm|mm\^3)$/, "10^$1/mm3")
    .replace(/^(cells|parasites)\/(?:cu\.?mm|cmm)$/, "$1/mm3");
}

/**
 * Why a unit cannot be read as written, or null when it can. UCUM prefixes are case-sensitive (m milli,
 * M mega): "Mmol/L" is megamoles, a misread of "µmol/L" or "mmol/L" that must not choose a molar code.
 * A unit written wholly in capitals is UCUM's case-insensitive form ("MMOL/L" = mmol/L).
 */
export function impossibleUnit(unit: string): string | null {
  if (unit === unit.toUpperCase()) return null;
  if (/(?:^|[^A-Za-z])M(?:mol|g|l|L|Eq|eq|U|IU)(?![a-z])/.test(unit)) return `"${unit}" is not a lab unit (UCUM prefixes are case-sensitive: M is mega; the report probably says mmol or µmol)`;
  return null;
}

/** The UCUM annotation of a unit ("feu" of "mg/L FEU"), or null. */
export function unitAnnotation(unit: string | null | undefined): string | null {
  return unit ? (/\{([a-z]+)\}$/.exec(canonicalUnit(unit))?.[1] ?? null) : null;
}

/** Does a line name a specimen (knowledge/lab-loinc-units.json specimen_context_words)? Such a line, when it is not a result, is the report's specimen context. */
export function mentionsSpecimen(line: string): boolean {
  return textWords(line).some((w) => specimenContextWords.has(w));
}

/**
 * Does the report's specimen context (or the line) say the specimen of an ambiguous name's lab-limits test
 * ("Sample: Arterial", "ARTERIAL BLOOD GAS" before "pH")? Only with one of by_report_specimen's words and no
 * other specimen word ("Urine" or "Venous" after "BLOOD GAS" is another specimen).
 */
function specimenStated(name: string, reportSpecimen: string | null): boolean {
  const own = LOINC_UNITS.specimen_ambiguous.by_report_specimen[nameKey(name)];
  const said = textWords(reportSpecimen);
  return Boolean(own) && said.some((w) => own.includes(w)) && !said.some((w) => specimenContextWords.has(w) && !own.includes(w));
}

/** The property of a recognised lab unit, or null when the unit is not a lab result unit (currency, kg, cm, a dose in mg). */
export function unitProperty(unit: string | null): UnitProperty | null {
  return unit && !impossibleUnit(unit) ? (propertyByUnit.get(canonicalUnit(unit)) ?? null) : null;
}

/** The property a LOINC long name states; null for kinds no unit here decides (entitic volume, ratios, times, rates). */
function codeProperty(display: string): UnitProperty | "presence" | null {
  if (/\[Moles\/volume\]/i.test(display)) return "molar";
  if (/\[Mass\/volume\]/i.test(display)) return "mass";
  if (/\[Log #\/volume\]/i.test(display)) return "log_count";
  if (/\[#\/volume\]/i.test(display)) return "count";
  if (/\/100 leukocytes/i.test(display)) return "fraction";
  if (/\[(?:Enzymatic activity|Units)\/volume\]/i.test(display)) return "activity";
  if (/\[Presence\]/i.test(display)) return "presence";
  return null;
}

/** The property and the factor to mol/L or g/L of a molar or mass unit, as spelled on a report; undefined for other units. */
export function scaleOf(unit: string | null | undefined): { property: "molar" | "mass"; factor: number } | undefined {
  if (!unit || impossibleUnit(unit)) return undefined;
  const u = canonicalUnit(unit);
  if (LOINC_UNITS.scale.molar[u] !== undefined) return { property: "molar", factor: LOINC_UNITS.scale.molar[u] };
  if (LOINC_UNITS.scale.mass[u] !== undefined) return { property: "mass", factor: LOINC_UNITS.scale.mass[u] };
  return undefined;
}

/**
 * A value written in one unit expressed in another, or undefined when that cannot be done exactly: both
 * must be molar or mass spellings, and between the two properties the analyte's molar mass is needed
 * (g/L = mol/L × g/mol). Never a guess: a unit without a scale (U/L, %, counts, meq/L) converts to nothing.
 */
export function convertQuantity(value: number, from: string | null, to: string, analyte: Analyte | undefined): number | undefined {
  const a = scaleOf(from);
  const b = scaleOf(to);
  // FEU and DDU (and an unannotated mass) are different quantities: no factor between them.
  if (!a || !b || unitAnnotation(from) !== unitAnnotation(to)) return undefined;
  const base = value * a.factor;
  if (a.property === b.property) return base / b.factor;
  const grams = analyte?.molar_mass?.g_per_mol;
  if (!grams) return undefined;
  return (a.property === "molar" ? base * grams : base / grams) / b.factor;
}

export interface LoincChoice {
  code: string | null;
  display: string | null;
  /** The unit-dependent analyte (knowledge/lab-loinc-units.json) the line names, whatever code was chosen. */
  analyte?: Analyte;
  /** Why no code was given although the test is known (missing unit, unit of another property, no sourced code). */
  warning: string | null;
}

const none = (warning: string | null): LoincChoice => ({ code: null, display: null, warning });

/**
 * The LOINC code of a result line that agrees with its unit. An analyte of knowledge/lab-loinc-units.json
 * (found by the line's names, else by the code the vocabulary gave the name) takes its code of the unit's
 * property: molar or mass ("urea" is urea, never urea nitrogen), fraction or count (neutrophils % →
 * 770-8, ×10⁹/L → 751-8). A vocabulary code is kept only when its property agrees with the unit's: a
 * [Presence] code never codes a number, a [#/volume] code never a %, a molar or mass code needs a unit
 * of its kind. Names that are both dipstick pads and serum tests (ketones, protein) get no code. Every
 * refusal is a warning: never a guess.
 */
export function loincForUnit(line: string, names: string[], vocabularyHit: { code: string; display: string } | null, unit: string | null, reportSpecimen: string | null = null): LoincChoice {
  const ambiguous = names.find((n) => specimenAmbiguous.has(nameKey(n)));
  // Without a vocabulary code, the lab-limits test the name names (pCO2, ionised calcium), so that the
  // digitized result and a critical-value request agree; an ambiguous name ("pH") only where the specimen is said.
  const notBlood = textWords(reportSpecimen).some((w) => notBloodWords.has(w));
  const named = vocabularyHit || notBlood || (ambiguous && !specimenStated(ambiguous, `${names[0]} ${reportSpecimen ?? ""}`)) ? undefined : labLimitsTestNamed(names, unit);
  const hit = vocabularyHit ?? (named ? { code: named.loinc, display: named.display } : null);
  const analyte = names.map((n) => analyteByName.get(nameKey(n))).find(Boolean) ?? (hit ? analyteByCode.get(hit.code) : undefined);
  const property = unitProperty(unit);
  const written = `"${line}" ${unit ? `in ${unit}` : "without a unit"}`;
  if (analyte) {
    const coding = property && property !== "log_count" && property !== "activity" && property !== "other" ? analyte[property] : undefined;
    if (coding) return { code: coding.loinc, display: coding.display, warning: null, analyte };
    const codes = CODED.flatMap((p) => (analyte[p] ? [`${p === "fraction" ? "%" : p} units ${analyte[p].loinc}`] : [])).join(", ");
    return { ...none(`${written}: LOINC left empty, the code depends on the unit (${codes})${property ? `; no ${property} code is sourced` : ""}`), analyte };
  }
  if (ambiguous && !named) {
    return none(`${written}: LOINC left empty, the line does not say whether it is a urine dipstick or a serum test${LOINC_UNITS.specimen_ambiguous.by_report_specimen[nameKey(ambiguous)] ? " (or arterial blood, semen, a body fluid), nor does the report's specimen line" : ""}${vocabularyHit ? ` (${vocabularyHit.code} is ${vocabularyHit.display})` : ""}`);
  }
  if (!hit) return none(null);
  const test = labLimitsTest(hit.code);
  const other = test && otherSpecimenInReport(test, reportSpecimen);
  if (other) return none(`${written}: LOINC left empty, the report's specimen says ${other} and ${hit.code} is ${hit.display}: another specimen has another code`);
  const needed = codeProperty(hit.display);
  const kind = needed === "presence" ? "is a presence (positive/negative) code, not a measured quantity" : `needs a ${needed === "fraction" ? "% of leukocytes" : needed?.replace("_", " ")} unit`;
  const agrees = !needed || needed === property || (!property && needed !== "molar" && needed !== "mass" && needed !== "presence");
  if (!agrees) return none(`${written}: LOINC left empty, ${hit.code} (${hit.display}) ${kind} and no code of the unit's kind is sourced`);
  return basisMismatch(written, hit, unit) ?? { ...hit, warning: null };
}

/**
 * A code whose long name states a D-dimer basis (FEU, DDU) needs a unit annotated with it: "mg/L" alone
 * does not say which quantity was measured, and FEU is not DDU (no factor between them). Null when they agree.
 */
function basisMismatch(written: string, hit: { code: string; display: string }, unit: string | null): LoincChoice | null {
  const basis = /\b(FEU|DDU)\b/.exec(hit.display)?.[1];
  const said = unitAnnotation(unit);
  if (!basis || said === basis.toLowerCase()) return null;
  const problem = said ? `the unit says ${said.toUpperCase()}, a different quantity` : "the unit does not say FEU or DDU";
  return none(`${written}: LOINC left empty, ${hit.code} (${hit.display}) is in ${basis} and ${problem}`);
}
