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

  @Field(() => Int, { nullable: true })
  @IsOptional()
  ageMin?: number | null;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  ageMax?: number | null;
}

@ObjectType()
export class CohortCell {
  @Field(() => String)
  label!: string;

  @Field(() => Int, { nullable: true, description: "Null when suppressed." })
  count!: number | null;

  @Field(() => Boolean)
  suppressed!: boolean;
}

@ObjectType({ description: "A de-identified cohort count: no identifiers, small cells suppressed." })
export class CohortCountResult {
  @Field(() => Int, { nullable: true, description: "Patients matching every criterion; null when below the threshold." })
  count!: number | null;

  @Field(() => Boolean)
  suppressed!: boolean;

  @Field(() => Int, { description: "Counts below this are withheld." })
  suppressionThreshold!: number;

  @Field(() => [CohortCell])
  bySex!: CohortCell[];

  @Field(() => [CohortCell])
  byAgeBand!: CohortCell[];

  @Field(() => String)
  dataScope!: string;

  @Field(() => Boolean)
  requiresReview!: boolean;

  @Field(() => ID)
  auditId!: string;

  @Field(() => String)
  rulesetVersion!: string;
}

@InputType()
export class StatisticalTestInput {
  @Field(() => String, { description: "continuous, ordinal, binary, categorical or time_to_event." })
  outcomeType!: string;

  @Field(() => Int, { description: "Groups or measurement occasions compared (1 = one sample against a reference value)." })
  groups!: number;

  @Field(() => Boolean, { nullable: true, description: "Related samples (same subjects or matched pairs); default false." })
  @IsOptional()
  paired?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: "Continuous outcomes: approximately normal in each group (required for them)." })
  @IsOptional()
  normalDistribution?: boolean | null;
}

@ObjectType({ description: "A statistical test recommended for a study design, with its rationale. Advisory." })
export class StatisticalTestResult {
  @Field(() => Boolean)
  found!: boolean;

  @Field(() => String, { nullable: true })
  test!: string | null;

  @Field(() => String, { nullable: true })
  rationale!: string | null;

  @Field(() => [String])
  alternatives!: string[];

  @Field(() => [String])
  assumptions!: string[];

  @Field(() => String, { nullable: true, description: "Why no test is recommended." })
  reason!: string | null;

  @Field(() => String)
  source!: string;

  @Field(() => Boolean)
  requiresReview!: boolean;

  @Field(() => ID)
  auditId!: string;

  @Field(() => String)
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

@ObjectType()
export class LiteratureHit {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  title!: string;

  @Field(() => String)
  issuingBody!: string;

  @Field(() => Int, { nullable: true, description: "Null when the source gives no year." })
  year!: number | null;

  @Field(() => String, { nullable: true, description: "The recommendation grade, where the source grades (USPSTF: A, B, C, D, I)." })
  grade!: string | null;

  @Field(() => [String])
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

  @Field(() => String)
  licence!: string;
}

@ObjectType({ description: "Ranked literature hits from the shipped corpus; reference only." })
export class LiteratureSearchResult {
  @Field(() => [LiteratureHit])
  results!: LiteratureHit[];

  @Field(() => Int, { description: "Entries matching the query and filters, all pages." })
  count!: number;

  @Field(() => Int)
  page!: number;

  @Field(() => Int)
  pageSize!: number;

  @Field(() => String, { description: "The query as the text search understood it (the tsquery; stemmed, stop words dropped)." })
  queryUnderstood!: string;

  @Field(() => String, { description: "all: every word matched; any: nothing matched every word, so any word was enough." })
  matchMode!: string;

  @Field(() => String, { description: "The corpus and version searched." })
  corpus!: string;

  @Field(() => Boolean)
  requiresReview!: boolean;

  @Field(() => ID)
  auditId!: string;

  @Field(() => String)
  rulesetVersion!: string;
}
