import { expect } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { checkDrugSafety } from "./drug-safety.engine.js";

/** The shipped knowledge, loaded once for the drug-safety tests. */
export const k = knowledgeFromFiles();

/** The drug check of `name` against medicines and conditions written as prescribers write them (no codes, no allergies). */
export const check = (name: string, current: string[] = [], conditions: string[] = []) =>
  checkDrugSafety(k, { newMedication: { name }, currentMedications: current.map((n) => ({ name: n })), conditions, allergies: [] });

/** The rule ids of every interaction and contraindication the check reported. */
export const ruleIds = (r: ReturnType<typeof check>) => [...r.interactions.map((f) => f.ruleId), ...r.contraindications.map((c) => c.ruleId)];

/** Both names are identified and `rule` is reported at `severity`, whichever of the two is the new medicine. */
export function expectInteractionBothWays(a: string, b: string, rule: string, severity: string): void {
  for (const [x, y] of [[a, b], [b, a]]) {
    const r = check(x, [y]);
    expect(r.unidentifiedMedications, `${x} + ${y}`).toEqual([]);
    const f = r.interactions.find((i) => i.ruleId === rule);
    expect(f?.severity, `${x} + ${y}: ${ruleIds(r).join(", ")}`).toBe(severity);
  }
}
