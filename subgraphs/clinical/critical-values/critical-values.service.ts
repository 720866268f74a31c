import type { SubgraphContext } from "../../../lib/context.js";
import type { Db } from "../../../lib/db.js";
import { FieldErrorCollector } from "../../../lib/errors.js";
import { ageOnDate } from "../../../lib/calendar.js";
import { isoDateDaysAgo } from "../../../lib/seed.js";
import { appendAudit } from "../audit/audit.service.js";
import { observations } from "../db/tables.js";
import { getKnowledge } from "../knowledge/knowledge.js";
import { getPatient } from "../patient/patient.service.js";
import { asPrinted, assessReportedValue } from "./censored-result.js";
import { storeOnceThenAlert, type MarkStored, type Stored } from "./store-once.js";
import { childLimitWarnings, childWithoutCriticalLimit, identifyLabResult, CRITICAL_VALUE_ENGINE_VERSION } from "./critical-values.engine.js";
import type { CriticalValueCheckInput, CriticalValueResult } from "./critical-values.type.js";
import type { CriticalAlertOutcome } from "./critical-alert.js";

type StoredCheck = Omit<CriticalValueResult, keyof CriticalAlertOutcome>;

/** The limits in lab-limits.json are adult limits. */
const ADULT_AGE = 18;

/**
 * Assesses one lab result against its LOINC limits, stores it on the patient's timeline with its
 * audit record (one transaction), and when it is critical asks notifications to alert patient and
 * provider. A local code (or none) whose display names one test, and an equivalent LOINC code, are
 * assessed as that test and said in `warnings`. An unknown code or unit, a display naming another test and an impossible value are
 * refused (400): "no limits known" must never read as "not critical", and a wrong name or a slipped decimal
 * point must never be charted or alerted. With an `Idempotency-Key`, a repeat returns the first answer and
 * stores nothing.
 */
export async function checkCriticalValue(ctx: SubgraphContext, input: CriticalValueCheckInput): Promise<CriticalValueResult> {
  const request = { ...input, observation: { ...input.observation } };
  return storeOnceThenAlert<StoredCheck>(ctx, "checkCriticalValue", request, (markStored) => assessAndStore(ctx, input, markStored));
}

async function assessAndStore(ctx: SubgraphContext, input: CriticalValueCheckInput, markStored: MarkStored<StoredCheck>): Promise<Stored<StoredCheck>> {
  const k = await getKnowledge(ctx.db);
  const errors = new FieldErrorCollector();
  const { observation } = input;
  // Exactly one of a number (value) and the result as printed (valueText, session 21): FHIR Observation.value[x] is one choice.
  const hasText = observation.valueText != null;
  if (hasText === (observation.value != null)) {
    const message = hasText ? "send either value (a number) or valueText (the result as printed), not both" : "is required: send value (a number) or valueText (the result as printed, e.g. 2,8 or 6.9 H or HI)";
    errors.add("observation.value", message);
    errors.add("observation.valueText", message);
  }
  errors.throwIfAny("Invalid critical value request");
  // The printed text goes through the engine's reader (printed-value.ts via identifyLabResult); what it says about
  // the value is said on the field that was sent.
  const valueField = hasText ? "observation.valueText" : "observation.value";
  const addField = (field: string, message: string) => errors.add(field === "observation.value" ? valueField : field, message);
  const sent = { ...observation, value: hasText ? observation.valueText! : observation.value! };
  // An equivalent LOINC code (creatinine in µmol/L) or a local code with a display naming one test ("K",
  // "Serum Potassium") is assessed as that test and said in `warnings`; stored and returned under the test's
  // LOINC code, so the timeline, copilot and trends find it. The same identification as lab interpretation.
  const { test, notes: identified, unit: readUnit, value, comparator: readComparator } = identifyLabResult(k.labTests, sent, addField, `has no critical limits in the knowledge base (lab-limits@${k.versions["lab-limits"]}); known LOINC codes: ${[...k.labTests.keys()].join(", ")}`);
  // A comparator sent with a device's out-of-range mark ("HI" with "<") contradicts the side the mark reads (a comparator
  // printed in the text and another sent is refused by the engine).
  if (hasText && observation.comparator && readComparator && readComparator !== observation.comparator && !Object.hasOwn(errors.fields, "observation.comparator")) {
    errors.add("observation.comparator", `"${observation.comparator}" contradicts "${observation.valueText!.trim()}", read as ${readComparator} ${value}`);
  }
  errors.throwIfAny("Invalid critical value request");
  const code = test!.loinc;

  const patient = await getPatient(ctx.db, input.patientUhid);
  // Age on today's (UTC) date, as the result is stored; in days it selects a newborn's limits (lab-limits `critical_by_age`).
  const age = ageOnDate(patient.birthDate, isoDateDaysAgo(0));
  const childRefusal = childWithoutCriticalLimit(test!, age.years, ADULT_AGE, age.days);
  if (childRefusal) {
    errors.add("observation.code", childRefusal);
    errors.throwIfAny("Invalid critical value request");
  }
  // A censored result (comparator) is critical only when every value its bound allows is (censored-result.ts).
  // The value and comparator as identifyLabResult read them (the same as sent for a number; a printed value read since engine 1.15.0).
  const comparator = readComparator;
  const { assessment, warnings: censored } = assessReportedValue(test!, value, comparator, readUnit, patient.sex, age.days);
  const rulesetVersion = `${CRITICAL_VALUE_ENGINE_VERSION}; lab-limits@${k.versions["lab-limits"]}`;
  // The code decides what was measured; the display was only checked against it (never stored in its place).
  const testName = test!.name;
  // The unit sent, or the one printed in the display when none was sent ("GLUCOSE (MMOL/L)").
  const unit = readUnit?.trim() || null;
  // lab-limits.json holds adult intervals and limits (and newborn limits for a few tests): a child's result is
  // still checked (over-alerting is the safer error) but the answer says which limits were applied.
  const warnings = [...identified, ...censored, ...childLimitWarnings(test!, age.years, age.days, k.versions["lab-limits"], ADULT_AGE)];
  const output = {
    ...assessment,
    warnings,
    value,
    comparator,
    valueText: observation.valueText ?? null,
    loincCode: code,
    testName,
    requiresReview: true,
  };

  return ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [row] = await tx
      .insert(observations)
      .values({ patientUhid: patient.uhid, code, display: testName, value: String(value), comparator, unit, date: isoDateDaysAgo(0) })
      .returning({ id: observations.id });
    const audit = await appendAudit(tx, {
      actor: ctx.principal,
      operation: "critical_value_check",
      patientUhid: patient.uhid,
      input,
      output: { ...output, observationId: row.id },
      rulesetVersion,
      requestId: ctx.requestId,
    });
    const stored: Stored<StoredCheck> = {
      result: { ...output, observationId: row.id, auditId: audit.id, rulesetVersion },
      alert: assessment.isCritical
        ? {
            body: {
              patient_uhid: patient.uhid,
              provider_id: input.providerId?.trim() || ctx.principal.sub,
              observation_id: row.id,
              test_name: testName,
              value: asPrinted(value, comparator),
              unit: unit ?? test!.canonical_unit,
              reference_range: assessment.normalRange,
              patient_name: `${patient.givenName} ${patient.familyName}`,
            },
            audit: { parentAuditId: audit.id, operation: "critical_value_notification", rulesetVersion },
          }
        : null,
    };
    await markStored(tx, stored);
    return stored;
  });
}
