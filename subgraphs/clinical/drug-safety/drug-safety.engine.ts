import { drugKeys, selectorKey, type AllergyName } from "../knowledge/drug-safety-index.js";
import { normaliseName, type Knowledge } from "../knowledge/knowledge.js";
import { allergyBySpelling, drugBySpelling } from "./drug-name-spelling.js";
import { isLocalPreparationName, localAware, lookupName, nameCandidates } from "./drug-name-reading.js";
import { ambiguityWarning, ambiguousAbbreviationOf } from "./ambiguous-drug-names.js";
import { SEVERITY_RANK, type AgeBound, type AgeRule, type Allergen, type ConditionRule, type DrugClass, type DrugEntry, type DrugSelector, type InteractionRule, type Severity } from "../knowledge/knowledge.types.js";
import { matchConditionRule } from "./egfr-rules.js";

export const DRUG_SAFETY_ENGINE_VERSION = "drug-safety-engine@1.11.0";

export { isLocalPreparationName };

export interface MedicationRef {
  code?: string | null;
  name: string;
}

export interface IdentifiedDrug {
  input: MedicationRef;
  drug: DrugEntry;
  /** `spelling`: the name is one slip from a known name ("Doxycyline"): checked as that drug, reported, and the check is not safe. */
  matchedBy: "rxcui" | "name" | "spelling";
  /**
   * Why the code given does not confirm the drug, or null when it does or no code was given:
   * `names_other_drug` (the code is another drug's RxCUI, or the name is another drug than the code's),
   * `not_drug_code` (the drug has a different RxCUI), `unknown_code` (a code the knowledge base does
   * not hold, so it cannot say which drug the code names). Any of them makes a drug check not safe.
   */
  codeConflict: "names_other_drug" | "not_drug_code" | "unknown_code" | null;
}

export interface Finding {
  type: "drug-drug" | "drug-condition" | "drug-allergy" | "drug-age";
  severity: Severity;
  drugs: string[];
  description: string;
  recommendation: string;
  mechanism: string | null;
  source: string;
  ruleId: string;
}

export interface Contraindication {
  drug: string;
  conditionCode: string;
  condition: string;
  severity: Severity;
  description: string;
  recommendation: string;
  source: string;
  ruleId: string;
}

export interface AllergyAlert {
  drug: string;
  allergen: string;
  allergenGroup: string | null;
  /** same_drug, same_class or cross_class. */
  crossReactivity: "same_drug" | "same_class" | "cross_class";
  severity: Severity;
  description: string;
  recommendation: string;
  source: string;
}

/** A drug-age finding (knowledge/drug-age.json): the new medication at the patient's age. */
export interface AgeAlert {
  drug: string;
  /** The age band of the rule, in words ("Children under 12 years"). */
  population: string;
  severity: Severity;
  description: string;
  recommendation: string;
  source: string;
  ruleId: string;
}

/**
 * A patient's age as the age rules compare it: `years` against bounds in years, `days` against bounds in
 * days. From a birth date: completed calendar years and days since birth (`ageOnDate`, lib/calendar.ts); from an
 * age in years (fractional for infants): the years as given and years x 365.25 days (`ageFromYears`).
 */
export interface PatientAge {
  years: number;
  days: number;
}


/** An age given in years (0.5 for six months): compared as given against year bounds, as years x 365.25 (whole days) against day bounds. */
export const ageFromYears = (years: number): PatientAge => ({ years, days: Math.floor(years * 365.25 + 1e-9) }); // 1e-9: (28 / 365.25) x 365.25 is 28 days, not 27.999…

/** The age is on the band's side of a bound (`min`: at or above; `max`: at or below; `inclusive` says whether the bound itself is in). */
function withinBound(age: PatientAge, bound: AgeBound | undefined, side: "min" | "max"): boolean {
  if (!bound) return true;
  const [value, limit] = bound.years !== undefined ? [age.years, bound.years] : [age.days, bound.days!];
  if (value === limit) return bound.inclusive;
  return side === "min" ? value > limit : value < limit;
}

/** The age is in the band of a rule (drug-age.json) or of a paediatric dose limit (drugs.json): one reading of `min`/`max`. */
export const ageInBand = (banded: { age: Pick<AgeRule["age"], "min" | "max"> }, age: PatientAge) => withinBound(age, banded.age.min, "min") && withinBound(age, banded.age.max, "max");

