import { createHmac } from "node:crypto";
import { and, count, eq, exists, inArray, like, or, sql, type SQL } from "drizzle-orm";
import type { SubgraphContext } from "../../../lib/context.js";
import { FieldErrorCollector } from "../../../lib/errors.js";
import { appendAuditNow } from "../audit/audit.service.js";
import { diagnoses, medications, patients } from "../db/tables.js";
import { identifyDrug } from "../drug-safety/drug-safety.engine.js";
import { getKnowledge, normaliseName } from "../knowledge/knowledge.js";
import { AGE_BANDS, perturbedCount, SUPPRESSION_THRESHOLD, suppressCells } from "./cohort.engine.js";
import { OUTCOME_TYPES, recommendStatisticalTest, STATISTICAL_TEST_ENGINE_VERSION, STUDY_AIMS } from "./statistical-test.engine.js";
import type { CohortCountResult, CohortCriteriaInput, StatisticalTestInput, StatisticalTestResult } from "./researcher-assistant.type.js";
import type { OutcomeType, StudyAim } from "../knowledge/knowledge.types.js";

const COHORT_ENGINE_VERSION = "cohort-count@1.1.0";
const ICD10_PREFIX = /^[A-Z][0-9]{2}(\.?[0-9A-Z]{0,4})?$|^[A-Z][0-9]?$/i;
const SEXES = ["female", "male", "other", "unknown"];

/**
 * Counts the patients matching the criteria, with sex and age-band breakdowns, and nothing else: no
 * identifier leaves the query, any count below 5 is withheld, and every shown count carries its
 * cell's fixed noise so overlapping queries cannot be subtracted (cohort.engine.ts, cell key method).
 */
export async function countCohort(ctx: SubgraphContext, input: CohortCriteriaInput): Promise<CohortCountResult> {
  const k = await getKnowledge(ctx.db);
  const errors = new FieldErrorCollector();
  input.diagnosisCodes?.forEach((c, i) => {
    if (!ICD10_PREFIX.test(c.trim())) errors.add(`diagnosisCodes.${i}`, "must be an ICD-10 code or prefix such as E11 or N18.3");
  });
  const drugNames: string[] = [];
  const rxcuis: string[] = [];
  input.medications?.forEach((m, i) => {
    const found = identifyDrug(k, /^\d+$/.test(m.trim()) ? { code: m.trim(), name: m } : { name: m }, []);
    if (!found) errors.add(`medications.${i}`, "is not in the drug knowledge base");
    else {
      drugNames.push(...[...k.drugs.byName.entries()].filter(([, d]) => d.id === found.drug.id).map(([n]) => n));
      if (found.drug.rxcui) rxcuis.push(found.drug.rxcui);
    }
  });
  if (input.sex != null && !SEXES.includes(input.sex)) errors.add("sex", `must be one of ${SEXES.join(", ")}`);
  for (const f of ["ageMin", "ageMax"] as const) {
    const v = input[f];
    if (v != null && (v < 0 || v > 130)) errors.add(f, "must be 0-130 years");
  }
  if (input.ageMin != null && input.ageMax != null && input.ageMin > input.ageMax) errors.add("ageMax", "must not be below ageMin");
  errors.throwIfAny("Invalid cohort criteria");

  const age = sql`date_part('year', age(current_date, ${patients.birthDate}))`;
  const band = sql<string>`case when ${age} < 18 then '0-17' when ${age} < 40 then '18-39' when ${age} < 65 then '40-64' else '65+' end`;
  const where: SQL[] = [];
  if (input.sex) where.push(eq(patients.sex, input.sex));
  if (input.ageMin != null) where.push(sql`${age} >= ${input.ageMin}`);
  if (input.ageMax != null) where.push(sql`${age} <= ${input.ageMax}`);
  if (input.diagnosisCodes?.length) {
    const prefixes = input.diagnosisCodes.map((c) => like(sql`replace(upper(${diagnoses.code}), '.', '')`, `${c.trim().toUpperCase().replace(/\./g, "")}%`));
    where.push(exists(ctx.db.select({ one: sql`1` }).from(diagnoses).where(and(eq(diagnoses.patientUhid, patients.uhid), or(...prefixes)))));
  }
  if (input.medications?.length) {
    const byName = inArray(sql`trim(regexp_replace(lower(${medications.name}), '[^a-z0-9]+', ' ', 'g'))`, [...new Set(drugNames.map(normaliseName))]);
    const match = rxcuis.length ? or(byName, inArray(medications.rxnormCode, rxcuis)) : byName;
    where.push(exists(ctx.db.select({ one: sql`1` }).from(medications).where(and(eq(medications.patientUhid, patients.uhid), match))));
  }
  // Each patient's record key (0-255): a keyed hash of the UHID, summed per group; a cell's key is the sum of its groups'.
  const recordKey = sql<string>`sum(('x' || substr(md5(${cellKeySalt(ctx)} || ${patients.uhid}), 1, 2))::bit(8)::int)`;
  const rows = await ctx.db
    .select({ sex: patients.sex, band, n: count(), key: recordKey })
    .from(patients)
    .where(where.length ? and(...where) : undefined)
    .groupBy(patients.sex, band);
  const total = rows.reduce((s, r) => s + Number(r.n), 0);
  const suppressed = total < SUPPRESSION_THRESHOLD;
  const sum = (pick: (r: (typeof rows)[number]) => boolean) => rows.filter(pick).reduce((s, r) => s + Number(r.n), 0);
  const keyOf = (pick: (r: (typeof rows)[number]) => boolean) => rows.filter(pick).reduce((s, r) => s + Number(r.key), 0);
  /** Withheld cells as they are; shown cells with their cell's noise (the suppression decision is on the true counts). */
  const shownCells = (labels: string[], pick: (label: string) => (r: (typeof rows)[number]) => boolean) =>
    suppressCells(labels.map((label) => ({ label, count: sum(pick(label)) }))).map((c) => (c.suppressed ? c : { ...c, count: perturbedCount(c.count!, keyOf(pick(c.label))) }));
  const hideAll = (labels: string[]) => labels.map((label) => ({ label, count: null, suppressed: true }));
  const sexes = SEXES.filter((s) => s === input.sex || (!input.sex && (s === "female" || s === "male" || rows.some((r) => r.sex === s))));
  const output = {
    count: suppressed ? null : perturbedCount(total, keyOf(() => true)),
    suppressed,
    suppressionThreshold: SUPPRESSION_THRESHOLD,
    bySex: suppressed ? hideAll(sexes) : shownCells(sexes, (s) => (r) => r.sex === s),
    byAgeBand: suppressed ? hideAll(AGE_BANDS) : shownCells(AGE_BANDS, (b) => (r) => r.band === b),
    dataScope: "Counts only over the clinical record: no identifiers, names, dates or free text are returned; counts below 5 are withheld, and shown counts carry a fixed noise of up to ±2 (cells need not add up to the total)",
    requiresReview: true,
  };
  const rulesetVersion = `${COHORT_ENGINE_VERSION}; drugs@${k.versions.drugs}`;
  const audit = await appendAuditNow(ctx.db, { actor: ctx.principal, operation: "research_cohort_count", patientUhid: null, input, output, rulesetVersion, requestId: ctx.requestId });
  return { ...output, auditId: audit.id, rulesetVersion };
}

