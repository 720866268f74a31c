import { IsOptional, Length } from "class-validator";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { valueEnum } from "../../../../lib/enums.js";
import { Decimal } from "../../../../lib/money.js";
import { PageOf } from "../../../../lib/pagination.js";

export const FORMULA_STATUSES = ["draft", "approved", "retired"] as const;
export const FormulaStatus = valueEnum("CompoundFormulaStatus", FORMULA_STATUSES, "Life of a compound formula: draft → approved → retired (a draft may be retired); only approved formulas are prepared or prescribed.", {
  draft: "Written, awaiting approval by a pharmacist other than its author; not prepared or prescribed.",
  approved: "May be prepared and prescribed (compound:<code>).",
  retired: "No new preparations or prescriptions; stock already made stays dispensable. Final.",
});
/**
 * USP <795> (2023), section 10, Table 4: the default beyond-use period of a nonsterile preparation with no
 * stability study, by water activity and preservative; a study for the specific preparation may support
 * more, never beyond MAX_BEYOND_USE_DAYS.
 */
export const BUD_CATEGORY_DAYS = { aqueous_unpreserved: 14, aqueous_preserved: 35, nonaqueous: 90, solid: 180 } as const;
export const BUD_CATEGORIES = Object.keys(BUD_CATEGORY_DAYS) as (keyof typeof BUD_CATEGORY_DAYS)[];
/** USP <795> (2023) 10.2: a nonsterile BUD may be extended by a stability study up to 180 days, no further. */
export const MAX_BEYOND_USE_DAYS = 180;
export const BudCategory = valueEnum("CompoundBudCategory", BUD_CATEGORIES, "USP <795> (2023) category of a nonsterile preparation, which sets its default beyond-use period (Table 4).", {
  aqueous_unpreserved: "Water activity 0.6 or more, no antimicrobial preservative (suspensions and solutions made from tablets in water, lotions, mouthwashes): 14 days, refrigerated.",
  aqueous_preserved: "Water activity 0.6 or more with an antimicrobial preservative (a preserved vehicle such as Ora-Sweet, aqueous cream BP): 35 days.",
  nonaqueous: "Water activity below 0.6 (ointments in a paraffin or emulsifying base, oils, suppositories): 90 days.",
  solid: "Solid dosage forms (capsules, powders, tablets): 180 days.",
});
export const INGREDIENT_KINDS = ["medication", "excipient"] as const;
export const IngredientKind = valueEnum("CompoundIngredientKind", INGREDIENT_KINDS, "A catalog medicine, or a non-catalog stock item (vehicle, base, excipient).", {
  medication: "A medicine of the catalog (stockCode is its medication code); checked for interactions and allergies when the preparation is dispensed.",
  excipient: "A non-catalog stock item (stockCode excipient:<name>): a vehicle, base or excipient; not checked for interactions.",
});

@ObjectType({ description: "One ingredient of a compound formula, per batch unit of the preparation." })
export class FormulaIngredient {
  @Field(() => ID, { description: "Ingredient id (UUID): what a preparation's ingredientsUsed names." })
  id!: string;

  @Field(() => ID, { description: "The formula." })
  formulaId!: string;

  @Field(() => String, { description: "The formula's code." })
  formulaCode!: string;

  @Field(() => FormulaStatus, { description: "The formula's status." })
  formulaStatus!: string;

  @Field(() => Int, { description: "Order in the formula, from 0." })
  position!: number;

  @Field(() => String, { description: "The stock it is drawn from: a catalog medication code, or excipient:<name>." })
  stockCode!: string;

  @Field(() => IngredientKind, { description: "Catalog medicine or excipient." })
  kind!: string;

  @Field(() => String, { description: "Ingredient name (the catalog's generic name unless given)." })
  name!: string;

  @Field(() => Decimal, { description: "Quantity per one batch unit of the preparation, in `unit`." })
  quantityPerUnit!: string;

  @Field(() => String, { description: "The unit the pharmacy's stock of this code is counted in (mg, mL, g, tablet): quantities used are whole units of it." })
  unit!: string;
}

@ObjectType({ description: "A compound formula (master formulation record), shared by every pharmacy." })
export class CompoundFormula {
  @Field(() => ID, { description: "Formula id (UUID)." })
  id!: string;

  @Field(() => String, { description: "Upper case, unique." })
  code!: string;

