import { IsOptional, Length } from "class-validator";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { PageOf } from "../../../../lib/pagination.js";

@ObjectType({ description: "A drug-drug, drug-condition or drug-allergy finding of the safety check at dispensing, with its source." })
export class DispenseFinding {
  @Field(() => String, { description: "drug-drug, drug-condition or drug-allergy." })
  type!: string;

  @Field(() => String, { description: "contraindicated, major, moderate or minor." })
  severity!: string;

  @Field(() => [String])
  drugs!: string[];

  @Field(() => [String], { description: "Medication codes involved, where they were dispensed." })
  codes!: string[];

  @Field(() => String)
  description!: string;

  @Field(() => String, { nullable: true })
  mechanism!: string | null;

  @Field(() => String)
  management!: string;

  @Field(() => String)
  source!: string;

  @Field(() => Boolean, { description: "Major or contraindicated: blocks the dispense unless overridden." })
  blocking!: boolean;
}

@ObjectType({ description: "A pharmacist's decision to dispense despite blocking findings." })
export class DispenseOverride {
  @Field(() => String)
  reason!: string;

  @Field(() => String, { description: "Who overrode (token subject)." })
  by!: string;

  @Field(() => Date)
  at!: Date;

  @Field(() => [DispenseFinding], { description: "The blocking findings set aside." })
  findings!: DispenseFinding[];

  @Field(() => String, { nullable: true, description: "The override recorded against the check's clinical audit record." })
  recordId!: string | null;
}

@ObjectType()
export class DispenseItem {
  @Field(() => String)
  medicationCode!: string;

  @Field(() => String)
  medicationName!: string;

  @Field(() => Int)
  quantity!: number;

  @Field(() => Boolean, { description: "A controlled medicine: written in the controlled register." })
  controlled!: boolean;
}

@ObjectType({ description: "Spec, \"Dispense create request\": one part of a fill of a prescription at one pharmacy (a fill may be given in several parts)." })
export class Dispense {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  prescriptionId!: string;

  @Field(() => Int, { description: "0 for the prescription, n for refill n." })
  fillNumber!: number;

  @Field(() => Int, { description: "1 for the fill's first dispense, 2 for the next part (what a shortage left owed), …" })
  part!: number;

  @Field(() => ID, { nullable: true })
  refillId!: string | null;

  @Field(() => ID)
  pharmacyId!: string;

  @Field(() => String)
  patientUhid!: string;

  @Field(() => String)
  pharmacist!: string;

  @Field(() => String, { description: "Token subject of who dispensed." })
  dispensedBy!: string;

  @Field(() => String, { nullable: true })
  witness!: string | null;

  @Field(() => [DispenseItem])
  items!: DispenseItem[];

  @Field(() => [DispenseFinding], { description: "Every finding of the safety check; moderate and minor ones are warnings." })
  findings!: DispenseFinding[];

  @Field(() => [DispenseFinding], { description: "Moderate and minor findings: to counsel on, not blocking." })
  warnings!: DispenseFinding[];

  @Field(() => DispenseOverride, { nullable: true })
  override!: DispenseOverride | null;

  @Field(() => String, { nullable: true, description: "Clinical audit record of the safety check." })
  safetyAuditId!: string | null;

  @Field(() => String, { description: "Pickup-ready notification: queued (waiting for the notification service), sent, or failed (refused for good)." })
  notificationStatus!: string;

  @Field(() => String, { nullable: true })
  notificationId!: string | null;

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType()
export class DispensePage extends PageOf(Dispense) {}

@InputType()
export class DispenseItemInput {
  @Field(() => String)
  @Length(1, 40)
  medicationCode!: string;

  @Field(() => Int)
  quantity!: number;
}

@InputType()
export class DispenseOverrideInput {
  @Field(() => String, { description: "Why dispensing is right despite the blocking findings (e.g. prescriber consulted)." })
  @Length(1, 2000)
  reason!: string;
}

@InputType({ description: "Spec, \"Dispense create request\", plus witness (controlled medicines) and override (blocking findings)." })
export class CreateDispenseInput {
  @Field(() => ID)
  prescriptionId!: string;

  @Field(() => ID)
  pharmacyId!: string;

  @Field(() => String)
  @Length(1, 200)
  pharmacist!: string;

  @Field(() => [DispenseItemInput])
  items!: DispenseItemInput[];

  @Field(() => String, { nullable: true, description: "Second member of staff witnessing a controlled medicine, when the catalog requires one." })
  @IsOptional()
  @Length(1, 200)
  witness?: string;

  @Field(() => DispenseOverrideInput, { nullable: true, description: "Dispense despite major or contraindicated findings, with a reason (recorded and audited)." })
  @IsOptional()
  override?: DispenseOverrideInput;
}
