import { and, eq, inArray, ne } from "drizzle-orm";
import type { Principal } from "../../../lib/auth.js";
import type { Db } from "../../../lib/db.js";
import { ageOnDate, calendarDate, isCalendarDate } from "../../../lib/calendar.js";
import { FieldErrorCollector } from "../../../lib/errors.js";
import { appendAudit } from "../audit/audit.service.js";
import { allergies, diagnoses, observations, patients } from "../db/tables.js";
import { getKnowledge } from "../knowledge/knowledge.js";
import { getPatient } from "../patient/patient.service.js";
import { CREATININE_LOINC, givenKidneyFunction, kidneyFunctionFromCreatinine, type KidneyFunction } from "../pharmacist-assistant/kidney-function.js";
import { SEXES } from "../patient/patient.type.js";
import { ageFromYears, checkDrugSafety, DRUG_SAFETY_ENGINE_VERSION, type DrugSafetyResult, type PatientAge } from "./drug-safety.engine.js";
import type { DrugInteractionCheckInput, DrugInteractionResult } from "./drug-safety.type.js";

/**
 * ICD-10 shape: a letter, a digit, a digit or letter (ICD-10-CM categories Z3A weeks of gestation, O9A,
 * M1A, C7A), then an optional dot and up to four more characters (e.g. N18.3, E11.65, Z3A.24).
 */
export const ICD10_PATTERN = /^[A-Z][0-9][0-9A-Z](\.?[0-9A-Z]{1,4})?$/i;

/** Oldest age the drug check accepts, in years (an age or birth date beyond it is a typing error). */
export const MAX_AGE_YEARS = 130;

/** The time zone whose calendar date "today" is for an age from a birth date. */
export const AGE_TIME_ZONE = "Africa/Kampala";

/** Highest eGFR accepted (mL/min/1.73 m²): above it, a typing error. */
export const MAX_EGFR = 200;

/** Field errors for the conditions (ICD-10), allergies, age and eGFR a request gives to a drug check. */
export function checkGivenContext(errors: FieldErrorCollector, given: { conditions?: string[] | null; allergies?: string[] | null; patientBirthDate?: string | null; patientAgeYears?: number | null; patientSex?: string | null; egfr?: number | null }, today = calendarDate(new Date(), AGE_TIME_ZONE)): void {
  const egfr = given.egfr;
  if (egfr !== null && egfr !== undefined && !(Number.isFinite(egfr) && egfr >= 0 && egfr <= MAX_EGFR)) errors.add("egfr", `must be from 0 to ${MAX_EGFR} mL/min/1.73 m²`);
  if (given.patientSex != null && !(SEXES as readonly string[]).includes(given.patientSex)) errors.add("patientSex", `must be one of ${SEXES.join(", ")}`);
  const years = given.patientAgeYears;
  if (years !== null && years !== undefined && !(Number.isFinite(years) && years >= 0 && years <= MAX_AGE_YEARS)) errors.add("patientAgeYears", `must be 0 to ${MAX_AGE_YEARS} years`);
  const born = given.patientBirthDate;
  if (born !== null && born !== undefined) {
    if (!isCalendarDate(born.trim())) errors.add("patientBirthDate", "must be a calendar date YYYY-MM-DD");
    else if (born.trim() > today) errors.add("patientBirthDate", "is in the future");
    else if (ageOnDate(born.trim(), today).years > MAX_AGE_YEARS) errors.add("patientBirthDate", `gives an age over ${MAX_AGE_YEARS} years`);
    if (years !== null && years !== undefined) errors.add("patientAgeYears", "give patientBirthDate or patientAgeYears, not both");
  }
  given.conditions?.forEach((c, i) => {
    if (!ICD10_PATTERN.test(c.trim())) errors.add(`conditions.${i}`, "must be an ICD-10 code such as N18.3");
  });
  given.allergies?.forEach((a, i) => {
    if (!a.trim() || a.length > 100) errors.add(`allergies.${i}`, "must be 1-100 characters");
  });
}

