import { checkDrugSafety, DUPLICATE_CLASS_RULE, identifyDrug, sharedTherapeuticClasses, type AgeAlert, type AllergyAlert, type Contraindication, type Finding, type PatientAge } from "../drug-safety/drug-safety.engine.js";
import type { Knowledge } from "../knowledge/knowledge.js";
import { SEVERITY_RANK, type Severity } from "../knowledge/knowledge.types.js";
import { dosePerTimeOfDay, isCourseOnly } from "../nurse-assistant/medication-schedule.frequency.js";
import { parseFrequency } from "../nurse-assistant/medication-schedule.engine.js";

import { checkAdultMinimum } from "./adult-minimum.js";
import { checkAdultDosePerKg } from "./adult-weight-maximum.js";
import { missingCourseLength } from "./course-length.js";
import { errorProneNotations } from "./error-prone-notation.js";
import { checkDailyDose, dailyTotalAsDose, doseAsGiven, doseInMg, infusionDay, isPerKgDose, mgPerDose, type DoseCheck } from "./daily-dose.js";
import { checkInjectionRoute } from "./injection-route.js";
import { checkIuDoseByAge } from "./iu-dose.js";
import { checkOlderAdultMaximum } from "./older-adult-maximum.js";
import { checkOnceDaily } from "./once-daily.js";
import { checkRenalMaximum } from "./renal-maximum.js";
import { checkRouteSingleDose } from "./route-single-dose.js";
import { checkSingleDose } from "./single-dose.js";
import { checkSingleDoseCourse } from "./single-dose-course.js";
import { checkSummedDailyDoses, type DoseLine } from "./summed-daily-dose.js";
import { checkLaterSteps } from "./taper-steps.js";
import { checkWeightBandDose } from "./weight-band.js";
import { ageInWords, checkWeightDose, CHILD_UNDER_YEARS, type WeightDoseCheck } from "./weight-dose.js";
import { checkWeightMinimum } from "./weight-minimum.js";

export const PRESCRIPTION_VERIFICATION_ENGINE_VERSION = "prescription-verification-engine@1.15.0";

export interface PrescriptionItem {
  code?: string | null;
  name: string;
  dose?: string | null;
  frequency?: string | null;
}

export interface VerificationIssue {
  /** Index of the prescription item, or null for the prescription as a whole. */
  item: number | null;
  field: string | null;
  severity: Severity;
  message: string;
}

export interface DuplicateTherapy {
  drugs: string[];
  drugClass: string;
  atc: string | null;
  /** prescription (two items) or active_medication (an item and a current medicine). */
  against: "prescription" | "active_medication";
}

export type VerifiedItem = {
  name: string;
  code: string | null;
  drugId: string | null;
  matchedBy: string | null;
  dose: string | null;
  doseParseable: boolean;
  frequency: string | null;
  /** once_daily, twice_daily, every_8_hours, prn, prn_every_6_hours, every_4_to_6_hours, once_weekly, stat, … or null when it could not be read. */
  frequencyPattern: string | null;
} & DoseCheck &
  WeightDoseCheck;

export interface PrescriptionVerification {
  /** True only when every item is identified, dosed and timed, and nothing was found. */
  verified: boolean;
  items: VerifiedItem[];
  issues: VerificationIssue[];
  interactions: Finding[];
  contraindications: Contraindication[];
  allergyAlerts: AllergyAlert[];
  /** Drug-age findings of the items at the patient's age (none when no age is known). */
  ageAlerts: AgeAlert[];
  duplicateTherapy: DuplicateTherapy[];
  warnings: string[];
}

/**
 * A dose as written on a prescription: a number and a unit or dose form ("500 mg", "1 g", "4 tablets",
 * "10 mL", "10mls", "2 puffs", "100 micrograms"). A bare number or free text is not a dose we can read.
 */
const DOSE = /^\d+(\.\d+)?(\s*(-|to|\/)\s*\d+(\.\d+)?)?\s*(mgs?|gms?|g|mcg|µg|ug|ng|milligrams?|micrograms?|nanograms?|grams?|mls?|l|iu|units?|mmol|tablets?|tabs?|capsules?|caps?|sachets?|drops?|gtts?|puffs?|suppositor(y|ies)|supps?|pessar(y|ies)|ampoules?|vials?)(\s+.*)?$/i;