/**
 * Counts the knowledge entries a check looked at (rules, allergen and drug names, cross-reactivity
 * rules). Tests pass one to show a check does lookups: the count follows the drugs given, not the
 * size of the knowledge base.
 */
export interface EngineWork {
  entriesExamined: number;
}

export interface DrugSafetyRequest {
  newMedication: MedicationRef;
  currentMedications: MedicationRef[];
  conditions: string[];
  allergies: string[];
  /** The patient's age; absent or null: the age rules are not applied (reported in `ageRulesNotChecked`). */
  age?: PatientAge | null;
  /**
   * The patient's administrative sex (female, male, other, unknown: HL7 FHIR AdministrativeGender). An age rule for
   * one sex (valproate in women of childbearing potential) applies only when the sex is that one; when it is not
   * female or male, the rule is not applied and a warning says so.
   */
  sex?: string | null;
  /** The patient's eGFR (mL/min/1.73 m²): renal rules with an `egfr_below` apply below it without a diagnosis. */
  egfr?: number | null;
}

export interface DrugSafetyResult {
  safe: boolean;
  interactions: Finding[];
  contraindications: Contraindication[];
  allergyAlerts: AllergyAlert[];
  /** Medications that matched no code or name in the knowledge base: they were NOT checked. */
  unidentifiedMedications: { code: string | null; name: string }[];
  /** Allergy entries that matched no allergen group or drug (only exact-name matches were possible). */
  unrecognizedAllergies: string[];
  identified: { code: string | null; name: string; drugId: string; matchedBy: string }[];
  warnings: string[];
  /** Drug-age findings for the new medication at the patient's age. */
  ageAlerts: AgeAlert[];
  /** With no age given: the age bands of the new medication's rules that were therefore not checked (empty when it has none). */
  ageRulesNotChecked: string[];
}

/** The keys a drug answers to, its components' included (a combination answers to its ingredients' rules). */
const keysOf = (k: Knowledge, d: DrugEntry) => k.drugSafety.keysByDrug.get(d.id) ?? drugKeys(d);

/**
 * Identifies a medication by RxCUI first, then by name. A code that does not confirm the drug is
 * reported (a warning and `codeConflict`): one naming another drug, one that is not the named drug's
 * RxCUI, and one the knowledge base does not hold (it may name another drug: RxCUI 6813 is methadone,
 * whatever the name says). A name no exact lookup knows may still be read through one spelling slip
 * (`drug-name-spelling.ts`): `matchedBy: "spelling"`, with a warning.
 */
export function identifyDrug(k: Knowledge, med: MedicationRef, warnings: string[]): IdentifiedDrug | undefined {
  const code = med.code?.trim();
  const byCode = code ? k.drugs.byRxcui.get(code) : undefined;
  // An abbreviation that names several drugs ("CTX") is never read as one of them: said, and not checked.
  const ambiguous = byCode ? undefined : ambiguousAbbreviationOf(med.name);
  if (ambiguous) {
    warnings.push(ambiguityWarning(med.name, ambiguous));
    return undefined;
  }
  const exact = localAware(med.name, lookupName(k, med.name));
  const spelled = exact || byCode ? undefined : bySpelling(k, med, warnings);
  const byName = exact ?? spelled;
  if (byCode) {
    if (byName && byName.id !== byCode.id) {
      warnings.push(`Code ${code} is ${byCode.name} (RxNorm) but the name given is "${med.name}" (${byName.name}): checked as ${byCode.name}; confirm which drug is meant`);
      return { input: med, drug: byCode, matchedBy: "rxcui", codeConflict: "names_other_drug" };
    }
    return { input: med, drug: byCode, matchedBy: "rxcui", codeConflict: null };
  }
  if (byName) {
    if (code && byName.rxcui) {
      warnings.push(`"${med.name}" has RxCUI ${byName.rxcui}, not ${code}: checked as ${byName.name}; confirm the code`);
      return { input: med, drug: byName, matchedBy: "name", codeConflict: "not_drug_code" };
    }
    if (code) {
      warnings.push(`Code ${code} is not in the drug knowledge base, so it could not be confirmed as ${byName.name}: checked as ${byName.name} by name; confirm which drug is meant`);
      return { input: med, drug: byName, matchedBy: "name", codeConflict: "unknown_code" };
    }
    return { input: med, drug: byName, matchedBy: spelled ? "spelling" : "name", codeConflict: null };
  }
  return undefined;
}

