import { and, desc, eq, inArray } from "drizzle-orm";
import type { SubgraphContext } from "../../../lib/context.js";
import { FieldErrorCollector } from "../../../lib/errors.js";
import { ageOnDate } from "../../../lib/calendar.js";
import { appendAuditNow } from "../audit/audit.service.js";
import { CRITICAL_VALUE_ENGINE_VERSION } from "../critical-values/critical-values.engine.js";
import { observations } from "../db/tables.js";
import { getKnowledge } from "../knowledge/knowledge.js";
import { getPatient } from "../patient/patient.service.js";
import { isCalendarDate, todayIn } from "../nurse-assistant/medication-schedule.engine.js";
import { childLimitWarnings, childWithoutCriticalLimit } from "../critical-values/critical-values.engine.js";
import { checkPregnancy, identifyLabInterpretationResult, interpretLabResult, isMale, LAB_INTERPRETATION_ENGINE_VERSION } from "./lab-interpretation.engine.js";
import { glucoseSampleOf, sampleWithoutInterval } from "./glucose-sample.js";
import { pregnancyInDisplay } from "./pregnancy-display.js";
import { trimesterOf } from "../critical-values/pregnancy-reference.js";
import { identifyQualitativeTest, interpretQualitative, QUALITATIVE_SCALES_VERSION, QUALITATIVE_TESTS, readResultText } from "./lab-interpretation.qualitative.js";
import type { LabInterpretationInput, LabInterpretationResult, QcEvaluationInput, QcEvaluationResult } from "./lab-assistant.type.js";
import { evaluateWestgard, qcInputProblems, WESTGARD_ENGINE_VERSION, WESTGARD_SOURCE } from "./westgard.engine.js";

/** The zone the service's users date their results in. */
const TIMEZONE = "Africa/Kampala";

/** lab-limits.json holds adult intervals and limits (as critical values says for a child). */
const ADULT_AGE = 18;

/**
 * Interprets one result (not stored: record it through critical-values) against the LOINC reference
 * interval and critical limits, with its trend against the patient's stored results of the same test.
 */
