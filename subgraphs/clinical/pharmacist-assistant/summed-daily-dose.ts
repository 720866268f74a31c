import type { Knowledge } from "../knowledge/knowledge.js";
import type { DrugEntry } from "../knowledge/knowledge.types.js";
import type { ParsedFrequency } from "../nurse-assistant/medication-schedule.engine.js";

import { componentDosesMg, dosesPerDay, grams, mgPerDose } from "./daily-dose.js";
import { checkWeightDose } from "./weight-dose.js";

export interface DoseLine {
  item: number;
  drug: DrugEntry | undefined;
  name: string;
  dose: string | null;
  frequency: string | null;
  parsed: ParsedFrequency | null;
}

interface Share {
  line: DoseLine;
  mgPerDose: number | null;
  perDay: ReturnType<typeof dosesPerDay>;
}

const round = (x: number) => Math.round(x * 1000) / 1000;
const describe = (l: DoseLine) => `"${[l.name, l.dose, l.frequency].filter(Boolean).join(" ")}"`;

/**
 * The adult maximum per day checked per ingredient across the prescription's lines: two lines of one
 * drug (paracetamol 1 g qds and paracetamol 500 mg tds), or a drug and a combination containing it
 * (paracetamol and co-codamol 30/500), may each be within the maximum and together above it. Each
 * line's share is dose × doses a day (stat: one; "4-6 hourly", "q6h prn": the worst case its interval
 * allows; plain PRN: one dose, the rest unknown). Only ingredients on two or more lines are summed
 * here; one line is the item's own dose check.
 */
export function checkSummedDailyDoses(k: Knowledge, lines: DoseLine[], patient?: Parameters<typeof checkWeightDose>[4]): { issues: { severity: "major"; message: string }[]; warnings: string[] } {
  const byIngredient = new Map<string, { drug: DrugEntry; shares: Share[] }>();
  const add = (drug: DrugEntry, share: Share) => {
    const entry = byIngredient.get(drug.id) ?? { drug, shares: [] };
    entry.shares.push(share);
    byIngredient.set(drug.id, entry);
  };
  for (const line of lines) {
    const { drug } = line;
    if (!drug) continue;
    const perDay = dosesPerDay(line.parsed, line.dose);
    if (drug.adult_max_daily_dose) add(drug, { line, mgPerDose: line.dose ? mgPerDose(line.dose, line.name, line.parsed) : null, perDay });
    else for (const { component, mg } of componentDosesMg(k, drug, line.name, line.dose)) add(component, { line, mgPerDose: mg, perDay });
  }

  const issues: { severity: "major"; message: string }[] = [];
  const warnings: string[] = [];
  for (const { drug, shares } of byIngredient.values()) {
    if (new Set(shares.map((s) => s.line.item)).size < 2) continue;
    const max = drug.adult_max_daily_dose!;
    const known = shares.filter((s) => s.mgPerDose !== null && s.perDay !== null);
    const parts = known.map((s) => round(s.mgPerDose! * s.perDay!.count));
    const total = round(parts.reduce((a, b) => a + b, 0));
    const lineNames = shares.map((s) => describe(s.line)).join(" and ");
    const worstCases = known.filter((s) => s.perDay!.worstCase).map((s) => `${describe(s.line)}: ${s.perDay!.worstCase}`);
    const worst = worstCases.length ? `; ${worstCases.join("; ")}` : "";
    if (total > max.mg) {
      const sum = known.length > 1 ? `${parts.map(grams).join(" + ")} = ${grams(total)}` : grams(total);
      const partly = known.length < shares.length || known.some((s) => s.perDay!.open) ? " at least" : "";
      issues.push({ severity: "major", message: `${drug.name} in ${lineNames} together:${partly} ${sum} a day, above the adult maximum of ${grams(max.mg)} a day (${max.source})${worst}` });
      continue;
    }
    const child = patient && known.length === shares.length ? summedAboveWeightMaximum(drug, shares, total, patient) : null;
    if (child) {
      issues.push({ severity: "major", message: `${drug.name} in ${lineNames} together: ${parts.map(grams).join(" + ")} = ${grams(total)} a day. ${child}` });
      continue;
    }
    const unknown = shares.filter((s) => s.mgPerDose === null || s.perDay === null);
    if (unknown.length) {
      warnings.push(`${drug.name} is in ${lineNames}: the day's total across them could not be worked out (no amount in mg or no readable frequency in ${unknown.map((s) => describe(s.line)).join(" and ")}): not checked against the adult maximum of ${grams(max.mg)} a day`);
    } else if (known.some((s) => s.perDay!.open)) {
      warnings.push(`${drug.name} is in ${lineNames}, some as needed: ${grams(total)} a day counting one as-needed dose; with more the total rises, and an adult must not exceed ${grams(max.mg)} a day`);
    }
  }
  return { issues, warnings };
}

/**
 * A child's day's total across lines (a syrup and a suppository of paracetamol) against the maximum for the child's
 * weight or age (weight-dose.ts, the first line's route): each line may be within it and the two together above it
 * (session 18). The weight check's note, or null.
 */
function summedAboveWeightMaximum(drug: DrugEntry, shares: Share[], total: number, patient: Parameters<typeof checkWeightDose>[4]): string | null {
  const first = shares[0].line;
  const check = checkWeightDose(drug, first.name, first.dose, total, patient);
  return check.weightDoseCheck === "above_weight_maximum" ? check.weightDoseCheckNote : null;
}
