import { Field, Int, ObjectType } from "type-graphql";

@ObjectType({ description: "One medication code of an interaction query, as the catalog and the knowledge base know it." })
export class InteractionQueryItem {
  @Field(() => String, { description: "The medication_code asked about." })
  code!: string;

  @Field(() => String, { nullable: true, description: "Generic name from the catalog; null when the catalog does not list the code." })
  name!: string | null;

  @Field(() => Boolean, { description: "Whether the pharmacy's medication catalog lists the code." })
  inCatalog!: boolean;

  @Field(() => Boolean, { description: "The clinical knowledge base identified it, so it was checked." })
  recognized!: boolean;
}

@ObjectType({ description: "A drug-drug, drug-condition or drug-allergy finding, with its published source." })
export class InteractionFinding {
  @Field(() => String, { description: "drug-drug, drug-condition or drug-allergy." })
  type!: string;

  @Field(() => String, { description: "contraindicated, major, moderate or minor." })
  severity!: string;

  @Field(() => [String], { description: "Generic names involved (the pair, for drug-drug)." })
  drugs!: string[];

  @Field(() => [String], { description: "Medication codes involved, where they were asked about." })
  codes!: string[];

  @Field(() => String, { description: "What the finding is, in words." })
  description!: string;

  @Field(() => String, { nullable: true, description: "How it comes about, where the rule says; null otherwise." })
  mechanism!: string | null;

  @Field(() => String, { description: "What to do (the spec's recommendation)." })
  management!: string;

  @Field(() => String, { description: "Published source of the rule." })
  source!: string;

  @Field(() => String, { description: "Id of the knowledge-base rule that matched." })
  ruleId!: string;
}

@ObjectType({ description: "Drug interaction query (pharmacy): every pair of the items, by the clinical knowledge base. Advisory." })
export class InteractionCheck {
  @Field(() => Boolean, { description: "True only when nothing was found and every item was recognised." })
  safe!: boolean;

  @Field(() => [InteractionQueryItem], { description: "Each code asked about, in the order given (duplicates dropped)." })
  items!: InteractionQueryItem[];

  @Field(() => [InteractionFinding], { description: "Most severe first." })
  interactions!: InteractionFinding[];

  @Field(() => [String], { description: "Codes the knowledge base did not recognise: NOT checked." })
  unrecognized!: string[];

  @Field(() => Int, { description: "Pairs of recognised medications checked: among the items, and each item with each recognised active medication of the patient." })
  checkedPairs!: number;

  @Field(() => String, { nullable: true, description: "The patient whose active medications, conditions and allergies were included." })
  patientUhid!: string | null;

  @Field(() => [String], { description: "The patient's active medications included in the check." })
  patientMedications!: string[];

  @Field(() => [String], { description: "What was not checked or needs confirming (unknown medications, fewer than two recognised items, …)." })
  warnings!: string[];

  @Field(() => Int, { description: "Time the clinical engine spent on the check, in milliseconds." })
  processingTimeMs!: number;

  @Field(() => Boolean, { description: "Always true: advisory output, to be reviewed by a qualified professional before it is acted on." })
  requiresReview!: boolean;

  @Field(() => String, { description: "Clinical audit record of the check." })
  auditId!: string;

  @Field(() => String, { description: "Versions of the engine and knowledge files that produced this answer." })
  rulesetVersion!: string;
}
