import { IsOptional, Length } from "class-validator";
import { Field, ID, InputType, ObjectType } from "type-graphql";
import { PageOf } from "../../../../lib/pagination.js";

@ObjectType({ description: "Spec, \"Follow-up\": scheduling one sends a reminder (reminder_sent)." })
export class FollowUp {
  @Field(() => ID, { description: "Follow-up id (UUID)." })
  id!: string;

  @Field(() => ID, { description: "The consultation followed up." })
  consultationId!: string;

  @Field(() => Date, { description: "When the follow-up is due." })
  scheduledAt!: Date;

  @Field(() => String, { description: "Who scheduled it (free text; the caller's subject by default)." })
  scheduledBy!: string;

  @Field(() => String, { nullable: true, description: "Notes for the follow-up, also sent in the reminder; null when none." })
  notes!: string | null;

  @Field(() => Boolean, { description: "True once the notification service accepted the reminder." })
  reminderSent!: boolean;

  @Field(() => String, { nullable: true, description: "Notification id of the reminder the notification service accepted; null when none was sent." })
  reminderNotificationId!: string | null;

  @Field(() => Boolean, { description: "Whether the follow-up has been done (completeFollowUp)." })
  completed!: boolean;

  @Field(() => Date, { nullable: true, description: "When it was marked done; null until then." })
  completedAt!: Date | null;

  @Field(() => Date, { description: "When it was scheduled." })
  createdAt!: Date;
}

@ObjectType({ description: "A page of follow-ups, latest scheduled first." })
export class FollowUpPage extends PageOf(FollowUp) {}

/** Spec, "Follow-up create request". */
@InputType({ description: "A follow-up to schedule (spec, \"Follow-up create request\")." })
export class CreateFollowUpInput {
  @Field(() => ID, { description: "Consultation id." })
  consultation!: string;

  @Field(() => Date, { description: "ISO 8601 date-time: not in the past (5 minutes' leeway) and at most 366 days ahead." })
  scheduledAt!: Date;

  @Field(() => String, { nullable: true, description: "Who scheduled it; defaults to the caller." })
  @IsOptional()
  @Length(1, 100)
  scheduledBy?: string;

  @Field(() => String, { nullable: true, description: "Notes (at most 2,000 characters), sent in the reminder." })
  @IsOptional()
  @Length(0, 2000)
  notes?: string;
}
