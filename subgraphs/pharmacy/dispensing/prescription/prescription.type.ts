import { IsOptional, Length } from "class-validator";
import { Directive, Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { valueEnum } from "../../../../lib/enums.js";
import { LocalDateScalar } from "../../../../lib/federation.js";

export const PRESCRIPTION_STATUSES = ["pending", "partially_dispensed", "dispensed", "cancelled"] as const;
export const PrescriptionStatus = valueEnum(
  "PrescriptionStatus",
  PRESCRIPTION_STATUSES,
  "The first fill's state: pending (waiting to be dispensed), partially_dispensed (some given, the rest owed), dispensed (complete, or closed short) or cancelled.",
  {
    pending: "Written, nothing dispensed yet: in the dispensing queue of every pharmacy.",
    partially_dispensed: "Part of the first fill given, the rest owed: still in the queue.",
    dispensed: "The first fill is complete, or was closed short; refills may follow.",
    cancelled: "Not to be dispensed or refilled (409). No operation cancels a prescription yet.",
  },
);

@ObjectType({ description: "One medicine of a prescription." })
export class PrescriptionItem {
  @Field(() => Int, { description: "Order on the prescription, from 0." })
  position!: number;

  @Field(() => String, { nullable: true, description: "Medication code: a catalog code (RxNorm ingredient RxCUI or local:<name>) or compound:<formula code> for a compounded preparation; null only on prescriptions imported before codes were required." })
  medicationCode!: string | null;

  @Field(() => String, { description: "Medicine name as prescribed (the catalog's generic name unless the prescriber gave one)." })
  medicationName!: string;

  @Field(() => String, { description: "Dose as written, e.g. 500 mg." })
  dose!: string;

  @Field(() => String, { description: "How often, as written, e.g. three times a day for 5 days." })
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
  @Field(() => ID, { description: "Prescription id (UUID)." })
  id!: string;

  @Field(() => String, { description: "UHID of the patient it was written for." })
  patientUhid!: string;

  @Field(() => String, { description: "Prescriber as written (the writing physician's subject by default)." })
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

  @Field(() => String, { nullable: true, description: "The prescriber's notes; null when none." })
  notes!: string | null;

  @Field(() => Date, { description: "When it was written; controlled medicines on it are dispensable for 30 days from then." })
  issuedAt!: Date;

  @Field(() => LocalDateScalar, { description: "The last day (Africa/Kampala) its first fill and refills may be dispensed or requested: six months beginning with the day it was written, 30 days with a controlled medicine, or earlier as the prescriber wrote." })
  validUntil!: string;

  @Field(() => Date, { description: "When it expires: the start of the day after validUntil in Kampala (21:00 UTC on validUntil); from then on a dispense or a refill is 409." })
  expiresAt!: Date;

  @Field(() => Boolean, { description: "Past validUntil: it can no longer be dispensed or refilled (the dispensing queue leaves it out)." })
  expired!: boolean;
}

@InputType({ description: "One medicine of a prescription being written." })
export class NewPrescriptionItemInput {
  @Field(() => String, { description: "A medication catalog code (RxNorm ingredient RxCUI or local:<name>), or compound:<formula code> of an approved formula; one item per medicine, anything else is 400." })
  @Length(1, 40)
  medicationCode!: string;

  @Field(() => String, { nullable: true, description: "Default: the catalog's generic name." })
  @IsOptional()
  @Length(1, 200)
  medicationName?: string;

  @Field(() => String, { description: "Dose (1 to 100 characters), e.g. 500 mg." })
  @Length(1, 100)
  dose!: string;

  @Field(() => String, { description: "How often (1 to 200 characters), e.g. three times a day for 5 days." })
  @Length(1, 200)
  frequency!: string;

  @Field(() => Int, { description: "Units per fill, 1 to 10,000; a controlled medicine at most its catalog limit per prescription." })
  quantity!: number;

  @Field(() => Int, { nullable: true, description: "Refills allowed, 0 to 12 (default 0); a controlled medicine allows none." })
  @IsOptional()
  refillsAllowed?: number;
}

@InputType({ description: "A prescription written by a physician for a registered patient." })
export class CreatePrescriptionInput {
  @Field(() => String, { description: "UHID of a registered patient (404 when the registry does not hold it)." })
  @Length(1, 64)
  patientUhid!: string;

  @Field(() => String, { nullable: true, description: "Default: the caller." })
  @IsOptional()
  @Length(1, 200)
  prescriber?: string;

  @Field(() => [NewPrescriptionItemInput], { description: "One to 20 medicines, in the order they are written." })
  items!: NewPrescriptionItemInput[];

  @Field(() => String, { nullable: true, description: "The prescriber's notes (at most 2,000 characters)." })
  @IsOptional()
  @Length(0, 2000)
  notes?: string;

  @Field(() => LocalDateScalar, { nullable: true, description: "The last day (Kampala) it may be dispensed or refilled, from today up to the default (six months beginning with today; 30 days with a controlled medicine), which it is when left out; later is 400." })
  @IsOptional()
  validUntil?: string;
}

/** The clinical subgraph owns Patient; pharmacy adds the patient's prescriptions and dispenses. */
@ObjectType({ description: "A patient, identified across the platform by the UHID." })
@Directive('@key(fields: "uhid")')
export class Patient {
  @Field(() => ID, { description: "The patient's UHID." })
  uhid!: string;
}
