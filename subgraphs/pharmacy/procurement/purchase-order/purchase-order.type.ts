import { IsOptional } from "class-validator";
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
  {
    created: "Created, not yet submitted; may be submitted or cancelled. Its lines count as on order.",
    submitted: "Sent to the supplier; goods may be received against it, or it may be cancelled.",
    partially_received: "Some lines not fully delivered yet; more deliveries may come, or it may be closed short.",
    received: "Every line delivered in full. Final.",
    cancelled: "Cancelled before anything was received; nothing more is on order. Final.",
    closed: "Closed short after a partial delivery: the undelivered rest is cancelled and no longer on order. Final.",
  },
);
/** Orders whose undelivered quantities are still to arrive ("on order"). */
export const OPEN_PURCHASE_ORDER_STATUSES = ["created", "submitted", "partially_received"] as const;

@ObjectType({ description: "One line of a purchase order." })
export class PurchaseOrderItem {
  @Field(() => ID, { description: "Line id (UUID)." })
  id!: string;

  @Field(() => String, { description: "Medication catalog code (an RxNorm ingredient RxCUI or a local: code)." })
  medicationCode!: string;

  @Field(() => Int, { description: "Units ordered." })
  quantity!: number;

  @Field(() => Decimal, { description: "Agreed price of one unit, in the order's currency." })
  unitPrice!: string;

  @Field(() => Decimal, { description: "unit_price × quantity, exact." })
  lineTotal!: string;

  @Field(() => Int, { description: "Accepted into stock so far over the order's goods received notes (units rejected at the door do not count); quantity − this is still outstanding." })
  quantityReceived!: number;
}

@ObjectType({ description: "Spec, \"Purchase order\": an order of one pharmacy to one supplier." })
export class PurchaseOrder {
  @Field(() => ID, { description: "Purchase order id (UUID)." })
  id!: string;

  @Field(() => String, { description: "Human-readable: PO-<pharmacy code>-<yyyymmdd>-<sequence>, gap-free per pharmacy and Kampala day." })
  poNumber!: string;

  @Field(() => ID, { description: "The ordering pharmacy." })
  pharmacyId!: string;

  @Field(() => ID, { description: "The supplier's id." })
  supplierId!: string;

  @Field(() => String, { description: "The supplier's name." })
  supplierName!: string;

  @Field(() => PurchaseOrderStatus, { description: "Where the order is in its life." })
  status!: string;

  @Field(() => [PurchaseOrderItem], { description: "The lines, by medication code." })
  items!: PurchaseOrderItem[];

  @Field(() => Decimal, { description: "Sum of the line totals, exact." })
  totalAmount!: string;

  @Field(() => String, { description: "ISO 4217 code: the pharmacy's currency." })
  currency!: string;

  @Field(() => LocalDateScalar, { description: "YYYY-MM-DD." })
  expectedDelivery!: string;

  @Field(() => String, { nullable: true, description: "The creator's notes; closing short adds a line: when, who, why and what was not delivered." })
  notes!: string | null;

  @Field(() => String, { description: "Who created it (the token's subject)." })
  createdBy!: string;

  @Field(() => Date, { description: "When it was created." })
  createdAt!: Date;

  @Field(() => Date, { description: "When it last changed: a status change or a delivery." })
  updatedAt!: Date;

  @Field(() => Date, { nullable: true, description: "When it was submitted; null before." })
  submittedAt!: Date | null;

  @Field(() => Date, { nullable: true, description: "When it was received in full; null before." })
  receivedAt!: Date | null;

  @Field(() => Date, { nullable: true, description: "When the order was cancelled, or closed short (its undelivered rest cancelled)." })
  cancelledAt!: Date | null;
}

@ObjectType({ description: "A page of purchase orders, newest first." })
export class PurchaseOrderPage extends PageOf(PurchaseOrder) {}

@InputType({ description: "One line of a new purchase order." })
export class PurchaseOrderItemInput {
  // Checked in the service with the other lines (purchase-order.lines.ts), not by class-validator, so every error comes at once.
  @Field(() => String, { description: "Medication catalog code (an RxNorm ingredient RxCUI or a local: code, at most 64 characters); each at most once per order, an unknown code is 400." })
  medicationCode!: string;

  @Field(() => Int, { description: "Whole units, 1 to 1,000,000." })
  quantity!: number;

  @Field(() => Decimal, { description: "Greater than zero, at most two decimals." })
  unitPrice!: Decimal;
}

/** Spec, "Purchase order create request", plus the pharmacy and notes. */
@InputType({ description: "A purchase order to one active supplier (spec, \"Purchase order create request\", plus the pharmacy and notes)." })
export class CreatePurchaseOrderInput {
  // This input's lengths are checked in the service, with the lines, so every error comes at once.
  @Field(() => String, { description: "Supplier id or code (at most 64 characters); the supplier must be active." })
  supplier!: string;

  @Field(() => [PurchaseOrderItemInput], { description: "The lines, 1 to 200; each medication once. A bad line is 400 naming it by index (items.N.field), every line and field checked at once; nothing is created." })
  items!: PurchaseOrderItemInput[];

  @Field(() => LocalDateScalar, { description: "YYYY-MM-DD, today (Kampala) or later." })
  expectedDelivery!: string;

  @Field(() => ID, { nullable: true, description: "Defaults to the caller's pharmacy; staff may not name another (403)." })
  @IsOptional()
  pharmacyId?: string;

  @Field(() => String, { nullable: true, description: "Notes (at most 2,000 characters)." })
  notes?: string;
}
