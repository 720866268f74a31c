import { IsOptional, Length } from "class-validator";
import { Field, ID, InputType, ObjectType } from "type-graphql";
import { PageOf } from "../../../../lib/pagination.js";

@ObjectType({ description: "Spec, \"Follow-up\": scheduling one sends a reminder (reminder_sent)." })
export class FollowUp {
  @Field(() => ID)
  id!: string;

  @Field(() => ID, { description: "The consultation followed up." })
  consultationId!: string;

  @Field(() => Date)
  scheduledAt!: Date;

  @Field(() => String)
  scheduledBy!: string;

  @Field(() => String, { nullable: true })
  notes!: string | null;

  @Field(() => Boolean, { description: "True once the notification service accepted the reminder." })
  reminderSent!: boolean;

  @Field(() => String, { nullable: true })
  reminderNotificationId!: string | null;

  @Field(() => Boolean)
  completed!: boolean;

  @Field(() => Date, { nullable: true })
  completedAt!: Date | null;

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType()
export class FollowUpPage extends PageOf(FollowUp) {}

/** Spec, "Follow-up create request". */
@InputType()
export class CreateFollowUpInput {
  @Field(() => ID, { description: "Consultation id." })
  consultation!: string;

  @Field(() => Date, { description: "ISO 8601; not in the past." })
  scheduledAt!: Date;

  @Field(() => String, { nullable: true, description: "Who scheduled it; defaults to the caller." })
  @IsOptional()
  @Length(1, 100)
  scheduledBy?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(0, 2000)
  notes?: string;
}
