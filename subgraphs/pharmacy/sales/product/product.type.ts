import { IsOptional, Length, Max, Min } from "class-validator";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { Decimal, MAX_QUANTITY } from "../../../../lib/money.js";
import { PageOf } from "../../../../lib/pagination.js";

@ObjectType({ description: "An OTC product in one pharmacy's catalog." })
export class Product {
  @Field(() => ID)
  id!: string;

  @Field(() => ID, { description: "Pharmacy that sells it." })
  pharmacyId!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true })
  sku!: string | null;

  @Field(() => String)
  category!: string;

  @Field(() => Decimal, { description: "Retail price in the pharmacy's currency." })
  retailPrice!: string;

  @Field(() => Int, {
    description:
      "Units that may be sold now, from the ledger (the linked inventory item's, else the product's own stock item's): expired units and units held by a recall or a cold-chain review are not counted. What the till may ring up.",
  })
  stockQuantity!: number;

  @Field(() => Int, { description: "Units on the shelf, sellable or not (expired and held units included): the stock item's quantity." })
  quantityOnHand!: number;

  @Field(() => ID, { nullable: true, description: "Linked inventory item, if any." })
  inventoryItem!: string | null;

  @Field(() => Boolean, { description: "Whether the product can be sold." })
  isActive!: boolean;

  @Field(() => Boolean, { description: "Exempt from VAT (e.g. essential medicines)." })
  taxExempt!: boolean;
}

@ObjectType()
export class ProductPage extends PageOf(Product) {}

@InputType()
export class CreateProductInput {
  @Field(() => String)
  @Length(1, 200)
  name!: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 64)
  sku?: string;

  @Field(() => String)
  @Length(1, 100)
  category!: string;

  @Field(() => Decimal, { description: "Greater than zero, in whole minor units of the pharmacy's currency (ISO 4217: whole shillings for UGX, cents for KES)." })
  retailPrice!: Decimal;

  @Field(() => Int, { defaultValue: 0, description: `Opening stock of the product's own stock (an opening_balance receipt), 0 to ${MAX_QUANTITY}; ignored with inventory_item.` })
  @Min(0, { message: "must not be negative" })
  @Max(MAX_QUANTITY, { message: `must be at most ${MAX_QUANTITY}` })
  stockQuantity!: number;

  @Field(() => ID, { nullable: true, description: "Defaults to the caller's pharmacy." })
  @IsOptional()
  pharmacyId?: string;

  @Field(() => Boolean, { defaultValue: true })
  isActive!: boolean;

  @Field(() => Boolean, { defaultValue: false })
  taxExempt!: boolean;

  @Field(() => ID, { nullable: true, description: "Sell from this inventory item's stock (same pharmacy) instead of stock_quantity; never a controlled medicine's (those are dispensed against a prescription)." })
  @IsOptional()
  inventoryItem?: string;
}
