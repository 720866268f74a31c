import { IsOptional, Length, MaxLength } from "class-validator";
import { Field, ID, InputType, ObjectType } from "type-graphql";
import { PageOf } from "../../../../lib/pagination.js";

@ObjectType({ description: "A customer consultation at the counter (advice given, possibly tied to a sale)." })
export class Consultation {
  @Field(() => ID, { description: "Consultation id (UUID)." })
  id!: string;

  @Field(() => ID, { description: "The pharmacy where it took place." })
  pharmacyId!: string;

  @Field(() => ID, { nullable: true, description: "The sale it belongs to (same pharmacy); null when none." })
  transactionId!: string | null;

  @Field(() => String, { nullable: true, description: "Patient's UHID as given (not checked against the registry); null when none." })
  patientUhid!: string | null;

  @Field(() => String, { nullable: true, description: "Customer's name, when given." })
  customerName!: string | null;

  @Field(() => String, { nullable: true, description: "Where follow-up reminders are sent, in E.164 (consultations recorded before phones were normalized may hold the number as typed)." })
  customerPhone!: string | null;

  @Field(() => String, { description: "Who consulted (pharmacist identifier)." })
  pharmacist!: string;

  @Field(() => String, { nullable: true, description: "Why the customer came, when recorded." })
  reason!: string | null;

  @Field(() => String, { nullable: true, description: "Free-text notes of the consultation." })
  notes!: string | null;

  @Field(() => String, { nullable: true, description: "Advice given." })
  advice!: string | null;

  @Field(() => Date, { description: "When it was recorded." })
  createdAt!: Date;
}

@ObjectType({ description: "A page of consultations, newest first." })
export class ConsultationPage extends PageOf(Consultation) {}

@InputType({ description: "A consultation to record; at least one of notes, reason or advice must say something (400 naming notes)." })
export class CreateConsultationInput {
  @Field(() => ID, { nullable: true, description: "Defaults to the caller's pharmacy." })
  @IsOptional()
  pharmacyId?: string;

  @Field(() => ID, { nullable: true, description: "The sale this consultation belongs to, if any." })
  @IsOptional()
  transactionId?: string;

  @Field(() => String, { nullable: true, description: "Patient's UHID (1 to 64 characters), when known; not checked against the registry." })
  @IsOptional()
  @Length(1, 64)
  patientUhid?: string;

  @Field(() => String, { nullable: true, description: "Customer's name (1 to 200 characters)." })
  @IsOptional()
  @Length(1, 200)
  customerName?: string;

  @Field(() => String, { nullable: true, description: "Customer's phone, where follow-up reminders are sent: e.g. +256772000111 or 0772 000 111 (a number without country code is of DEFAULT_PHONE_REGION); stored in E.164; not a valid number is 400." })
  @IsOptional()
  @MaxLength(40)
  customerPhone?: string;

  @Field(() => String, { nullable: true, description: "Defaults to the caller." })
  @IsOptional()
  @Length(1, 100)
  pharmacist?: string;

  @Field(() => String, { nullable: true, description: "Why the customer came." })
  @IsOptional()
  @Length(1, 2000)
  reason?: string;

  @Field(() => String, { nullable: true, description: "Free-text notes; a consultation records at least one of notes, reason or advice." })
  @IsOptional()
  @Length(1, 4000)
  notes?: string;

  @Field(() => String, { nullable: true, description: "Advice given." })
  @IsOptional()
  @Length(1, 4000)
  advice?: string;
}