/**
 * A name no exact lookup knows, read as the one drug it is a slip away from ("Doxycyline" → Doxycycline), with a
 * warning to confirm; an eye, ear or skin preparation only as a local entry.
 */
function bySpelling(k: Knowledge, med: MedicationRef, warnings: string[]): DrugEntry | undefined {
  const found = drugBySpelling(k, med.name, nameCandidates);
  const drug = localAware(med.name, found?.drug);
  if (!found || !drug) return undefined;
  const how = found.by === "slip" ? "is one spelling slip from" : "sounds like";
  warnings.push(`"${med.name}" is not a known name: read as ${drug.name} ("${found.written}" ${how} "${found.knownName}"); confirm the drug`);
  return drug;
}

/**
 * The ATC-coded therapeutic classes two different drugs share: duplicate therapy (two NSAIDs, two
 * sulfonamide antibacterials). Classes without an ATC code are our rule-only groupings
 * ("QT-prolonging", "strong CYP3A4 inhibitors"): interactions, not duplicates; nor are classes given
 * together by design (`combined_by_design`: RHZE, an ACT with primaquine, a PI with ritonavir, DAPT). The drug check and
 * prescription verification both use this one definition.
 */
export function sharedTherapeuticClasses(k: Knowledge, a: DrugEntry, b: DrugEntry): DrugClass[] {
  return a.classes.filter((c) => b.classes.includes(c)).flatMap((c) => {
    const cls = k.drugs.classes.get(c);
    // A class whose members make up the standard regimen (TB, malaria, boosted PIs, DAPT) is no duplication.
    return cls?.atc && !cls.combined_by_design ? [cls] : [];
  });
}

/** Rule id of a same-class duplicate finding (prescription verification reports these as duplicateTherapy). */
export const DUPLICATE_CLASS_RULE = "duplicate-class";

const specificity = (s: DrugSelector) => ("drug" in s ? 1 : 0);
const bySeverity = <T extends { severity: Severity }>(a: T, b: T) => SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity];

/** The entries of some of the index's lists, each once, in the files' order (the tie-breaks follow it). */
function collect<T extends object>(k: Knowledge, lists: (T[] | undefined)[], work?: EngineWork): T[] {
  const found = [...new Set(lists.flatMap((l) => l ?? []))];
  if (work) work.entriesExamined += found.length;
  const order = k.drugSafety.order;
  return found.sort((a, b) => order.get(a)! - order.get(b)!);
}

/**
 * The one rule that best describes a pair: the most specific matching rule, then the most severe. A rule of three
 * (`only_with`: NSAID + diuretic with an ACE inhibitor or ARB) counts only when the pair or one of the `others` checked
 * with it answers to its third selector; without `others` it never does.
 */
export function interactionBetween(k: Knowledge, x: DrugEntry, y: DrugEntry, work?: EngineWork, others: DrugEntry[] = []) {
  const ys = keysOf(k, y);
  const present = new Set([x, y, ...others].flatMap((d) => keysOf(k, d)));
  const thirdPresent = (r: InteractionRule) => !r.only_with || r.only_with.some((s) => present.has(selectorKey(s)));
  const matches = collect(k, keysOf(k, x).flatMap((a) => ys.map((b) => k.drugSafety.interactionsByPair.get(`${a}|${b}`))), work).filter(thirdPresent);
  if (!matches.length) return undefined;
  const top = Math.max(...matches.map((r) => specificity(r.a) + specificity(r.b)));
  return matches.filter((r) => specificity(r.a) + specificity(r.b) === top).sort(bySeverity)[0];
}

/** ICD-10 as compared by the rules: upper case, no dot ("n18.3" → "N183"). */
export const compactIcd10 = (code: string) => code.toUpperCase().replace(/\./g, "").trim();

/**
 * A code (compact) matches a rule by prefix, or exactly (a bare category such as N18, stage not
 * given), unless it starts with one of the rule's exclusions (O72, O85-O92: the puerperium is no pregnancy).
 */
