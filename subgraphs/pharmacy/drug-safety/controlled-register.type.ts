import { IsOptional, Length } from "class-validator";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { valueEnum } from "../../../lib/enums.js";
import { PageOf } from "../../../lib/pagination.js";
import { CONTROLLED_TRANSACTION_TYPES } from "./controlled-register.service.js";

export const ControlledTransactionType = valueEnum(
  "ControlledTransactionType",
  CONTROLLED_TRANSACTION_TYPES,
  "Controlled-register transaction: receipt (> 0), return (> 0, back into the pharmacy's custody), dispense (< 0), destruction (< 0, witnessed), adjustment (≠ 0).",
);

@ObjectType({ description: "One entry of the controlled-drug register (append-only), with the pharmacy's balance of the drug before and after." })
export class ControlledRegisterEntry {
  @Field(() => ID)
  id!: string;

  @Field(() => Int, { description: "Order of writing across the register." })
  entryNumber!: number;

  @Field(() => ID)
  pharmacyId!: string;

  @Field(() => String)
  medicationCode!: string;

  @Field(() => ControlledTransactionType)
  transactionType!: string;

  @Field(() => Int, { description: "Signed: negative for a reduction." })
  quantity!: number;

  @Field(() => Int)
  balanceBefore!: number;

  @Field(() => Int)
  balanceAfter!: number;

  @Field(() => String, { description: "Who recorded it (token subject)." })
  recordedBy!: string;

  @Field(() => String, { nullable: true })
  witness!: string | null;

  @Field(() => String, { nullable: true })
  prescriptionId!: string | null;

  @Field(() => String, { nullable: true })
  referenceType!: string | null;

  @Field(() => String, { nullable: true })
  referenceId!: string | null;

  @Field(() => String, { nullable: true })
  notes!: string | null;

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType()
export class ControlledRegisterPage extends PageOf(ControlledRegisterEntry) {}

@InputType({ description: "Record a controlled substance transaction (the recorder is the caller)." })
export class ControlledRegisterEntryInput {
  @Field(() => String, { description: "A controlled medicine of the catalog." })
  @Length(1, 64)
  medicationCode!: string;

  @Field(() => ID, { nullable: true, description: "Defaults to the caller's pharmacy; staff may name only their own." })
  @IsOptional()
  pharmacyId?: string | null;

  @Field(() => ControlledTransactionType)
  transactionType!: string;

  @Field(() => Int, { description: "Signed: negative for dispense and destruction." })
  quantity!: number;

  @Field(() => String, { nullable: true, description: "Second member of staff; required where the catalog says so and for destruction; never the recorder." })
  @IsOptional()
  witness?: string | null;

  @Field(() => String, { nullable: true, description: "Required for a dispense unless reference_type/reference_id are given." })
  @IsOptional()
  @Length(1, 64)
  prescriptionId?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 64)
  referenceType?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 128)
  referenceId?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  notes?: string | null;
}
