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
);
export const RETURN_CONDITIONS = ["sealed", "opened", "damaged"] as const;
export const ReturnCondition = valueEnum("ReturnCondition", RETURN_CONDITIONS, "The inspected condition of returned units: only sealed, unexpired units go back into stock.");
export const ReturnDisposition = valueEnum("ReturnDisposition", ["restock", "quarantine"] as const, "Where returned units go: back into sellable stock, or quarantine (outside stock) until destroyed.");

@ObjectType({ description: "Units of one batch a returned line came from." })
export class ReturnBatchShare {
  @Field(() => ID)
  batchId!: string;

  @Field(() => String, { nullable: true })
  lotNumber!: string | null;

  @Field(() => LocalDateScalar, { nullable: true })
  expiryDate!: string | null;

  @Field(() => Int)
  quantity!: number;
}

@ObjectType({ description: "One returned line: inspected, refunded, restocked or quarantined." })
export class CustomerReturnItem {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  productId!: string;

  @Field(() => String)
  productName!: string;

  @Field(() => Int)
  quantity!: number;

  @Field(() => String, { description: "sealed, opened, damaged, or uninspected (then quarantined)." })
  condition!: string;

  @Field(() => ReturnDisposition)
  disposition!: string;

  @Field(() => String)
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
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: "CR-<pharmacy code>-<yyyymmdd>-<sequence>." })
  returnNumber!: string;

  @Field(() => ID)
  pharmacyId!: string;

  @Field(() => ID)
  transactionId!: string;

  @Field(() => String)
  transactionNumber!: string;

  @Field(() => String)
  reason!: string;

  @Field(() => CustomerReturnStatus)
  status!: string;

  @Field(() => Decimal, { description: "Sum of the lines' refunds." })
  refundAmount!: string;

  @Field(() => String)
  currency!: string;

  @Field(() => String, { description: "How the money goes back (the sale's payment method)." })
  refundMethod!: string;

  @Field(() => String, { nullable: true })
  billingChargeId!: string | null;

  @Field(() => String, { nullable: true, description: "Billing's refund (null for a refund of 0.00)." })
  billingRefundId!: string | null;

  @Field(() => String, { nullable: true })
  refundReference!: string | null;

  @Field(() => [CustomerReturnItem])
  items!: CustomerReturnItem[];

  @Field(() => String)
  createdBy!: string;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date, { nullable: true })
  completedAt!: Date | null;

  @Field(() => Date, { nullable: true })
  cancelledAt!: Date | null;
}

@ObjectType()
export class CustomerReturnPage extends PageOf(CustomerReturn) {}

@InputType()
export class CustomerReturnItemInput {
  @Field(() => ID)
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
@InputType()
export class CreateCustomerReturnInput {
  @Field(() => ID)
  transactionId!: string;

  @Field(() => [CustomerReturnItemInput])
  items!: CustomerReturnItemInput[];

  @Field(() => String)
  @Length(1, 500)
  reason!: string;
}
