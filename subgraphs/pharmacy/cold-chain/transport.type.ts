import { ArrayMaxSize, ArrayMinSize, IsOptional, Length, Max, Min } from "class-validator";
import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";
import { PageOf } from "../../../lib/pagination.js";
import { ColdChainExcursion } from "./excursion.type.js";
import { TemperatureReadingInput } from "./reading.type.js";

@ObjectType({ description: "One lot carried by a transport." })
export class TransportContent {
  @Field(() => String, { description: "Catalog code of the medicine carried." }) medicationCode!: string;
  @Field(() => String, { description: "Lot carried." }) lotNumber!: string;
  @Field(() => Int, { description: "Units carried." }) quantity!: number;
}

@ObjectType({ description: "A cold-chain shipment with its logger, range and contents." })
export class ColdChainTransport {
  @Field(() => ID, { description: "Transport id (UUID)." }) id!: string;
  @Field(() => ID, { description: "The pharmacy receiving it: holds and notifications go there." }) pharmacyId!: string;
  @Field(() => String, { description: "Where it left from." }) origin!: string;
  @Field(() => String, { description: "Where it goes." }) destination!: string;
  @Field(() => String, { description: "The shipment's reference." }) shipmentReference!: string;
  @Field(() => String, { nullable: true, description: "The logger travelling with it; null when none was named." }) deviceId!: string | null;
  @Field(() => Float, { description: "Lowest allowed °C (limits included)." }) minC!: number;
  @Field(() => Float, { description: "Highest allowed °C (limits included)." }) maxC!: number;
  @Field(() => Int, { description: "Minutes out of range before it is an excursion (longer than this)." }) toleranceMinutes!: number;
  @Field(() => String, { nullable: true, description: "Threshold profile the defaults came from (refrigerated, frozen); null when none." }) profile!: string | null;
  @Field(() => [TransportContent], { description: "The lots carried." }) contents!: TransportContent[];
  @Field(() => Date, { description: "When it left." }) departedAt!: Date;
  @Field(() => Date, { nullable: true, description: "When it arrived; null while in transit or not recorded." }) arrivedAt!: Date | null;
  @Field(() => String, { nullable: true, description: "Free-text notes; null when none." }) notes!: string | null;
  @Field(() => Int, { description: "Readings processed in order for it so far." }) readingsCount!: number;
  @Field(() => [ColdChainExcursion], { description: "Its excursions, by start." }) excursions!: ColdChainExcursion[];
  @Field(() => String, { description: "Subject of the caller who recorded it." }) createdBy!: string;
  @Field(() => Date, { description: "When it was recorded." }) createdAt!: Date;
}

@ObjectType({ description: "A page of transports, latest departure first." })
export class ColdChainTransportPage extends PageOf(ColdChainTransport) {}

@InputType({ description: "One lot carried." })
export class TransportContentInput {
  @Field(() => String, { description: "A medication of the catalog." }) @Length(1, 64) medicationCode!: string;
  @Field(() => String, { description: "Lot carried (1 to 64 characters)." }) @Length(1, 64) lotNumber!: string;
  @Field(() => Int, { description: "Units carried, at least 1." }) @Min(1) quantity!: number;
}

@InputType({ description: "Record a transport with its logger's readings (detected like a storage unit's)." })
export class CreateTransportInput {
  @Field(() => ID, { nullable: true, description: "The receiving pharmacy; defaults to the caller's." }) @IsOptional() pharmacyId?: string | null;
  @Field(() => String, { description: "Where it leaves from (1 to 200 characters)." }) @Length(1, 200) origin!: string;
  @Field(() => String, { description: "Where it goes (1 to 200 characters)." }) @Length(1, 200) destination!: string;
  @Field(() => String, { description: "The shipment's reference (1 to 128 characters)." }) @Length(1, 128) shipmentReference!: string;
  @Field(() => String, { nullable: true, description: "The logger travelling with it (1 to 128 characters); later readings may name it alone while in transit." }) @IsOptional() @Length(1, 128) deviceId?: string | null;
  @Field(() => String, { nullable: true, description: "refrigerated or frozen: fills the range and tolerance not given." }) @IsOptional() profile?: string | null;
  @Field(() => Float, { nullable: true, description: "Lowest allowed °C (−100 to 100); required without a profile." }) @IsOptional() @Min(-100) @Max(100) minC?: number | null;
  @Field(() => Float, { nullable: true, description: "Highest allowed °C (−100 to 100), above minC; required without a profile." }) @IsOptional() @Min(-100) @Max(100) maxC?: number | null;
  @Field(() => Int, { nullable: true, description: "0 to 1440; default the profile's (platform policy: 30)." }) @IsOptional() @Min(0) @Max(1440) toleranceMinutes?: number | null;
  @Field(() => [TransportContentInput], { description: "The lots carried, 1 to 200, each a catalog medication." }) @ArrayMinSize(1) @ArrayMaxSize(200) contents!: TransportContentInput[];
  @Field(() => Date, { description: "When it left." }) departedAt!: Date;
  @Field(() => Date, { nullable: true, description: "When it arrived, not before departedAt; leave out while in transit." }) @IsOptional() arrivedAt?: Date | null;
  @Field(() => String, { nullable: true, description: "Free-text notes (at most 2,000 characters)." }) @IsOptional() @Length(0, 2000) notes?: string | null;
  @Field(() => [TemperatureReadingInput], { nullable: true, description: "The logger's readings (at most 5,000)." }) @IsOptional() readings?: TemperatureReadingInput[] | null;
}
