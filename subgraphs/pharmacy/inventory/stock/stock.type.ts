import { IsOptional, Length, Min } from "class-validator";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { valueEnum } from "../../../../lib/enums.js";
import { PageOf } from "../../../../lib/pagination.js";

export const MOVEMENT_TYPES = ["receipt", "sale", "adjustment", "return"] as const;
export const MovementType = valueEnum("MovementType", MOVEMENT_TYPES, "Kind of stock movement: receipt (> 0), sale (< 0), adjustment (≠ 0) or return (> 0).");

@ObjectType({ description: "An inventory item: stock of one pharmacy item, which products may sell from." })
export class InventoryItem {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  pharmacyId!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true })
  medicationCode!: string | null;

  @Field(() => Int)
  quantity!: number;

  @Field(() => Int, { description: "At or below this quantity the item is low on stock." })
  reorderLevel!: number;
}

@ObjectType()
export class InventoryItemPage extends PageOf(InventoryItem) {}

@ObjectType({ description: "Spec, \"Stock movement\": signed quantity with the stock before and after." })
export class StockMovement {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  pharmacyId!: string;

  @Field(() => ID, { nullable: true, description: "Inventory item moved, when the stock is an inventory item's." })
  inventoryItem!: string | null;

  @Field(() => ID, { nullable: true, description: "Product moved, when the stock is the product's own." })
  productId!: string | null;

  @Field(() => MovementType, { description: "receipt, sale, adjustment or return." })
  movementType!: string;

  @Field(() => Int, { description: "Signed: negative for a reduction." })
  quantity!: number;

  @Field(() => Int)
  quantityBefore!: number;

  @Field(() => Int)
  quantityAfter!: number;

  @Field(() => String, { nullable: true })
  referenceType!: string | null;

  @Field(() => String, { nullable: true })
  referenceId!: string | null;

  @Field(() => String, { nullable: true })
  notes!: string | null;

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType()
export class StockMovementPage extends PageOf(StockMovement) {}

@InputType()
export class CreateInventoryItemInput {
  @Field(() => String)
  @Length(1, 200)
  name!: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 64)
  medicationCode?: string;

  @Field(() => Int, { defaultValue: 0 })
  @Min(0, { message: "must not be negative" })
  quantity!: number;

  @Field(() => Int, { defaultValue: 0 })
  @Min(0, { message: "must not be negative" })
  reorderLevel!: number;

  @Field(() => ID, { nullable: true, description: "Defaults to the caller's pharmacy." })
  @IsOptional()
  pharmacyId?: string;
}

/** Spec, "Stock movement create request": by inventory item, by pharmacy and medication code, or by product. */
@InputType()
export class CreateStockMovementInput {
  @Field(() => ID, { nullable: true })
  @IsOptional()
  inventoryItem?: string;

  @Field(() => ID, { nullable: true, description: "With medication_code: the pharmacy whose item moves." })
  @IsOptional()
  pharmacyId?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 64)
  medicationCode?: string;

  @Field(() => ID, { nullable: true, description: "A product's own stock (products not tied to an inventory item)." })
  @IsOptional()
  productId?: string;

  @Field(() => MovementType, { description: "receipt (> 0), sale (< 0), adjustment (≠ 0) or return (> 0)." })
  movementType!: string;

  @Field(() => Int, { description: "Signed: negative for a reduction." })
  quantity!: number;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 64)
  referenceType?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 128)
  referenceId?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(0, 2000)
  notes?: string;
}
