import { IsOptional, Length } from "class-validator";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { PageOf } from "../../../../lib/pagination.js";
import { MAX_WITNESS } from "../../drug-safety/witness.js";

@ObjectType({ description: "A drug-drug, drug-condition or drug-allergy finding of the safety check at dispensing, with its source." })
export class DispenseFinding {
  @Field(() => String, { description: "drug-drug, drug-condition or drug-allergy." })
  type!: string;

  @Field(() => String, { description: "contraindicated, major, moderate or minor." })
  severity!: string;

  @Field(() => [String], { description: "Names of the medicines involved (the pair, for drug-drug)." })
  drugs!: string[];

  @Field(() => [String], { description: "Medication codes involved, where they were dispensed." })
  codes!: string[];

  @Field(() => String, { description: "What the finding is, in words." })
  description!: string;

  @Field(() => String, { nullable: true, description: "How the interaction comes about; null when the knowledge base gives none." })
  mechanism!: string | null;

  @Field(() => String, { description: "What to do about it (the spec's recommendation)." })
  management!: string;

  @Field(() => String, { description: "Reference the finding comes from." })
  source!: string;

  @Field(() => Boolean, { description: "Major or contraindicated: blocks the dispense unless overridden." })
  blocking!: boolean;
}

@ObjectType({ description: "A pharmacist's decision to dispense despite blocking findings." })
export class DispenseOverride {
  @Field(() => String, { description: "Why the pharmacist dispensed despite the blocking findings." })
  reason!: string;

  @Field(() => String, { description: "Who overrode (token subject)." })
  by!: string;

  @Field(() => Date, { description: "When the override was made." })
  at!: Date;

  @Field(() => [DispenseFinding], { description: "The blocking findings set aside." })
  findings!: DispenseFinding[];

  @Field(() => String, { nullable: true, description: "The override recorded against the check's clinical audit record." })
  recordId!: string | null;
}

@ObjectType({ description: "One medicine given in a dispense." })
export class DispenseItem {
  @Field(() => String, { description: "The item's medication code." })
  medicationCode!: string;

  @Field(() => String, { description: "The item's medicine name." })
  medicationName!: string;

  @Field(() => Int, { description: "Units given in this dispense." })
  quantity!: number;

  @Field(() => Boolean, { description: "A controlled medicine: written in the controlled register." })
  controlled!: boolean;
}

@ObjectType({ description: "Spec, \"Dispense create request\": one part of a fill of a prescription at one pharmacy (a fill may be given in several parts)." })
export class Dispense {
  @Field(() => ID, { description: "Dispense id (UUID)." })
  id!: string;

  @Field(() => ID, { description: "The prescription dispensed." })
  prescriptionId!: string;

  @Field(() => Int, { description: "0 for the prescription, n for refill n." })
  fillNumber!: number;

  @Field(() => Int, { description: "1 for the fill's first dispense, 2 for the next part (what a shortage left owed), …" })
  part!: number;

  @Field(() => ID, { nullable: true, description: "The refill dispensed, for fill n ≥ 1; null for fill 0." })
  refillId!: string | null;

  @Field(() => ID, { description: "The dispensing pharmacy." })
  pharmacyId!: string;

  @Field(() => String, { description: "UHID of the patient dispensed to." })
  patientUhid!: string;

  @Field(() => String, { description: "Pharmacist as named in the request (free text)." })
  pharmacist!: string;

  @Field(() => String, { description: "Token subject of who dispensed." })
  dispensedBy!: string;

  @Field(() => String, { nullable: true, description: "Who witnessed the controlled medicines (free text); null when none was needed or given." })
  witness!: string | null;

  @Field(() => [DispenseItem], { description: "What this dispense gave." })
  items!: DispenseItem[];

  @Field(() => [DispenseFinding], { description: "Every finding of the safety check; moderate and minor ones are warnings." })
  findings!: DispenseFinding[];

  @Field(() => [DispenseFinding], { description: "Moderate and minor findings: to counsel on, not blocking." })
  warnings!: DispenseFinding[];

  @Field(() => DispenseOverride, { nullable: true, description: "The override of blocking findings; null when there was none." })
  override!: DispenseOverride | null;

  @Field(() => String, { nullable: true, description: "Clinical audit record of the safety check." })
  safetyAuditId!: string | null;

  @Field(() => String, { description: "Pickup-ready notification: queued (waiting for the notification service), sent, or failed (refused for good)." })
  notificationStatus!: string;

  @Field(() => String, { nullable: true, description: "Notification id of the pickup-ready message once sent; null until then." })
  notificationId!: string | null;

  @Field(() => Date, { description: "When it was dispensed." })
  createdAt!: Date;
}

@ObjectType({ description: "A page of dispenses, newest first." })
export class DispensePage extends PageOf(Dispense) {}

@InputType({ description: "One medicine to give in a dispense." })
export class DispenseItemInput {
  @Field(() => String, { description: "An item of the open fill, by its medication code (another medicine is 400)." })
  @Length(1, 40)
  medicationCode!: string;

  @Field(() => Int, { description: "Units to give: more than 0, at most what the fill still owes for the item." })
  quantity!: number;
}

@InputType({ description: "A pharmacist's override of blocking (major or contraindicated) findings." })
export class DispenseOverrideInput {
  @Field(() => String, { description: "Why dispensing is right despite the blocking findings (e.g. prescriber consulted)." })
  @Length(1, 2000)
  reason!: string;
}

@InputType({ description: "Spec, \"Dispense create request\", plus witness (controlled medicines) and override (blocking findings)." })
export class CreateDispenseInput {
  @Field(() => ID, { description: "The prescription whose open fill is dispensed (UUID)." })
  prescriptionId!: string;

  @Field(() => ID, { description: "The dispensing pharmacy (UUID); staff may only name their own (403)." })
  pharmacyId!: string;

  @Field(() => String, { description: "Pharmacist dispensing (1 to 200 characters, free text)." })
  @Length(1, 200)
  pharmacist!: string;

  @Field(() => [DispenseItemInput], { description: "The medicines and units to give." })
  items!: DispenseItemInput[];

  @Field(() => String, { nullable: true, description: "Second member of staff witnessing a controlled medicine, when the catalog requires one." })
  @IsOptional()
  @Length(1, MAX_WITNESS)
  witness?: string;

  @Field(() => DispenseOverrideInput, { nullable: true, description: "Dispense despite major or contraindicated findings, with a reason (recorded and audited)." })
  @IsOptional()
  override?: DispenseOverrideInput;
}
