/**
 * What dispensing needs to know about a medicine, from the pharmacy's medication catalog
 * (inventory/medications, owned by drug safety): its name, and the controlled-substance rules that
 * apply to a prescription of it. The one place dispensing reads the catalog.
 */
import type { Db } from "../../../lib/db.js";
import { compoundFacts, isCompoundCode } from "../compounding/compound-codes.js";
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

/**
 * Facts for the codes a prescription may name: catalog medicines, and compounded preparations
 * (`compound:<formula code>`) of an approved formula (issue 11). A compounded preparation is not
 * itself a controlled medicine here: a controlled ingredient is registered when it is compounded.
 */
export async function prescribableFacts(db: Db, codes: string[]): Promise<Map<string, MedicationFacts>> {
  const out = new Map<string, MedicationFacts>();
  for (const code of codes) {
    const facts = medicationFacts(code);
    if (facts) out.set(code, facts);
  }
  const compounds = await compoundFacts(db, codes.filter(isCompoundCode));
  for (const c of compounds.values()) {
    if (c.status === "approved") out.set(c.code, { code: c.code, name: c.name, controlled: false, maxQuantityPerPrescription: null, witnessRequired: false, coldChain: false });
  }
  return out;
}
