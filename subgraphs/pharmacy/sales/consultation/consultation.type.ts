import { IsOptional, Length } from "class-validator";
import { Field, ID, InputType, ObjectType } from "type-graphql";
import { PageOf } from "../../../../lib/pagination.js";

@ObjectType({ description: "A customer consultation at the counter (advice given, possibly tied to a sale)." })
export class Consultation {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  pharmacyId!: string;

  @Field(() => ID, { nullable: true })
  transactionId!: string | null;

  @Field(() => String, { nullable: true })
  patientUhid!: string | null;

  @Field(() => String, { nullable: true })
  customerName!: string | null;

  @Field(() => String, { nullable: true, description: "Where follow-up reminders are sent." })
  customerPhone!: string | null;

  @Field(() => String, { description: "Who consulted (pharmacist identifier)." })
  pharmacist!: string;

  @Field(() => String, { nullable: true, description: "Why the customer came, when recorded." })
  reason!: string | null;

  @Field(() => String, { nullable: true, description: "Free-text notes of the consultation." })
  notes!: string | null;

  @Field(() => String, { nullable: true, description: "Advice given." })
  advice!: string | null;

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType()
export class ConsultationPage extends PageOf(Consultation) {}

@InputType()
export class CreateConsultationInput {
  @Field(() => ID, { nullable: true, description: "Defaults to the caller's pharmacy." })
  @IsOptional()
  pharmacyId?: string;

  @Field(() => ID, { nullable: true, description: "The sale this consultation belongs to, if any." })
  @IsOptional()
  transactionId?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 64)
  patientUhid?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 200)
  customerName?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(6, 20)
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
