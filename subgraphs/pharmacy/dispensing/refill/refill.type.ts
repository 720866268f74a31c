import { IsOptional, Length } from "class-validator";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { valueEnum } from "../../../../lib/enums.js";
import { PageOf } from "../../../../lib/pagination.js";

export const REFILL_STATUSES = ["requested", "partially_dispensed", "dispensed", "cancelled"] as const;
export const RefillStatus = valueEnum(
  "RefillStatus",
  REFILL_STATUSES,
  "requested (in the dispensing queue), partially_dispensed (some given, the rest owed: still in the queue), dispensed (complete, or closed short) or cancelled.",
  {
    requested: "Asked for and waiting in the dispensing queue; nothing given yet.",
    partially_dispensed: "Part given, the rest owed: still in the queue.",
    dispensed: "Complete, or closed short; the next refill may be requested.",
    cancelled: "Not to be dispensed. No operation cancels a refill yet.",
  },
);

@ObjectType({ description: "A refill of a dispensed prescription: refill n dispenses the items allowing at least n refills, in one or more parts." })
export class PrescriptionRefill {
  @Field(() => ID, { description: "Refill id (UUID)." })
  id!: string;

  @Field(() => ID, { description: "The prescription refilled." })
  prescriptionId!: string;

  @Field(() => String, { description: "UHID of the prescription's patient." })
  patientUhid!: string;

  @Field(() => Int, { description: "1 for the first refill, 2 for the second, …" })
  number!: number;

  @Field(() => Int, { description: "Refills the prescription allows in all." })
  refillsAllowed!: number;

  @Field(() => RefillStatus, { description: "The refill's state." })
  status!: string;

  @Field(() => String, { description: "Subject of the caller who requested it." })
  requestedBy!: string;

  @Field(() => String, { nullable: true, description: "Notes given with the request; null when none." })
  notes!: string | null;

  @Field(() => ID, { nullable: true, description: "Its latest dispense: the one that completed it, once dispensed in full." })
  dispenseId!: string | null;

  @Field(() => Date, { description: "When it was requested." })
  requestedAt!: Date;

  @Field(() => Date, { nullable: true, description: "When it was complete (or closed short)." })
  dispensedAt!: Date | null;
}

@ObjectType({ description: "A page of refills, newest first." })
export class PrescriptionRefillPage extends PageOf(PrescriptionRefill) {}

@InputType({ description: "A request for the next refill of a prescription." })
export class RequestRefillInput {
  @Field(() => ID, { description: "The prescription (UUID); a patient only their own (403)." })
  prescriptionId!: string;

  @Field(() => String, { nullable: true, description: "Notes (at most 2,000 characters)." })
  @IsOptional()
  @Length(0, 2000)
  notes?: string;
}
