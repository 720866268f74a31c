import { IsOptional } from "class-validator";
import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";

@InputType({ description: "Cohort criteria, all of which must hold (within a list, any entry)." })
export class CohortCriteriaInput {
  @Field(() => [String], { nullable: true, description: "ICD-10 codes or prefixes (E11, N18.3): any recorded diagnosis starting with one." })
  @IsOptional()
  diagnosisCodes?: string[] | null;

  @Field(() => [String], { nullable: true, description: "Medicine names or RxCUIs known to the drug knowledge base: any recorded medication of one." })
  @IsOptional()
  medications?: string[] | null;

  @Field(() => String, { nullable: true, description: "female, male, other or unknown." })
  @IsOptional()
  sex?: string | null;

  @Field(() => Int, { nullable: true, description: "Minimum age in whole years today, inclusive (0-130)." })
  @IsOptional()
  ageMin?: number | null;

  @Field(() => Int, { nullable: true, description: "Maximum age in whole years today, inclusive (0-130, not below ageMin)." })
  @IsOptional()
  ageMax?: number | null;
}

@ObjectType({ description: "One cell of a breakdown." })
export class CohortCell {
  @Field(() => String, { description: "The group: a sex (female, male, ...) or an age band (0-17, 18-39, 40-64, 65+)." })
  label!: string;

  @Field(() => Int, { nullable: true, description: "Null when suppressed." })
  count!: number | null;

  @Field(() => Boolean, { description: "True when the count is withheld: below 5, or withheld too so a withheld cell cannot be recovered from the total." })
  suppressed!: boolean;
}

@ObjectType({ description: "A de-identified cohort count: no identifiers, small cells suppressed." })
export class CohortCountResult {
  @Field(() => Int, { nullable: true, description: "Patients matching every criterion; null when below the threshold." })
  count!: number | null;

  @Field(() => Boolean, { description: "True when the total is below the threshold and withheld (every cell is then withheld too)." })
  suppressed!: boolean;

  @Field(() => Int, { description: "Counts below this are withheld." })
  suppressionThreshold!: number;

  @Field(() => [CohortCell], { description: "Counts by sex." })
  bySex!: CohortCell[];

  @Field(() => [CohortCell], { description: "Counts by age band: 0-17, 18-39, 40-64, 65+." })
  byAgeBand!: CohortCell[];

  @Field(() => String, { description: "What the counts cover and what is never returned, in words." })
  dataScope!: string;

  @Field(() => Boolean, { description: "Always true: advisory output, to be reviewed by a qualified professional before it is acted on." })
  requiresReview!: boolean;

  @Field(() => ID, { description: "The audit record of this call (UUID); give it to recordClinicalOverride to accept, reject or modify the output." })
  auditId!: string;

  @Field(() => String, { description: "Versions of the engine and knowledge files that produced this answer." })
  rulesetVersion!: string;
}

@InputType({ description: "A study design: the outcome, the groups and whether they are paired." })
export class StatisticalTestInput {
  @Field(() => String, { description: "continuous, ordinal, binary, categorical or time_to_event." })
  outcomeType!: string;

  @Field(() => Int, { description: "Groups or measurement occasions compared (1 = one sample against a reference value)." })
  groups!: number;

  @Field(() => Boolean, { nullable: true, description: "Related samples (same subjects or matched pairs); default false." })
  @IsOptional()
  paired?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: "Continuous outcomes: approximately normal in each group (required for them, except for agreement)." })
  @IsOptional()
  normalDistribution?: boolean | null;

  @Field(() => String, { nullable: true, description: "What the design asks: compare (default: groups or occasions), correlation (association between two measurements on the same subjects; groups and paired are not used) or agreement (two or more raters or methods measuring the same subjects; groups = the raters or methods)." })
  @IsOptional()
  aim?: string | null;

  @Field(() => Boolean, { nullable: true, description: "Binary or categorical outcomes: some expected cell counts are below 5 (a paired binary design: few discordant pairs), so an exact test replaces the chi-square approximation. Null: not stated." })
  @IsOptional()
  smallExpectedCounts?: boolean | null;
}

@ObjectType({ description: "A statistical test recommended for a study design, with its rationale. Advisory." })
export class StatisticalTestResult {
  @Field(() => Boolean, { description: "False when the table has no test for this design (see reason)." })
  found!: boolean;

  @Field(() => String, { nullable: true, description: "The recommended test; null when none was found." })
  test!: string | null;

  @Field(() => String, { nullable: true, description: "Why this test fits the design; null when none was found." })
  rationale!: string | null;

  @Field(() => [String], { description: "Other tests to consider; empty when none was found." })
  alternatives!: string[];

