import { IsOptional, Length } from "class-validator";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { valueEnum } from "../../../../lib/enums.js";
import { LocalDateScalar } from "../../../../lib/federation.js";
import { PageOf } from "../../../../lib/pagination.js";

export const DestructionSource = valueEnum("DestructionSource", ["stock", "quarantine"] as const, "What was destroyed: units of a stock batch (a destruction movement), or a quarantine record (units already outside stock).");

@ObjectType({ description: "Expired or unusable medicines destroyed before a witness; a controlled medicine is also a register entry." })
export class Destruction {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: "DS-<pharmacy code>-<yyyymmdd>-<sequence>." })
  destructionNumber!: string;

  @Field(() => ID)
  pharmacyId!: string;

  @Field(() => DestructionSource)
  source!: string;

  @Field(() => ID, { nullable: true })
  quarantineId!: string | null;

  @Field(() => ID)
  inventoryItemId!: string;

  @Field(() => String, { nullable: true })
  medicationCode!: string | null;

  @Field(() => ID, { nullable: true })
  batchId!: string | null;

  @Field(() => String, { nullable: true })
  lotNumber!: string | null;

  @Field(() => LocalDateScalar, { nullable: true })
  expiryDate!: string | null;

  @Field(() => Int)
  quantity!: number;

  @Field(() => String)
  reason!: string;

  @Field(() => String, { description: "e.g. incineration, encapsulation, inertisation." })
  method!: string;

  @Field(() => String)
  witness!: string;

  @Field(() => String)
  destroyedBy!: string;

  @Field(() => ID, { nullable: true, description: "The destruction movement (stock only)." })
  stockMovementId!: string | null;

  @Field(() => ID, { nullable: true, description: "The controlled register's destruction entry, for a controlled medicine." })
  controlledEntryId!: string | null;

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType()
export class DestructionPage extends PageOf(Destruction) {}

@ObjectType({ description: "Returned units held outside sellable stock until destroyed." })
export class QuarantineRecord {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  pharmacyId!: string;

  @Field(() => String)
  sourceType!: string;

  @Field(() => ID)
  sourceId!: string;

  @Field(() => String, { nullable: true })
  medicationCode!: string | null;

  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true })
  lotNumber!: string | null;

  @Field(() => LocalDateScalar, { nullable: true })
  expiryDate!: string | null;

  @Field(() => Int)
  quantity!: number;

  @Field(() => String)
  reason!: string;

  @Field(() => String, { description: "quarantined or destroyed." })
  status!: string;

  @Field(() => ID, { nullable: true })
  destructionId!: string | null;

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType()
export class QuarantineRecordPage extends PageOf(QuarantineRecord) {}

@InputType()
export class CreateDestructionInput {
  @Field(() => ID, { nullable: true, description: "Destroy a quarantine record (all its units); or name the stock and batch." })
  @IsOptional()
  quarantineId?: string;

  @Field(() => ID, { nullable: true })
  @IsOptional()
  inventoryItem?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 64)
  medicationCode?: string;

  @Field(() => ID, { nullable: true })
  @IsOptional()
  batchId?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 64)
  lotNumber?: string;

  @Field(() => Int, { nullable: true, description: "Units of the batch (required for stock; a quarantine record is destroyed whole)." })
  @IsOptional()
  quantity?: number;

  @Field(() => String)
  @Length(1, 500)
  reason!: string;

  @Field(() => String)
  @Length(1, 100)
  method!: string;

  @Field(() => String, { description: "Required: a member of staff other than the caller." })
  @Length(1, 200)
  witness!: string;

  @Field(() => ID, { nullable: true })
  @IsOptional()
  pharmacyId?: string;
}
