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
  {
    receipt: "Units received (a goods received note, opening stock, or a receipt by hand); positive.",
    sale: "Units sold at the till, written when a sale completes; negative, drawn first expiry first from sellable batches.",
    dispense: "Units dispensed against a prescription; negative, drawn first expiry first from sellable batches.",
    adjustment: "A correction (a count, a write-off, or a failed sale's units put back); positive or negative.",
    return: "Units a customer returned that go back on the shelf; positive, into the batches they were sold from.",
    destruction: "Units destroyed under witness; negative.",
    compounding: "A preparation: ingredients used (negative) or the compounded batch made (positive).",
    supplier_return: "Units sent back to a supplier; negative.",
  },
);

@ObjectType({ description: "A batch (lot) of an inventory item: lot number and expiry as on the pack (null for goods without), units left." })
export class StockBatch {
  @Field(() => ID, { description: "Batch id (UUID)." })
  id!: string;

  @Field(() => String, { nullable: true, description: "Lot number as on the pack; null for goods without one." })
  lotNumber!: string | null;

  @Field(() => LocalDateScalar, { nullable: true, description: "YYYY-MM-DD; sellable through this day (Africa/Kampala)." })
  expiryDate!: string | null;

  @Field(() => Int, { description: "Units left in the batch." })
  quantity!: number;

  @Field(() => Date, { description: "When the batch was first received." })
  receivedAt!: Date;

  @Field(() => Boolean, { description: "Past its expiry date: never sold or dispensed." })
  expired!: boolean;
}

@ObjectType({ description: "A movement's share of one batch (signed units)." })
export class StockMovementBatch {
  @Field(() => ID, { description: "The batch." })
  batchId!: string;

  @Field(() => String, { nullable: true, description: "The batch's lot number; null for goods without one." })
  lotNumber!: string | null;

  @Field(() => LocalDateScalar, { nullable: true, description: "The batch's expiry date (YYYY-MM-DD); null for goods without one." })
  expiryDate!: string | null;

  @Field(() => Int, { description: "Units of the movement in this batch, signed like the movement." })
  quantity!: number;
}

@ObjectType({ description: "An inventory item: stock of one pharmacy item, which products may sell from." })
export class InventoryItem {
  @Field(() => ID, { description: "Inventory item id (UUID)." })
  id!: string;

  @Field(() => ID, { description: "The pharmacy holding the stock." })
  pharmacyId!: string;

  @Field(() => String, { description: "Item name; an item created by a receipt by medication code is named from the catalog (generic name, strength, form), or by the code when it is not catalogued." })
  name!: string;

  @Field(() => String, { nullable: true, description: "Medication catalog code: an RxNorm ingredient RxCUI, a local: code, or compound:<formula code> for compounded preparations; null for stock that is not a catalogued medicine (OTC products). At most one item per pharmacy and code." })
  medicationCode!: string | null;

  @Field(() => ID, { nullable: true, description: "The product whose own stock this is (products without an explicit inventory item)." })
  productId!: string | null;

  @Field(() => Int, { description: "Units on hand: the sum of its batches and of its movements." })
  quantity!: number;

  @Field(() => Int, { description: "Units that may be sold or dispensed now: unexpired batches not held by a recall or a cold-chain review." })
  sellableQuantity!: number;

  @Field(() => Int, { description: "At or below this quantity the item is low on stock." })
  reorderLevel!: number;

  @Field(() => [StockBatch], { description: "Batches holding units, first expiry first." })
  batches!: StockBatch[];
}

@ObjectType({ description: "A page of inventory items, by name." })
export class InventoryItemPage extends PageOf(InventoryItem) {}

@ObjectType({ description: "Spec, \"Stock movement\": signed quantity with the stock before and after." })
export class StockMovement {
  @Field(() => ID, { description: "Movement id (UUID)." })
  id!: string;

  @Field(() => ID, { description: "The pharmacy whose stock moved." })
  pharmacyId!: string;

  @Field(() => ID, { nullable: true, description: "Inventory item moved, when the stock is an inventory item's." })
  inventoryItem!: string | null;

  @Field(() => ID, { nullable: true, description: "Product moved, when the stock is the product's own." })
  productId!: string | null;

  @Field(() => MovementType, { description: "Kind of movement: receipt, sale, dispense, adjustment, return, destruction, compounding or supplier_return." })
  movementType!: string;

