import { IsOptional, MaxLength } from "class-validator";
import { Field, InputType, ObjectType } from "type-graphql";
import { JSONObjectScalar } from "../../../lib/federation.js";
import { Channel, Language } from "../notification/notification.type.js";

@ObjectType({ description: "How and when a patient wants to be reached." })
export class NotificationPreferences {
  @Field(() => String)
  patientUhid!: string;

  @Field(() => [Channel], { description: "Preferred channels, most preferred first; later ones are fallbacks." })
  channels!: string[];

  @Field(() => String, { nullable: true })
  phone!: string | null;

  @Field(() => String, { nullable: true })
  email!: string | null;

  @Field(() => String, { nullable: true })
  pushToken!: string | null;

  @Field(() => String, { nullable: true, description: "Messaging-app (WhatsApp) phone number." })
  messagingAppId!: string | null;

  @Field(() => Language, { description: "Template language: en, lg or sw." })
  language!: string;

  @Field(() => JSONObjectScalar, { description: "Consent per category ({\"payment\": false}); a category not listed is consented. Critical alerts ignore it." })
  consent!: Record<string, boolean>;

  @Field(() => String, { nullable: true, description: "Start of quiet hours, HH:MM local time." })
  quietHoursStart!: string | null;

  @Field(() => String, { nullable: true, description: "End of quiet hours, HH:MM local time." })
  quietHoursEnd!: string | null;

  @Field(() => String, { description: "IANA time zone, default Africa/Kampala." })
  timeZone!: string;
}

/** Fields left out keep their value; null clears an optional one. */
@InputType()
export class NotificationPreferencesInput {
  @Field(() => [Channel], { nullable: true }) @IsOptional() channels?: string[];
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(200) phone?: string | null;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(200) email?: string | null;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(4096) pushToken?: string | null;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(200) messagingAppId?: string | null;
  @Field(() => Language, { nullable: true }) @IsOptional() language?: string;
  @Field(() => JSONObjectScalar, { nullable: true, description: "Category → true/false; merged into the stored consent." }) @IsOptional() consent?: Record<string, unknown>;
  @Field(() => String, { nullable: true }) @IsOptional() quietHoursStart?: string | null;
  @Field(() => String, { nullable: true }) @IsOptional() quietHoursEnd?: string | null;
  @Field(() => String, { nullable: true }) @IsOptional() timeZone?: string;
}
