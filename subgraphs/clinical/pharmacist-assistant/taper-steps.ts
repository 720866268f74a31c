import type { PatientAge } from "../drug-safety/drug-safety.engine.js";
import type { Knowledge } from "../knowledge/knowledge.js";
import type { DrugEntry } from "../knowledge/knowledge.types.js";
import type { ParsedFrequency } from "../nurse-assistant/medication-schedule.engine.js";
import { checkDailyDose, mgPerDose } from "./daily-dose.js";
import { checkSingleDose } from "./single-dose.js";
import { checkWeightDose } from "./weight-dose.js";

/** A finding on one later step of a course written in steps, as the item's dose issue or warning. */
export interface StepFinding {
  severity: "major" | "warning";
  message: string;
}

/**
 * The later steps of a course written in steps (a taper, "then 8 tabs x 3/7", "then qds x 5/7") checked as the
 * first step is: each step's dose and times against the adult maximum a day, the usual single dose (unit slips)
 * and, for a child, the maximum for the weight. Before, only the first step was checked, so a later step above a
 * maximum passed. A step without its own dose takes the item's dose (`dose`); one without its own dose or times is the
 * first step, already checked.
 */
export function checkLaterSteps(
  k: Knowledge,
  drug: DrugEntry | undefined,
  productName: string,
  dose: string | null,
  parsed: ParsedFrequency | null,
  patient: { age: PatientAge | null | undefined; weightKg: number | null | undefined; isChild: boolean },
): StepFinding[] {
  if (!drug || parsed?.kind !== "scheduled" || !parsed.steps) return [];
  const findings: StepFinding[] = [];
  let fromDay = 1;
  for (const step of parsed.steps) {
    const day = fromDay;
    fromDay += step.days;
    const stepDose = step.dose ?? dose;
    if ((step.dose === null && !step.times) || stepDose === null) continue;
    const at = `Step from day ${day} (${stepDose}${step.times ? `, ${step.times.length} a day` : ""})`;
    const frequency: ParsedFrequency = { ...parsed, times: step.times ?? parsed.times, steps: undefined, unitsPerDose: undefined };
    const daily = checkDailyDose(k, drug, productName, stepDose, frequency);
    if (daily.doseCheck === "above_adult_maximum") findings.push({ severity: "major", message: `${at}: ${daily.doseCheckNote}` });
    const single = checkSingleDose(drug, productName, stepDose, mgPerDose(stepDose, productName, frequency), patient.isChild);
    if (single) findings.push({ severity: single.severity, message: `${at}: ${single.message}` });
    const weight = checkWeightDose(drug, productName, stepDose, daily.dailyDoseMg, patient);
    if (weight.weightDoseCheck === "above_weight_maximum") findings.push({ severity: "major", message: `${at}: ${weight.weightDoseCheckNote}` });
  }
  return findings;
}
