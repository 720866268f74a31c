import { IsOptional, Length } from "class-validator";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { valueEnum } from "../../../../lib/enums.js";
import { LocalDateScalar } from "../../../../lib/federation.js";
import { Decimal } from "../../../../lib/money.js";
import { PageOf } from "../../../../lib/pagination.js";

export const PURCHASE_ORDER_STATUSES = ["created", "submitted", "partially_received", "received", "cancelled", "closed"] as const;
export const PurchaseOrderStatus = valueEnum(
  "PurchaseOrderStatus",
  PURCHASE_ORDER_STATUSES,
  "Life of a purchase order: created → submitted → partially_received → received (by goods received notes); created or submitted → cancelled; partially_received → closed (closed short: the undelivered rest cancelled, with a reason).",
);
/** Orders whose undelivered quantities are still to arrive ("on order"). */
export const OPEN_PURCHASE_ORDER_STATUSES = ["created", "submitted", "partially_received"] as const;

@ObjectType({ description: "One line of a purchase order." })
export class PurchaseOrderItem {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: "Medication catalog code (RxNorm ingredient RxCUI)." })
  medicationCode!: string;

  @Field(() => Int)
  quantity!: number;

  @Field(() => Decimal)
  unitPrice!: string;

  @Field(() => Decimal, { description: "unit_price × quantity, exact." })
  lineTotal!: string;

  @Field(() => Int, { description: "Received so far over the order's goods received notes." })
  quantityReceived!: number;
}

@ObjectType({ description: "Spec, \"Purchase order\": an order of one pharmacy to one supplier." })
export class PurchaseOrder {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: "Human-readable: PO-<pharmacy code>-<yyyymmdd>-<sequence>, gap-free per pharmacy and Kampala day." })
  poNumber!: string;

  @Field(() => ID)
  pharmacyId!: string;

  @Field(() => ID, { description: "The supplier's id." })
  supplierId!: string;

  @Field(() => String)
  supplierName!: string;

  @Field(() => PurchaseOrderStatus)
  status!: string;

  @Field(() => [PurchaseOrderItem])
  items!: PurchaseOrderItem[];

  @Field(() => Decimal, { description: "Sum of the line totals, exact." })
  totalAmount!: string;

  @Field(() => String)
  currency!: string;

  @Field(() => LocalDateScalar, { description: "YYYY-MM-DD." })
  expectedDelivery!: string;

  @Field(() => String, { nullable: true, description: "The creator's notes; closing short adds a line: when, who, why and what was not delivered." })
  notes!: string | null;

  @Field(() => String, { description: "Who created it (the token's subject)." })
  createdBy!: string;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date)
  updatedAt!: Date;

  @Field(() => Date, { nullable: true })
  submittedAt!: Date | null;

  @Field(() => Date, { nullable: true })
  receivedAt!: Date | null;

  @Field(() => Date, { nullable: true, description: "When the order was cancelled, or closed short (its undelivered rest cancelled)." })
  cancelledAt!: Date | null;
}

@ObjectType()
export class PurchaseOrderPage extends PageOf(PurchaseOrder) {}

@InputType()
export class PurchaseOrderItemInput {
  @Field(() => String, { description: "Medication catalog code (RxNorm ingredient RxCUI); each at most once per order." })
  @Length(1, 64)
  medicationCode!: string;

  @Field(() => Int, { description: "Units, greater than zero." })
  quantity!: number;

  @Field(() => Decimal, { description: "Greater than zero, at most two decimals." })
  unitPrice!: Decimal;
}

/** Spec, "Purchase order create request", plus the pharmacy and notes. */
@InputType()
export class CreatePurchaseOrderInput {
  @Field(() => String, { description: "Supplier id or code; the supplier must be active." })
  @Length(1, 64)
  supplier!: string;

  @Field(() => [PurchaseOrderItemInput])
  items!: PurchaseOrderItemInput[];

  @Field(() => LocalDateScalar, { description: "YYYY-MM-DD, today (Kampala) or later." })
  expectedDelivery!: string;

  @Field(() => ID, { nullable: true, description: "Defaults to the caller's pharmacy; staff may not name another (403)." })
  @IsOptional()
  pharmacyId?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(0, 2000)
  notes?: string;
}
