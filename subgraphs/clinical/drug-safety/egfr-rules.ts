import type { ConditionRule } from "../knowledge/knowledge.types.js";

/** What a drug-condition rule matched: a diagnosis (its ICD-10 code) or the patient's eGFR. */
export interface ConditionMatch {
  conditionCode: string;
  condition: string;
}

/** eGFR as written in findings: "eGFR 24 mL/min/1.73 m²". */
export const egfrInWords = (egfr: number) => `eGFR ${Math.round(egfr)} mL/min/1.73 m²`;

/** The eGFR is in the rule's band (`egfr_from` ≤ eGFR < `egfr_below`). */
export function egfrInBand(rule: Pick<ConditionRule, "egfr_below" | "egfr_from">, egfr: number | null | undefined): boolean {
  if (egfr == null || rule.egfr_below === undefined) return false;
  return egfr < rule.egfr_below && egfr >= (rule.egfr_from ?? -Infinity);
}

/** A code of kidney disease of unknown stage, when the eGFR is known: the eGFR rules give the stage instead. */
export const supersededByEgfr = (rule: ConditionRule, compactCode: string, egfr: number | null | undefined) =>
  egfr != null && (rule.egfr_supersedes_prefixes?.some((p) => compactCode.startsWith(p)) ?? false);

/**
 * The rule's match for a patient: the first diagnosis it names (not superseded by a known eGFR), else the eGFR in
 * its band, as the condition "Kidney function: eGFR 24 mL/min/1.73 m² (below 30)". A diagnosis and an eGFR that
 * both match give one match (the diagnosis), so one rule gives one finding.
 */
export function matchConditionRule(
  rule: ConditionRule,
  conditions: string[],
  egfr: number | null | undefined,
  codeMatches: (rule: ConditionRule, compactCode: string) => boolean,
  compact: (code: string) => string,
): ConditionMatch | null {
  const code = conditions.find((c) => codeMatches(rule, compact(c)) && !supersededByEgfr(rule, compact(c), egfr));
  if (code) return { conditionCode: code, condition: rule.condition };
  if (!egfrInBand(rule, egfr)) return null;
  const band = rule.egfr_from !== undefined ? `${rule.egfr_from} to under ${rule.egfr_below}` : `below ${rule.egfr_below}`;
  return { conditionCode: egfrInWords(egfr!).replace(" mL/min/1.73 m²", ""), condition: `Kidney function: ${egfrInWords(egfr!)} (${band})` };
}