export const conditionMatches = (rule: ConditionRule, code: string) =>
  !(rule.icd10_exclude_prefixes?.some((p) => code.startsWith(p)) ?? false) &&
  (rule.icd10_prefixes.some((p) => code.startsWith(p)) || (rule.icd10_codes?.includes(code) ?? false));

/** One of the codes is an indication the rule names (`unless_icd10_prefixes`): the drug is given for it, so the rule does not apply. */
export const givenForItsIndication = (rule: ConditionRule, codes: string[]) =>
  rule.unless_icd10_prefixes?.some((p) => codes.some((c) => compactIcd10(c).startsWith(p))) ?? false;

function conditionFindings(k: Knowledge, drug: DrugEntry, conditions: string[], egfr: number | null | undefined, work?: EngineWork): Contraindication[] {
  const out: Contraindication[] = [];
  for (const rule of collect(k, keysOf(k, drug).map((key) => k.drugSafety.conditionRulesByKey.get(key)), work)) {
    // A diagnosis, or for a renal rule the patient's eGFR below its threshold (egfr-rules.ts): one finding a rule.
    const match = matchConditionRule(rule, conditions, egfr, conditionMatches, compactIcd10);
    if (match && !givenForItsIndication(rule, conditions)) {
      out.push({ drug: drug.name, ...match, severity: rule.severity, description: rule.description, recommendation: rule.recommendation, source: rule.source, ruleId: rule.id });
    }
  }
  return out;
}

/**
 * The drug-age rules of the drug (its components' included) whose band holds the age and whose extra
 * conditions hold: one of `with_current` among the identified current medications, one of
 * `with_icd10_prefixes` among the conditions; none of `unless_icd10_prefixes` (an indication) among them; none of
 * `unless_condition_rules` among the drug-condition findings; the patient of the rule's `sex`, if it names one.
 */
function ageFindings(k: Knowledge, drug: DrugEntry, patient: { age: PatientAge; sex?: string | null }, current: DrugEntry[], conditions: string[], reported: Contraindication[], warnings: string[], work?: EngineWork): AgeAlert[] {
  const { age, sex } = patient;
  const conditionRulesReported = new Set(reported.map((c) => c.ruleId));
  const codes = conditions.map(compactIcd10);
  const currentKeys = new Set(current.flatMap((d) => keysOf(k, d)));
  const out: AgeAlert[] = [];
  for (const rule of ageRulesOf(k, drug, work)) {
    if (!ageInBand(rule, age)) continue;
    if (rule.with_current && !rule.with_current.some((s) => currentKeys.has(selectorKey(s)))) continue;
    if (rule.with_icd10_prefixes && !rule.with_icd10_prefixes.some((p) => codes.some((c) => c.startsWith(p)))) continue;
    if (rule.unless_icd10_prefixes?.some((p) => codes.some((c) => c.startsWith(p)))) continue;
    if (rule.unless_condition_rules?.some((id) => conditionRulesReported.has(id))) continue;
    if (rule.sex && rule.sex !== sex) {
      if (sex !== "female" && sex !== "male") warnings.push(`Sex not known: the rule for ${rule.population} of ${drug.name} was not checked; give the patient's sex`);
      continue;
    }
    out.push({ drug: drug.name, population: rule.population, severity: rule.severity, description: rule.description, recommendation: rule.recommendation, source: rule.source, ruleId: rule.id });
  }
  return out;
}

/** The drug-age rules a drug answers to (its own, its classes', its components'), in the file's order. */
export const ageRulesOf = (k: Knowledge, drug: DrugEntry, work?: EngineWork) => collect(k, keysOf(k, drug).map((key) => k.drugSafety.ageRulesByKey.get(key)), work);

/**
 * What an allergy entry names: an allergen group or a drug, by its whole text ("Penicillins",
 * "Amoxicillin 500 mg"), or else every allergen-group or drug name found as whole words inside it
 * ("sulfa allergy", "Penicillin (anaphylaxis)", "amoxicillin and sulfa"); longer names win over the
 * names they contain ("penicillin v" over "penicillin").
 */
