import { readFileSync } from "node:fs";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../lib/db.js";
import { knowledgeSets } from "../db/tables.js";
import { canonicalJson, sha256Hex } from "./canonical-json.js";
import { buildDrugSafetyIndex, resolveConditionRules, validateAgeRules, type DrugSafetyIndex } from "./drug-safety-index.js";
import type {
  AgeRule,
  Allergen,
  ConditionRule,
  CounselingEntry,
  CrossReactivity,
  DrugClass,
  DrugEntry,
  InteractionRule,
  LabDeltaCheck,
  LabTest,
  AdministrationTimes,
  News2Knowledge,
  ReminderRule,
  RiskModels,
  SepsisKnowledge,
  StatisticalTests,
  SymptomKnowledge,
} from "./knowledge.types.js";

/** The knowledge files this release ships (subgraphs/clinical/knowledge/<name>.json). */
export const KNOWLEDGE_FILES = ["drugs", "drug-interactions", "drug-conditions", "drug-allergies", "drug-age", "lab-limits", "sepsis", "risk-models", "symptoms", "reminders", "news2", "administration-times", "lab-delta-checks", "counseling", "statistical-tests", "document-classes", "lab-loinc-units", "lab-ordinal-scales"] as const;
export type KnowledgeName = (typeof KNOWLEDGE_FILES)[number];

interface KnowledgeFile {
  name: KnowledgeName;
  version: string;
  [key: string]: unknown;
}

function readKnowledgeFile(name: KnowledgeName): KnowledgeFile {
  const file = JSON.parse(readFileSync(new URL(`./${name}.json`, import.meta.url), "utf8")) as KnowledgeFile;
  if (file.name !== name || typeof file.version !== "string") throw new Error(`knowledge/${name}.json: needs "name": "${name}" and a "version"`);
  return file;
}

/**
 * Loads every knowledge file into `clinical.knowledge_sets` (idempotent: a (name, version) already
 * stored is left alone). A stored version whose content differs from the file means someone edited
 * the file without bumping its version: that stops the start, because audit records cite versions.
 */
export async function loadKnowledgeBase(db: Db): Promise<void> {
  for (const name of KNOWLEDGE_FILES) {
    const file = readKnowledgeFile(name);
    const sha256 = sha256Hex(canonicalJson(file));
    await db.insert(knowledgeSets).values({ name, version: file.version, sha256, content: file }).onConflictDoNothing();
    const [stored] = await db
      .select({ sha256: knowledgeSets.sha256 })
      .from(knowledgeSets)
      .where(and(eq(knowledgeSets.name, name), eq(knowledgeSets.version, file.version)));
    if (stored?.sha256 !== sha256) {
      throw new Error(`knowledge/${name}.json changed without a version bump (stored ${name}@${file.version} differs): bump "version"`);
    }
  }
}

/** Indexed, read-only view of the knowledge base used by the engines. */
export interface Knowledge {
  versions: Record<KnowledgeName, string>;
  drugs: { byId: Map<string, DrugEntry>; byRxcui: Map<string, DrugEntry>; byName: Map<string, DrugEntry>; classes: Map<string, DrugClass> };
  interactions: InteractionRule[];
  conditionRules: ConditionRule[];
  /** Drug-age rules (drug-age.json): paediatric and older-adult warnings. */
  ageRules: AgeRule[];
  allergens: { byName: Map<string, Allergen>; crossReactivity: CrossReactivity[] };
  /** The drug, condition and allergy rules keyed for the drug-safety engine's lookups. */
  drugSafety: DrugSafetyIndex;
  labTests: Map<string, LabTest>;
  sepsis: SepsisKnowledge;
  riskModels: RiskModels;
  symptoms: SymptomKnowledge;
  reminders: ReminderRule[];
  news2: News2Knowledge;
  administrationTimes: AdministrationTimes;
  labDeltaChecks: Map<string, LabDeltaCheck>;
  counseling: Map<string, CounselingEntry>;
  statisticalTests: StatisticalTests;
}

/** Lower-case letters and digits separated by single spaces ("Co-Trimoxazole" → "co trimoxazole"): how names are compared. */
export function normaliseName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, " ").trim();
}

