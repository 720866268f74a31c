import { ArrayMaxSize, IsOptional, Length, Max, Min } from "class-validator";
import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";
import { valueEnum } from "../../../lib/enums.js";
import { PageOf } from "../../../lib/pagination.js";

export const STORAGE_UNIT_KINDS = ["refrigerator", "freezer", "cold_box", "vaccine_carrier", "cold_room", "other"] as const;
export const StorageUnitKind = valueEnum("StorageUnitKind", STORAGE_UNIT_KINDS, "Kind of cold-chain storage: refrigerator, freezer, cold_box, vaccine_carrier, cold_room or other.", {
  refrigerator: "A refrigerator.",
  freezer: "A freezer.",
  cold_box: "An insulated cold box.",
  vaccine_carrier: "A vaccine carrier.",
  cold_room: "A cold room.",
  other: "Any other kind of cold storage.",
});

const SILENCE_INPUT = "Minutes without a reading before the unit is silent (5 to 10,080), or 0 for no silence alarm; default 60 for a unit with a logger.";

@ObjectType({ description: "A refrigerator, freezer, cold box… of a pharmacy, with its allowed range (limits included) and tolerance." })
export class StorageUnit {
  @Field(() => ID, { description: "Storage unit id (UUID)." }) id!: string;
  @Field(() => ID, { description: "The pharmacy the unit belongs to." }) pharmacyId!: string;
  @Field(() => String, { description: "Unit name." }) name!: string;
  @Field(() => StorageUnitKind, { description: "Kind of unit." }) kind!: string;
  @Field(() => Float, { description: "Lowest allowed °C (a reading at it is in range)." }) minC!: number;
  @Field(() => Float, { description: "Highest allowed °C (a reading at it is in range)." }) maxC!: number;
  @Field(() => Int, { description: "Minutes out of range before it is an excursion (longer than this)." }) toleranceMinutes!: number;
  @Field(() => String, { nullable: true, description: "Threshold profile the defaults came from (refrigerated, frozen)." }) profile!: string | null;
  @Field(() => String, { nullable: true, description: "Where the profile's range comes from." }) rangeSource!: string | null;
  @Field(() => String, { nullable: true, description: "The logger reporting for this unit." }) deviceId!: string | null;
  @Field(() => String, { nullable: true, description: "Where the unit stands; null when not recorded." }) location!: string | null;
  @Field(() => Boolean, { description: "Whether the unit is in use; an inactive unit raises no silence alarm." }) isActive!: boolean;
  @Field(() => [ID], { description: "Stock items kept in it; none: the pharmacy's cold-chain medicines whose catalog range overlaps the unit's." }) stockItems!: string[];
  @Field(() => Date, { nullable: true, description: "Time of the latest reading processed in order (late readings excluded); null before any." }) lastReadingAt!: Date | null;
  @Field(() => Float, { nullable: true, description: "Temperature of that reading, °C; null before any." }) lastTemperatureC!: number | null;
  @Field(() => Boolean, { nullable: true, description: "Whether the last reading was in range; null before any." }) inRange!: boolean | null;
  @Field(() => Date, { nullable: true, description: "Start of the current out-of-range run, if any." }) outOfRangeSince!: Date | null;
  @Field(() => Int, { description: "Excursions awaiting a disposition." }) openExcursions!: number;
  @Field(() => Int, { nullable: true, description: "Minutes without a reading before the unit is silent and its pharmacy is told; null: no silence alarm. Default 60 (platform policy) for a unit with a logger, none without." })
  silenceAlarmMinutes!: number | null;
  @Field(() => Boolean, { description: "Active, with a silence alarm, and no reading for longer than it: the logger may be dead, offline or moved; check the unit by hand." }) silent!: boolean;
  @Field(() => Date, { nullable: true, description: "While silent: the last reading's time (the unit's creation when it never reported)." }) silentSince!: Date | null;
  @Field(() => String, { nullable: true, description: "While silent: the pharmacy's notification of this silence, queued, sent or failed (null before the worker's next sweep)." })
  silenceNotificationStatus!: string | null;
  @Field(() => Date, { description: "When the unit was registered; readings dated more than 5 minutes before it are refused." }) createdAt!: Date;
}