export async function interpretResult(ctx: SubgraphContext, input: LabInterpretationInput): Promise<LabInterpretationResult> {
  const k = await getKnowledge(ctx.db);
  const errors = new FieldErrorCollector();
  const hasText = input.observation.valueText != null;
  const hasValue = input.observation.value != null;
  // Exactly one of a number and a qualitative result (FHIR Observation.value[x] is one choice).
  if (hasText === hasValue) errors.add(hasText ? "observation.valueText" : "observation.value", hasText ? "send either value (a number) or valueText (a qualitative result), not both" : "is required: send value (a number) or valueText (a qualitative result such as Negative, 2+, Reactive or 1:160)");
  errors.throwIfAny("Invalid lab interpretation request");
  if (hasText) return interpretQualitativeResult(ctx, input, errors);
  const observation = { ...input.observation, value: input.observation.value! };
  // The same checks and identification as a critical value's: a LOINC code, an equivalent LOINC code, or a
  // local code ("K") or none with a display naming one test; a display naming another test and an impossible
  // value are 400. How it was identified is said in `warnings`. A glucose tolerance sample ("2hr OGTT") is glucose.
  const { test, notes, codes, unit: readUnit } = identifyLabInterpretationResult(k.labTests, observation, (f, m) => errors.add(f, m), `has no reference interval in the knowledge base (lab-limits@${k.versions["lab-limits"]}); known LOINC codes: ${[...k.labTests.keys()].join(", ")}`);
  if (input.resultDate != null && !isCalendarDate(input.resultDate)) {
    errors.add("resultDate", "must be a calendar date, YYYY-MM-DD");
  }
  // An explicit pregnancy (engine 1.5.0): 1-44 weeks, not against the display's trimester; the patient's sex below.
  checkPregnancy(input.pregnancy, null, (f, m) => errors.add(f, m), observation.display);
  errors.throwIfAny("Invalid lab interpretation request");
  const code = test!.loinc;

  const patient = await getPatient(ctx.db, input.patientUhid);
  const resultDate = input.resultDate ?? todayIn(TIMEZONE);
  // A newborn's age in days on the result date selects the newborn limits held (lab-limits `critical_by_age`).
  const age = ageOnDate(patient.birthDate, resultDate);
  // Not for a male patient, nor for a young child (400).
  checkPregnancy(input.pregnancy, patient.sex, (f, m) => errors.add(f, m), observation.display, age.days);
  // A 1-hour glucose tolerance sample has a criterion only in pregnancy (WHO 2013): refused outside it (400).
  const pregnant = (input.pregnancy != null || pregnancyInDisplay(observation.display)?.pregnant === true || trimesterOf(observation.display) !== undefined) && !isMale(patient.sex);
  const noInterval = sampleWithoutInterval(test!, glucoseSampleOf(observation.code, observation.display), pregnant);
  if (noInterval) errors.add("observation.display", noInterval);
  errors.throwIfAny("Invalid lab interpretation request");
  const childRefusal = childWithoutCriticalLimit(test!, age.years, ADULT_AGE, age.days);
  if (childRefusal) {
    errors.add("observation.code", childRefusal);
    errors.throwIfAny("Invalid lab interpretation request");
  }
  // Earlier results are looked up under the identified test's LOINC code and its equivalents (critical values
  // stores a result sent as "K" under 2823-3), not under the code of this request.
  const priors = await ctx.db
    .select({ value: observations.value, comparator: observations.comparator, unit: observations.unit, date: observations.date })
    .from(observations)
    .where(and(eq(observations.patientUhid, patient.uhid), inArray(observations.code, codes)))
    .orderBy(desc(observations.date));
  const r = interpretLabResult(test!, observation.value, readUnit, patient.sex, priors, k.labDeltaChecks.get(code), resultDate, age.days, observation.comparator, input.pregnancy, { code: observation.code, display: observation.display });
  const { assessment: a, flag, censoredWarnings, pregnancyNote, ...trend } = r;
  const pregnancyNotes = pregnancyNote ? [pregnancyNote] : [];
  const warnings = [...notes, ...pregnancyNotes, ...censoredWarnings, ...childLimitWarnings(test!, age.years, age.days, k.versions["lab-limits"], ADULT_AGE)];
  const rulesetVersion = [LAB_INTERPRETATION_ENGINE_VERSION, CRITICAL_VALUE_ENGINE_VERSION, `lab-limits@${k.versions["lab-limits"]}`, `lab-delta-checks@${k.versions["lab-delta-checks"]}`].join("; ");
  const output = {
    patientUhid: patient.uhid,
    loincCode: code,
    testName: test!.name,
    value: observation.value,
    valueText: null,
    comparator: observation.comparator ?? null,
    unit: readUnit?.trim() || null,
    flag,
    isCritical: a.isCritical,
    deviation: a.deviation,
    normalRange: a.normalRange,
    criticalLimits: a.criticalLimits,
    clinicalSignificance: a.clinicalSignificance,
    recommendedActions: a.recommendedActions,
    trend,
    warnings,
    requiresReview: true,
  };
  const audit = await appendAuditNow(ctx.db, { actor: ctx.principal, operation: "lab_result_interpretation", patientUhid: patient.uhid, input, output, rulesetVersion, requestId: ctx.requestId });
  return { ...output, auditId: audit.id, rulesetVersion };
}

/**
 * A qualitative result (valueText) against its test's scale (lab-interpretation.qualitative.ts; knowledge
 * lab-ordinal-scales.json `interpretation`): N or A, no critical limit, no trend (grades are not compared as numbers).
 */