export interface CheckContext {
  conditions: string[];
  allergies: string[];
  conditionsSource: "request" | "patient_record" | "none";
  allergiesSource: "request" | "patient_record" | "none";
  /** The patient's age for the age rules: the request's birth date or age, else the registry's birth date; null when none is known. */
  age: PatientAge | null;
  ageSource: "request" | "patient_record" | "none";
  /** The patient's sex for the rules of one sex: the request's, else the registry's; null when neither is known. */
  sex: string | null;
}

/** What a drug check's answer says about the age it used (`ageSource`, `patientAgeYears`, `patientAgeDays`). */
export const ageOutput = (c: Pick<CheckContext, "age" | "ageSource">) => ({ ageSource: c.ageSource, patientAgeYears: c.age?.years ?? null, patientAgeDays: c.age?.days ?? null });

/** The warning for a medication whose age rules were not applied because no age was known. */
export function ageNotCheckedWarnings(medication: string, r: Pick<DrugSafetyResult, "ageRulesNotChecked">): string[] {
  return r.ageRulesNotChecked.length
    ? [`Age not known: the age rules of ${medication} (${r.ageRulesNotChecked.join("; ")}) were not checked; give the patient's birth date or age, or a patient UHID with a recorded birth date`]
    : [];
}

/**
 * The conditions and allergies a drug check uses: those the request gives, else, for a patient, the
 * record's unresolved diagnoses and recorded allergies (each list unique); with where each came from.
 */
export async function checkContext(
  db: Db,
  given: { patientUhid?: string | null; conditions?: string[] | null; allergies?: string[] | null; patientBirthDate?: string | null; patientAgeYears?: number | null; patientSex?: string | null },
  today = calendarDate(new Date(), AGE_TIME_ZONE),
): Promise<CheckContext> {
  const uhid = given.patientUhid;
  const ageGiven = given.patientBirthDate != null || given.patientAgeYears != null;
  const [recordConditions, recordAllergies, record] = await Promise.all([
    uhid && !given.conditions
      ? db.select({ code: diagnoses.code }).from(diagnoses).where(and(eq(diagnoses.patientUhid, uhid), ne(diagnoses.status, "resolved"))).then((rows) => [...new Set(rows.map((r) => r.code))])
      : null,
    uhid && !given.allergies
      ? db.select({ substance: allergies.substance }).from(allergies).where(eq(allergies.patientUhid, uhid)).then((rows) => [...new Set(rows.map((r) => r.substance))])
      : null,
    uhid && (!ageGiven || given.patientSex == null)
      ? db.select({ birthDate: patients.birthDate, sex: patients.sex }).from(patients).where(eq(patients.uhid, uhid)).then((rows) => rows[0] ?? null)
      : null,
  ]);
  const recordBirthDate = !ageGiven && record?.birthDate ? String(record.birthDate).slice(0, 10) : null;
  const age =
    given.patientBirthDate != null
      ? ageOnDate(given.patientBirthDate.trim(), today)
      : given.patientAgeYears != null
        ? ageFromYears(given.patientAgeYears)
        : recordBirthDate && recordBirthDate <= today
          ? ageOnDate(recordBirthDate, today)
          : null;
  const source = (fromRequest: unknown, fromRecord: unknown) => (fromRequest ? "request" : fromRecord ? "patient_record" : "none") as CheckContext["conditionsSource"];
  return {
    conditions: given.conditions ?? recordConditions ?? [],
    allergies: given.allergies ?? recordAllergies ?? [],
    conditionsSource: source(given.conditions, recordConditions),
    allergiesSource: source(given.allergies, recordAllergies),
    age,
    ageSource: ageGiven ? "request" : age ? "patient_record" : "none",
    sex: given.patientSex ?? record?.sex ?? null,
  };
}

