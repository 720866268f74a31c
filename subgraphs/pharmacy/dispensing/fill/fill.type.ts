import { IsOptional, Length } from "class-validator";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { valueEnum } from "../../../../lib/enums.js";

export const FILL_STATUSES = ["pending", "partially_dispensed", "dispensed", "cancelled"] as const;
export const FillStatus = valueEnum(
  "FillStatus",
  FILL_STATUSES,
  "pending (nothing given yet: a pending prescription or a requested refill), partially_dispensed (parts given, something still owed), dispensed (complete, or closed short: see closure) or cancelled.",
  {
    pending: "Nothing given yet: a pending prescription or a requested refill.",
    partially_dispensed: "Parts given, something still owed.",
    dispensed: "Complete, or closed short (see closure).",
    cancelled: "Not to be dispensed. No operation cancels a fill yet.",
  },
);

@ObjectType({ description: "What a fill closed short had not given: no longer owed." })
export class FillClosureItem {
  @Field(() => String, { nullable: true, description: "The item's medication code; null only on prescriptions imported before codes were required." })
  medicationCode!: string | null;

  @Field(() => String, { description: "The item's medicine name." })
  medicationName!: string;

  @Field(() => Int, { description: "Units that were still owed when the fill was closed." })
  quantity!: number;
}

@ObjectType({ description: "A pharmacist's decision to close a partially dispensed fill short: the rest is no longer owed." })
export class FillClosure {
  @Field(() => String, { description: "Why the rest will not be given." })
  reason!: string;

  @Field(() => String, { description: "Token subject of who closed it." })
  closedBy!: string;

  @Field(() => ID, { nullable: true, description: "The closing pharmacist's pharmacy." })
  pharmacyId!: string | null;

  @Field(() => Date, { description: "When the fill was closed." })
  closedAt!: Date;

  @Field(() => [FillClosureItem], { description: "The items with units still owed when it was closed." })
  notGiven!: FillClosureItem[];
}

@ObjectType({ description: "One fill of a prescription: fill 0 is the prescription itself, fill n its refill n; each may be dispensed in several parts." })
export class PrescriptionFill {
  @Field(() => Int, { description: "0 for the prescription itself, n for refill n." })
  number!: number;

  @Field(() => ID, { nullable: true, description: "The refill, for fill n ≥ 1." })
  refillId!: string | null;

  @Field(() => FillStatus, { description: "The fill's state." })
  status!: string;

  @Field(() => Int, { description: "Dispenses of this fill so far (its parts)." })
  parts!: number;

  @Field(() => Date, { description: "Issued (fill 0) or requested (a refill)." })
  waitingSince!: Date;

  @Field(() => FillClosure, { nullable: true, description: "Set when the fill was closed short." })
  closure!: FillClosure | null;
}

@InputType({ description: "Close the open, partially dispensed fill short: what it has not given stops being owed." })
export class ClosePrescriptionFillInput {
  @Field(() => String, { description: "Why the rest will not be given (e.g. out of stock at every pharmacy, patient declined)." })
  @Length(1, 2000)
  reason!: string;

  @Field(() => Int, { nullable: true, description: "The fill you mean to close; 409 when another fill is open (a stale screen)." })
  @IsOptional()
  fillNumber?: number;
}
