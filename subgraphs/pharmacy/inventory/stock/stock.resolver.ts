import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver, UseMiddleware } from "type-graphql";
import { BoundStaff, type SubgraphContext } from "../../../../lib/context.js";
import { PageArgs } from "../../../../lib/pagination.js";
import { RateLimit } from "../../../../lib/rate-limit.js";
import { createInventoryItem, createStockMovement, listInventoryItems, listStockMovements } from "./inventory.service.js";
import { CreateInventoryItemInput, MovementType, CreateStockMovementInput, InventoryItem, InventoryItemPage, StockMovement, StockMovementPage } from "./stock.type.js";

@Resolver()
@UseMiddleware(RateLimit("pharmacy"), BoundStaff)
export class StockResolver {
  @Authorized("inventory:read")
  @Query(() => InventoryItemPage, { description: "Inventory items and quantities (staff: their pharmacy)." })
  inventoryItems(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("pharmacyId", () => ID, { nullable: true }) pharmacyId: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<InventoryItemPage> {
    return listInventoryItems(ctx.db, ctx.principal, { ...page, pharmacyId });
  }

  @Authorized("inventory:write")
  @Mutation(() => InventoryItem, { nullable: true })
  createInventoryItem(@Arg("input", () => CreateInventoryItemInput) input: CreateInventoryItemInput, @Ctx() ctx: SubgraphContext): Promise<InventoryItem> {
    return createInventoryItem(ctx.db, ctx.principal, input);
  }

  @Authorized("inventory:read")
  @Query(() => StockMovementPage, { description: "Stock movements, newest first." })
  stockMovements(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("pharmacyId", () => ID, { nullable: true }) pharmacyId: string | null,
    @Arg("referenceType", () => String, { nullable: true }) referenceType: string | null,
    @Arg("referenceId", () => String, { nullable: true }) referenceId: string | null,
    @Arg("productId", () => ID, { nullable: true }) productId: string | null,
    @Arg("inventoryItem", () => ID, { nullable: true }) inventoryItem: string | null,
    @Arg("movementType", () => MovementType, { nullable: true }) movementType: string | null,
    @Arg("dateFrom", () => Date, { nullable: true, description: "Recorded at or after." }) dateFrom: Date | null,
    @Arg("dateTo", () => Date, { nullable: true, description: "Recorded before." }) dateTo: Date | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<StockMovementPage> {
    return listStockMovements(ctx.db, ctx.principal, { ...page, pharmacyId, referenceType, referenceId, productId, inventoryItem, movementType, dateFrom, dateTo });
  }

  @Authorized("inventory:write")
  @Mutation(() => StockMovement, { nullable: true, description: "Record a stock movement (never below zero). Honours Idempotency-Key." })
  createStockMovement(@Arg("input", () => CreateStockMovementInput) input: CreateStockMovementInput, @Ctx() ctx: SubgraphContext): Promise<StockMovement> {
    return createStockMovement(ctx.db, ctx.principal, input, ctx.idempotencyKey);
  }
}