export function isParseableDose(dose: string): boolean {
  return DOSE.test(dose.trim());
}

/**
 * The dose a dose-per-time-of-day text stands for: the one strength in the product's name ("Metformin 500mg" "2-1-0": each
 * slot's count is of 500 mg), else the first time's amount and unit ("10U mane 6U nocte": 10 units), else the text.
 */
function unitOfTimedDose(k: Knowledge, written: string, productName: string): string {
  const strength = doseInMg("1 tab", productName);
  if (strength !== null) return `${strength} mg`;
  const parsed = parseFrequency(k.administrationTimes, written);
  const first = parsed.kind === "scheduled" ? parsed.doseAtTimes?.[0] : undefined;
  if (first?.unit) return `${first.amount} ${first.unit === "u" ? "units" : first.unit}`;
  return written;
}

/** How a frequency was read, as `frequencyPattern` names it. */
function frequencyPatternOf(parsed: ReturnType<typeof parseFrequency> | null): string | null {
  if (!parsed || parsed.kind === "unparseable") return null;
  if (parsed.kind === "scheduled") return parsed.pattern;
  if (parsed.kind === "stat") return "stat";
  const every = parsed.interval;
  if (!every) return "prn";
  return every.minHours === every.maxHours ? `prn_every_${every.minHours}_hours` : `every_${every.minHours}_to_${every.maxHours}_hours`;
}

/**
 * Verifies a prescription's items by reusing the engines: identification and drug-drug, drug-condition
 * and drug-allergy checks (drug-safety engine; every item against the later items and the patient's
 * active medicines), frequencies (medication-schedule parser), doses, and duplicate therapy: two
 * medicines in the same ATC-coded therapeutic class; the adult maximum daily dose per item and per
 * ingredient summed across items; for a child (under 18, age known), the day's total against the
 * weight-based maximum (mg/kg a day × weight, capped; weight-dose.ts), or a warning that it was not checked, and against the
 * least for the age and weight (weight-minimum.ts); a single-dose treatment written daily (single-dose-course.ts); an older
 * adult's day's total against the lower maximum for the age (older-adult-maximum.ts) and for the kidney function
 * (the eGFR, renal-maximum.ts; renal drug-condition rules apply from the eGFR too);
 * each dose against the drug's usual adult single dose (mg/micrograms slips, single-dose.ts); and every later
 * step of a taper as its first (taper-steps.ts).
 */
