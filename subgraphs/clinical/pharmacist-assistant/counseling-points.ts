import { identifyDrug } from "../drug-safety/drug-safety.engine.js";
import type { Knowledge } from "../knowledge/knowledge.js";
import type { CounselingEntry, DrugEntry } from "../knowledge/knowledge.types.js";
import { combinationCounseling } from "./counseling-combinations.js";

/** One medicine's counseling answer (the GraphQL CounselingPoints shape). */
export interface CounselingAnswer {
  medication: string;
  drugId: string | null;
  available: boolean;
  howToTake: string[];
  commonSideEffects: string[];
  warnings: string[];
  source: string | null;
  note: string | null;
}

const answerFromEntry = (medication: string, drugId: string, entry: CounselingEntry): CounselingAnswer => ({
  medication,
  drugId,
  available: true,
  howToTake: entry.how_to_take,
  commonSideEffects: entry.common_side_effects,
  warnings: entry.warnings,
  source: entry.source,
  note: null,
});

const noPoints = (medication: string, drugId: string | null, note: string): CounselingAnswer => ({
  medication,
  drugId,
  available: false,
  howToTake: [],
  commonSideEffects: [],
  warnings: [],
  source: null,
  note,
});

const LEAFLET = "use the product's patient information leaflet";

/** The drug's own entry, else (a fixed-dose combination) its components' entries, else why there are none. */
function counselDrug(k: Knowledge, medication: string, drug: DrugEntry): CounselingAnswer {
  const entry = k.counseling.get(drug.id);
  if (entry) return answerFromEntry(medication, drug.id, entry);
  const combination = combinationCounseling(k, drug);
  if (combination?.kind === "points") return answerFromEntry(medication, drug.id, combination.entry);
  if (combination?.kind === "missing") {
    return noPoints(medication, drug.id, `No sourced counseling points for ${drug.name} in the knowledge base: no entry for its component(s) ${combination.missing.join(", ")}; ${LEAFLET}`);
  }
  return noPoints(medication, drug.id, `No sourced counseling points for ${drug.name} in the knowledge base: ${LEAFLET}`);
}

/**
 * Counseling points per medicine from knowledge/counseling.json; a medicine without a sourced entry says so.
 * A fixed-dose combination without an entry of its own is answered from its components' entries.
 * A medicine identified twice is answered once.
 */
export function counselMedicines(k: Knowledge, meds: { code: string | null; name: string }[]): CounselingAnswer[] {
  const warnings: string[] = [];
  const seen = new Set<string>();
  const out: CounselingAnswer[] = [];
  for (const m of meds) {
    const found = identifyDrug(k, { code: m.code, name: m.name }, warnings);
    if (found && seen.has(found.drug.id)) continue;
    if (found) seen.add(found.drug.id);
    out.push(found ? counselDrug(k, m.name, found.drug) : noPoints(m.name, null, "Not in the drug knowledge base"));
  }
  return out;
}
