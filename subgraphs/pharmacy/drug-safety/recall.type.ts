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
  {
    I: "A reasonable probability of serious harm or death. Its safety alerts are critical.",
    II: "May cause temporary or reversible harm. Its safety alerts are warnings.",
    III: "Unlikely to cause harm. Its safety alerts are info.",
  },
);
export const RECALL_STATUSES = ["active", "closed"] as const;
export const RecallStatus = valueEnum("RecallStatus", RECALL_STATUSES, "active: the recalled lots are held (a catalog medication's at every pharmacy, one stock item's at its pharmacy); closed: no longer held.", {
  active: "The recalled lots are held: never sold, dispensed or compounded.",
  closed: "Closed by an admin: the lots are no longer held by this recall. Final.",
});

@ObjectType({ description: "A batch of recalled units on a pharmacy's shelf: of a recalled lot, or a preparation compounded from one." })
export class RecalledBatch {
  @Field(() => ID, { description: "Pharmacy holding the batch." }) pharmacyId!: string;
  @Field(() => ID, { description: "The inventory item the batch belongs to." }) inventoryItem!: string;
  @Field(() => ID, { description: "The batch." }) batchId!: string;
  @Field(() => String, { nullable: true, description: "The batch's lot number; null for goods without one." }) lotNumber!: string | null;
  @Field(() => LocalDateScalar, { nullable: true, description: "The batch's expiry date (YYYY-MM-DD); null for goods without one." }) expiryDate!: string | null;
  @Field(() => Int, { description: "Units in the batch." }) quantity!: number;
}

@ObjectType({
  description:
    "A drug recall: the lots of a medication, or of one stock item (none listed: every lot), that may not be sold or dispensed while it is active; nor may preparations compounded from them.",
})
export class DrugRecall {
  @Field(() => ID, { description: "Recall id (UUID)." }) id!: string;
  @Field(() => String, { description: "The catalog medication recalled at every pharmacy; for a recall of one stock item without a catalog code, `item:<inventory item id>`." })
  medicationCode!: string;
  @Field(() => String, { nullable: true, description: "The catalog's generic name (a stock item's recall: the item's name)." }) medicationName!: string | null;
  @Field(() => ID, { nullable: true, description: "The stock item recalled, when the recall names one (stock without a catalog code, e.g. an OTC product's); its pharmacy only." })
  inventoryItem!: string | null;
  @Field(() => [String], { description: "Recalled lots; empty: every lot." }) lotNumbers!: string[];
  @Field(() => RecallClass, { description: "Class of the recall." }) recallClass!: string;
  @Field(() => String, { description: "Why the lots are recalled, as the notice says." }) reason!: string;
  @Field(() => LocalDateScalar, { description: "Date of the notice (YYYY-MM-DD)." }) recallDate!: string;
  @Field(() => String, { description: "Who issued the notice." }) issuingAuthority!: string;
  @Field(() => String, { description: "The authority's (or manufacturer's) reference of the notice." }) authorityReference!: string;
  @Field(() => RecallStatus, { description: "active or closed." }) status!: string;
  @Field(() => Boolean, { description: "True while status is active: its lots are held." }) active!: boolean;
  @Field(() => String, { nullable: true, description: "Notes of the pharmacist who recorded it; null when none." }) notes!: string | null;
  @Field(() => String, { description: "Subject of the caller who recorded it." }) createdBy!: string;
  @Field(() => Date, { description: "When it was recorded." }) createdAt!: Date;
  @Field(() => Date, { nullable: true, description: "When it was closed; null while active." }) closedAt!: Date | null;
  @Field(() => String, { nullable: true, description: "Subject of the admin who closed it; null while active." }) closedBy!: string | null;
  @Field(() => String, { nullable: true, description: "Why it was closed; null while active or when no reason was given." }) closeReason!: string | null;
  @Field(() => [RecalledBatch], { description: "Recalled units on the shelf (staff: their pharmacy; others: every pharmacy)." }) affectedBatches!: RecalledBatch[];
  @Field(() => Int, { description: "Units in affectedBatches." }) affectedUnits!: number;
}

@ObjectType({ description: "A page of recalls, newest notice first." })
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

  @Field(() => RecallClass, { description: "Class of the recall." })
  recallClass!: string;

  @Field(() => String, { description: "Why the lots are recalled (1 to 2,000 characters)." })
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

  @Field(() => String, { nullable: true, description: "Notes (at most 2,000 characters)." })
  @IsOptional()
  @Length(0, 2000)
  notes?: string | null;
}

@InputType({ description: "Why a recall is closed." })
export class CloseDrugRecallInput {
  @Field(() => String, { nullable: true, description: "Why it is closed (e.g. the authority lifted it)." })
  @IsOptional()
  @Length(0, 2000)
  reason?: string | null;
}
