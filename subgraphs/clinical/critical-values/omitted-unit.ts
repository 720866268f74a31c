import type { LabTest } from "../knowledge/knowledge.types.js";

/**
 * The factor for a result sent without a unit, when the test's accepted units are all the same number
 * (potassium and sodium: mmol/L = mEq/L for a monovalent ion; chloride; total CO2), so the value means the
 * same whichever was meant; otherwise undefined and the unit is required (glucose 6.1 is mmol/L or mg/dL,
 * 18 times apart). A test that is unitless (pH, INR) accepts "" itself and does not come here.
 */
export function factorWhenUnitOmitted(test: LabTest): number | undefined {
  const factors = new Set(Object.values(test.units));
  return Object.keys(test.units).length > 0 && factors.size === 1 && factors.has(1) ? 1 : undefined;
}

/** What the answer says when the unit was left out and read as the test's canonical unit (factorWhenUnitOmitted). */
export function omittedUnitNote(test: LabTest): string {
  return `No unit was given: every unit accepted for ${test.name} (${Object.keys(test.units).join(", ")}) gives the same number, so the value was read as ${test.canonical_unit}; send the unit as printed`;
}
