/**
 * What dispensing needs to know about a medicine, from the pharmacy's medication catalog
 * (inventory/medications, owned by drug safety): its name, and the controlled-substance rules that
 * apply to a prescription of it. The one place dispensing reads the catalog.
 */
import { medicationByCode } from "../inventory/medications/catalog.js";

export interface MedicationFacts {
  code: string;
  name: string;
  controlled: boolean;
  /** Most units one prescription (one fill) may carry, when controlled. */
  maxQuantityPerPrescription: number | null;
  /** A second member of staff must witness the register entry. */
  witnessRequired: boolean;
  coldChain: boolean;
}

/** The catalog's facts for a medication code; undefined when the catalog does not list it. */
export function medicationFacts(code: string): MedicationFacts | undefined {
  const m = medicationByCode(code);
  if (!m) return undefined;
  return {
    code: m.code,
    name: m.genericName,
    controlled: m.controlled,
    maxQuantityPerPrescription: m.maxQuantityPerPrescription,
    witnessRequired: m.witnessRequired,
    coldChain: m.coldChain,
  };
}
