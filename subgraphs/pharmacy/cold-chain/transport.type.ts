import { ArrayMaxSize, ArrayMinSize, IsOptional, Length, Max, Min } from "class-validator";
import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";
import { PageOf } from "../../../lib/pagination.js";
import { ColdChainExcursion } from "./excursion.type.js";
import { TemperatureReadingInput } from "./reading.type.js";

@ObjectType()
export class TransportContent {
  @Field(() => String) medicationCode!: string;
  @Field(() => String) lotNumber!: string;
  @Field(() => Int) quantity!: number;
}

@ObjectType({ description: "A cold-chain shipment with its logger, range and contents." })
export class ColdChainTransport {
  @Field(() => ID) id!: string;
  @Field(() => ID, { description: "The pharmacy receiving it: holds and notifications go there." }) pharmacyId!: string;
  @Field(() => String) origin!: string;
  @Field(() => String) destination!: string;
  @Field(() => String) shipmentReference!: string;
  @Field(() => String, { nullable: true }) deviceId!: string | null;
  @Field(() => Float) minC!: number;
  @Field(() => Float) maxC!: number;
  @Field(() => Int) toleranceMinutes!: number;
  @Field(() => String, { nullable: true }) profile!: string | null;
  @Field(() => [TransportContent]) contents!: TransportContent[];
  @Field(() => Date) departedAt!: Date;
  @Field(() => Date, { nullable: true }) arrivedAt!: Date | null;
  @Field(() => String, { nullable: true }) notes!: string | null;
  @Field(() => Int) readingsCount!: number;
  @Field(() => [ColdChainExcursion]) excursions!: ColdChainExcursion[];
  @Field(() => String) createdBy!: string;
  @Field(() => Date) createdAt!: Date;
}

@ObjectType()
export class ColdChainTransportPage extends PageOf(ColdChainTransport) {}

@InputType()
export class TransportContentInput {
  @Field(() => String, { description: "A medication of the catalog." }) @Length(1, 64) medicationCode!: string;
  @Field(() => String) @Length(1, 64) lotNumber!: string;
  @Field(() => Int) @Min(1) quantity!: number;
}

@InputType({ description: "Record a transport with its logger's readings (detected like a storage unit's)." })
export class CreateTransportInput {
  @Field(() => ID, { nullable: true, description: "The receiving pharmacy; defaults to the caller's." }) @IsOptional() pharmacyId?: string | null;
  @Field(() => String) @Length(1, 200) origin!: string;
  @Field(() => String) @Length(1, 200) destination!: string;
  @Field(() => String) @Length(1, 128) shipmentReference!: string;
  @Field(() => String, { nullable: true }) @IsOptional() @Length(1, 128) deviceId?: string | null;
  @Field(() => String, { nullable: true, description: "refrigerated or frozen: fills the range and tolerance not given." }) @IsOptional() profile?: string | null;
  @Field(() => Float, { nullable: true }) @IsOptional() @Min(-100) @Max(100) minC?: number | null;
  @Field(() => Float, { nullable: true }) @IsOptional() @Min(-100) @Max(100) maxC?: number | null;
  @Field(() => Int, { nullable: true }) @IsOptional() @Min(0) @Max(1440) toleranceMinutes?: number | null;
  @Field(() => [TransportContentInput]) @ArrayMinSize(1) @ArrayMaxSize(200) contents!: TransportContentInput[];
  @Field(() => Date) departedAt!: Date;
  @Field(() => Date, { nullable: true }) @IsOptional() arrivedAt?: Date | null;
  @Field(() => String, { nullable: true }) @IsOptional() @Length(0, 2000) notes?: string | null;
  @Field(() => [TemperatureReadingInput], { nullable: true, description: "The logger's readings (at most 5,000)." }) @IsOptional() readings?: TemperatureReadingInput[] | null;
}
