import { IsOptional, MaxLength } from "class-validator";
import { Field, InputType, ObjectType } from "type-graphql";
import { Channel, Language } from "../notification/notification.type.js";

@ObjectType({ description: "Where a provider (clinician) receives alerts such as critical lab values." })
export class ProviderContact {
  @Field(() => String, { description: "Provider id as critical alerts name it (e.g. PRV-0001), or on-call / on-call:<facility_id> for an on-call contact." }) providerId!: string;
  @Field(() => String, { nullable: true, description: "The provider's name; null when not given." }) name!: string | null;
  @Field(() => [Channel], { description: "Channels in order; later ones are fallbacks." }) channels!: string[];
  @Field(() => String, { nullable: true, description: "Phone number for SMS, international form; null when none (SMS is then skipped)." }) phone!: string | null;
  @Field(() => String, { nullable: true, description: "E-mail address; null when none (EMAIL is then skipped)." }) email!: string | null;
  @Field(() => String, { nullable: true, description: "Device token for push notifications; null when none (PUSH is then skipped)." }) pushToken!: string | null;
  @Field(() => String, { nullable: true, description: "Messaging-app (WhatsApp) phone number; null when none (MESSAGING_APP is then skipped)." }) messagingAppId!: string | null;
  @Field(() => Language, { description: "Language of the alerts: en, lg or sw (the critical alert to a provider has an English text only)." }) language!: string;
}

@InputType({ description: "Changes to a provider contact: fields left out keep their value (a new contact starts with SMS and en); null clears an optional one." })
export class ProviderContactInput {
  @Field(() => String, { nullable: true, description: "The provider's name." }) @IsOptional() @MaxLength(200) name?: string | null;
  @Field(() => [Channel], { nullable: true, description: "Channels in order of preference, at least one, none twice; later ones are fallbacks." }) @IsOptional() channels?: string[];
  @Field(() => String, { nullable: true, description: "Phone number for SMS, e.g. +256772000111 (8-15 digits; spaces and dashes are removed)." }) @IsOptional() @MaxLength(200) phone?: string | null;
  @Field(() => String, { nullable: true, description: "E-mail address." }) @IsOptional() @MaxLength(200) email?: string | null;
  @Field(() => String, { nullable: true, description: "Device token for push notifications (at most 4096 characters)." }) @IsOptional() @MaxLength(4096) pushToken?: string | null;
  @Field(() => String, { nullable: true, description: "Messaging-app (WhatsApp) phone number, e.g. +256772000111." }) @IsOptional() @MaxLength(200) messagingAppId?: string | null;
  @Field(() => Language, { nullable: true, description: "Language of the alerts: en, lg or sw." }) @IsOptional() language?: string;
}
