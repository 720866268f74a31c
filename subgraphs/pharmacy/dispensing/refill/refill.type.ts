import { IsOptional, Length } from "class-validator";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { valueEnum } from "../../../../lib/enums.js";
import { PageOf } from "../../../../lib/pagination.js";

export const REFILL_STATUSES = ["requested", "partially_dispensed", "dispensed", "cancelled"] as const;
export const RefillStatus = valueEnum(
  "RefillStatus",
  REFILL_STATUSES,
  "requested (in the dispensing queue), partially_dispensed (some given, the rest owed: still in the queue), dispensed (complete, or closed short) or cancelled.",
);

@ObjectType({ description: "A refill of a dispensed prescription: refill n dispenses the items allowing at least n refills, in one or more parts." })
export class PrescriptionRefill {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  prescriptionId!: string;

  @Field(() => String)
  patientUhid!: string;

  @Field(() => Int, { description: "1 for the first refill, 2 for the second, …" })
  number!: number;

  @Field(() => Int, { description: "Refills the prescription allows in all." })
  refillsAllowed!: number;

  @Field(() => RefillStatus)
  status!: string;

  @Field(() => String)
  requestedBy!: string;

  @Field(() => String, { nullable: true })
  notes!: string | null;

  @Field(() => ID, { nullable: true, description: "Its latest dispense: the one that completed it, once dispensed in full." })
  dispenseId!: string | null;

  @Field(() => Date)
  requestedAt!: Date;

  @Field(() => Date, { nullable: true, description: "When it was complete (or closed short)." })
  dispensedAt!: Date | null;
}

@ObjectType()
export class PrescriptionRefillPage extends PageOf(PrescriptionRefill) {}

@InputType()
export class RequestRefillInput {
  @Field(() => ID)
  prescriptionId!: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(0, 2000)
  notes?: string;
}
