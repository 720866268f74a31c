import type { GraphQLResolveInfo } from "graphql";
import { Arg, Args, Authorized, Ctx, ID, Info, Int, Mutation, Query, Resolver, UseMiddleware } from "type-graphql";
import { BoundStaff, type SubgraphContext } from "../../../../lib/context.js";
import { listSelection } from "../../../../lib/page-query.js";
import { PageArgs } from "../../../../lib/pagination.js";
import { RateLimit } from "../../../../lib/rate-limit.js";
import { correctBatchExpiry, listBatchExpiryCorrections } from "./batch-expiry.service.js";
import { CorrectBatchExpiryInput, StockBatchExpiryCorrection, StockBatchExpiryCorrectionPage } from "./batch-expiry.type.js";
import { createInventoryItem, createStockMovement, listInventoryItems, listStockAlerts, listStockMovements } from "./inventory.service.js";
import {
  CreateInventoryItemInput,
  CreateStockMovementInput,
  InventoryItem,
  InventoryItemPage,
  MovementType,
  StockAlertPage,
  StockAlertType,
  StockMovement,
  StockMovementPage,
} from "./stock.type.js";

@Resolver()
@UseMiddleware(RateLimit("pharmacy"), BoundStaff)
export class StockResolver {
  @Authorized("inventory:read")
  @Query(() => InventoryItemPage, { description: "Stock: per inventory item the quantity on hand, sellable quantity, reorder level and batches (staff: their pharmacy)." })
  inventoryItems(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("pharmacyId", () => ID, { nullable: true, description: "Only this pharmacy's stock; staff may only name their own (403)." }) pharmacyId: string | null,
    @Arg("medicationCode", () => String, { nullable: true, description: "Only the item for this medication code (exact match)." }) medicationCode: string | null,
    @Arg("productId", () => ID, { nullable: true, description: "The product's stock (its own or its linked item)." }) productId: string | null,
    @Arg("search", () => String, { nullable: true, description: "Part of the name or medication code." }) search: string | null,
    @Arg("lowStock", () => Boolean, { nullable: true, description: "true: only items at or below their reorder level." }) lowStock: boolean | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<InventoryItemPage> {
    return listInventoryItems(ctx.db, ctx.principal, { ...page, pharmacyId, medicationCode, productId, search, lowStock });
  }

  @Authorized("inventory:write")
  @Mutation(() => InventoryItem, { nullable: true, description: "Create a stock item; its opening quantity is an opening_balance receipt (409 when the pharmacy already has the medication code)." })
  createInventoryItem(@Arg("input", () => CreateInventoryItemInput, { description: "The item." }) input: CreateInventoryItemInput, @Ctx() ctx: SubgraphContext): Promise<InventoryItem> {
    return createInventoryItem(ctx.db, ctx.principal, input);
  }

  @Authorized("inventory:read")
  @Query(() => StockMovementPage, { description: "Stock movements, newest first." })
  stockMovements(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("pharmacyId", () => ID, { nullable: true, description: "Only this pharmacy's movements; staff may only name their own (403)." }) pharmacyId: string | null,
    @Arg("referenceType", () => String, { nullable: true, description: "Only movements under this reference type (exact match)." }) referenceType: string | null,
    @Arg("referenceId", () => String, { nullable: true, description: "Only movements under this reference id (exact match)." }) referenceId: string | null,
    @Arg("productId", () => ID, { nullable: true, description: "Only movements recorded against this product's own stock (UUID)." }) productId: string | null,
    @Arg("inventoryItem", () => ID, { nullable: true, description: "Only movements of this inventory item (UUID)." }) inventoryItem: string | null,
    @Arg("movementType", () => MovementType, { nullable: true, description: "Only movements of this kind." }) movementType: string | null,
    @Arg("batchId", () => ID, { nullable: true, description: "Movements that touched this batch." }) batchId: string | null,
    @Arg("lotNumber", () => String, { nullable: true, description: "Movements that touched a batch of this lot." }) lotNumber: string | null,
    @Arg("dateFrom", () => Date, { nullable: true, description: "Recorded at or after." }) dateFrom: Date | null,
    @Arg("dateTo", () => Date, { nullable: true, description: "Recorded before." }) dateTo: Date | null,
    @Arg("after", () => String, { nullable: true, description: "nextCursor of the previous page: the movements after it, without OFFSET (deep walks)." }) after: string | null,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<StockMovementPage> {
    return listStockMovements(ctx.db, ctx.principal, { ...page, pharmacyId, referenceType, referenceId, productId, inventoryItem, movementType, batchId, lotNumber, dateFrom, dateTo, after, total: listSelection(info).total });
  }

  @Authorized("inventory:write")
  @Mutation(() => StockMovement, { nullable: true, description: "Record a stock movement through the ledger (batches, FEFO, never below zero). Honours Idempotency-Key." })
  createStockMovement(@Arg("input", () => CreateStockMovementInput, { description: "The movement." }) input: CreateStockMovementInput, @Ctx() ctx: SubgraphContext): Promise<StockMovement> {
    return createStockMovement(ctx.db, ctx.principal, input, ctx.idempotencyKey);
  }

  @Authorized("inventory:write")
  @Mutation(() => StockBatchExpiryCorrection, {
    nullable: true,
    description:
      "Correct a batch's recorded expiry (a date mistyped at receipt) with a reason; recorded append-only (who, when, before, after, why). Sellable units and alerts follow at once. 404: another pharmacy's item or a batch not of it; 409: another batch of the lot already has that expiry. Honours Idempotency-Key.",
  })
  correctStockBatchExpiry(
    @Arg("inventoryItem", () => ID, { description: "The batch's inventory item (UUID)." }) inventoryItem: string,
    @Arg("batchId", () => ID, { description: "The batch (UUID)." }) batchId: string,
    @Arg("input", () => CorrectBatchExpiryInput, { description: "The expiry on the pack and why." }) input: CorrectBatchExpiryInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<StockBatchExpiryCorrection> {
    return correctBatchExpiry(ctx.db, ctx.principal, inventoryItem, batchId, input, ctx.idempotencyKey);
  }

  @Authorized("inventory:read")
  @Query(() => StockBatchExpiryCorrectionPage, { description: "Corrections of batches' recorded expiry, newest first (staff: their pharmacy's; auditors: any)." })
  stockBatchExpiryCorrections(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("pharmacyId", () => ID, { nullable: true, description: "Only this pharmacy's; staff may only name their own (403)." }) pharmacyId: string | null,
    @Arg("inventoryItem", () => ID, { nullable: true, description: "Only this inventory item's batches (UUID)." }) inventoryItem: string | null,
    @Arg("batchId", () => ID, { nullable: true, description: "Only this batch (UUID)." }) batchId: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<StockBatchExpiryCorrectionPage> {
    return listBatchExpiryCorrections(ctx.db, ctx.principal, { ...page, pharmacyId, inventoryItem, batchId });
  }

  @Authorized("inventory:read")
  @Query(() => StockAlertPage, { description: "Stock alerts: low_stock, out_of_stock, expiring (within `days`, default 90), expired, recalled and held (cold-chain review); most severe first." })
  stockAlerts(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("pharmacyId", () => ID, { nullable: true, description: "Only this pharmacy's stock; staff may only name their own (403)." }) pharmacyId: string | null,
    @Arg("type", () => StockAlertType, { nullable: true, description: "Only alerts of this type." }) type: string | null,
    @Arg("medicationCode", () => String, { nullable: true, description: "Only alerts on the item for this medication code (exact match)." }) medicationCode: string | null,
    @Arg("days", () => Int, { nullable: true, description: "Expiring window in days (default 90)." }) days: number | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<StockAlertPage> {
    return listStockAlerts(ctx.db, ctx.principal, { ...page, pharmacyId, type, medicationCode, days });
  }
}
