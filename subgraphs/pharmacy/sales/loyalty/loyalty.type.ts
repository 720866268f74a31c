import { IsOptional, Length, Min } from "class-validator";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { Decimal } from "../../../../lib/money.js";
import { PageOf } from "../../../../lib/pagination.js";

@ObjectType({ description: "A pharmacy's loyalty program: 1 point per earn_amount paid; a redeemed point is worth point_value." })
export class LoyaltyProgram {
  @Field(() => ID, { description: "Program id (UUID)." })
  id!: string;

  @Field(() => ID, { description: "The pharmacy that runs it." })
  pharmacyId!: string;

  @Field(() => String, { description: "Program name." })
  name!: string;

  @Field(() => Decimal, { description: "Amount paid that earns one point (earn rate)." })
  earnAmount!: string;

  @Field(() => Decimal, { description: "Discount value of one redeemed point." })
  pointValue!: string;

  @Field(() => Int, { description: "Fewest points redeemable at once." })
  minRedeemPoints!: number;

  @Field(() => Boolean, { description: "Whether points are earned and redeemed; an inactive program earns none and refuses redemptions." })
  isActive!: boolean;
}

@ObjectType({ description: "A page of loyalty programs, by name." })
export class LoyaltyProgramPage extends PageOf(LoyaltyProgram) {}

@ObjectType({ description: "One change of a loyalty balance." })
export class LoyaltyLedgerEntry {
  @Field(() => ID, { description: "Entry id (UUID)." })
  id!: string;

  @Field(() => String, { description: "earn, redeem or reversal." })
  kind!: string;

  @Field(() => Int, { description: "Signed: negative when points are spent." })
  points!: number;

  @Field(() => Int, { description: "Points balance after this change." })
  balanceAfter!: number;

  @Field(() => ID, { nullable: true, description: "The sale that made the change." })
  transactionId!: string | null;

  @Field(() => Date, { description: "When the change was made." })
  createdAt!: Date;
}

@ObjectType({ description: "A customer's loyalty account in one program." })
export class LoyaltyAccount {
  @Field(() => ID, { description: "Account id (UUID)." })
  id!: string;

  @Field(() => ID, { description: "The program the account belongs to." })
  programId!: string;

  @Field(() => ID, { description: "The program's pharmacy." })
  pharmacyId!: string;

  @Field(() => String, { description: "Customer's name." })
  customerName!: string;

  @Field(() => String, { description: "Customer's phone in E.164 (+256772000111), unique within the program: how the till finds the account. Accounts opened before phones were normalized may hold the number as it was typed." })
  customerPhone!: string;

  @Field(() => String, { nullable: true, description: "Patient's UHID as given (not checked against the registry); null when none." })
  patientUhid!: string | null;

  @Field(() => Int, { description: "Points available to redeem, never below 0." })
  pointsBalance!: number;

  @Field(() => Decimal, { description: "What the balance is worth as a discount." })
  balanceValue!: string;

  @Field(() => [LoyaltyLedgerEntry], { description: "Newest first." })
  history!: LoyaltyLedgerEntry[];

  @Field(() => Date, { description: "When the account was opened." })
  createdAt!: Date;
}

@ObjectType({ description: "A page of loyalty accounts, by customer name." })
export class LoyaltyAccountPage extends PageOf(LoyaltyAccount) {}

@InputType({ description: "A new loyalty program for a pharmacy." })
export class CreateLoyaltyProgramInput {
  @Field(() => String, { description: "Program name (1 to 200 characters)." })
  @Length(1, 200)
  name!: string;

  @Field(() => Decimal, { description: "Amount paid that earns one point, e.g. 1000.00; in whole minor units of the pharmacy's currency." })
  earnAmount!: Decimal;

  @Field(() => Decimal, { description: "Discount value of one point, e.g. 10.00; in whole minor units of the pharmacy's currency." })
  pointValue!: Decimal;

  @Field(() => Int, { defaultValue: 0, description: "Fewest points redeemable at once (default 0)." })
  @Min(0, { message: "must not be negative" })
  minRedeemPoints!: number;

  @Field(() => ID, { nullable: true, description: "Defaults to the caller's pharmacy." })
  @IsOptional()
  pharmacyId?: string;
}

@InputType({ description: "A new loyalty account for a customer." })
export class CreateLoyaltyAccountInput {
  @Field(() => ID, { nullable: true, description: "Defaults to the pharmacy's active program." })
  @IsOptional()
  programId?: string;

  @Field(() => String, { description: "Customer's name (1 to 200 characters)." })
  @Length(1, 200)
  customerName!: string;

  @Field(() => String, { description: "Customer's phone, e.g. +256772000111 or 0772 000 111 (a number without country code is of DEFAULT_PHONE_REGION); stored in E.164, unique within the program however it is written (409 on a repeat); not a valid number is 400." })
  @Length(1, 40)
  customerPhone!: string;

  @Field(() => String, { nullable: true, description: "Patient's UHID (1 to 64 characters), when known; not checked against the registry." })
  @IsOptional()
  @Length(1, 64)
  patientUhid?: string;

  @Field(() => ID, { nullable: true, description: "Defaults to the caller's pharmacy." })
  @IsOptional()
  pharmacyId?: string;
}
