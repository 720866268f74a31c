import { IsOptional, MaxLength } from "class-validator";
import { Field, InputType, ObjectType } from "type-graphql";
import { JSONObjectScalar } from "../../../lib/federation.js";
import { Channel, Language } from "../notification/notification.type.js";

@ObjectType({ description: "How and when a patient wants to be reached." })
export class NotificationPreferences {
  @Field(() => String, { description: "UHID of the patient." })
  patientUhid!: string;

  @Field(() => [Channel], { description: "Preferred channels, most preferred first; later ones are fallbacks. Default SMS, then EMAIL." })
  channels!: string[];

  // phone, email, pushToken and messagingAppId are field resolvers (preferences.resolver.ts): they are
  // contact details, and a staff read of them is audited.
  phone!: string | null;
  email!: string | null;
  pushToken!: string | null;
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
@InputType({ description: "Changes to a patient's notification preferences: fields left out keep their value; null clears an optional one." })
export class NotificationPreferencesInput {
  @Field(() => [Channel], { nullable: true, description: "Channels in order of preference, at least one, none twice; later ones are fallbacks." }) @IsOptional() channels?: string[];
  @Field(() => String, { nullable: true, description: "Phone number for SMS, e.g. +256772000111 or 0772 000 111 (without country code: DEFAULT_PHONE_REGION); stored in E.164; not a valid number is 400." }) @IsOptional() @MaxLength(200) phone?: string | null;
  @Field(() => String, { nullable: true, description: "E-mail address." }) @IsOptional() @MaxLength(200) email?: string | null;
  @Field(() => String, { nullable: true, description: "Device token for push notifications (at most 4096 characters)." }) @IsOptional() @MaxLength(4096) pushToken?: string | null;
  @Field(() => String, { nullable: true, description: "Messaging-app (WhatsApp) phone number, e.g. +256772000111." }) @IsOptional() @MaxLength(200) messagingAppId?: string | null;
  @Field(() => Language, { nullable: true, description: "Language of the messages: en, lg or sw." }) @IsOptional() language?: string;
  @Field(() => JSONObjectScalar, { nullable: true, description: "Category → true/false; merged into the stored consent." }) @IsOptional() consent?: Record<string, unknown>;
  @Field(() => String, { nullable: true, description: "Start of quiet hours, HH:MM on the 24-hour clock in timeZone; needs an end too." }) @IsOptional() quietHoursStart?: string | null;
  @Field(() => String, { nullable: true, description: "End of quiet hours, HH:MM on the 24-hour clock in timeZone; may be earlier than the start (the window wraps midnight)." }) @IsOptional() quietHoursEnd?: string | null;
  @Field(() => String, { nullable: true, description: "IANA time zone, e.g. Africa/Kampala: quiet hours and appointment times are read in it." }) @IsOptional() timeZone?: string;
}
