import { IsOptional, Length } from "class-validator";
import { Directive, Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { valueEnum } from "../../../../lib/enums.js";

export const PRESCRIPTION_STATUSES = ["pending", "partially_dispensed", "dispensed", "cancelled"] as const;
export const PrescriptionStatus = valueEnum(
  "PrescriptionStatus",
  PRESCRIPTION_STATUSES,
  "The first fill's state: pending (waiting to be dispensed), partially_dispensed (some given, the rest owed), dispensed (complete, or closed short) or cancelled.",
);

@ObjectType({ description: "One medicine of a prescription." })
export class PrescriptionItem {
  @Field(() => Int, { description: "Order on the prescription, from 0." })
  position!: number;

  @Field(() => String, { nullable: true, description: "Catalog code (RxNorm ingredient RxCUI); null only on prescriptions imported before codes were required." })
  medicationCode!: string | null;

  @Field(() => String)
  medicationName!: string;

  @Field(() => String)
  dose!: string;

  @Field(() => String)
  frequency!: string;

  @Field(() => Int, { description: "Units prescribed per fill." })
  quantity!: number;

  @Field(() => Int, { description: "Times this item may be dispensed again after the first fill." })
  refillsAllowed!: number;

  @Field(() => Int, { description: "Units given of this item on the current fill (see currentFill), over all its parts." })
  quantityDispensed!: number;

  @Field(() => Int, { description: "Units still to give on the open fill: 0 once the fill is complete or closed short, and for an item the open refill does not include." })
  quantityOwed!: number;
}

@ObjectType({ description: "A prescription any participating pharmacy may dispense (and each allowed refill), in one or several parts until every item is given or the fill is closed short." })
export class Prescription {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  patientUhid!: string;

  @Field(() => String)
  prescriber!: string;

  @Field(() => [PrescriptionItem], { description: "What is prescribed, in the prescriber's order." })
  items!: PrescriptionItem[];

  @Field(() => String, { nullable: true, description: "The first item's code (compatibility with single-medicine prescriptions; see items)." })
  medicationCode!: string | null;

  @Field(() => String, { description: "The first item's name (compatibility; see items)." })
  medicationName!: string;

  @Field(() => String, { description: "The first item's dose (compatibility; see items)." })
  dose!: string;

  @Field(() => String, { description: "The first item's frequency (compatibility; see items)." })
  frequency!: string;

  @Field(() => Int, { description: "The first item's quantity (compatibility; see items)." })
  quantity!: number;

  @Field(() => Int, { description: "Refills the prescription allows: the most any item allows." })
  refillsAllowed!: number;

  @Field(() => PrescriptionStatus, { description: "The first fill's state: pending, partially_dispensed, dispensed or cancelled (a refill's is on currentFill)." })
  status!: string;

  @Field(() => String, { nullable: true })
  notes!: string | null;

  @Field(() => Date)
  issuedAt!: Date;
}

@InputType({ description: "One medicine of a prescription being written." })
export class NewPrescriptionItemInput {
  @Field(() => String, { description: "Catalog code of the medicine (RxNorm ingredient RxCUI)." })
  @Length(1, 40)
  medicationCode!: string;

  @Field(() => String, { nullable: true, description: "Default: the catalog's generic name." })
  @IsOptional()
  @Length(1, 200)
  medicationName?: string;

  @Field(() => String)
  @Length(1, 100)
  dose!: string;

  @Field(() => String)
  @Length(1, 200)
  frequency!: string;

  @Field(() => Int)
  quantity!: number;

  @Field(() => Int, { nullable: true, description: "Default 0." })
  @IsOptional()
  refillsAllowed?: number;
}

@InputType({ description: "A prescription written by a physician for a registered patient." })
export class CreatePrescriptionInput {
  @Field(() => String)
  @Length(1, 64)
  patientUhid!: string;

  @Field(() => String, { nullable: true, description: "Default: the caller." })
  @IsOptional()
  @Length(1, 200)
  prescriber?: string;

  @Field(() => [NewPrescriptionItemInput])
  items!: NewPrescriptionItemInput[];

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(0, 2000)
  notes?: string;
}

/** The clinical subgraph owns Patient; pharmacy adds the patient's prescriptions and dispenses. */
@ObjectType()
@Directive('@key(fields: "uhid")')
export class Patient {
  @Field(() => ID)
  uhid!: string;
}