  @Field(() => Int, { description: "Signed: negative for a reduction." })
  quantity!: number;

  @Field(() => Int, { description: "Units of the item on hand before the movement." })
  quantityBefore!: number;

  @Field(() => Int, { description: "Units of the item on hand after it: quantityBefore + quantity." })
  quantityAfter!: number;

  @Field(() => String, { nullable: true, description: "Kind of record that caused it, e.g. transaction (a sale), dispense, purchase_order (a goods received note), customer_return, supplier_return, destruction, compound_preparation, opening_balance, or a reference of one's own for a movement by hand; null when none was given." })
  referenceType!: string | null;

  @Field(() => String, { nullable: true, description: "Id of that record (a sale, dispense, purchase order, return, destruction or preparation id); null when none was given." })
  referenceId!: string | null;

  @Field(() => String, { nullable: true, description: "Free-text notes; null when none." })
  notes!: string | null;

  @Field(() => ID, { nullable: true, description: "The batch moved, when the movement touched exactly one (else see batches)." })
  batchId!: string | null;

  @Field(() => String, { nullable: true, description: "Lot of that batch." })
  lotNumber!: string | null;

  @Field(() => LocalDateScalar, { nullable: true, description: "Expiry of that batch." })
  expiryDate!: string | null;

  @Field(() => [StockMovementBatch], { description: "How the movement split over batches (a reduction may span several, first expiry first)." })
  batches!: StockMovementBatch[];

  @Field(() => Date, { description: "When the movement was recorded (taken under the item's lock, so time order is the item's chain order)." })
  createdAt!: Date;
}

@ObjectType({ description: "A page of stock movements, newest first; nextCursor continues after its last row." })
export class StockMovementPage extends KeysetPageOf(StockMovement) {}

@InputType({ description: "A new inventory item, with optional opening stock." })
export class CreateInventoryItemInput {
  @Field(() => String, { description: "Item name (1 to 200 characters)." })
  @Length(1, 200)
  name!: string;

  @Field(() => String, { nullable: true, description: "Medication catalog code of the medicine stocked (1 to 64 characters); a second item for the same code in a pharmacy is 409." })
  @IsOptional()
  @Length(1, 64)
  medicationCode?: string;

  @Field(() => Int, { defaultValue: 0, description: "Opening stock: recorded as an opening_balance receipt into one batch." })
  @Min(0, { message: "must not be negative" })
  quantity!: number;

  @Field(() => Int, { defaultValue: 0, description: "Low-stock threshold in units (default 0)." })
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
@InputType({ description: "A stock movement recorded by hand: a receipt or an adjustment, naming exactly one stock (inventoryItem, medicationCode with pharmacyId, or productId)." })
export class CreateStockMovementInput {
  @Field(() => ID, { nullable: true, description: "The inventory item to move (UUID; staff: an item of their pharmacy)." })
  @IsOptional()
  inventoryItem?: string;

  @Field(() => ID, { nullable: true, description: "With medication_code: the pharmacy whose item moves." })
  @IsOptional()
  pharmacyId?: string;

  @Field(() => String, { nullable: true, description: "With pharmacyId: the pharmacy's stock of this catalog medication; a receipt creates the item when the pharmacy has none." })
  @IsOptional()
  @Length(1, 64)
  medicationCode?: string;

  @Field(() => ID, { nullable: true, description: "A product's own stock (products not tied to an inventory item)." })
  @IsOptional()
  productId?: string;

  @Field(() => MovementType, {
    description:
      "By hand: receipt (> 0) or adjustment (≠ 0; a controlled medicine's names its controlled-register adjustment). Sales, dispenses, returns, supplier returns, destruction and compounding move stock through their own workflows: a movement naming one the service already booked (referenceType dispense, transaction, purchase_order or goods_received_note with its id) and agreeing with it answers that movement and writes nothing (409 when it disagrees); any other is 400.",
  })
  movementType!: string;

  @Field(() => Int, { description: "Signed: negative for a reduction; at most 1000000 either way." })
  quantity!: number;