/**
 * The kidney function to check against: the request's eGFR, else the patient's most recent serum creatinine on the
 * record (mg/dL or µmol/L, last 90 days) through CKD-EPI 2021 at the patient's age and sex (kidney-function.ts).
 */
export async function kidneyFunctionFor(db: Db, given: { patientUhid?: string | null; egfr?: number | null }, ageYears: number | null, sex: string | null): Promise<KidneyFunction> {
  if (given.egfr !== null && given.egfr !== undefined) return givenKidneyFunction(given.egfr);
  const rows = given.patientUhid
    ? await db
        .select({ code: observations.code, value: observations.value, comparator: observations.comparator, unit: observations.unit, date: observations.date })
        .from(observations)
        .where(and(eq(observations.patientUhid, given.patientUhid), inArray(observations.code, Object.values(CREATININE_LOINC))))
    : [];
  return kidneyFunctionFromCreatinine(rows.map((r) => ({ ...r, date: String(r.date).slice(0, 10) })), ageYears, sex, calendarDate(new Date(), AGE_TIME_ZONE));
}

export interface CallContext {
  db: Db;
  principal: Principal;
  requestId?: string;
}

/** Checks the input, fills omitted conditions/allergies (and the age) from the patient's record, runs the engine and audits the call. */
export async function checkDrugInteractions(ctx: CallContext, input: DrugInteractionCheckInput, startedAt = performance.now()): Promise<DrugInteractionResult> {
  const errors = new FieldErrorCollector();
  if (!input.newMedication.name.trim()) errors.add("newMedication.name", "must not be blank");
  input.currentMedications.forEach((m, i) => {
    if (!m.name.trim()) errors.add(`currentMedications.${i}.name`, "must not be blank");
  });
  checkGivenContext(errors, input);
  errors.throwIfAny("Invalid drug interaction request");

  if (input.patientUhid) await getPatient(ctx.db, input.patientUhid);
  const context = await checkContext(ctx.db, input);
  const { conditions, allergies: allergyList, conditionsSource, allergiesSource } = context;
  const kidneyFunction = await kidneyFunctionFor(ctx.db, input, context.age?.years ?? null, context.sex);

  const k = await getKnowledge(ctx.db);
  const result = checkDrugSafety(k, {
    newMedication: input.newMedication,
    currentMedications: input.currentMedications,
    conditions: conditions.map((c) => c.trim()),
    allergies: allergyList.map((a) => a.trim()),
    age: context.age,
    sex: context.sex,
    egfr: kidneyFunction.egfr,
  });
  const rulesetVersion = [
    DRUG_SAFETY_ENGINE_VERSION,
    `drugs@${k.versions.drugs}`,
    `drug-interactions@${k.versions["drug-interactions"]}`,
    `drug-conditions@${k.versions["drug-conditions"]}`,
    `drug-allergies@${k.versions["drug-allergies"]}`,
    `drug-age@${k.versions["drug-age"]}`,
  ].join("; ");
  const { identified, ageRulesNotChecked, ...engineOutput } = result;
  const warnings = [...engineOutput.warnings, ...ageNotCheckedWarnings(input.newMedication.name, { ageRulesNotChecked })];
  const output = { ...engineOutput, warnings, identifiedMedications: identified, conditionsSource, allergiesSource, ...ageOutput(context), kidneyFunction, requiresReview: true };
  const audit = await ctx.db.transaction((tx) =>
    appendAudit(tx as unknown as Db, {
      actor: ctx.principal,
      operation: "drug_interaction_check",
      patientUhid: input.patientUhid ?? null,
      input: { ...input, resolvedConditions: conditions, resolvedAllergies: allergyList, resolvedAge: context.age },
      output,
      rulesetVersion,
      requestId: ctx.requestId,
    }),
  );
  return { ...output, processingTimeMs: Math.round(performance.now() - startedAt), auditId: audit.id, rulesetVersion };
}
