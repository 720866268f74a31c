import { SEVERITY_RANK, type AgeBound, type AgeRule, type Allergen, type ConditionRule, type CrossReactivity, type DrugClass, type DrugEntry, type DrugSelector, type InteractionRule } from "./knowledge.types.js";

/**
 * The drug rules keyed by what they select, built once when the knowledge is indexed, so a check
 * looks up the rules of the drugs it is given instead of scanning every rule (issue 14: a check is
 * lookups, O(the given drugs' selectors), whatever the size of the knowledge base).
 *
 * A selector key is `d:<drug id>` or `c:<class id>`; a drug answers to its own key and one per class.
 * Every list keeps the files' order (`order`), because the engine's tie-breaks follow it.
 */
export interface DrugSafetyIndex {
  /** `<key a>|<key b>` → interaction rules with that selector pair (stored under both orders). */
  interactionsByPair: Map<string, InteractionRule[]>;
  /** Selector key → drug-condition rules. */
  conditionRulesByKey: Map<string, ConditionRule[]>;
  /** Selector key → drug-age rules (drug-age.json). */
  ageRulesByKey: Map<string, AgeRule[]>;
  /** Allergen-group and drug names (normalised) → what they name, in the order the old scan met them. */
  allergyNames: Map<string, AllergyName[]>;
  /** Most words in one of those names: the longest run of words worth looking up. */
  allergyNameMaxWords: number;
  /** Drug id → the classes of every allergen group the drug belongs to (its hypersensitivity classes). */
  allergyClassesByDrug: Map<string, Set<string>>;
  /** Class → cross-reactivity rules towards it. */
  crossReactivityByToClass: Map<string, CrossReactivity[]>;
  /** Position of each rule in its file (interaction, condition, age and cross-reactivity rules). */
  order: Map<object, number>;
  /** Drug id → the keys it answers to, its components' included (`drugKeysWithComponents`). */
  keysByDrug: Map<string, string[]>;
  /** Sorted component ids joined by "+" → the combination product made of exactly them. */
  combinationByComponents: Map<string, DrugEntry>;
}

export interface AllergyName {
  name: string;
  group?: Allergen;
  drug?: DrugEntry;
  /** Allergen-group names first, then drug names, each in the order their map holds them. */
  rank: number;
}

/** A named set of ICD-10 prefixes in drug-conditions.json (`code_sets`), e.g. every code that means pregnancy. */
export interface ConditionCodeSet {
  name: string;
  icd10_prefixes: string[];
  /** Codes starting with one of these are not in the set although a prefix covers them (O72 and O85-O92, the puerperium, out of chapter O). */
  exclude_prefixes?: string[];
  source: string;
}

/**
 * The condition rules with each rule's `icd10_sets` expanded into its prefixes and exclusions, so
 * that every pregnancy rule uses the one pregnancy code set. A set's exclusions apply to the rule
 * they are resolved into; a rule whose own codes, or another set's, an exclusion would remove stops
 * the start (the exclusion would reach beyond its set). An unknown set name stops the start.
 */
export function resolveConditionRules(file: { rules: ConditionRule[]; code_sets?: Record<string, ConditionCodeSet> }): ConditionRule[] {
  return file.rules.map((r) => {
    if (!r.icd10_sets?.length) return r;
    const sets = r.icd10_sets.map((name) => {
      const set = file.code_sets?.[name];
      if (!set) throw new Error(`knowledge/drug-conditions.json: rule ${r.id} names unknown code set "${name}"`);
      return set;
    });
    const prefixes = sets.flatMap((set) => set.icd10_prefixes);
    const excluded = [...new Set([...(r.icd10_exclude_prefixes ?? []), ...sets.flatMap((set) => set.exclude_prefixes ?? [])])];
    for (const set of sets) {
      const others = [...(r.icd10_prefixes ?? []), ...(r.icd10_codes ?? []), ...sets.filter((o) => o !== set).flatMap((o) => o.icd10_prefixes)];
      const reach = (set.exclude_prefixes ?? []).find((e) => others.some((p) => p.startsWith(e) || e.startsWith(p)));
      if (reach) throw new Error(`knowledge/drug-conditions.json: rule ${r.id}: exclusion "${reach}" of code set "${set.name}" would also remove codes not from that set`);
    }
    return { ...r, icd10_prefixes: [...new Set([...(r.icd10_prefixes ?? []), ...prefixes])], ...(excluded.length ? { icd10_exclude_prefixes: excluded } : {}) };
  });
}

/** One key for a set of drug ids, whatever their order. */
export const componentsKey = (ids: Iterable<string>) => [...new Set(ids)].sort().join("+");

export const selectorKey = (s: DrugSelector) => ("drug" in s ? `d:${s.drug}` : `c:${s.class}`);

/** The keys a drug answers to: its own, then one per class. */
export const drugKeys = (d: DrugEntry) => [`d:${d.id}`, ...d.classes.map((c) => `c:${c}`)];

/**
 * The keys a drug answers to, with those of its components when it is a combination product: RHZE
 * answers to the rifampicin rules (with warfarin, dolutegravir…), TLE to the efavirenz ones.
 */
export function drugKeysWithComponents(d: DrugEntry, byId: Map<string, DrugEntry>): string[] {
  const components = (d.components ?? []).flatMap((id) => {
    const c = byId.get(id);
    return c ? drugKeys(c) : [];
  });
  return [...new Set([...drugKeys(d), ...components])];
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V) {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}

