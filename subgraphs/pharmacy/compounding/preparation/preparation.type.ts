import { IsOptional, Length } from "class-validator";
import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";
import { LocalDateScalar } from "../../../../lib/federation.js";
import { Decimal } from "../../../../lib/money.js";
import { PageOf } from "../../../../lib/pagination.js";
import { MAX_WITNESS } from "../../drug-safety/witness.js";

@ObjectType({ description: "One ingredient as used in a preparation." })
export class PreparationIngredient {
  @Field(() => ID, { description: "The formula ingredient." })
  ingredientId!: string;

  @Field(() => String, { description: "The stock it was drawn from." })
  stockCode!: string;

  @Field(() => String, { description: "Ingredient name." })
  name!: string;

  @Field(() => String, { description: "Unit the quantities are in." })
  unit!: string;

  @Field(() => Decimal, { description: "The formula's quantity scaled to the batch size." })
  required!: string;

  @Field(() => Int, { description: "Whole units of `unit` drawn from stock." })
  quantity!: number;

  @Field(() => ID, { description: "The negative compounding movement that drew it (FEFO, unexpired lots only)." })
  stockMovementId!: string;
}

@ObjectType({ description: "A compounded batch: ingredients drawn from stock and the batch put into stock, in one transaction." })
export class CompoundPreparation {
  @Field(() => ID, { description: "Preparation id (UUID)." })
  id!: string;

  @Field(() => String, { description: "The batch's lot number: CMP-<pharmacy code>-<yyyymmdd>-<sequence>, gap-free per pharmacy and Kampala day." })
  lotNumber!: string;

  @Field(() => ID, { description: "The formula prepared." })
  formulaId!: string;

  @Field(() => String, { description: "The formula's code." })
  formulaCode!: string;

  @Field(() => String, { description: "The formula's name." })
  formulaName!: string;

  @Field(() => ID, { description: "The preparing pharmacy." })
  pharmacyId!: string;

  @Field(() => String, { description: "compound:<formula code>: the stock a prescription of it is dispensed from." })
  medicationCode!: string;

  @Field(() => Int, { description: "Size of the batch, in batchUnit." })
  batchSize!: number;

  @Field(() => String, { description: "The unit the batch is counted in (the formula's)." })
  batchUnit!: string;

  @Field(() => String, { description: "Who prepared it, as written." })
  preparedBy!: string;

  @Field(() => String, { description: "Who recorded it (the token's subject)." })
  recordedBy!: string;

  @Field(() => LocalDateScalar, { description: "Kampala day of preparation." })
  preparedOn!: string;

  @Field(() => LocalDateScalar, { description: "Prepared on + the formula's beyond-use days, never after an ingredient lot's expiry; the batch's expiry." })
  beyondUseDate!: string;

  @Field(() => ID, { description: "The stock batch holding the preparation." })
  batchId!: string;

  @Field(() => ID, { description: "The positive compounding movement that put the batch into stock." })
  stockMovementId!: string;

  @Field(() => String, { nullable: true, description: "Notes; null when none." })
  notes!: string | null;

  @Field(() => [PreparationIngredient], { description: "The ingredients used, in the formula's order." })
  ingredients!: PreparationIngredient[];

  @Field(() => Date, { description: "When it was recorded." })
  createdAt!: Date;
}

@ObjectType({ description: "A page of preparations, newest first." })
export class CompoundPreparationPage extends PageOf(CompoundPreparation) {}

@InputType({ description: "How much of one formula ingredient was used." })
export class IngredientUsedInput {
  @Field(() => ID, { description: "An ingredient of the formula." })
  ingredientId!: string;

  @Field(() => Float, { description: "In the ingredient's unit; a whole number (stock is counted in whole units)." })
  quantity!: number;
}

/** Spec, "Compound preparation create request", plus pharmacy_id, witness and notes. */
@InputType({ description: "A preparation of an approved formula (spec, \"Compound preparation create request\", plus pharmacy, witness and notes)." })
export class CreatePreparationInput {
  @Field(() => ID, { description: "An approved formula (UUID)." })
  formulaId!: string;

  @Field(() => Int, { description: "In the formula's batch unit, 1–100000." })
  batchSize!: number;

  @Field(() => String, { description: "Who prepared it (1 to 200 characters)." })
  @Length(1, 200)
  preparedBy!: string;

  @Field(() => [IngredientUsedInput], { description: "Every ingredient of the formula once, each within the formula's tolerance of what the batch requires." })
  ingredientsUsed!: IngredientUsedInput[];

  @Field(() => ID, { nullable: true, description: "Default: the caller's pharmacy (admins name one)." })
  @IsOptional()
  pharmacyId?: string;

  @Field(() => String, { nullable: true, description: "Needed when a controlled ingredient's register requires a witness." })
  @IsOptional()
  @Length(1, MAX_WITNESS)
  witness?: string;

  @Field(() => String, { nullable: true, description: "Notes (at most 2,000 characters)." })
  @IsOptional()
  @Length(0, 2000)
  notes?: string;
}
