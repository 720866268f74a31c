import { IsOptional, Length } from "class-validator";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { valueEnum } from "../../../../lib/enums.js";
import { Decimal } from "../../../../lib/money.js";
import { PageOf } from "../../../../lib/pagination.js";

export const FORMULA_STATUSES = ["draft", "approved", "retired"] as const;
export const FormulaStatus = valueEnum("CompoundFormulaStatus", FORMULA_STATUSES, "Life of a compound formula: draft → approved → retired (a draft may be retired); only approved formulas are prepared or prescribed.");
export const INGREDIENT_KINDS = ["medication", "excipient"] as const;
export const IngredientKind = valueEnum("CompoundIngredientKind", INGREDIENT_KINDS, "A catalog medicine, or a non-catalog stock item (vehicle, base, excipient).");

@ObjectType({ description: "One ingredient of a compound formula, per batch unit of the preparation." })
export class FormulaIngredient {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  formulaId!: string;

  @Field(() => String)
  formulaCode!: string;

  @Field(() => FormulaStatus, { description: "The formula's status." })
  formulaStatus!: string;

  @Field(() => Int)
  position!: number;

  @Field(() => String, { description: "The stock it is drawn from: a catalog medication code, or excipient:<name>." })
  stockCode!: string;

  @Field(() => IngredientKind)
  kind!: string;

  @Field(() => String)
  name!: string;

  @Field(() => Decimal, { description: "Quantity per one batch unit of the preparation, in `unit`." })
  quantityPerUnit!: string;

  @Field(() => String, { description: "The unit the pharmacy's stock of this code is counted in (mg, mL, g, tablet): quantities used are whole units of it." })
  unit!: string;
}

@ObjectType({ description: "A compound formula (master formulation record), shared by every pharmacy." })
export class CompoundFormula {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: "Upper case, unique." })
  code!: string;

  @Field(() => String, { description: "The medication code of its preparations (compound:<code>): what a prescription names and stock counts." })
  medicationCode!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  dosageForm!: string;

  @Field(() => String, { description: "The unit a batch is counted in (g, mL, capsule)." })
  batchUnit!: string;

  @Field(() => Int)
  beyondUseDays!: number;

  @Field(() => String, { nullable: true })
  instructions!: string | null;

  @Field(() => Decimal, { description: "Allowed deviation of each ingredient used from the formula scaled to the batch, in percent." })
  tolerancePercent!: string;

  @Field(() => FormulaStatus)
  status!: string;

  @Field(() => [FormulaIngredient])
  ingredients!: FormulaIngredient[];

  @Field(() => String)
  createdBy!: string;

  @Field(() => String, { nullable: true })
  approvedBy!: string | null;

  @Field(() => Date, { nullable: true })
  approvedAt!: Date | null;

  @Field(() => String, { nullable: true, description: "Who retired it (the token's subject)." })
  retiredBy!: string | null;

  @Field(() => Date, { nullable: true })
  retiredAt!: Date | null;

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType()
export class CompoundFormulaPage extends PageOf(CompoundFormula) {}

@ObjectType()
export class FormulaIngredientPage extends PageOf(FormulaIngredient) {}

@InputType()
export class FormulaIngredientInput {
  @Field(() => String, { description: "A catalog medication code, or excipient:<name> for a non-catalog stock item (vehicle, base)." })
  @Length(1, 64)
  stockCode!: string;

  @Field(() => String, { nullable: true, description: "Default: the catalog's generic name (required for an excipient)." })
  @IsOptional()
  @Length(1, 200)
  name?: string;

  @Field(() => Decimal, { description: "Per one batch unit of the preparation, in `unit`; > 0, at most 4 decimals." })
  quantityPerUnit!: Decimal;

  @Field(() => String, { description: "The unit the stock of this code is counted in (mg, mL, g, tablet)." })
  @Length(1, 20)
  unit!: string;
}

@InputType()
export class CreateFormulaInput {
  @Field(() => String, { description: "Letters, digits, - and _; stored upper case; unique (409 on a repeat)." })
  @Length(2, 32)
  code!: string;

  @Field(() => String)
  @Length(1, 200)
  name!: string;

  @Field(() => String, { description: "e.g. cream, oral suspension, capsule." })
  @Length(1, 64)
  dosageForm!: string;

  @Field(() => String, { description: "The unit a batch is counted in (g, mL, capsule)." })
  @Length(1, 20)
  batchUnit!: string;

  @Field(() => Int, { description: "Days from preparation to the beyond-use date, 1–365." })
  beyondUseDays!: number;

  @Field(() => Decimal, { description: "0–20 percent." })
  tolerancePercent!: Decimal;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(0, 5000)
  instructions?: string;

  @Field(() => [FormulaIngredientInput])
  ingredients!: FormulaIngredientInput[];
}