export function buildDrugSafetyIndex(o: {
  interactions: InteractionRule[];
  conditionRules: ConditionRule[];
  ageRules?: AgeRule[];
  allergensByName: Map<string, Allergen>;
  drugsByName: Map<string, DrugEntry>;
  drugs: Iterable<DrugEntry>;
  crossReactivity: CrossReactivity[];
}): DrugSafetyIndex {
  const order = new Map<object, number>();
  const interactionsByPair = new Map<string, InteractionRule[]>();
  o.interactions.forEach((r, i) => {
    order.set(r, i);
    const a = selectorKey(r.a);
    const b = selectorKey(r.b);
    push(interactionsByPair, `${a}|${b}`, r);
    if (a !== b) push(interactionsByPair, `${b}|${a}`, r);
  });
  const conditionRulesByKey = new Map<string, ConditionRule[]>();
  o.conditionRules.forEach((r, i) => {
    order.set(r, i);
    push(conditionRulesByKey, selectorKey(r.drug), r);
  });
  const ageRulesByKey = new Map<string, AgeRule[]>();
  (o.ageRules ?? []).forEach((r, i) => {
    order.set(r, i);
    push(ageRulesByKey, selectorKey(r.drug), r);
  });
  const allergyNames = new Map<string, AllergyName[]>();
  let rank = 0;
  for (const [name, group] of o.allergensByName) if (name) push(allergyNames, name, { name, group, rank: rank++ });
  for (const [name, drug] of o.drugsByName) if (name) push(allergyNames, name, { name, drug, rank: rank++ });
  const allergyNameMaxWords = Math.max(1, ...[...allergyNames.keys()].map((n) => n.split(" ").length));

  const groupsByClass = new Map<string, Allergen[]>();
  // A named-only group (beta-lactam) is not implied by a drug of its classes: amoxicillin allergy → penicillins only.
  for (const g of new Set(o.allergensByName.values())) if (!g.named_only) for (const c of g.classes) push(groupsByClass, c, g);
  const allergyClassesByDrug = new Map<string, Set<string>>();
  for (const d of o.drugs) {
    allergyClassesByDrug.set(d.id, new Set(d.classes.flatMap((c) => groupsByClass.get(c) ?? []).flatMap((g) => g.classes)));
  }
  const crossReactivityByToClass = new Map<string, CrossReactivity[]>();
  o.crossReactivity.forEach((x, i) => {
    order.set(x, i);
    push(crossReactivityByToClass, x.to_class, x);
  });
  const byId = new Map([...o.drugs].map((d) => [d.id, d]));
  const keysByDrug = new Map([...byId.values()].map((d) => [d.id, drugKeysWithComponents(d, byId)]));
  const combinationByComponents = new Map<string, DrugEntry>();
  for (const d of byId.values()) {
    if ((d.components?.length ?? 0) < 2) continue;
    const key = componentsKey(d.components!);
    if (combinationByComponents.has(key)) throw new Error(`knowledge/drugs.json: ${d.id} and ${combinationByComponents.get(key)!.id} have the same components`);
    combinationByComponents.set(key, d);
  }
  return { interactionsByPair, conditionRulesByKey, ageRulesByKey, allergyNames, allergyNameMaxWords, allergyClassesByDrug, crossReactivityByToClass, order, keysByDrug, combinationByComponents };
}

const boundOk = (b: AgeBound | undefined) =>
  b === undefined ||
  (typeof b.inclusive === "boolean" && ("years" in b) !== ("days" in b) && [b.years, b.days].some((n) => typeof n === "number" && Number.isFinite(n) && n >= 0));

/**
 * Checks the drug-age rules when the knowledge is indexed, so a malformed rule stops the start instead of
 * never matching: a known drug or class (also in `with_current`), bounds of one unit each with `inclusive`
 * stated, at least one bound, a min below its max when both are in one unit, a severity and a source; `sex` female or male;
 * `unless_condition_rules` naming drug-condition rules that exist (when their ids are given).
 */
export function validateAgeRules(rules: AgeRule[], drugs: Map<string, DrugEntry>, classes: Map<string, DrugClass>, conditionRuleIds?: Set<string>): AgeRule[] {
  const known = (s: DrugSelector) => ("drug" in s ? drugs.has(s.drug) : classes.has(s.class));
  const ids = new Set<string>();
  for (const r of rules) {
    const fail = (why: string) => {
      throw new Error(`knowledge/drug-age.json: rule ${r.id}: ${why}`);
    };
    if (ids.has(r.id)) fail("duplicate id");
    ids.add(r.id);
    if (!known(r.drug)) fail(`unknown drug or class ${JSON.stringify(r.drug)}`);
    for (const s of r.with_current ?? []) if (!known(s)) fail(`unknown drug or class in with_current ${JSON.stringify(s)}`);
    const { min, max } = r.age ?? {};
    if (!min && !max) fail("needs age.min or age.max");
    if (!boundOk(min) || !boundOk(max)) fail("each bound needs exactly one of years or days (a number >= 0) and inclusive: true or false");
    if (min && max && ((min.years !== undefined && max.years !== undefined && min.years >= max.years) || (min.days !== undefined && max.days !== undefined && min.days >= max.days))) fail("age.min must be below age.max");
    if (!(r.severity in SEVERITY_RANK)) fail(`unknown severity ${r.severity}`);
    if (r.sex !== undefined && r.sex !== "female" && r.sex !== "male") fail(`sex must be "female" or "male", not ${JSON.stringify(r.sex)}`);
    for (const id of r.unless_condition_rules ?? []) if (conditionRuleIds && !conditionRuleIds.has(id)) fail(`unknown drug-condition rule in unless_condition_rules: ${id}`);
    if (!r.source?.trim() || !r.population?.trim() || !r.description?.trim() || !r.recommendation?.trim()) fail("needs population, description, recommendation and source");
    if (r.unless_icd10_prefixes?.length && !r.unless_source?.trim()) fail("unless_icd10_prefixes needs an unless_source");
  }
  return rules;
}
