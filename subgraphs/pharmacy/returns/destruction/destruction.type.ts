import { IsOptional, Length } from "class-validator";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { valueEnum } from "../../../../lib/enums.js";
import { LocalDateScalar } from "../../../../lib/federation.js";
import { PageOf } from "../../../../lib/pagination.js";
import { DESTRUCTION_SOURCES } from "./destruction.service.js";
import { MAX_WITNESS } from "../../drug-safety/witness.js";

export const DestructionSource = valueEnum("DestructionSource", DESTRUCTION_SOURCES, "What was destroyed: units of a stock batch (a destruction movement), or a quarantine record (units already outside stock).", {
  stock: "Units of a stock batch, taken off by a destruction movement (a controlled medicine's also in the register).",
  quarantine: "A whole quarantine record; its units were already outside stock, so no movement or register entry.",
});

@ObjectType({ description: "Expired or unusable medicines destroyed before a witness; a controlled medicine is also a register entry." })
export class Destruction {
  @Field(() => ID, { description: "Destruction id (UUID)." })
  id!: string;

  @Field(() => String, { description: "DS-<pharmacy code>-<yyyymmdd>-<sequence>." })
  destructionNumber!: string;

  @Field(() => ID, { description: "The pharmacy." })
  pharmacyId!: string;

  @Field(() => DestructionSource, { description: "What was destroyed." })
  source!: string;

  @Field(() => ID, { nullable: true, description: "The quarantine record destroyed; null for stock." })
  quarantineId!: string | null;

  @Field(() => ID, { description: "The stock item the units belonged to." })
  inventoryItemId!: string;

  @Field(() => String, { nullable: true, description: "Its medication code; null for stock that is not a catalogued medicine." })
  medicationCode!: string | null;

  @Field(() => ID, { nullable: true, description: "The batch destroyed from (stock only); null for a quarantine record." })
  batchId!: string | null;

  @Field(() => String, { nullable: true, description: "Lot destroyed; for a quarantine record its lots, comma-separated; null for goods without one." })
  lotNumber!: string | null;

  @Field(() => LocalDateScalar, { nullable: true, description: "Expiry date (YYYY-MM-DD) of the batch, or the earliest of a quarantine record's lots; null when none." })
  expiryDate!: string | null;

  @Field(() => Int, { description: "Units destroyed." })
  quantity!: number;

  @Field(() => String, { description: "Why they were destroyed." })
  reason!: string;

  @Field(() => String, { description: "e.g. incineration, encapsulation, inertisation." })
  method!: string;

  @Field(() => String, { description: "Who witnessed it (never the one destroying)." })
  witness!: string;

  @Field(() => String, { description: "Subject of the caller who recorded it." })
  destroyedBy!: string;

  @Field(() => ID, { nullable: true, description: "The destruction movement (stock only)." })
  stockMovementId!: string | null;

  @Field(() => ID, { nullable: true, description: "The controlled register's destruction entry, for a controlled medicine." })
  controlledEntryId!: string | null;

  @Field(() => Date, { description: "When it was recorded." })
  createdAt!: Date;
}

@ObjectType({ description: "A page of destructions, newest first." })
export class DestructionPage extends PageOf(Destruction) {}

@ObjectType({ description: "Returned units held outside sellable stock until destroyed." })
export class QuarantineRecord {
  @Field(() => ID, { description: "Quarantine record id (UUID)." })
  id!: string;

  @Field(() => ID, { description: "The pharmacy holding the units." })
  pharmacyId!: string;

  @Field(() => String, { description: "Where the units came from: customer_return." })
  sourceType!: string;

  @Field(() => ID, { description: "The customer return line (its id) the units came from." })
  sourceId!: string;

  @Field(() => String, { nullable: true, description: "Medication code of their stock item; null for stock that is not a catalogued medicine." })
  medicationCode!: string | null;

  @Field(() => String, { description: "The product's name." })
  name!: string;

  @Field(() => String, { nullable: true, description: "The lots the units came from, comma-separated (- for goods without one)." })
  lotNumber!: string | null;

  @Field(() => LocalDateScalar, { nullable: true, description: "The earliest expiry of those lots (YYYY-MM-DD); null when none has one." })
  expiryDate!: string | null;

  @Field(() => Int, { description: "Units held." })
  quantity!: number;

  @Field(() => String, { description: "Why they are held: the return number and the reason they may not be sold." })
  reason!: string;

  @Field(() => String, { description: "quarantined or destroyed." })
  status!: string;

  @Field(() => ID, { nullable: true, description: "The destruction that destroyed them; null while quarantined." })
  destructionId!: string | null;

  @Field(() => Date, { description: "When they were quarantined." })
  createdAt!: Date;
}

@ObjectType({ description: "A page of quarantine records, newest first." })
export class QuarantineRecordPage extends PageOf(QuarantineRecord) {}

@InputType({ description: "A witnessed destruction: a quarantine record (quarantineId), or units of one stock batch (inventoryItem or medicationCode, batchId or lotNumber, quantity)." })
export class CreateDestructionInput {
  @Field(() => ID, { nullable: true, description: "Destroy a quarantine record (all its units); or name the stock and batch." })
  @IsOptional()
  quarantineId?: string;

  @Field(() => ID, { nullable: true, description: "The stock item; or name medicationCode." })
  @IsOptional()
  inventoryItem?: string;

  @Field(() => String, { nullable: true, description: "The pharmacy's stock of this medication code; or name inventoryItem." })
  @IsOptional()
  @Length(1, 64)
  medicationCode?: string;

  @Field(() => ID, { nullable: true, description: "The batch; or name lotNumber." })
  @IsOptional()
  batchId?: string;

  @Field(() => String, { nullable: true, description: "The batch's lot (any case, surrounding spaces ignored)." })
  @IsOptional()
  @Length(1, 64)
  lotNumber?: string;

  @Field(() => Int, { nullable: true, description: "Units of the batch (required for stock; a quarantine record is destroyed whole)." })
  @IsOptional()
  quantity?: number;

  @Field(() => String, { description: "Why they are destroyed (1 to 500 characters)." })
  @Length(1, 500)
  reason!: string;

  @Field(() => String, { description: "How, e.g. incineration or encapsulation (1 to 100 characters)." })
  @Length(1, 100)
  method!: string;

  @Field(() => String, { description: "Required: a member of staff other than the caller." })
  @Length(1, MAX_WITNESS)
  witness!: string;

  @Field(() => ID, { nullable: true, description: "Default: the caller's pharmacy (admins name one)." })
  @IsOptional()
  pharmacyId?: string;
}