  @Field(() => [String], { description: "What the test assumes of the data; empty when none was found." })
  assumptions!: string[];

  @Field(() => String, { nullable: true, description: "Why no test is recommended." })
  reason!: string | null;

  @Field(() => String, { description: "Source of the decision table (UCLA OARC; Altman 1991), followed by the rule's own source when it has one." })
  source!: string;

  @Field(() => Boolean, { description: "Always true: advisory output, to be reviewed by a qualified professional before it is acted on." })
  requiresReview!: boolean;

  @Field(() => ID, { description: "The audit record of this call (UUID); give it to recordClinicalOverride to accept, reject or modify the output." })
  auditId!: string;

  @Field(() => String, { description: "Versions of the engine and knowledge files that produced this answer." })
  rulesetVersion!: string;
}

@InputType({ description: "A literature search over the shipped guideline corpus (full-text, ranked)." })
export class LiteratureSearchInput {
  @Field(() => String, { description: "Words to find (web-search syntax: \"quoted phrase\", or, -exclude); 1-500 characters." })
  query!: string;

  @Field(() => Int, { nullable: true, description: "Only entries from this year on (entries without a year are then left out)." })
  @IsOptional()
  yearFrom?: number | null;

  @Field(() => Int, { nullable: true, description: "Only entries up to this year (entries without a year are then left out)." })
  @IsOptional()
  yearTo?: number | null;

  @Field(() => [String], { nullable: true, description: "Topic tags: an entry with any of them matches (e.g. hiv, tuberculosis, maternal-health)." })
  @IsOptional()
  topics?: string[] | null;

  @Field(() => String, { nullable: true, description: "Issuing body: an entry whose issuing body contains this text (case-insensitive), e.g. USPSTF." })
  @IsOptional()
  source?: string | null;

  @Field(() => Int, { nullable: true, description: "1-based; default 1." })
  @IsOptional()
  page?: number | null;

  @Field(() => Int, { nullable: true, description: "1-50; default 10." })
  @IsOptional()
  pageSize?: number | null;
}

@ObjectType({ description: "One entry of the corpus matching the query." })
export class LiteratureHit {
  @Field(() => ID, { description: "Id of the entry in the corpus, e.g. uspstf-426." })
  id!: string;

  @Field(() => String, { description: "Title of the recommendation." })
  title!: string;

  @Field(() => String, { description: "Who issued it, e.g. U.S. Preventive Services Task Force (USPSTF)." })
  issuingBody!: string;

  @Field(() => Int, { nullable: true, description: "Null when the source gives no year." })
  year!: number | null;

  @Field(() => String, { nullable: true, description: "The recommendation grade, where the source grades (USPSTF: A, B, C, D, I)." })
  grade!: string | null;

  @Field(() => [String], { description: "Topic tags of the entry." })
  topics!: string[];

  @Field(() => Float, { description: "ts_rank over the weighted vector (title A, statement B, details C); higher is better." })
  score!: number;

  @Field(() => String, { description: "The passage with the matching words marked «…» (ts_headline)." })
  snippet!: string;

  @Field(() => String, { description: "The statement (the entry's abstract), verbatim." })
  summary!: string;

  @Field(() => String, { description: "Where the text was taken from." })
  sourceUrl!: string;

  @Field(() => String, { nullable: true, description: "The issuer's page for the statement, when the source names one." })
  statementUrl!: string | null;

  @Field(() => String, { description: "Licence of the text." })
  licence!: string;
}

@ObjectType({ description: "Ranked literature hits from the shipped corpus; reference only." })
export class LiteratureSearchResult {
  @Field(() => [LiteratureHit], { description: "This page of hits, best first." })
  results!: LiteratureHit[];

  @Field(() => Int, { description: "Entries matching the query and filters, all pages." })
  count!: number;

  @Field(() => Int, { description: "The page returned, from 1." })
  page!: number;

  @Field(() => Int, { description: "Hits per page (1-50)." })
  pageSize!: number;

  @Field(() => String, { description: "The query as the text search understood it (the tsquery; stemmed, stop words dropped)." })
  queryUnderstood!: string;

  @Field(() => String, { description: "all: every word matched; any: nothing matched every word, so any word was enough." })
  matchMode!: string;

  @Field(() => String, { description: "The corpus and version searched." })
  corpus!: string;

  @Field(() => Boolean, { description: "Always true: advisory output, to be reviewed by a qualified professional before it is acted on." })
  requiresReview!: boolean;

  @Field(() => ID, { description: "The audit record of this call (UUID); give it to recordClinicalOverride to accept, reject or modify the output." })
  auditId!: string;

  @Field(() => String, { description: "Versions of the engine and knowledge files that produced this answer." })
  rulesetVersion!: string;
}
