import { Field, ID, Int, ObjectType } from "type-graphql";
import { LocalDateScalar } from "../../../../lib/federation.js";
import { Decimal } from "../../../../lib/money.js";
import { PageOf } from "../../../../lib/pagination.js";

@ObjectType({ description: "A medication at or below its reorder level, with a draft purchase order line from the cheapest active supplier." })
export class ReorderSuggestion {
  @Field(() => ID)
  pharmacyId!: string;

  @Field(() => String)
  medicationCode!: string;

  @Field(() => String, { description: "The pharmacy's name for the stock item." })
  name!: string;

  @Field(() => Int, { description: "Sellable units on hand." })
  quantityOnHand!: number;

  @Field(() => Int)
  reorderLevel!: number;

  @Field(() => Int, { description: "Units still to arrive on open purchase orders (created, submitted, partially received)." })
  quantityOnOrder!: number;

  @Field(() => Int, { description: "Stock to reach: twice the reorder level." })
  targetQuantity!: number;

  @Field(() => Int, { description: "Units to order: target − on hand − on order, at least the minimum order, rounded up to whole packs. 0 when no supplier offers it." })
  suggestedQuantity!: number;

  @Field(() => ID, { nullable: true, description: "Cheapest active supplier; null when none offers the medication." })
  supplierId!: string | null;

  @Field(() => String, { nullable: true })
  supplierName!: string | null;

  @Field(() => String, { nullable: true })
  productName!: string | null;

  @Field(() => Decimal, { nullable: true })
  unitPrice!: string | null;

  @Field(() => Decimal, { nullable: true, description: "unit_price × suggested_quantity." })
  lineTotal!: string | null;

  @Field(() => Int, { nullable: true })
  packSize!: number | null;

  @Field(() => Int, { nullable: true })
  minimumOrderQuantity!: number | null;

  @Field(() => Int, { nullable: true })
  leadTimeDays!: number | null;

  @Field(() => LocalDateScalar, { nullable: true, description: "Today (Kampala) plus the supplier's lead time." })
  expectedDelivery!: string | null;
}

@ObjectType()
export class ReorderSuggestionPage extends PageOf(ReorderSuggestion) {}
