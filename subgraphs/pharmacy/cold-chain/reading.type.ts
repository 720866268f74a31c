import { IsOptional, Length } from "class-validator";
import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";
import { PageOf } from "../../../lib/pagination.js";
import { ColdChainExcursion } from "./excursion.type.js";

@ObjectType({ description: "A temperature reading of a storage unit or transport." })
export class TemperatureReading {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: "storage_unit or transport." }) subjectType!: string;
  @Field(() => ID, { nullable: true }) storageUnitId!: string | null;
  @Field(() => ID, { nullable: true }) transportId!: string | null;
  @Field(() => ID) pharmacyId!: string;
  @Field(() => String, { nullable: true }) deviceId!: string | null;
  @Field(() => Date) recordedAt!: Date;
  @Field(() => Float) temperatureC!: number;
  @Field(() => Boolean, { description: "In the subject's current range (limits included)." }) inRange!: boolean;
  @Field(() => Boolean, { description: "Arrived after a later reading had been processed. An out-of-range late reading is checked with its stored neighbours: it may open or widen an excursion, never shorten one." }) late!: boolean;
  @Field(() => Date) receivedAt!: Date;
}

@ObjectType()
export class TemperatureReadingPage extends PageOf(TemperatureReading) {}

@InputType({ description: "One reading of a batch; the subject defaults to the request's." })
export class TemperatureReadingInput {
  @Field(() => ID, { nullable: true }) @IsOptional() storageUnitId?: string | null;
  @Field(() => ID, { nullable: true }) @IsOptional() transportId?: string | null;
  @Field(() => String, { nullable: true }) @IsOptional() @Length(1, 128) deviceId?: string | null;
  @Field(() => Date) recordedAt!: Date;
  @Field(() => Float) temperatureC!: number;
}

@InputType({ description: "One reading (recorded_at, temperature_c) or a logger's batch (readings, at most 5,000), for a storage unit, a transport, or the subject whose logger is device_id." })
export class RecordTemperatureReadingsInput {
  @Field(() => ID, { nullable: true }) @IsOptional() storageUnitId?: string | null;
  @Field(() => ID, { nullable: true }) @IsOptional() transportId?: string | null;
  @Field(() => String, { nullable: true, description: "The logger; finds its unit (or transport in transit) when no id is given." }) @IsOptional() @Length(1, 128) deviceId?: string | null;
  @Field(() => Date, { nullable: true }) @IsOptional() recordedAt?: Date | null;
  @Field(() => Float, { nullable: true }) @IsOptional() temperatureC?: number | null;
  @Field(() => [TemperatureReadingInput], { nullable: true }) @IsOptional() readings?: TemperatureReadingInput[] | null;
}

@ObjectType({ description: "What an ingest did: readings stored, repeats ignored, late ones, and the excursions it opened or changed." })
export class ReadingIngestResult {
  @Field(() => Int) received!: number;
  @Field(() => Int) inserted!: number;
  @Field(() => Int, { description: "Same subject and time as a stored reading (or another in the request): ignored." }) duplicates!: number;
  @Field(() => Int, { description: "Older than the subject's last processed reading. Out-of-range ones are checked with their stored neighbours (they may open or widen an excursion, never shorten one)." }) late!: number;
  @Field(() => [ColdChainExcursion]) excursions!: ColdChainExcursion[];
}