export function verifyPrescription(
  k: Knowledge,
  items: PrescriptionItem[],
  context: { activeMedications: { code?: string | null; name: string }[]; conditions: string[]; allergies: string[]; age?: PatientAge | null; sex?: string | null; weightKg?: number | null; egfr?: number | null },
): PrescriptionVerification {
  const warnings: string[] = [];
  const issues: VerificationIssue[] = [];
  const identified = items.map((it) => identifyDrug(k, { code: it.code, name: it.name }, warnings));
  const active = context.activeMedications.map((m) => ({ med: m, found: identifyDrug(k, m, warnings) }));

  const doseLines: DoseLine[] = [];
  const notWeighed: string[] = [];
  const verifiedItems: VerifiedItem[] = items.map((it, i) => {
    const found = identified[i];
    if (!found) issues.push({ item: i, field: "name", severity: "major", message: `${it.name}${it.code ? ` (${it.code})` : ""} is not in the drug knowledge base: it could not be checked` });
    else if (found.codeConflict === "names_other_drug") issues.push({ item: i, field: "code", severity: "major", message: `Code ${it.code} is ${found.drug.name} (RxNorm), but the name "${it.name}" is another drug: checked as ${found.drug.name}; confirm which drug is meant` });
    else if (found.codeConflict) issues.push({ item: i, field: "code", severity: "moderate", message: `Code ${it.code} is not a known RxNorm code for ${found.drug.name}: identified by name` });
    const written = it.dose?.trim() || null;
    // No frequency, and the dose written per time of day ("2-1-0", "10U mane 6U nocte"): the dose text is the timing,
    // and the dose is one unit of it (the strength in the name) or the first time's amount (session 20).
    // Likewise with only a course as the frequency ("2-2-2-2", "x 3/7"): the dose's timing then the course.
    const writtenFrequency = it.frequency?.trim() || null;
    const timedInDose = (!writtenFrequency || isCourseOnly(writtenFrequency)) && written !== null && dosePerTimeOfDay(written);
    const dose = timedInDose ? unitOfTimedDose(k, written!, it.name) : written;
    // The dose as the checks read it: "ii" is 2 tablets, "5mg/kg" is 5 mg × the patient's weight.
    const asWritten = dose === null ? null : doseAsGiven(dose, context.weightKg, it.name);
    const frequency = timedInDose ? `${written}${writtenFrequency ? ` ${writtenFrequency}` : ""}` : writtenFrequency;
    const parsed = frequency ? parseFrequency(k.administrationTimes, frequency, asWritten) : null;
    // A day's total ("7.5mg/kg/day", "750mg/day" "in 3 divided doses") is read as the dose it divides into.
    // A continuous infusion's rate ("1g/hr") is checked as its 24 hours.
    const infusion = asWritten === null ? null : infusionDay(asWritten);
    const given = asWritten === null ? null : infusion ? infusion.dose : dailyTotalAsDose(asWritten, parsed);
    const parsedForDose = infusion?.frequency ?? parsed;
    const doseParseable = given !== null && isParseableDose(given);
    if (!dose) issues.push({ item: i, field: "dose", severity: "major", message: "No dose given" });
    else if (isPerKgDose(given!)) issues.push({ item: i, field: "dose", severity: "major", message: `"${dose}" is a dose per kg: the patient's weight (patientWeightKg) is needed to work out the dose, and it was not given` });
    else if (!doseParseable) issues.push({ item: i, field: "dose", severity: "major", message: `"${dose}" is not a dose we can read (a number and a unit or form, e.g. 500 mg, 2 tablets)` });
    if (!frequency) issues.push({ item: i, field: "frequency", severity: "major", message: "No frequency given" });
    else if (parsed?.kind === "unparseable") issues.push({ item: i, field: "frequency", severity: "major", message: parsed.reason });
    // A route the product may not be given by (benzathine penicillin IV), and an antibacterial with no course length.
    const route = checkInjectionRoute(found?.drug, it.name, dose, frequency);
    if (route) issues.push({ item: i, field: "route", severity: "major", message: route });
    const course = missingCourseLength(k, found?.drug, it.name, parsed);
    if (course) issues.push({ item: i, field: "duration", severity: "minor", message: course });
    // Notations of the Joint Commission "Do Not Use" list and the ISMP error-prone list (qd, U, IU, "5.0 mg", ".5 mg", µg, cc):
    // read as meant, and reported so that they are rewritten before they are copied (error-prone-notation.ts, session 21).
    for (const n of errorProneNotations(it)) issues.push({ item: i, field: n.field, severity: n.severity, message: n.message });
    // The day's total against the adult maximum (knowledge/drugs.json), where both are known.
    const doseCheck = checkDailyDose(k, found?.drug, it.name, doseParseable ? given : null, parsedForDose);
    doseLines.push({ item: i, drug: found?.drug, name: it.name, dose: doseParseable ? given : null, frequency, parsed: parsedForDose });
    if (doseCheck.doseCheck === "above_adult_maximum") issues.push({ item: i, field: "dose", severity: "major", message: doseCheck.doseCheckNote! });
    else if (doseCheck.doseCheck === "not_checked_unreadable") warnings.push(doseCheck.doseCheckNote!);
    // A child's day's total against the maximum for the weight (the adult maximum alone lets an infant's overdose through).
    const weightCheck = checkWeightDose(found?.drug, it.name, doseParseable ? given : null, doseCheck.dailyDoseMg, { age: context.age, weightKg: context.weightKg });
    if (weightCheck.weightDoseCheck === "above_weight_maximum") issues.push({ item: i, field: "dose", severity: "major", message: weightCheck.weightDoseCheckNote! });
    else if (weightCheck.weightDoseCheck === "not_checked_unreadable" || weightCheck.weightDoseCheck === "not_checked_no_paediatric_maximum") warnings.push(weightCheck.weightDoseCheckNote!);
    else if (weightCheck.weightDoseCheck === "not_checked_no_weight") notWeighed.push(found!.drug.name);
    // A once-daily drug written more often (azithromycin tds).
    const onceDaily = checkOnceDaily(found?.drug, it.name, parsed);
    if (onceDaily) issues.push({ item: i, field: "dose", severity: "major", message: onceDaily });
    // A single-dose treatment (SP for IPTp) written daily or as a course of days.
    const singleCourse = checkSingleDoseCourse(found?.drug, it.name, parsed);
    if (singleCourse) issues.push({ item: i, field: "dose", severity: "major", message: singleCourse });
    // A child's day's total below the least for the age and weight (ceftriaxone 20 mg/kg, zinc 10 mg at 2 years).
    const least = checkWeightMinimum(found?.drug, it.name, doseParseable ? given : null, doseCheck.dailyDoseMg, { age: context.age, weightKg: context.weightKg, scheduled: parsedForDose?.kind === "scheduled" });
    if (least) issues.push({ item: i, field: "dose", severity: "moderate", message: least });
    // An adult dosed by weight (enoxaparin, gentamicin, quinine): the day's total against the most per kg.
    const withinAdultMaximum = doseCheck.doseCheck === "above_adult_maximum" ? null : doseCheck.dailyDoseMg;
    const dosesADay = parsedForDose?.kind === "scheduled" ? parsedForDose.times.length : null;
    const perKg = checkAdultDosePerKg(found?.drug, it.name, withinAdultMaximum, { age: context.age, weightKg: context.weightKg }, dosesADay);
    if (perKg) issues.push({ item: i, field: "dose", severity: "major", message: perKg });
    // An older adult (tramadol over 75 years, digoxin, zolpidem): the day's total against the lower maximum for the age.
    const older = checkOlderAdultMaximum(found?.drug, it.name, withinAdultMaximum, context.age);
    if (older) issues.push({ item: i, field: "dose", severity: "major", message: older });
    // Reduced kidney function (gabapentin at eGFR 22): the day's total against the lower maximum for the eGFR.
    const renal = checkRenalMaximum(found?.drug, it.name, withinAdultMaximum, context.egfr);
    if (renal) issues.push({ item: i, field: "dose", severity: "major", message: renal });
    // A medicine dosed by weight band (ACTs, TB fixed-dose combinations) or with a least dose per kg (artesunate), at any age.
    const band = checkWeightBandDose(found?.drug, it.name, doseParseable ? given : null, context.weightKg, dosesADay);
    if (band) issues.push({ item: i, field: "dose", severity: "major", message: band });
    // One injection above the most a single dose by its route holds (magnesium sulfate 10 g written IV).
    const byRoute = doseParseable && !infusion ? checkRouteSingleDose(found?.drug, it.name, dose, frequency, mgPerDose(given!, it.name, parsed)) : null;
    if (byRoute) issues.push({ item: i, field: "dose", severity: "major", message: byRoute });
    // A dose in IU above the most a single dose holds at the patient's age (vitamin A by IMCI age band).
    const iu = checkIuDoseByAge(found?.drug, it.name, dose, context.age);
    if (iu) issues.push({ item: i, field: "dose", severity: "major", message: iu });
    // A dose ten times beyond the usual single dose (mg for micrograms), and every later step of a taper.
    const isChild = !!context.age && context.age.years < CHILD_UNDER_YEARS;
    const low = parsedForDose?.kind === "scheduled" ? checkAdultMinimum(found?.drug, it.name, doseCheck.dailyDoseMg, !!context.age && !isChild) : null;
    if (low) issues.push({ item: i, field: "dose", severity: "moderate", message: low });
    const single = doseParseable && !infusion ? checkSingleDose(found?.drug, it.name, dose!, mgPerDose(given!, it.name, parsed), isChild) : null;
    const later = checkLaterSteps(k, found?.drug, it.name, doseParseable ? given : null, parsed, { age: context.age, weightKg: context.weightKg, isChild });
    for (const f of [...(single ? [single] : []), ...later]) {
      if (f.severity === "major") issues.push({ item: i, field: "dose", severity: "major", message: f.message });
      else warnings.push(f.message);
    }
    return {
      name: it.name,
      code: it.code?.trim() || null,
      drugId: found?.drug.id ?? null,
      matchedBy: found?.matchedBy ?? null,
      dose,
      doseParseable,
      frequency,
      frequencyPattern: frequencyPatternOf(parsed),
      ...doseCheck,
      ...weightCheck,
    };
  });
  if (notWeighed.length && context.age) {
    warnings.push(`The patient is a child (${ageInWords(context.age)}) and no weight was given (patientWeightKg): the dose of ${[...new Set(notWeighed)].join(", ")} was NOT checked against the maximum for the child's weight`);
  }

  // The adult maximum per ingredient across lines (two paracetamol lines; paracetamol and co-codamol), and a child's by weight.
  const summed = checkSummedDailyDoses(k, doseLines, { age: context.age, weightKg: context.weightKg });
  for (const x of summed.issues) issues.push({ item: null, field: "dose", severity: x.severity, message: x.message });
  warnings.push(...summed.warnings);

  const interactions: Finding[] = [];
  const contraindications: Contraindication[] = [];
  const allergyAlerts: AllergyAlert[] = [];
  const ageAlerts: AgeAlert[] = [];
  items.forEach((it, i) => {
    if (!identified[i]) return;
    const others = [...items.slice(i + 1).filter((_, j) => identified[i + 1 + j]), ...active.filter((a) => a.found).map((a) => a.med)];
    const r = checkDrugSafety(k, { newMedication: { code: it.code, name: it.name }, currentMedications: others.map((o) => ({ code: o.code, name: o.name })), conditions: context.conditions, allergies: context.allergies, age: context.age ?? null, sex: context.sex ?? null, egfr: context.egfr ?? null });
    // Same-class duplicates are reported below as duplicateTherapy (the same definition), not twice.
    interactions.push(...r.interactions.filter((f) => f.type === "drug-drug" && f.ruleId !== DUPLICATE_CLASS_RULE));
    contraindications.push(...r.contraindications);
    allergyAlerts.push(...r.allergyAlerts);
    ageAlerts.push(...r.ageAlerts);
    for (const a of r.ageAlerts) issues.push({ item: i, field: null, severity: a.severity, message: `${a.drug} at the patient's age (${a.population}): ${a.description}` });
    // An allergy the knowledge base cannot read was not checked: the prescription cannot be verified.
    if (r.unrecognizedAllergies.length) warnings.push(`Allergies not interpreted, not checked against the prescription: ${r.unrecognizedAllergies.map((a) => `"${a}"`).join(", ")}; confirm what they are`);
  });

  // Duplicate therapy: same ATC-coded class, by the drug check's own definition (sharedTherapeuticClasses).
  const duplicateTherapy: DuplicateTherapy[] = [];
  items.forEach((_, i) => {
    const a = identified[i];
    if (!a) return;
    const pairs = [
      ...items.slice(i + 1).flatMap((_, j) => (identified[i + 1 + j] ? [{ drug: identified[i + 1 + j]!.drug, against: "prescription" as const }] : [])),
      ...active.flatMap((x) => (x.found ? [{ drug: x.found.drug, against: "active_medication" as const }] : [])),
    ];
    for (const p of pairs) {
      for (const cls of sharedTherapeuticClasses(k, a.drug, p.drug)) {
        const names = [a.drug.name, p.drug.name];
        duplicateTherapy.push({ drugs: names, drugClass: cls.name, atc: cls.atc, against: p.against });
        issues.push({ item: i, field: null, severity: "moderate", message: `Duplicate therapy: ${names.join(" and ")} are both ${cls.name} (ATC ${cls.atc})${p.against === "active_medication" ? "; the second is already an active medication" : ""}` });
      }
    }
  });

  for (const f of interactions) issues.push({ item: null, field: null, severity: f.severity, message: `${f.drugs.join(" + ")}: ${f.description}` });
  for (const c of contraindications) issues.push({ item: null, field: null, severity: c.severity, message: `${c.drug} with ${c.condition} (${c.conditionCode}): ${c.description}` });
  for (const a of allergyAlerts) issues.push({ item: null, field: null, severity: a.severity, message: `${a.drug} and allergy "${a.allergen}": ${a.description}` });
  issues.sort((a, b) => SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity]);
  return { verified: issues.length === 0 && warnings.length === 0, items: verifiedItems, issues, interactions, contraindications, allergyAlerts, ageAlerts, duplicateTherapy, warnings: [...new Set(warnings)] };
}
