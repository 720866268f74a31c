import { IsOptional } from "class-validator";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";

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
