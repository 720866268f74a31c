import { IsOptional, Length } from "class-validator";
import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";
import { PageOf } from "../../../lib/pagination.js";
import { ColdChainExcursion } from "./excursion.type.js";

@ObjectType({ description: "A temperature reading of a storage unit or transport." })
export class TemperatureReading {
  @Field(() => ID, { description: "Reading id (UUID)." }) id!: string;
  @Field(() => String, { description: "storage_unit or transport." }) subjectType!: string;
  @Field(() => ID, { nullable: true, description: "The storage unit, when subjectType is storage_unit; else null." }) storageUnitId!: string | null;
  @Field(() => ID, { nullable: true, description: "The transport, when subjectType is transport; else null." }) transportId!: string | null;
  @Field(() => ID, { description: "The subject's pharmacy." }) pharmacyId!: string;
  @Field(() => String, { nullable: true, description: "Logger that sent it; null when none was named." }) deviceId!: string | null;
  @Field(() => Date, { description: "When the logger took the reading." }) recordedAt!: Date;
  @Field(() => Float, { description: "Temperature, °C." }) temperatureC!: number;
  @Field(() => Boolean, { description: "In the subject's current range (limits included)." }) inRange!: boolean;
  @Field(() => Boolean, { description: "Arrived after a later reading had been processed. An out-of-range late reading is checked with its stored neighbours: it may open or widen an excursion, never shorten one." }) late!: boolean;
  @Field(() => Date, { description: "When it was stored." }) receivedAt!: Date;
}

@ObjectType({ description: "A page of readings, latest first." })
export class TemperatureReadingPage extends PageOf(TemperatureReading) {}

@InputType({ description: "One reading of a batch; the subject defaults to the request's." })
export class TemperatureReadingInput {
  @Field(() => ID, { nullable: true, description: "The storage unit read; default the request's subject." }) @IsOptional() storageUnitId?: string | null;
  @Field(() => ID, { nullable: true, description: "The transport read; default the request's subject." }) @IsOptional() transportId?: string | null;
  @Field(() => String, { nullable: true, description: "The logger (1 to 128 characters); finds its unit, or its transport in transit, when no id is given." }) @IsOptional() @Length(1, 128) deviceId?: string | null;
  @Field(() => Date, { description: "When the reading was taken: at most 5 minutes in the future and, for a storage unit, not more than 5 minutes before the unit was registered." }) recordedAt!: Date;
  @Field(() => Float, { description: "Temperature, °C, from −90 to 70 (else 400: a broken probe)." }) temperatureC!: number;
}

@InputType({ description: "One reading (recorded_at, temperature_c) or a logger's batch (readings, at most 5,000), for a storage unit, a transport, or the subject whose logger is device_id." })
export class RecordTemperatureReadingsInput {
  @Field(() => ID, { nullable: true, description: "The storage unit read." }) @IsOptional() storageUnitId?: string | null;
  @Field(() => ID, { nullable: true, description: "The transport read." }) @IsOptional() transportId?: string | null;
  @Field(() => String, { nullable: true, description: "The logger; finds its unit (or transport in transit) when no id is given." }) @IsOptional() @Length(1, 128) deviceId?: string | null;
  @Field(() => Date, { nullable: true, description: "A single reading's time (with temperatureC); same limits as in readings." }) @IsOptional() recordedAt?: Date | null;
  @Field(() => Float, { nullable: true, description: "A single reading's temperature, °C (with recordedAt), from −90 to 70." }) @IsOptional() temperatureC?: number | null;
  @Field(() => [TemperatureReadingInput], { nullable: true, description: "A logger's batch, at most 5,000; one bad reading is a 400 and nothing is written." }) @IsOptional() readings?: TemperatureReadingInput[] | null;
}

@ObjectType({ description: "What an ingest did: readings stored, repeats ignored, late ones, and the excursions it opened or changed." })
export class ReadingIngestResult {
  @Field(() => Int, { description: "Readings in the request." }) received!: number;
  @Field(() => Int, { description: "Readings stored." }) inserted!: number;
  @Field(() => Int, { description: "Same subject and time as a stored reading (or another in the request): ignored." }) duplicates!: number;
  @Field(() => Int, { description: "Older than the subject's last processed reading. Out-of-range ones are checked with their stored neighbours (they may open or widen an excursion, never shorten one)." }) late!: number;
  @Field(() => [ColdChainExcursion], { description: "Excursions this request opened, widened or revised." }) excursions!: ColdChainExcursion[];
}
