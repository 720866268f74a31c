import { ArrayMaxSize, IsOptional, Length, Max, Min } from "class-validator";
import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";
import { valueEnum } from "../../../lib/enums.js";
import { PageOf } from "../../../lib/pagination.js";

export const STORAGE_UNIT_KINDS = ["refrigerator", "freezer", "cold_box", "vaccine_carrier", "cold_room", "other"] as const;
export const StorageUnitKind = valueEnum("StorageUnitKind", STORAGE_UNIT_KINDS, "Kind of cold-chain storage: refrigerator, freezer, cold_box, vaccine_carrier, cold_room or other.");

const SILENCE_INPUT = "Minutes without a reading before the unit is silent (5 to 10,080), or 0 for no silence alarm; default 60 for a unit with a logger.";

@ObjectType({ description: "A refrigerator, freezer, cold box… of a pharmacy, with its allowed range (limits included) and tolerance." })
export class StorageUnit {
  @Field(() => ID) id!: string;
  @Field(() => ID) pharmacyId!: string;
  @Field(() => String) name!: string;
  @Field(() => StorageUnitKind) kind!: string;
  @Field(() => Float, { description: "Lowest allowed °C (a reading at it is in range)." }) minC!: number;
  @Field(() => Float, { description: "Highest allowed °C (a reading at it is in range)." }) maxC!: number;
  @Field(() => Int, { description: "Minutes out of range before it is an excursion (longer than this)." }) toleranceMinutes!: number;
  @Field(() => String, { nullable: true, description: "Threshold profile the defaults came from (refrigerated, frozen)." }) profile!: string | null;
  @Field(() => String, { nullable: true, description: "Where the profile's range comes from." }) rangeSource!: string | null;
  @Field(() => String, { nullable: true, description: "The logger reporting for this unit." }) deviceId!: string | null;
  @Field(() => String, { nullable: true }) location!: string | null;
  @Field(() => Boolean) isActive!: boolean;
  @Field(() => [ID], { description: "Stock items kept in it; none: the pharmacy's cold-chain medicines whose catalog range overlaps the unit's." }) stockItems!: string[];
  @Field(() => Date, { nullable: true }) lastReadingAt!: Date | null;
  @Field(() => Float, { nullable: true }) lastTemperatureC!: number | null;
  @Field(() => Boolean, { nullable: true, description: "Whether the last reading was in range; null before any." }) inRange!: boolean | null;
  @Field(() => Date, { nullable: true, description: "Start of the current out-of-range run, if any." }) outOfRangeSince!: Date | null;
  @Field(() => Int, { description: "Excursions awaiting a disposition." }) openExcursions!: number;
  @Field(() => Int, { nullable: true, description: "Minutes without a reading before the unit is silent and its pharmacy is told; null: no silence alarm. Default 60 (platform policy) for a unit with a logger, none without." })
  silenceAlarmMinutes!: number | null;
  @Field(() => Boolean, { description: "Active, with a silence alarm, and no reading for longer than it: the logger may be dead, offline or moved; check the unit by hand." }) silent!: boolean;
  @Field(() => Date, { nullable: true, description: "While silent: the last reading's time (the unit's creation when it never reported)." }) silentSince!: Date | null;
  @Field(() => String, { nullable: true, description: "While silent: the pharmacy's notification of this silence, queued, sent or failed (null before the worker's next sweep)." })
  silenceNotificationStatus!: string | null;
  @Field(() => Date) createdAt!: Date;
}

@ObjectType()
export class StorageUnitPage extends PageOf(StorageUnit) {}

@InputType()
export class CreateStorageUnitInput {
  @Field(() => ID, { nullable: true, description: "Defaults to the caller's pharmacy." }) @IsOptional() pharmacyId?: string | null;
  @Field(() => String) @Length(1, 200) name!: string;
  @Field(() => StorageUnitKind) kind!: string;
  @Field(() => String, { nullable: true, description: "refrigerated (2–8 °C) or frozen (−25 to −15 °C): fills the range and tolerance not given." }) @IsOptional() profile?: string | null;
  @Field(() => Float, { nullable: true }) @IsOptional() @Min(-100) @Max(100) minC?: number | null;
  @Field(() => Float, { nullable: true }) @IsOptional() @Min(-100) @Max(100) maxC?: number | null;
  @Field(() => Int, { nullable: true, description: "0 to 1440; default the profile's (platform policy: 30)." }) @IsOptional() @Min(0) @Max(1440) toleranceMinutes?: number | null;
  @Field(() => String, { nullable: true, description: "The logger's id (unique)." }) @IsOptional() @Length(1, 128) deviceId?: string | null;
  @Field(() => String, { nullable: true }) @IsOptional() @Length(0, 200) location?: string | null;
  @Field(() => [ID], { nullable: true, description: "Stock items (of the same pharmacy) kept in it." }) @IsOptional() @ArrayMaxSize(500) stockItems?: string[] | null;
  @Field(() => Int, { nullable: true, description: SILENCE_INPUT }) @IsOptional() @Min(0) @Max(10_080) silenceAlarmMinutes?: number | null;
}

@InputType({ description: "Absent fields stay as they are; stock_items replaces the list." })
export class UpdateStorageUnitInput {
  @Field(() => String, { nullable: true }) @IsOptional() @Length(1, 200) name?: string | null;
  @Field(() => StorageUnitKind, { nullable: true }) @IsOptional() kind?: string | null;
  @Field(() => Float, { nullable: true }) @IsOptional() @Min(-100) @Max(100) minC?: number | null;
  @Field(() => Float, { nullable: true }) @IsOptional() @Min(-100) @Max(100) maxC?: number | null;
  @Field(() => Int, { nullable: true }) @IsOptional() @Min(0) @Max(1440) toleranceMinutes?: number | null;
  @Field(() => String, { nullable: true }) @IsOptional() @Length(1, 128) deviceId?: string | null;
  @Field(() => String, { nullable: true }) @IsOptional() @Length(0, 200) location?: string | null;
  @Field(() => Boolean, { nullable: true }) @IsOptional() isActive?: boolean | null;
  @Field(() => [ID], { nullable: true }) @IsOptional() @ArrayMaxSize(500) stockItems?: string[] | null;
  @Field(() => Int, { nullable: true, description: SILENCE_INPUT }) @IsOptional() @Min(0) @Max(10_080) silenceAlarmMinutes?: number | null;
}
