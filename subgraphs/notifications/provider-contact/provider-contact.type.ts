import { IsOptional, MaxLength } from "class-validator";
import { Field, InputType, ObjectType } from "type-graphql";
import { Channel, Language } from "../notification/notification.type.js";

@ObjectType({ description: "Where a provider (clinician) receives alerts such as critical lab values." })
export class ProviderContact {
  @Field(() => String) providerId!: string;
  @Field(() => String, { nullable: true }) name!: string | null;
  @Field(() => [Channel], { description: "Channels in order; later ones are fallbacks." }) channels!: string[];
  @Field(() => String, { nullable: true }) phone!: string | null;
  @Field(() => String, { nullable: true }) email!: string | null;
  @Field(() => String, { nullable: true }) pushToken!: string | null;
  @Field(() => String, { nullable: true }) messagingAppId!: string | null;
  @Field(() => Language) language!: string;
}

@InputType()
export class ProviderContactInput {
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(200) name?: string | null;
  @Field(() => [Channel], { nullable: true }) @IsOptional() channels?: string[];
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(200) phone?: string | null;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(200) email?: string | null;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(4096) pushToken?: string | null;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(200) messagingAppId?: string | null;
  @Field(() => Language, { nullable: true }) @IsOptional() language?: string;
}
