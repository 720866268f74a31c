import { IsOptional, Length } from "class-validator";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { valueEnum } from "../../../../lib/enums.js";
import { LocalDateScalar } from "../../../../lib/federation.js";
import { Decimal } from "../../../../lib/money.js";
import { PageOf } from "../../../../lib/pagination.js";

export const CUSTOMER_RETURN_STATUSES = ["processing", "completed", "cancelled"] as const;
export const CustomerReturnStatus = valueEnum(
  "CustomerReturnStatus",
  CUSTOMER_RETURN_STATUSES,
  "processing (quantities claimed, refund in flight or to be retried) → completed (refunded, units restocked or quarantined); processing → cancelled (billing holds no refund for it).",
  {
    processing: "Quantities claimed, nothing restocked or refunded yet: the refund is in flight, or billing was out of reach and it waits for completeCustomerReturn or cancelCustomerReturn.",
    completed: "Refunded (unless the refund was 0.00) and its units restocked or quarantined. Final.",
    cancelled: "Given up, or refused by billing: nothing refunded or moved, the quantities free to return again. Final.",
  },
);
export const RETURN_CONDITIONS = ["sealed", "opened", "damaged"] as const;
export const ReturnCondition = valueEnum("ReturnCondition", RETURN_CONDITIONS, "The inspected condition of returned units: only sealed, unexpired units go back into stock.", {
  sealed: "Unopened: restocked when every unit's lot is unexpired, else quarantined.",
  opened: "Opened: quarantined, never sold again.",
  damaged: "Damaged: quarantined, never sold again.",
});
export const ReturnDisposition = valueEnum("ReturnDisposition", ["restock", "quarantine"] as const, "Where returned units go: back into sellable stock, or quarantine (outside stock) until destroyed.", {
  restock: "Back into sellable stock, into the batches they were sold from (a return movement).",
  quarantine: "Held outside stock in a quarantine record until destroyed.",
});

@ObjectType({ description: "Units of one batch a returned line came from." })
export class ReturnBatchShare {
  @Field(() => ID, { description: "The batch." })
  batchId!: string;

  @Field(() => String, { nullable: true, description: "The batch's lot number; null for goods without one." })
  lotNumber!: string | null;

  @Field(() => LocalDateScalar, { nullable: true, description: "The batch's expiry date (YYYY-MM-DD); null for goods without one." })
  expiryDate!: string | null;

  @Field(() => Int, { description: "Units of the line from this batch." })
  quantity!: number;
}

@ObjectType({ description: "One returned line: inspected, refunded, restocked or quarantined." })
export class CustomerReturnItem {
  @Field(() => ID, { description: "Line id (UUID)." })
  id!: string;

  @Field(() => ID, { description: "The product returned." })
  productId!: string;

  @Field(() => String, { description: "The product's name as sold." })
  productName!: string;

  @Field(() => Int, { description: "Units returned." })
  quantity!: number;

  @Field(() => String, { description: "sealed, opened, damaged, or uninspected (then quarantined)." })
  condition!: string;

  @Field(() => ReturnDisposition, { description: "Where the units go." })
  disposition!: string;

  @Field(() => String, { description: "Why, in words: sealed and unexpired, an expired lot, not inspected, or the condition." })
  dispositionReason!: string;

  @Field(() => Decimal, { description: "This line's refund: its share of what was paid (VAT included, discount shared pro rata)." })
  refundAmount!: string;

  @Field(() => [ReturnBatchShare], { description: "The sale's batches the units came from." })
  batches!: ReturnBatchShare[];

  @Field(() => ID, { nullable: true, description: "The return movement that put the units back (restock, once completed)." })
  stockMovementId!: string | null;

  @Field(() => ID, { nullable: true, description: "The quarantine record holding the units (once completed)." })
  quarantineId!: string | null;
}

@ObjectType({ description: "A customer return against a completed sale, refunded through billing." })
export class CustomerReturn {
  @Field(() => ID, { description: "Return id (UUID)." })
  id!: string;

  @Field(() => String, { description: "CR-<pharmacy code>-<yyyymmdd>-<sequence>." })
  returnNumber!: string;

  @Field(() => ID, { description: "The pharmacy that took the return (the sale's)." })
  pharmacyId!: string;

  @Field(() => ID, { description: "The completed sale returned against." })
  transactionId!: string;

  @Field(() => String, { description: "That sale's transaction number." })
  transactionNumber!: string;

  @Field(() => String, { description: "Why the customer returned the items." })
  reason!: string;

  @Field(() => CustomerReturnStatus, { description: "Where the return is in its life." })
  status!: string;

  @Field(() => Decimal, { description: "Sum of the lines' refunds." })
  refundAmount!: string;

  @Field(() => String, { description: "ISO 4217 code: the sale's currency (UGX: whole shillings)." })
  currency!: string;

  @Field(() => String, { description: "How the money goes back (the sale's payment method)." })
  refundMethod!: string;

  @Field(() => String, { nullable: true, description: "The sale's billing charge (copied from the sale) the refund is made against." })
  billingChargeId!: string | null;

  @Field(() => String, { nullable: true, description: "Billing's refund (null for a refund of 0.00)." })
  billingRefundId!: string | null;

  @Field(() => String, { nullable: true, description: "The processor's reference of a mobile-money or card refund; null for cash, for a refund of 0.00, or before completion." })
  refundReference!: string | null;

  @Field(() => [CustomerReturnItem], { description: "The returned lines." })
  items!: CustomerReturnItem[];

  @Field(() => String, { description: "Subject of the caller who took the return." })
  createdBy!: string;

  @Field(() => Date, { description: "When the return was taken." })
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: "When it was completed; null before." })
  completedAt!: Date | null;

  @Field(() => Date, { nullable: true, description: "When it was cancelled; null unless cancelled." })
  cancelledAt!: Date | null;
}

@ObjectType({ description: "A page of customer returns, newest first." })
export class CustomerReturnPage extends PageOf(CustomerReturn) {}

@InputType({ description: "One returned line, with its inspection." })
export class CustomerReturnItemInput {
  @Field(() => ID, { description: "A product sold on the transaction." })
  productId!: string;

  @Field(() => Int, { description: "At most what was sold on the transaction less what was already returned." })
  quantity!: number;

  @Field(() => ReturnCondition, { nullable: true, description: "The inspection; without it the units are quarantined (not inspected)." })
  @IsOptional()
  condition?: string;

  @Field(() => String, { nullable: true, description: "Lot printed on the returned pack, when it must be one of several the sale drew." })
  @IsOptional()
  @Length(1, 64)
  lotNumber?: string;
}

/** Spec, "Customer return create request", items extended with the inspection. */
@InputType({ description: "A customer return (spec, \"Customer return create request\"), items extended with the inspection." })
export class CreateCustomerReturnInput {
  @Field(() => ID, { description: "A completed sale of the caller's pharmacy (another pharmacy's is 404, one not completed 409)." })
  transactionId!: string;

  @Field(() => [CustomerReturnItemInput], { description: "The returned lines." })
  items!: CustomerReturnItemInput[];

  @Field(() => String, { description: "Why the items come back (1 to 500 characters)." })
  @Length(1, 500)
  reason!: string;
}
