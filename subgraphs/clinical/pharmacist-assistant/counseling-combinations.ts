import type { Knowledge } from "../knowledge/knowledge.js";
import type { CounselingEntry, DrugEntry } from "../knowledge/knowledge.types.js";

/** A combination answered from its components' entries, or the parts that have none. */
export type CombinationCounseling = { kind: "points"; entry: CounselingEntry } | { kind: "missing"; missing: string[] };

/** One counseling point and the components that give it (in component order). */
interface NamedPoint {
  text: string;
  names: string[];
}

/** Adds each point once; a point two components share names both ("Tenofovir, lamivudine: ..."). */
function addPoints(into: NamedPoint[], points: string[], name: string): void {
  for (const text of points) {
    const same = into.find((p) => p.text === text);
    if (same) same.names.push(name);
    else into.push({ text, names: [name] });
  }
}

const named = (points: NamedPoint[]): string[] => points.map((p) => `${p.names.join(", ")}: ${p.text}`);

/**
 * Ingredients of a combination that none of its components (drugs.json `components`) contains, e.g. the
 * sulfamethoxazole of co-trimoxazole whose only listed component is trimethoprim: no points can cover them.
 */
function uncoveredIngredients(k: Knowledge, combination: DrugEntry): string[] {
  const covered = new Set((combination.components ?? []).flatMap((id) => k.drugs.byId.get(id)?.ingredients ?? []));
  return combination.ingredients.filter((ingredient) => !covered.has(ingredient));
}

/**
 * A fixed-dose combination with no entry of its own (TLD, RHZE, Tramacet …) is counseled with the union of its
 * components' entries, each point naming its components and the sources joined — only when every component
 * has an entry and the components hold every ingredient; otherwise the parts without points are named.
 * Undefined for a drug that is not a combination (fewer than two components).
 */
export function combinationCounseling(k: Knowledge, combination: DrugEntry): CombinationCounseling | undefined {
  const components = combination.components ?? [];
  if (components.length < 2) return undefined;
  const parts = components.map((id) => ({ id, drug: k.drugs.byId.get(id), entry: k.counseling.get(id) }));
  const missing = [
    ...parts.filter((p) => !p.entry).map((p) => p.drug?.name ?? p.id),
    ...uncoveredIngredients(k, combination),
  ];
  if (missing.length) return { kind: "missing", missing };
  const howToTake: NamedPoint[] = [];
  const sideEffects: NamedPoint[] = [];
  const warnings: NamedPoint[] = [];
  for (const { id, drug, entry } of parts) {
    const name = drug?.name ?? id;
    addPoints(howToTake, entry!.how_to_take, name);
    addPoints(sideEffects, entry!.common_side_effects, name);
    addPoints(warnings, entry!.warnings, name);
  }
  const source = parts.map(({ id, drug, entry }) => `${drug?.name ?? id}: ${entry!.source}`).join(" | ");
  return { kind: "points", entry: { drug: combination.id, how_to_take: named(howToTake), common_side_effects: named(sideEffects), warnings: named(warnings), source } };
}
