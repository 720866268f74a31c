import { Length } from "class-validator";
import { Field, ID, InputType, ObjectType } from "type-graphql";
import { LocalDateScalar } from "../../../../lib/federation.js";
import { PageOf } from "../../../../lib/pagination.js";
import { StockBatch } from "./stock.type.js";

@InputType({ description: "A batch's recorded expiry corrected: the date on the pack and why the record was wrong." })
export class CorrectBatchExpiryInput {
  @Field(() => LocalDateScalar, { description: "The expiry printed on the pack (YYYY-MM-DD), at most 10 years from today either way; may be past (the batch is then expired at once)." })
  expiryDate!: string;

  @Field(() => String, { description: "Why the recorded expiry was wrong (1 to 500 characters), e.g. 'keyed 2028-06-30 at receipt; the pack says 2026-12-31'." })
  @Length(1, 500)
  reason!: string;
}

@ObjectType({ description: "A correction of a batch's recorded expiry: append-only, who, when, the expiry before and after, and why." })
export class StockBatchExpiryCorrection {
  @Field(() => ID, { description: "Correction id (UUID)." })
  id!: string;

  @Field(() => ID, { description: "The batch corrected." })
  batchId!: string;

  @Field(() => ID, { description: "The batch's inventory item." })
  inventoryItem!: string;

  @Field(() => ID, { description: "The pharmacy holding the batch." })
  pharmacyId!: string;

  @Field(() => String, { nullable: true, description: "The batch's lot number; null for goods without one." })
  lotNumber!: string | null;

  @Field(() => LocalDateScalar, { nullable: true, description: "The expiry recorded before (null when none was)." })
  previousExpiryDate!: string | null;

  @Field(() => LocalDateScalar, { description: "The expiry recorded from then on." })
  expiryDate!: string;

  @Field(() => String, { description: "Why it was corrected." })
  reason!: string;

  @Field(() => String, { description: "Who corrected it (the token's subject)." })
  correctedBy!: string;

  @Field(() => Date, { description: "When (taken under the stock item's lock)." })
  correctedAt!: Date;

  @Field(() => StockBatch, { nullable: true, description: "The batch as it is now (its units, expiry and whether it is expired); null in lists." })
  batch!: StockBatch | null;
}

@ObjectType({ description: "A page of batch expiry corrections, newest first." })
export class StockBatchExpiryCorrectionPage extends PageOf(StockBatchExpiryCorrection) {}
