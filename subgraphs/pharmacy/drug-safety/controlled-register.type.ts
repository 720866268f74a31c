import { IsOptional, Length } from "class-validator";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { valueEnum } from "../../../lib/enums.js";
import { PageOf } from "../../../lib/pagination.js";
import { CONTROLLED_TRANSACTION_TYPES } from "./controlled-register.service.js";

export const ControlledTransactionType = valueEnum(
  "ControlledTransactionType",
  CONTROLLED_TRANSACTION_TYPES,
  "Controlled-register transaction: receipt (> 0), return (> 0, back into the pharmacy's custody), dispense (< 0), destruction (< 0, witnessed), adjustment (≠ 0), supplier_return (< 0, witnessed).",
  {
    receipt: "Units received into the pharmacy's custody; positive.",
    dispense: "Units dispensed against a prescription (written by the dispense itself); negative.",
    destruction: "Units destroyed; negative, always witnessed.",
    adjustment: "A correction, positive or negative (entries are never changed or deleted); compounding writes one for a controlled ingredient used.",
    return: "Units back into the pharmacy's custody; positive.",
    supplier_return: "Units sent back to their supplier (written by the supplier return itself); negative, always witnessed.",
  },
);

@ObjectType({ description: "One entry of the controlled-drug register (append-only), with the pharmacy's balance of the drug before and after." })
export class ControlledRegisterEntry {
  @Field(() => ID, { description: "Entry id (UUID)." })
  id!: string;

  @Field(() => Int, { description: "Order of writing across the register." })
  entryNumber!: number;

  @Field(() => ID, { description: "The pharmacy whose register it is." })
  pharmacyId!: string;

  @Field(() => String, { description: "Catalog code of the controlled medicine." })
  medicationCode!: string;

  @Field(() => ControlledTransactionType, { description: "Kind of entry." })
  transactionType!: string;

  @Field(() => Int, { description: "Signed: negative for a reduction." })
  quantity!: number;

  @Field(() => Int, { description: "The pharmacy's register balance of the medicine before this entry, in units." })
  balanceBefore!: number;

  @Field(() => Int, { description: "Balance after it: balanceBefore + quantity, never below 0." })
  balanceAfter!: number;

  @Field(() => String, { description: "Who recorded it (token subject)." })
  recordedBy!: string;

  @Field(() => String, { nullable: true, description: "Second member of staff who witnessed it; null when none was needed or given." })
  witness!: string | null;

  @Field(() => String, { nullable: true, description: "The prescription a dispense was against; null otherwise." })
  prescriptionId!: string | null;

  @Field(() => String, { nullable: true, description: "Kind of record behind the entry: dispense, destruction, compound_preparation, or one the recorder gave; null when none." })
  referenceType!: string | null;

  @Field(() => String, { nullable: true, description: "Id of that record; null when none." })
  referenceId!: string | null;

  @Field(() => String, { nullable: true, description: "Free-text notes; null when none." })
  notes!: string | null;

  @Field(() => Date, { description: "When it was recorded (entries of one transaction share it)." })
  createdAt!: Date;
}

@ObjectType({ description: "A page of the controlled-drug register, newest first." })
export class ControlledRegisterPage extends PageOf(ControlledRegisterEntry) {}

@InputType({ description: "Record a controlled substance transaction (the recorder is the caller)." })
export class ControlledRegisterEntryInput {
  @Field(() => String, { description: "A controlled medicine of the catalog." })
  @Length(1, 64)
  medicationCode!: string;

  @Field(() => ID, { nullable: true, description: "Defaults to the caller's pharmacy; staff may name only their own." })
  @IsOptional()
  pharmacyId?: string | null;

  @Field(() => ControlledTransactionType, { description: "Kind of entry; the quantity's sign must fit it." })
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

  @Field(() => String, { nullable: true, description: "Kind of record behind the entry (1 to 64 characters); given together with referenceId." })
  @IsOptional()
  @Length(1, 64)
  referenceType?: string | null;

  @Field(() => String, { nullable: true, description: "Id of that record (1 to 128 characters); given together with referenceType." })
  @IsOptional()
  @Length(1, 128)
  referenceId?: string | null;

  @Field(() => String, { nullable: true, description: "Free-text notes (at most 2,000 characters)." })
  @IsOptional()
  notes?: string | null;
}