async function interpretQualitativeResult(ctx: SubgraphContext, input: LabInterpretationInput, errors: FieldErrorCollector): Promise<LabInterpretationResult> {
  const { observation } = input;
  const test = identifyQualitativeTest(observation.code ?? "", observation.display);
  if (!test) errors.add("observation.code", `names no test with a qualitative scale in the knowledge base (${QUALITATIVE_SCALES_VERSION}); known: ${QUALITATIVE_TESTS.map((t) => t.name).join(", ")}; send a numeric result as value`);
  const read = readResultText(observation.valueText!);
  if (read.kind === "unread") errors.add("observation.valueText", read.reason);
  if (observation.comparator != null) errors.add("observation.comparator", "applies to a numeric value, not to valueText");
  if (input.resultDate != null && !isCalendarDate(input.resultDate)) errors.add("resultDate", "must be a calendar date, YYYY-MM-DD");
  errors.throwIfAny("Invalid lab interpretation request");
  if (input.pregnancy != null) checkPregnancy(input.pregnancy, null, (f, m) => errors.add(f, m));
  errors.throwIfAny("Invalid lab interpretation request");
  const patient = await getPatient(ctx.db, input.patientUhid);
  // The explicit pregnancy is checked (a male patient's or a young child's is 400) but changes no qualitative scale.
  checkPregnancy(input.pregnancy, patient.sex, (f, m) => errors.add(f, m), null, ageOnDate(patient.birthDate, input.resultDate ?? todayIn(TIMEZONE)).days);
  errors.throwIfAny("Invalid lab interpretation request");
  const r = interpretQualitative(test!, read as Exclude<typeof read, { kind: "unread" }>, patient.sex);
  if ("error" in r) {
    errors.add("observation.valueText", r.error);
    errors.throwIfAny("Invalid lab interpretation request");
  }
  const q = r as Exclude<typeof r, { error: string }>;
  const warnings = test!.loinc ? [] : [`${test!.name}: no LOINC code is held for this test in the knowledge base, so loincCode is null`];
  const rulesetVersion = [LAB_INTERPRETATION_ENGINE_VERSION, QUALITATIVE_SCALES_VERSION].join("; ");
  const output = {
    patientUhid: patient.uhid,
    loincCode: test!.loinc,
    testName: test!.name,
    value: read.kind === "titre" ? read.dilution : (read as { rank: number }).rank,
    valueText: q.valueText,
    comparator: null,
    unit: null,
    flag: q.flag,
    isCritical: false,
    deviation: q.deviation,
    normalRange: q.normalRange,
    criticalLimits: "None: no source we hold lists a qualitative result of this test as a critical value",
    clinicalSignificance: `${q.clinicalSignificance} Source: ${q.source}`,
    recommendedActions: q.recommendedActions,
    trend: { previousValue: null, previousDate: null, delta: null, deltaPercent: null, direction: null, series: null, priorsCompared: 0, priorsSkipped: 0, deltaChecks: [], deltaCheckNote: "A qualitative result is not compared with earlier results" },
    warnings,
    requiresReview: true,
  };
  const audit = await appendAuditNow(ctx.db, { actor: ctx.principal, operation: "lab_result_interpretation", patientUhid: patient.uhid, input, output, rulesetVersion, requestId: ctx.requestId });
  return { ...output, auditId: audit.id, rulesetVersion };
}

/** Westgard multirule on control runs given each control's mean and SD. */
export async function evaluateQc(ctx: SubgraphContext, input: QcEvaluationInput): Promise<QcEvaluationResult> {
  const errors = new FieldErrorCollector();
  for (const p of qcInputProblems(input.controls, input.runs.map((r) => r.values))) errors.add(p.field, p.message);
  errors.throwIfAny("Invalid QC evaluation request");

  const controls = input.controls.map((c, i) => ({ name: c.name?.trim() || `control ${i + 1}`, mean: c.mean, sd: c.sd }));
  const result = evaluateWestgard(controls, input.runs.map((r) => r.values), input.useWarningRule ?? true);
  const rulesetVersion = WESTGARD_ENGINE_VERSION;
  const output = { ...result, source: WESTGARD_SOURCE, requiresReview: true };
  const audit = await appendAuditNow(ctx.db, { actor: ctx.principal, operation: "lab_qc_evaluation", patientUhid: null, input, output, rulesetVersion, requestId: ctx.requestId });
  return { ...output, auditId: audit.id, rulesetVersion };
}