/** Builds the indexes from the stored file contents. */
export function indexKnowledge(files: Record<KnowledgeName, KnowledgeFile>): Knowledge {
  const drugsFile = files.drugs as unknown as { classes: DrugClass[]; drugs: DrugEntry[] };
  const byId = new Map<string, DrugEntry>();
  const byRxcui = new Map<string, DrugEntry>();
  const byName = new Map<string, DrugEntry>();
  for (const d of drugsFile.drugs) {
    // A paediatric band without a source, or with neither a per-kg maximum nor a cap, would clear a child's dose unsourced.
    for (const [field, b] of [...(d.paediatric_max_daily_dose ?? []).map((x) => ["paediatric_max_daily_dose", x] as const), ...(d.paediatric_min_daily_dose ?? []).map((x) => ["paediatric_min_daily_dose", x] as const)]) {
      const positive = (x: number | null) => x === null || (Number.isFinite(x) && x > 0);
      if (!b.source?.trim() || (b.mg_per_kg === null && b.max_mg === null) || !positive(b.mg_per_kg) || !positive(b.max_mg) || !b.age) {
        throw new Error(`knowledge/drugs.json: ${d.id} ${field} needs an age band, a source and a positive mg_per_kg or max_mg`);
      }
    }
    byId.set(d.id, d);
    if (d.rxcui) byRxcui.set(d.rxcui, d);
    for (const n of [d.name, d.id.replace(/_/g, " "), ...d.synonyms]) byName.set(normaliseName(n), d);
  }
  const allergyFile = files["drug-allergies"] as unknown as { allergens: Allergen[]; cross_reactivity: CrossReactivity[] };
  const allergensByName = new Map<string, Allergen>();
  for (const a of allergyFile.allergens) for (const n of [a.name, a.id, ...a.synonyms]) allergensByName.set(normaliseName(n), a);
  const labFile = files["lab-limits"] as unknown as { tests: LabTest[] };
  // A result outside the possible range is refused: a test shipped without one would chart any typo.
  for (const t of labFile.tests) {
    if (!t.possible_range || !("low" in t.possible_range) || !("high" in t.possible_range) || !t.source?.possible_range) {
      throw new Error(`knowledge/lab-limits.json: test ${t.loinc} needs a possible_range {low, high} and a source.possible_range`);
    }
    // A reference interval with no upper limit (HDL cholesterol, eGFR: null in the file) is never flagged high.
    if ((t.reference_range[1] as number | null) === null) t.reference_range = [t.reference_range[0], Number.POSITIVE_INFINITY];
    // An age band without a source or a limit would replace an adult limit unsourced.
    for (const b of t.critical_by_age ?? []) {
      const from = b.min_age_days ?? 0;
      if (!b.id || !b.source?.trim() || !(Number.isInteger(b.max_age_days) && Number.isInteger(from) && from >= 0 && from <= b.max_age_days) || (b.critical_low === undefined && b.critical_high === undefined)) {
        throw new Error(`knowledge/lab-limits.json: test ${t.loinc} critical_by_age band needs an id, a source, whole-day ages (0 <= min_age_days <= max_age_days) and a critical_low or critical_high`);
      }
    }
    for (const b of t.reference_by_age ?? []) {
      const from = b.min_age_days ?? 0;
      if (!b.id || !b.source?.trim() || !(Number.isInteger(b.max_age_days) && Number.isInteger(from) && from >= 0 && from <= b.max_age_days) || (b.low === undefined && b.high === undefined)) {
        throw new Error(`knowledge/lab-limits.json: test ${t.loinc} reference_by_age band needs an id, a source, whole-day ages (0 <= min_age_days <= max_age_days) and a low or high`);
      }
    }
  }
  const interactions = (files["drug-interactions"] as unknown as { rules: InteractionRule[] }).rules;
  const conditionRules = resolveConditionRules(files["drug-conditions"] as unknown as Parameters<typeof resolveConditionRules>[0]);
  const classes = new Map(drugsFile.classes.map((c) => [c.id, c]));
  const ageRules = validateAgeRules((files["drug-age"] as unknown as { rules: AgeRule[] }).rules, byId, classes, new Set(conditionRules.map((r) => r.id)));
  return {
    versions: Object.fromEntries(KNOWLEDGE_FILES.map((n) => [n, files[n].version])) as Record<KnowledgeName, string>,
    drugs: { byId, byRxcui, byName, classes },
    interactions,
    conditionRules,
    ageRules,
    allergens: { byName: allergensByName, crossReactivity: allergyFile.cross_reactivity },
    drugSafety: buildDrugSafetyIndex({ interactions, conditionRules, ageRules, allergensByName, drugsByName: byName, drugs: drugsFile.drugs, crossReactivity: allergyFile.cross_reactivity }),
    labTests: new Map(labFile.tests.map((t) => [t.loinc, t])),
    sepsis: files.sepsis as unknown as SepsisKnowledge,
    riskModels: files["risk-models"] as unknown as RiskModels,
    symptoms: files.symptoms as unknown as SymptomKnowledge,
    reminders: (files.reminders as unknown as { rules: ReminderRule[] }).rules,
    news2: files.news2 as unknown as News2Knowledge,
    administrationTimes: files["administration-times"] as unknown as AdministrationTimes,
    labDeltaChecks: new Map((files["lab-delta-checks"] as unknown as { checks: LabDeltaCheck[] }).checks.map((c) => [c.loinc, c])),
    counseling: new Map((files.counseling as unknown as { medicines: CounselingEntry[] }).medicines.map((m) => [m.drug, m])),
    statisticalTests: files["statistical-tests"] as unknown as StatisticalTests,
  };
}

/** The knowledge as shipped in the files (unit tests; no database). */
export function knowledgeFromFiles(): Knowledge {
  return indexKnowledge(Object.fromEntries(KNOWLEDGE_FILES.map((n) => [n, readKnowledgeFile(n)])) as Record<KnowledgeName, KnowledgeFile>);
}

const cache = new WeakMap<Db, Promise<Knowledge>>();

/**
 * The knowledge base as stored in Postgres for the versions this release ships, loaded (if needed)
 * and indexed once per database handle.
 */
export function getKnowledge(db: Db): Promise<Knowledge> {
  let pending = cache.get(db);
  if (!pending) {
    pending = (async () => {
      await loadKnowledgeBase(db);
      const wanted = KNOWLEDGE_FILES.map((n) => ({ name: n, version: readKnowledgeFile(n).version }));
      const rows = await db.select().from(knowledgeSets).where(inArray(knowledgeSets.name, [...KNOWLEDGE_FILES]));
      const files = {} as Record<KnowledgeName, KnowledgeFile>;
      for (const w of wanted) {
        const row = rows.find((r) => r.name === w.name && r.version === w.version);
        if (!row) throw new Error(`knowledge ${w.name}@${w.version} is not in the database`);
        files[w.name] = row.content as KnowledgeFile;
      }
      return indexKnowledge(files);
    })();
    pending.catch(() => cache.delete(db));
    cache.set(db, pending);
  }
  return pending;
}