  @Field(() => String, { nullable: true, description: "Kind of record behind the movement, of one's own (e.g. delivery_note, stock_count; 1 to 64 characters); a workflow's reference type acknowledges the movement that workflow booked (see movementType), never writes a second one. A controlled medicine's adjustment: controlled_register." })
  @IsOptional()
  @Length(1, 64)
  referenceType?: string;

  @Field(() => String, { nullable: true, description: "Id of that record (1 to 128 characters); for controlled_register, the id of the controlled-register adjustment this movement books." })
  @IsOptional()
  @Length(1, 128)
  referenceId?: string;

  @Field(() => String, { nullable: true, description: "Free-text notes (at most 2,000 characters)." })
  @IsOptional()
  @Length(0, 2000)
  notes?: string;

  @Field(() => String, { nullable: true, description: "Receipt: the lot received (with expiry_date). Positive adjustment: the lot the units go to. Not for a reduction (400: name batch_id)." })
  @IsOptional()
  @Length(1, 64)
  lotNumber?: string;

  @Field(() => LocalDateScalar, { nullable: true, description: "YYYY-MM-DD: the lot's expiry." })
  @IsOptional()
  expiryDate?: string;

  @Field(() => ID, { nullable: true, description: "The batch a receipt or positive adjustment adds to, or a negative adjustment takes from; not together with lot_number or expiry_date (400)." })
  @IsOptional()
  batchId?: string;
}

export const STOCK_ALERT_TYPES = ["low_stock", "out_of_stock", "expiring", "expired", "recalled", "held"] as const;
export const StockAlertType = valueEnum(
  "StockAlertType",
  STOCK_ALERT_TYPES,
  "low_stock (0 < quantity ≤ reorder level), out_of_stock (nothing sellable), expiring (a batch with units expiring within `days`), expired (a batch past expiry still holding units), recalled (a batch of an actively recalled lot: never sold or dispensed), held (a batch under cold-chain review).",
  {
    low_stock: "Units on hand above 0 and at or below the reorder level. Warning.",
    out_of_stock: "Nothing sellable: no units, or only expired or held ones. Critical.",
    expiring: "A batch with units expiring within `days` (default 90). Warning within 30 days, else info.",
    expired: "A batch past its expiry date still holding units. Critical.",
    recalled: "A batch of an actively recalled lot (reason names the recall); never sold or dispensed. Critical.",
    held: "A batch held by a cold-chain review (reason names the excursion); not sold or dispensed until released. Warning.",
  },
);

@ObjectType({ description: "Something about a pharmacy's stock that needs a pharmacist's attention." })
export class StockAlert {
  @Field(() => StockAlertType, { description: "What the alert is about." })
  type!: string;

  @Field(() => String, { description: "critical (out of stock, expired, recalled), warning (low stock, expiring within 30 days, held) or info." })
  severity!: string;

  @Field(() => ID, { description: "The inventory item." })
  inventoryItem!: string;

  @Field(() => String, { nullable: true, description: "The item's medication code; null for stock that is not a catalogued medicine." })
  medicationCode!: string | null;

  @Field(() => String, { description: "The item's name." })
  name!: string;

  @Field(() => ID, { description: "The pharmacy holding the stock." })
  pharmacyId!: string;

  @Field(() => Int, { description: "Units on hand of the item." })
  quantity!: number;

  @Field(() => Int, { description: "The item's reorder level." })
  reorderLevel!: number;

  @Field(() => ID, { nullable: true, description: "Batch alerts: the batch." })
  batchId!: string | null;

  @Field(() => String, { nullable: true, description: "Batch alerts: the batch's lot number; null otherwise or for goods without one." })
  lotNumber!: string | null;

  @Field(() => LocalDateScalar, { nullable: true, description: "Batch alerts: the batch's expiry date (YYYY-MM-DD); null otherwise or for goods without one." })
  expiryDate!: string | null;

  @Field(() => Int, { nullable: true, description: "Batch alerts: units in the batch." })
  batchQuantity!: number | null;

  @Field(() => Int, { nullable: true, description: "Batch alerts: days from today (Africa/Kampala) to expiry; negative once expired." })
  daysToExpiry!: number | null;

  @Field(() => String, { nullable: true, description: "recalled and held alerts: the recall or excursion holding the batch." })
  reason!: string | null;
}

@ObjectType({ description: "A page of stock alerts, most severe first, then soonest expiry." })
export class StockAlertPage extends PageOf(StockAlert) {}
