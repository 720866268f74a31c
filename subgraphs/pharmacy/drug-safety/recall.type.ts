import { ArrayMaxSize, IsOptional, Length } from "class-validator";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { valueEnum } from "../../../lib/enums.js";
import { LocalDateScalar } from "../../../lib/federation.js";
import { PageOf } from "../../../lib/pagination.js";

export const RECALL_CLASSES = ["I", "II", "III"] as const;
export const RecallClass = valueEnum(
  "RecallClass",
  RECALL_CLASSES,
  "Recall class as regulators use it: I (a reasonable probability of serious harm or death), II (temporary or reversible harm), III (unlikely to cause harm).",
);
export const RECALL_STATUSES = ["active", "closed"] as const;
export const RecallStatus = valueEnum("RecallStatus", RECALL_STATUSES, "active: the lots are held at every pharmacy; closed: no longer held.");

@ObjectType({ description: "A batch of recalled units on a pharmacy's shelf: of a recalled lot, or a preparation compounded from one." })
export class RecalledBatch {
  @Field(() => ID) pharmacyId!: string;
  @Field(() => ID) inventoryItem!: string;
  @Field(() => ID) batchId!: string;
  @Field(() => String, { nullable: true }) lotNumber!: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) expiryDate!: string | null;
  @Field(() => Int) quantity!: number;
}

@ObjectType({
  description:
    "A drug recall: the lots of a medication, or of one stock item (none listed: every lot), that may not be sold or dispensed while it is active; nor may preparations compounded from them.",
})
export class DrugRecall {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: "The catalog medication recalled at every pharmacy; for a recall of one stock item without a catalog code, `item:<inventory item id>`." })
  medicationCode!: string;
  @Field(() => String, { nullable: true, description: "The catalog's generic name (a stock item's recall: the item's name)." }) medicationName!: string | null;
  @Field(() => ID, { nullable: true, description: "The stock item recalled, when the recall names one (stock without a catalog code, e.g. an OTC product's); its pharmacy only." })
  inventoryItem!: string | null;
  @Field(() => [String], { description: "Recalled lots; empty: every lot." }) lotNumbers!: string[];
  @Field(() => RecallClass) recallClass!: string;
  @Field(() => String) reason!: string;
  @Field(() => LocalDateScalar) recallDate!: string;
  @Field(() => String) issuingAuthority!: string;
  @Field(() => String, { description: "The authority's (or manufacturer's) reference of the notice." }) authorityReference!: string;
  @Field(() => RecallStatus) status!: string;
  @Field(() => Boolean) active!: boolean;
  @Field(() => String, { nullable: true }) notes!: string | null;
  @Field(() => String) createdBy!: string;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date, { nullable: true }) closedAt!: Date | null;
  @Field(() => String, { nullable: true }) closedBy!: string | null;
  @Field(() => String, { nullable: true }) closeReason!: string | null;
  @Field(() => [RecalledBatch], { description: "Recalled units on the shelf (staff: their pharmacy; others: every pharmacy)." }) affectedBatches!: RecalledBatch[];
  @Field(() => Int, { description: "Units in affectedBatches." }) affectedUnits!: number;
}

@ObjectType()
export class DrugRecallPage extends PageOf(DrugRecall) {}

@InputType({ description: "Record a recall notice (the caller is recorded as its author). Name the recalled stock by exactly one of medicationCode, inventoryItem, productId." })
export class CreateDrugRecallInput {
  @Field(() => String, { nullable: true, description: "A medication of the catalog: its lots are held at every pharmacy." })
  @IsOptional()
  @Length(1, 64)
  medicationCode?: string | null;

  @Field(() => ID, { nullable: true, description: "One stock item, for stock without a catalog code (an OTC product's, an excipient): its lots are held at its pharmacy." })
  @IsOptional()
  inventoryItem?: string | null;

  @Field(() => ID, { nullable: true, description: "A product: the stock item it sells from (as inventoryItem)." })
  @IsOptional()
  productId?: string | null;

  @Field(() => [String], { defaultValue: [], description: "Lots recalled; empty: every lot of the medication." })
  @ArrayMaxSize(200)
  lotNumbers!: string[];

  @Field(() => RecallClass)
  recallClass!: string;

  @Field(() => String)
  @Length(1, 2000)
  reason!: string;

  @Field(() => LocalDateScalar, { description: "Date of the notice (YYYY-MM-DD); not in the future." })
  recallDate!: string;

  @Field(() => String, { description: "Who issued it, e.g. the national medicines regulator or the manufacturer." })
  @Length(1, 200)
  issuingAuthority!: string;

  @Field(() => String, { description: "The notice's reference." })
  @Length(1, 128)
  authorityReference!: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(0, 2000)
  notes?: string | null;
}

@InputType()
export class CloseDrugRecallInput {
  @Field(() => String, { nullable: true, description: "Why it is closed (e.g. the authority lifted it)." })
  @IsOptional()
  @Length(0, 2000)
  reason?: string | null;
}
