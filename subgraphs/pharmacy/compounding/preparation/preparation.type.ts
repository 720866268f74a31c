import { IsOptional, Length } from "class-validator";
import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";
import { LocalDateScalar } from "../../../../lib/federation.js";
import { Decimal } from "../../../../lib/money.js";
import { PageOf } from "../../../../lib/pagination.js";

@ObjectType({ description: "One ingredient as used in a preparation." })
export class PreparationIngredient {
  @Field(() => ID)
  ingredientId!: string;

  @Field(() => String)
  stockCode!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String)
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
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: "The batch's lot number: CMP-<pharmacy code>-<yyyymmdd>-<sequence>, gap-free per pharmacy and Kampala day." })
  lotNumber!: string;

  @Field(() => ID)
  formulaId!: string;

  @Field(() => String)
  formulaCode!: string;

  @Field(() => String)
  formulaName!: string;

  @Field(() => ID)
  pharmacyId!: string;

  @Field(() => String, { description: "compound:<formula code>: the stock a prescription of it is dispensed from." })
  medicationCode!: string;

  @Field(() => Int)
  batchSize!: number;

  @Field(() => String)
  batchUnit!: string;

  @Field(() => String)
  preparedBy!: string;

  @Field(() => String, { description: "Who recorded it (the token's subject)." })
  recordedBy!: string;

  @Field(() => LocalDateScalar, { description: "Kampala day of preparation." })
  preparedOn!: string;

  @Field(() => LocalDateScalar, { description: "Prepared on + the formula's beyond-use days, never after an ingredient lot's expiry; the batch's expiry." })
  beyondUseDate!: string;

  @Field(() => ID)
  batchId!: string;

  @Field(() => ID, { description: "The positive compounding movement that put the batch into stock." })
  stockMovementId!: string;

  @Field(() => String, { nullable: true })
  notes!: string | null;

  @Field(() => [PreparationIngredient])
  ingredients!: PreparationIngredient[];

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType()
export class CompoundPreparationPage extends PageOf(CompoundPreparation) {}

@InputType()
export class IngredientUsedInput {
  @Field(() => ID, { description: "An ingredient of the formula." })
  ingredientId!: string;

  @Field(() => Float, { description: "In the ingredient's unit; a whole number (stock is counted in whole units)." })
  quantity!: number;
}

/** Spec, "Compound preparation create request", plus pharmacy_id, witness and notes. */
@InputType()
export class CreatePreparationInput {
  @Field(() => ID)
  formulaId!: string;

  @Field(() => Int, { description: "In the formula's batch unit, 1–100000." })
  batchSize!: number;

  @Field(() => String)
  @Length(1, 200)
  preparedBy!: string;

  @Field(() => [IngredientUsedInput])
  ingredientsUsed!: IngredientUsedInput[];

  @Field(() => ID, { nullable: true, description: "Default: the caller's pharmacy (admins name one)." })
  @IsOptional()
  pharmacyId?: string;

  @Field(() => String, { nullable: true, description: "Needed when a controlled ingredient's register requires a witness." })
  @IsOptional()
  @Length(1, 200)
  witness?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(0, 2000)
  notes?: string;
}