@ObjectType({ description: "A page of storage units, by name." })
export class StorageUnitPage extends PageOf(StorageUnit) {}

@InputType({ description: "A storage unit to register: its range comes from minC and maxC, or from a profile." })
export class CreateStorageUnitInput {
  @Field(() => ID, { nullable: true, description: "Defaults to the caller's pharmacy." }) @IsOptional() pharmacyId?: string | null;
  @Field(() => String, { description: "Unit name (1 to 200 characters)." }) @Length(1, 200) name!: string;
  @Field(() => StorageUnitKind, { description: "Kind of unit." }) kind!: string;
  @Field(() => String, { nullable: true, description: "refrigerated (2–8 °C) or frozen (−25 to −15 °C): fills the range and tolerance not given." }) @IsOptional() profile?: string | null;
  @Field(() => Float, { nullable: true, description: "Lowest allowed °C (−100 to 100); required without a profile." }) @IsOptional() @Min(-100) @Max(100) minC?: number | null;
  @Field(() => Float, { nullable: true, description: "Highest allowed °C (−100 to 100), above minC; required without a profile." }) @IsOptional() @Min(-100) @Max(100) maxC?: number | null;
  @Field(() => Int, { nullable: true, description: "0 to 1440; default the profile's (platform policy: 30)." }) @IsOptional() @Min(0) @Max(1440) toleranceMinutes?: number | null;
  @Field(() => String, { nullable: true, description: "The logger's id (unique)." }) @IsOptional() @Length(1, 128) deviceId?: string | null;
  @Field(() => String, { nullable: true, description: "Where the unit stands (at most 200 characters)." }) @IsOptional() @Length(0, 200) location?: string | null;
  @Field(() => [ID], { nullable: true, description: "Stock items (of the same pharmacy) kept in it." }) @IsOptional() @ArrayMaxSize(500) stockItems?: string[] | null;
  @Field(() => Int, { nullable: true, description: SILENCE_INPUT }) @IsOptional() @Min(0) @Max(10_080) silenceAlarmMinutes?: number | null;
}

@InputType({ description: "Absent fields stay as they are; stock_items replaces the list." })
export class UpdateStorageUnitInput {
  @Field(() => String, { nullable: true, description: "New name (1 to 200 characters)." }) @IsOptional() @Length(1, 200) name?: string | null;
  @Field(() => StorageUnitKind, { nullable: true, description: "New kind." }) @IsOptional() kind?: string | null;
  @Field(() => Float, { nullable: true, description: "New lowest allowed °C (−100 to 100); applies from the next reading." }) @IsOptional() @Min(-100) @Max(100) minC?: number | null;
  @Field(() => Float, { nullable: true, description: "New highest allowed °C (−100 to 100), above minC; applies from the next reading." }) @IsOptional() @Min(-100) @Max(100) maxC?: number | null;
  @Field(() => Int, { nullable: true, description: "New tolerance, 0 to 1440 minutes." }) @IsOptional() @Min(0) @Max(1440) toleranceMinutes?: number | null;
  @Field(() => String, { nullable: true, description: "A new logger id (1 to 128 characters; 409 when it reports for another unit); a first logger brings the default silence alarm." }) @IsOptional() @Length(1, 128) deviceId?: string | null;
  @Field(() => String, { nullable: true, description: "New location (at most 200 characters)." }) @IsOptional() @Length(0, 200) location?: string | null;
  @Field(() => Boolean, { nullable: true, description: "Whether the unit is in use (false: no silence alarm)." }) @IsOptional() isActive?: boolean | null;
  @Field(() => [ID], { nullable: true, description: "Stock items (of the unit's pharmacy) kept in it; replaces the list, an empty list clears it." }) @IsOptional() @ArrayMaxSize(500) stockItems?: string[] | null;
  @Field(() => Int, { nullable: true, description: SILENCE_INPUT }) @IsOptional() @Min(0) @Max(10_080) silenceAlarmMinutes?: number | null;
}
