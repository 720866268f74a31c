import { IsOptional, Length, Min } from "class-validator";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { Decimal } from "../../../../lib/money.js";
import { PageOf } from "../../../../lib/pagination.js";

@ObjectType({ description: "A pharmacy's loyalty program: 1 point per earn_amount paid; a redeemed point is worth point_value." })
export class LoyaltyProgram {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  pharmacyId!: string;

  @Field(() => String)
  name!: string;

  @Field(() => Decimal, { description: "Amount paid that earns one point (earn rate)." })
  earnAmount!: string;

  @Field(() => Decimal, { description: "Discount value of one redeemed point." })
  pointValue!: string;

  @Field(() => Int, { description: "Fewest points redeemable at once." })
  minRedeemPoints!: number;

  @Field(() => Boolean)
  isActive!: boolean;
}

@ObjectType()
export class LoyaltyProgramPage extends PageOf(LoyaltyProgram) {}

@ObjectType({ description: "One change of a loyalty balance." })
export class LoyaltyLedgerEntry {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: "earn, redeem or reversal." })
  kind!: string;

  @Field(() => Int, { description: "Signed: negative when points are spent." })
  points!: number;

  @Field(() => Int)
  balanceAfter!: number;

  @Field(() => ID, { nullable: true })
  transactionId!: string | null;

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType({ description: "A customer's loyalty account in one program." })
export class LoyaltyAccount {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  programId!: string;

  @Field(() => ID)
  pharmacyId!: string;

  @Field(() => String)
  customerName!: string;

  @Field(() => String)
  customerPhone!: string;

  @Field(() => String, { nullable: true })
  patientUhid!: string | null;

  @Field(() => Int)
  pointsBalance!: number;

  @Field(() => Decimal, { description: "What the balance is worth as a discount." })
  balanceValue!: string;

  @Field(() => [LoyaltyLedgerEntry], { description: "Newest first." })
  history!: LoyaltyLedgerEntry[];

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType()
export class LoyaltyAccountPage extends PageOf(LoyaltyAccount) {}

@InputType()
export class CreateLoyaltyProgramInput {
  @Field(() => String)
  @Length(1, 200)
  name!: string;

  @Field(() => Decimal, { description: "Amount paid that earns one point, e.g. 1000.00; in whole minor units of the pharmacy's currency." })
  earnAmount!: Decimal;

  @Field(() => Decimal, { description: "Discount value of one point, e.g. 10.00; in whole minor units of the pharmacy's currency." })
  pointValue!: Decimal;

  @Field(() => Int, { defaultValue: 0 })
  @Min(0, { message: "must not be negative" })
  minRedeemPoints!: number;

  @Field(() => ID, { nullable: true, description: "Defaults to the caller's pharmacy." })
  @IsOptional()
  pharmacyId?: string;
}

@InputType()
export class CreateLoyaltyAccountInput {
  @Field(() => ID, { nullable: true, description: "Defaults to the pharmacy's active program." })
  @IsOptional()
  programId?: string;

  @Field(() => String)
  @Length(1, 200)
  customerName!: string;

  @Field(() => String)
  @Length(6, 20)
  customerPhone!: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 64)
  patientUhid?: string;

  @Field(() => ID, { nullable: true, description: "Defaults to the caller's pharmacy." })
  @IsOptional()
  pharmacyId?: string;
}