export function allergensIn(k: Knowledge, allergy: string, work?: EngineWork): { group?: Allergen; drug?: DrugEntry }[] {
  const group = k.allergens.byName.get(normaliseName(allergy));
  if (group) return [{ group }];
  const drug = lookupName(k, allergy);
  if (drug) return [{ drug }];
  // Every run of whole words that is a known name (names are at most allergyNameMaxWords words long).
  const words = normaliseName(allergy).split(" ").filter(Boolean);
  const { allergyNames, allergyNameMaxWords } = k.drugSafety;
  const found = new Set<AllergyName>();
  for (let i = 0; i < words.length; i++) {
    for (let n = 1; n <= allergyNameMaxWords && i + n <= words.length; n++) {
      for (const h of allergyNames.get(words.slice(i, i + n).join(" ")) ?? []) found.add(h);
    }
  }
  if (work) work.entriesExamined += found.size;
  const hits = [...found].sort((a, b) => a.rank - b.rank);
  const kept = hits.filter((h) => !hits.some((o) => o.name.length > h.name.length && ` ${o.name} `.includes(` ${h.name} `)));
  const seen = new Set<string>();
  return kept.filter((h) => {
    const key = h.group ? `g:${h.group.id}` : `d:${h.drug!.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** What reading the allergy entries left uncertain: entries not read at all, and entries read through a spelling slip. */
interface AllergyReading {
  unrecognized: string[];
  spelled: string[];
  warnings: string[];
}

/**
 * The allergens an entry names, or else those it names with one word read through a spelling slip ("penicilin"),
 * which is reported: the reading is not certain, so the check is not safe.
 */
function allergensReadIn(k: Knowledge, allergy: string, reading: AllergyReading, work?: EngineWork) {
  const named = allergensIn(k, allergy, work);
  if (named.length) return named;
  const spelling = allergyBySpelling(k, allergy);
  const spelledNamed = spelling ? allergensIn(k, spelling.corrected, work) : [];
  if (spelling && spelledNamed.length) {
    reading.spelled.push(allergy);
    reading.warnings.push(`Allergy "${allergy}" is not a known name: read as "${spelling.corrected}" ("${spelling.written}" is one spelling slip from "${spelling.knownName}"); confirm the allergy`);
  }
  return spelledNamed;
}

function allergyFindings(k: Knowledge, med: MedicationRef, drug: DrugEntry | undefined, allergies: string[], reading: AllergyReading, work?: EngineWork): AllergyAlert[] {
  const out: AllergyAlert[] = [];
  const medName = normaliseName(med.name);
  for (const allergy of allergies) {
    const named = allergensReadIn(k, allergy, reading, work);
    if (!named.length) {
      reading.unrecognized.push(allergy);
      if (normaliseName(allergy) === medName) {
        out.push({ drug: med.name, allergen: allergy, allergenGroup: null, crossReactivity: "same_drug", severity: "contraindicated", description: `Recorded allergy to ${allergy}, the drug being prescribed.`, recommendation: "Do not give; choose an alternative.", source: "Recorded patient allergy (exact name match)" });
      }
      continue;
    }
    for (const { group, drug: allergyDrug } of named) out.push(...allergyAlertsFor(k, drug, allergy, group, allergyDrug, work));
  }
  return out;
}

/** Alerts for one allergen (a group or a drug) named by the allergy entry `allergy`. */
function allergyAlertsFor(k: Knowledge, drug: DrugEntry | undefined, allergy: string, group: Allergen | undefined, allergyDrug: DrugEntry | undefined, work?: EngineWork): AllergyAlert[] {
  if (!drug) return [];
  const name = group?.name ?? allergyDrug!.name;
  if (allergyDrug && allergyDrug.id === drug.id) {
    return [{ drug: drug.name, allergen: allergy, allergenGroup: null, crossReactivity: "same_drug", severity: "contraindicated", description: `Recorded allergy to ${allergyDrug.name}, the drug being prescribed.`, recommendation: "Do not give; choose an alternative from another class.", source: "Recorded patient allergy" }];
  }
  // A combination and one of its ingredients (isoniazid allergy and RHZE; Septrin allergy and trimethoprim):
  // the same substance, whichever of the two is the allergy.
  const sharedIngredients = allergyDrug ? drug.ingredients.filter((i) => allergyDrug.ingredients.includes(i)) : [];
  if (sharedIngredients.length) {
    return [{ drug: drug.name, allergen: allergy, allergenGroup: null, crossReactivity: "same_drug", severity: "contraindicated", description: `${drug.name} contains ${sharedIngredients.join(", ")}, as does ${allergyDrug!.name}; the patient has a recorded allergy to ${allergy}.`, recommendation: "Do not give; choose an alternative without that ingredient.", source: "Recorded patient allergy; same active ingredient" }];
  }
  // Classes that carry hypersensitivity: the allergen group's, or those of every allergen group the
  // drug named as the allergen belongs to (ibuprofen allergy → the "Aspirin and NSAIDs" group, so aspirin alerts too).
  const allergyClasses = group ? new Set(group.classes) : (k.drugSafety.allergyClassesByDrug.get(allergyDrug!.id) ?? new Set<string>());
  const shared = drug.classes.find((c) => allergyClasses.has(c));
  if (shared) {
    const cls = k.drugs.classes.get(shared)?.name ?? shared;
    return [{ drug: drug.name, allergen: allergy, allergenGroup: name, crossReactivity: "same_class", severity: "contraindicated", description: `${drug.name} belongs to ${cls}; the patient has a recorded allergy to ${allergy}.`, recommendation: "Avoid; choose a drug from another class unless the allergy has been evaluated and removed by a specialist.", source: group?.source ?? "Recorded patient allergy; same pharmacological class" }];
  }
  const cross = collect(k, drug.classes.map((c) => k.drugSafety.crossReactivityByToClass.get(c)), work).find((x) => allergyClasses.has(x.from_class));
  return cross ? [{ drug: drug.name, allergen: allergy, allergenGroup: name, crossReactivity: "cross_class", severity: cross.severity, description: cross.description, recommendation: cross.recommendation, source: cross.source }] : [];
}

/**
 * Checks a new medication against current medications (drug-drug), conditions by ICD-10
 * (drug-condition), allergies with class cross-reactivity (drug-allergy) and, when the age is given, the
 * patient's age (drug-age: paediatric and older-adult rules). A medication the
 * knowledge base cannot identify, or an allergy it cannot interpret, is reported and makes the answer
 * not safe: it was not checked.
 */
export function checkDrugSafety(k: Knowledge, req: DrugSafetyRequest, work?: EngineWork): DrugSafetyResult {
  const warnings: string[] = [];
  const unidentified: MedicationRef[] = [];
  const identify = (m: MedicationRef) => {
    const found = identifyDrug(k, m, warnings);
    if (!found) unidentified.push(m);
    return found;
  };
  const candidate = identify(req.newMedication);
  const current = req.currentMedications.map(identify);

  const interactions: Finding[] = [];
  if (candidate) {
    for (const cur of current) {
      if (!cur) continue;
      if (cur.drug.id === candidate.drug.id) {
        interactions.push({ type: "drug-drug", severity: "moderate", drugs: [candidate.input.name, cur.input.name], description: `Duplicate therapy: ${candidate.drug.name} is already a current medication.`, recommendation: "Confirm the intent; avoid giving the same ingredient twice.", mechanism: "Same ingredient", source: "Therapeutic duplication check (project rule)", ruleId: "duplicate-ingredient" });
        continue;
      }
      // Different products with an active ingredient in common (amoxicillin and co-amoxiclav): a double dose.
      const shared = candidate.drug.ingredients.filter((i) => cur.drug.ingredients.includes(i));
      if (shared.length) {
        interactions.push({ type: "drug-drug", severity: "moderate", drugs: [candidate.input.name, cur.input.name], description: `Duplicate therapy: ${candidate.drug.name} and ${cur.drug.name} both contain ${shared.join(", ")}.`, recommendation: "Confirm the intent; avoid giving the same ingredient twice.", mechanism: "Same ingredient", source: "Therapeutic duplication check (project rule)", ruleId: "duplicate-ingredient" });
      }
      const rule = interactionBetween(k, candidate.drug, cur.drug, work, current.flatMap((c) => (c ? [c.drug] : [])));
      if (!shared.length && !rule) {
        // Two drugs of one ATC-coded class (two penicillins; two statins): the same check as prescription
        // verification, unless a specific interaction rule already reports the pair (Fansidar and Septrin:
        // sp-cotrimoxazole; two NSAIDs: nsaid-nsaid), so one problem gives one alert.
        for (const cls of sharedTherapeuticClasses(k, candidate.drug, cur.drug)) {
          interactions.push({ type: "drug-drug", severity: "moderate", drugs: [candidate.input.name, cur.input.name], description: `Duplicate therapy: ${candidate.drug.name} and ${cur.drug.name} are both ${cls.name} (ATC ${cls.atc}).`, recommendation: "Confirm the intent; two drugs of the same therapeutic class are rarely meant together.", mechanism: "Same therapeutic class", source: `Therapeutic duplication check by ATC class (project rule; WHO ATC classification)`, ruleId: DUPLICATE_CLASS_RULE });
        }
      }
      if (rule) {
        interactions.push({ type: "drug-drug", severity: rule.severity, drugs: [candidate.input.name, cur.input.name], description: rule.description, recommendation: rule.recommendation, mechanism: rule.mechanism, source: rule.source, ruleId: rule.id });
      }
    }
  }
  const contraindications = candidate ? conditionFindings(k, candidate.drug, req.conditions, req.egfr, work) : [];
  for (const c of contraindications) {
    interactions.push({ type: "drug-condition", severity: c.severity, drugs: [req.newMedication.name], description: `${c.condition} (${c.conditionCode}): ${c.description}`, recommendation: c.recommendation, mechanism: null, source: c.source, ruleId: c.ruleId });
  }
  const ageAlerts = candidate && req.age ? ageFindings(k, candidate.drug, { age: req.age, sex: req.sex }, current.flatMap((c) => (c ? [c.drug] : [])), req.conditions, contraindications, warnings, work) : [];
  for (const a of ageAlerts) {
    interactions.push({ type: "drug-age", severity: a.severity, drugs: [req.newMedication.name], description: `${a.population}: ${a.description}`, recommendation: a.recommendation, mechanism: null, source: a.source, ruleId: a.ruleId });
  }
  const ageRulesNotChecked = candidate && !req.age ? [...new Set(ageRulesOf(k, candidate.drug, work).map((r) => r.population))] : [];
  const allergyReading: AllergyReading = { unrecognized: [], spelled: [], warnings };
  const allergyAlerts = allergyFindings(k, req.newMedication, candidate?.drug, req.allergies, allergyReading, work);
  const unrecognizedAllergies = allergyReading.unrecognized;
  for (const a of allergyAlerts) {
    interactions.push({ type: "drug-allergy", severity: a.severity, drugs: [req.newMedication.name], description: a.description, recommendation: a.recommendation, mechanism: a.crossReactivity.replace("_", " "), source: a.source, ruleId: `allergy-${a.crossReactivity}` });
  }
  if (unidentified.length) {
    warnings.push(`Not checked (unknown to knowledge base): ${unidentified.map((m) => (m.code ? `${m.name} [${m.code}]` : m.name)).join(", ")}`);
  }
  // An allergy we cannot read was not checked against the drug: the answer cannot clear it.
  for (const allergy of unrecognizedAllergies) warnings.push(`Allergy not interpreted: "${allergy}" was not checked against ${req.newMedication.name}; confirm what it is before giving`);
  interactions.sort(bySeverity);
  // A code that does not confirm the drug, or a name or allergy read through a spelling slip: what is meant is not certain.
  const mismatch = [candidate, ...current].some((x) => x?.codeConflict || x?.matchedBy === "spelling") || allergyReading.spelled.length > 0;
  return {
    safe: interactions.length === 0 && unidentified.length === 0 && unrecognizedAllergies.length === 0 && !mismatch,
    interactions,
    contraindications: contraindications.sort(bySeverity),
    allergyAlerts: allergyAlerts.sort(bySeverity),
    unidentifiedMedications: unidentified.map((m) => ({ code: m.code ?? null, name: m.name })),
    unrecognizedAllergies,
    identified: [candidate, ...current].filter((x): x is IdentifiedDrug => Boolean(x)).map((x) => ({ code: x.input.code ?? null, name: x.input.name, drugId: x.drug.id, matchedBy: x.matchedBy })),
    warnings,
    ageAlerts: ageAlerts.sort(bySeverity),
    ageRulesNotChecked,
  };
}
