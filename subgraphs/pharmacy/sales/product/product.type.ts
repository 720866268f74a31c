import { IsOptional, Length, Max, Min } from "class-validator";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { Decimal, MAX_QUANTITY } from "../../../../lib/money.js";
import { PageOf } from "../../../../lib/pagination.js";

@ObjectType({ description: "An OTC product in one pharmacy's catalog." })
export class Product {
  @Field(() => ID, { description: "Product id (UUID)." })
  id!: string;

  @Field(() => ID, { description: "Pharmacy that sells it." })
  pharmacyId!: string;

  @Field(() => String, { description: "Product name." })
  name!: string;

  @Field(() => String, { nullable: true, description: "Stock-keeping unit code, unique within the pharmacy; null when none was given." })
  sku!: string | null;

  @Field(() => String, { description: "Category, e.g. analgesics; recommendations and analytics group by it." })
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

@ObjectType({ description: "A page of products, by name." })
export class ProductPage extends PageOf(Product) {}

@InputType({ description: "A new OTC product (spec, \"Product create request\")." })
export class CreateProductInput {
  @Field(() => String, { description: "Product name (1 to 200 characters)." })
  @Length(1, 200)
  name!: string;

  @Field(() => String, { nullable: true, description: "Stock-keeping unit code (1 to 64 characters), unique within the pharmacy (409 on a repeat)." })
  @IsOptional()
  @Length(1, 64)
  sku?: string;

  @Field(() => String, { description: "Category (1 to 100 characters); recommendations and analytics group by it." })
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

  @Field(() => Boolean, { defaultValue: true, description: "Whether it may be sold (default true)." })
  isActive!: boolean;

  @Field(() => Boolean, { defaultValue: false, description: "Exempt from VAT (default false)." })
  taxExempt!: boolean;

  @Field(() => ID, { nullable: true, description: "Sell from this inventory item's stock (same pharmacy) instead of stock_quantity; never a controlled medicine's (those are dispensed against a prescription)." })
  @IsOptional()
  inventoryItem?: string;
}
