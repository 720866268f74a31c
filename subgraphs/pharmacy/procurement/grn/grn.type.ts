import { IsOptional, Length, ValidateNested } from "class-validator";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { LocalDateScalar } from "../../../../lib/federation.js";
import { PageOf } from "../../../../lib/pagination.js";
import { PurchaseOrderStatus } from "../purchase-order/purchase-order.type.js";

@ObjectType({ description: "One received lot of one medication." })
export class GoodsReceivedItem {
  @Field(() => ID, { description: "Line id (UUID)." })
  id!: string;

  @Field(() => String, { description: "Medication catalog code received." })
  medicationCode!: string;

  @Field(() => Int, { description: "Units delivered in this lot, counted at the door (accepted + rejected)." })
  quantityReceived!: number;

  @Field(() => Int, { description: "Units refused at the door; never in stock, the controlled register or the order's received quantity." })
  rejectedQuantity!: number;

  @Field(() => String, { nullable: true, description: "Why units were refused; null when none were." })
  rejectionReason!: string | null;

  @Field(() => Int, { description: "quantity_received − rejected_quantity: the units booked into stock (and the controlled register)." })
  acceptedQuantity!: number;

  @Field(() => String, { description: "The manufacturer's lot number." })
  lotNumber!: string;

  @Field(() => LocalDateScalar, { description: "YYYY-MM-DD." })
  expiryDate!: string;

  @Field(() => Boolean, { description: "Fewer than 90 days of shelf life were left on arrival (accepted, flagged)." })
  shortExpiry!: boolean;

  @Field(() => String, { nullable: true, description: "Condition on arrival; null when none was noted." })
  conditionNotes!: string | null;

  @Field(() => ID, { nullable: true, description: "The receipt movement this line wrote in the stock ledger; null when every unit was rejected." })
  stockMovementId!: string | null;

  @Field(() => ID, { nullable: true, description: "The controlled register's receipt entry this line wrote (a controlled medicine with accepted units); null otherwise." })
  controlledEntryId!: string | null;
}

@ObjectType({ description: "A goods received note: a delivery against a purchase order, booked into stock." })
export class GoodsReceivedNote {
  @Field(() => ID, { description: "Goods received note id (UUID)." })
  id!: string;

  @Field(() => String, { description: "GRN-<pharmacy code>-<yyyymmdd>-<sequence>, gap-free per pharmacy and Kampala day." })
  grnNumber!: string;

  @Field(() => ID, { description: "The purchase order delivered against." })
  purchaseOrderId!: string;

  @Field(() => String, { description: "The purchase order's number." })
  poNumber!: string;

  @Field(() => PurchaseOrderStatus, { description: "The purchase order's status after this delivery." })
  purchaseOrderStatus!: string;

  @Field(() => ID, { description: "The receiving pharmacy." })
  pharmacyId!: string;

  @Field(() => ID, { description: "The supplier." })
  supplierId!: string;

  @Field(() => String, { nullable: true, description: "The supplier's delivery note or invoice number." })
  deliveryNote!: string | null;

  @Field(() => String, { nullable: true, description: "Notes; null when none." })
  notes!: string | null;

  @Field(() => String, { description: "Subject of the caller who received it." })
  receivedBy!: string;

  @Field(() => String, { nullable: true, description: "Who witnessed the receipt (required for controlled medicines whose register entries need a witness); null when none was named." })
  witness!: string | null;

  @Field(() => [GoodsReceivedItem], { description: "The lots received, by medication code and lot." })
  items!: GoodsReceivedItem[];

  @Field(() => Date, { description: "When the delivery was received." })
  createdAt!: Date;
}

@ObjectType({ description: "A page of goods received notes, newest first." })
export class GoodsReceivedNotePage extends PageOf(GoodsReceivedNote) {}

@InputType({ description: "One lot received." })
export class GoodsReceivedItemInput {
  @Field(() => String, { description: "A medication on the purchase order." })
  @Length(1, 64)
  medicationCode!: string;

  @Field(() => Int, { description: "Units delivered in this lot, counted at the door (accepted + rejected); greater than zero." })
  quantityReceived!: number;

  @Field(() => Int, { nullable: true, description: "Units refused at the door, 0 (default) to quantity_received; only the rest (accepted) enters stock and counts against the order, whose outstanding quantity it never exceeds." })
  rejectedQuantity?: number | null;

  @Field(() => String, { nullable: true, description: "Why units were refused (damaged, wrong product, cold chain broken, …; 1 to 500 characters): required when rejected_quantity > 0, refused when it is 0. Checked with the other lines' quantities, so every line's errors come at once." })
  rejectionReason?: string | null;

  @Field(() => String, { description: "The manufacturer's lot (batch) number." })
  @Length(1, 64)
  lotNumber!: string;

  @Field(() => LocalDateScalar, { description: "YYYY-MM-DD; after today (Kampala) and at most 10 years ahead. Fewer than 90 days left is flagged short_expiry." })
  expiryDate!: string;

  @Field(() => String, { nullable: true, description: "Condition on arrival (damaged cartons, cold chain, …)." })
  @IsOptional()
  @Length(0, 2000)
  conditionNotes?: string;
}

@InputType({ description: "A delivery against a purchase order." })
export class CreateGoodsReceivedNoteInput {
  @Field(() => ID, { description: "A submitted or partially received purchase order." })
  purchaseOrder!: string;

  @Field(() => [GoodsReceivedItemInput], { description: "One line per lot received; a medication may arrive in several lots." })
  @ValidateNested({ each: true })
  items!: GoodsReceivedItemInput[];

  @Field(() => String, { nullable: true, description: "The supplier's delivery note or invoice number (1 to 100 characters); booked once per pharmacy and supplier (compared trimmed, without regard to case): a repeat is 409 naming the earlier GRN." })
  @IsOptional()
  @Length(1, 100)
  deliveryNote?: string;

  @Field(() => String, { nullable: true, description: "Notes (at most 2,000 characters)." })
  @IsOptional()
  @Length(0, 2000)
  notes?: string;

  @Field(() => String, {
    nullable: true,
    description: "Who witnessed the receipt (another member of staff than the caller, at most 200 characters): required when a controlled medicine whose register entries need a witness (the catalog's witness_required) is accepted; written on the register's receipt entries.",
  })
  witness?: string | null;
}
