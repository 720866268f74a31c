import { Field, ID, Int, ObjectType } from "type-graphql";
import { LocalDateScalar } from "../../../../lib/federation.js";
import { Decimal } from "../../../../lib/money.js";
import { PageOf } from "../../../../lib/pagination.js";

@ObjectType({ description: "A medication at or below its reorder level, with a draft purchase order line from the cheapest active supplier." })
export class ReorderSuggestion {
  @Field(() => ID, { description: "The pharmacy." })
  pharmacyId!: string;

  @Field(() => String, { description: "Medication catalog code." })
  medicationCode!: string;

  @Field(() => String, { description: "The pharmacy's name for the stock item." })
  name!: string;

  @Field(() => Int, { description: "Sellable units on hand." })
  quantityOnHand!: number;

  @Field(() => Int, { description: "The stock item's reorder level (the highest, when several items carry the code)." })
  reorderLevel!: number;

  @Field(() => Int, { description: "Units still to arrive on open purchase orders (created, submitted, partially received)." })
  quantityOnOrder!: number;

  @Field(() => Int, { description: "Stock to reach: twice the reorder level." })
  targetQuantity!: number;

  @Field(() => Int, { description: "Units to order: target − on hand − on order, at least the minimum order, rounded up to whole packs. 0 when no supplier offers it." })
  suggestedQuantity!: number;

  @Field(() => ID, { nullable: true, description: "Cheapest active supplier; null when none offers the medication." })
  supplierId!: string | null;

  @Field(() => String, { nullable: true, description: "That supplier's name; null when none offers it." })
  supplierName!: string | null;

  @Field(() => String, { nullable: true, description: "That supplier's product name; null when none offers it." })
  productName!: string | null;

  @Field(() => Decimal, { nullable: true, description: "That supplier's price of one unit; null when none offers it." })
  unitPrice!: string | null;

  @Field(() => Decimal, { nullable: true, description: "unit_price × suggested_quantity." })
  lineTotal!: string | null;

  @Field(() => Int, { nullable: true, description: "Units per pack of that offer; null when none offers it." })
  packSize!: number | null;

  @Field(() => Int, { nullable: true, description: "That offer's minimum order, in units; null when none offers it." })
  minimumOrderQuantity!: number | null;

  @Field(() => Int, { nullable: true, description: "That offer's lead time in days; null when none offers it." })
  leadTimeDays!: number | null;

  @Field(() => LocalDateScalar, { nullable: true, description: "Today (Kampala) plus the supplier's lead time." })
  expectedDelivery!: string | null;
}

@ObjectType({ description: "A page of reorder suggestions." })
export class ReorderSuggestionPage extends PageOf(ReorderSuggestion) {}