  @Field(() => String, { description: "The medication code of its preparations (compound:<code>): what a prescription names and stock counts." })
  medicationCode!: string;

  @Field(() => String, { description: "Formula name." })
  name!: string;

  @Field(() => String, { description: "Dosage form of its preparations, e.g. oral suspension." })
  dosageForm!: string;

  @Field(() => String, { description: "The unit a batch is counted in (g, mL, capsule)." })
  batchUnit!: string;

  @Field(() => Int, { description: "Days from preparation to the beyond-use date, 1 to 180 (USP <795>)." })
  beyondUseDays!: number;

  @Field(() => BudCategory, { nullable: true, description: "USP <795> category its beyond-use period was checked against; null on a formula written without one." })
  budCategory!: string | null;

  @Field(() => String, { nullable: true, description: "The stability study supporting a beyond-use period longer than its category's default; null when none." })
  stabilityReference!: string | null;

  @Field(() => String, { nullable: true, description: "How to prepare it; null when none were written." })
  instructions!: string | null;

  @Field(() => Decimal, { description: "Allowed deviation of each ingredient used from the formula scaled to the batch, in percent." })
  tolerancePercent!: string;

  @Field(() => FormulaStatus, { description: "Where the formula is in its life." })
  status!: string;

  @Field(() => [FormulaIngredient], { description: "Its ingredients, in order." })
  ingredients!: FormulaIngredient[];

  @Field(() => String, { description: "Subject of its author." })
  createdBy!: string;

  @Field(() => String, { nullable: true, description: "Subject of the pharmacist who approved it (never its author); null before." })
  approvedBy!: string | null;

  @Field(() => Date, { nullable: true, description: "When it was approved; null before." })
  approvedAt!: Date | null;

  @Field(() => String, { nullable: true, description: "Who retired it (the token's subject)." })
  retiredBy!: string | null;

  @Field(() => Date, { nullable: true, description: "When it was retired; null before." })
  retiredAt!: Date | null;

  @Field(() => Date, { description: "When it was written." })
  createdAt!: Date;
}

@ObjectType({ description: "A page of compound formulas, by code." })
export class CompoundFormulaPage extends PageOf(CompoundFormula) {}

@ObjectType({ description: "A page of formula ingredients, by formula code and position." })
export class FormulaIngredientPage extends PageOf(FormulaIngredient) {}

@InputType({ description: "One ingredient of a new formula." })
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

@InputType({ description: "A new compound formula (a draft until another pharmacist approves it)." })
export class CreateFormulaInput {
  @Field(() => String, { description: "Letters, digits, - and _; stored upper case; unique (409 on a repeat)." })
  @Length(2, 32)
  code!: string;

  @Field(() => String, { description: "Formula name (1 to 200 characters)." })
  @Length(1, 200)
  name!: string;

  @Field(() => String, { description: "e.g. cream, oral suspension, capsule." })
  @Length(1, 64)
  dosageForm!: string;

  @Field(() => String, { description: "The unit a batch is counted in (g, mL, capsule)." })
  @Length(1, 20)
  batchUnit!: string;

  @Field(() => Int, { description: "Days from preparation to the beyond-use date, 1–180 (USP <795>: never longer for a nonsterile preparation); with budCategory, at most its default unless stabilityReference names a study." })
  beyondUseDays!: number;

  @Field(() => BudCategory, { nullable: true, description: "USP <795> category (water activity, preservative, solid): beyond_use_days may not exceed its default (14, 35, 90, 180 days) without a stabilityReference." })
  @IsOptional()
  budCategory?: string;

  @Field(() => String, { nullable: true, description: "The stability study (stability-indicating assay of this preparation, or a USP-NF compounded monograph) supporting a longer beyond-use period, e.g. 'Am J Health Syst Pharm 1997;54:1833 (30 days at 5 C)' (at most 500 characters)." })
  @IsOptional()
  @Length(1, 500)
  stabilityReference?: string;

  @Field(() => Decimal, { description: "0–20 percent." })
  tolerancePercent!: Decimal;

  @Field(() => String, { nullable: true, description: "How to prepare it (at most 5,000 characters)." })
  @IsOptional()
  @Length(0, 5000)
  instructions?: string;

  @Field(() => [FormulaIngredientInput], { description: "One to 30 ingredients, each stock code once." })
  ingredients!: FormulaIngredientInput[];
}
