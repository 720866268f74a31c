import { IsOptional, Length, Min } from "class-validator";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { valueEnum } from "../../../../lib/enums.js";
import { LocalDateScalar } from "../../../../lib/federation.js";
import { KeysetPageOf, PageOf } from "../../../../lib/pagination.js";

export const MOVEMENT_TYPES = ["receipt", "sale", "dispense", "adjustment", "return", "destruction", "compounding", "supplier_return"] as const;
export const MovementType = valueEnum(
  "MovementType",
  MOVEMENT_TYPES,
  "Kind of stock movement: receipt (> 0), sale (< 0), dispense (< 0), adjustment (≠ 0), return (> 0), destruction (< 0), compounding (≠ 0) or supplier_return (< 0).",
);

@ObjectType({ description: "A batch (lot) of an inventory item: lot number and expiry as on the pack (null for goods without), units left." })
export class StockBatch {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { nullable: true })
  lotNumber!: string | null;

  @Field(() => LocalDateScalar, { nullable: true, description: "YYYY-MM-DD; sellable through this day (Africa/Kampala)." })
  expiryDate!: string | null;

  @Field(() => Int)
  quantity!: number;

  @Field(() => Date)
  receivedAt!: Date;

  @Field(() => Boolean, { description: "Past its expiry date: never sold or dispensed." })
  expired!: boolean;
}

@ObjectType({ description: "A movement's share of one batch (signed units)." })
export class StockMovementBatch {
  @Field(() => ID)
  batchId!: string;

  @Field(() => String, { nullable: true })
  lotNumber!: string | null;

  @Field(() => LocalDateScalar, { nullable: true })
  expiryDate!: string | null;

  @Field(() => Int)
  quantity!: number;
}

@ObjectType({ description: "An inventory item: stock of one pharmacy item, which products may sell from." })
export class InventoryItem {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  pharmacyId!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true, description: "Catalog code of the medicine (RxNorm ingredient RxCUI); at most one item per pharmacy and code." })
  medicationCode!: string | null;

  @Field(() => ID, { nullable: true, description: "The product whose own stock this is (products without an explicit inventory item)." })
  productId!: string | null;

  @Field(() => Int, { description: "Units on hand: the sum of its batches and of its movements." })
  quantity!: number;

  @Field(() => Int, { description: "Units that may be sold or dispensed now (unexpired batches)." })
  sellableQuantity!: number;

  @Field(() => Int, { description: "At or below this quantity the item is low on stock." })
  reorderLevel!: number;

  @Field(() => [StockBatch], { description: "Batches holding units, first expiry first." })
  batches!: StockBatch[];
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

  @Field(() => ID, { nullable: true, description: "The batch moved, when the movement touched exactly one (else see batches)." })
  batchId!: string | null;

  @Field(() => String, { nullable: true, description: "Lot of that batch." })
  lotNumber!: string | null;

  @Field(() => LocalDateScalar, { nullable: true, description: "Expiry of that batch." })
  expiryDate!: string | null;

  @Field(() => [StockMovementBatch], { description: "How the movement split over batches (a reduction may span several, first expiry first)." })
  batches!: StockMovementBatch[];

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType()
export class StockMovementPage extends KeysetPageOf(StockMovement) {}

@InputType()
export class CreateInventoryItemInput {
  @Field(() => String)
  @Length(1, 200)
  name!: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 64)
  medicationCode?: string;

  @Field(() => Int, { defaultValue: 0, description: "Opening stock: recorded as an opening_balance receipt into one batch." })
  @Min(0, { message: "must not be negative" })
  quantity!: number;

  @Field(() => Int, { defaultValue: 0 })
  @Min(0, { message: "must not be negative" })
  reorderLevel!: number;

  @Field(() => String, { nullable: true, description: "Lot of the opening stock." })
  @IsOptional()
  @Length(1, 64)
  lotNumber?: string;

  @Field(() => LocalDateScalar, { nullable: true, description: "Expiry of the opening stock (YYYY-MM-DD)." })
  @IsOptional()
  expiryDate?: string;

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

  @Field(() => MovementType, {
    description:
      "By hand: receipt (> 0) or adjustment (≠ 0; a controlled medicine's names its controlled-register adjustment). Sales, dispenses, returns, supplier returns, destruction and compounding move stock through their own workflows (400 here).",
  })
  movementType!: string;

  @Field(() => Int, { description: "Signed: negative for a reduction; at most 1000000 either way." })
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

  @Field(() => String, { nullable: true, description: "Receipt: the lot received (with expiry_date). Return/adjustment: the lot the units go to." })
  @IsOptional()
  @Length(1, 64)
  lotNumber?: string;

  @Field(() => LocalDateScalar, { nullable: true, description: "YYYY-MM-DD: the lot's expiry." })
  @IsOptional()
  expiryDate?: string;

  @Field(() => ID, { nullable: true, description: "The batch to draw from or add to (adjustment, destruction, return, sale)." })
  @IsOptional()
  batchId?: string;
}

export const STOCK_ALERT_TYPES = ["low_stock", "out_of_stock", "expiring", "expired", "recalled", "held"] as const;
export const StockAlertType = valueEnum(
  "StockAlertType",
  STOCK_ALERT_TYPES,
  "low_stock (0 < quantity ≤ reorder level), out_of_stock (nothing sellable), expiring (a batch with units expiring within `days`), expired (a batch past expiry still holding units), recalled (a batch of an actively recalled lot: never sold or dispensed), held (a batch under cold-chain review).",
);

@ObjectType({ description: "Something about a pharmacy's stock that needs a pharmacist's attention." })
export class StockAlert {
  @Field(() => StockAlertType)
  type!: string;

  @Field(() => String, { description: "critical (out of stock, expired, recalled), warning (low stock, expiring within 30 days, held) or info." })
  severity!: string;

  @Field(() => ID)
  inventoryItem!: string;

  @Field(() => String, { nullable: true })
  medicationCode!: string | null;

  @Field(() => String)
  name!: string;

  @Field(() => ID)
  pharmacyId!: string;

  @Field(() => Int, { description: "Units on hand of the item." })
  quantity!: number;

  @Field(() => Int)
  reorderLevel!: number;

  @Field(() => ID, { nullable: true, description: "Batch alerts: the batch." })
  batchId!: string | null;

  @Field(() => String, { nullable: true })
  lotNumber!: string | null;

  @Field(() => LocalDateScalar, { nullable: true })
  expiryDate!: string | null;

  @Field(() => Int, { nullable: true, description: "Batch alerts: units in the batch." })
  batchQuantity!: number | null;

  @Field(() => Int, { nullable: true, description: "Batch alerts: days from today (Africa/Kampala) to expiry; negative once expired." })
  daysToExpiry!: number | null;

  @Field(() => String, { nullable: true, description: "recalled and held alerts: the recall or excursion holding the batch." })
  reason!: string | null;
}

@ObjectType()
export class StockAlertPage extends PageOf(StockAlert) {}