/** The secret the record keys are hashed with: derived from the internal secret, never stored or returned. */
function cellKeySalt(ctx: SubgraphContext): string {
  return createHmac("sha256", ctx.config.internalSecret).update("cohort-cell-key").digest("hex");
}

/** A statistical test for the design, from knowledge/statistical-tests.json. */
export async function recommendTest(ctx: SubgraphContext, input: StatisticalTestInput): Promise<StatisticalTestResult> {
  const errors = new FieldErrorCollector();
  if (!OUTCOME_TYPES.includes(input.outcomeType as OutcomeType)) errors.add("outcomeType", `must be one of ${OUTCOME_TYPES.join(", ")}`);
  if (!(input.groups >= 1 && input.groups <= 100)) errors.add("groups", "must be 1-100");
  const aim = (input.aim ?? "compare").trim().toLowerCase() as StudyAim;
  if (!STUDY_AIMS.includes(aim)) errors.add("aim", `must be one of ${STUDY_AIMS.join(", ")}`);
  if (input.outcomeType === "continuous" && input.normalDistribution == null && aim !== "agreement") errors.add("normalDistribution", "is required for a continuous outcome (it decides between a parametric and a rank-based test)");
  if (input.groups === 1 && input.paired && aim === "compare") errors.add("paired", "a single group cannot be paired: a paired design compares 2 or more measurements");
  if (aim === "agreement" && input.groups === 1) errors.add("groups", "agreement needs 2 or more raters or methods");
  if (input.smallExpectedCounts != null && input.outcomeType !== "binary" && input.outcomeType !== "categorical") errors.add("smallExpectedCounts", "applies to binary or categorical outcomes only (expected cell counts of a table)");
  errors.throwIfAny("Invalid study design");
  const k = await getKnowledge(ctx.db);
  const r = recommendStatisticalTest(k.statisticalTests, { outcome: input.outcomeType as OutcomeType, groups: input.groups, paired: input.paired ?? false, normal: input.normalDistribution ?? null, aim, smallExpectedCounts: input.smallExpectedCounts ?? null });
  const output = {
    found: r.found,
    test: r.found ? r.test : null,
    rationale: r.found ? r.rationale : null,
    alternatives: r.found ? r.alternatives : [],
    assumptions: r.found ? r.assumptions : [],
    reason: r.found ? null : r.reason,
    source: r.found && r.source ? `${k.statisticalTests.source}; this rule: ${r.source}` : k.statisticalTests.source,
    requiresReview: true,
  };
  const rulesetVersion = `${STATISTICAL_TEST_ENGINE_VERSION}; statistical-tests@${k.versions["statistical-tests"]}`;
  const audit = await appendAuditNow(ctx.db, { actor: ctx.principal, operation: "research_statistical_test", patientUhid: null, input, output, rulesetVersion, requestId: ctx.requestId });
  return { ...output, auditId: audit.id, rulesetVersion };
}
