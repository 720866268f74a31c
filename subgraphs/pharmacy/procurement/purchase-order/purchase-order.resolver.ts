import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver, UseMiddleware } from "type-graphql";
import { BoundStaff, type SubgraphContext } from "../../../../lib/context.js";
import { PageArgs } from "../../../../lib/pagination.js";
import { RateLimit } from "../../../../lib/rate-limit.js";
import { createPurchaseOrder, getPurchaseOrder, listPurchaseOrders, transitionPurchaseOrder } from "./purchase-order.service.js";
import { CreatePurchaseOrderInput, PurchaseOrder, PurchaseOrderPage, PurchaseOrderStatus } from "./purchase-order.type.js";

@Resolver(() => PurchaseOrder)
@UseMiddleware(RateLimit("pharmacy"), BoundStaff)
export class PurchaseOrderResolver {
  @Authorized("procurement:read")
  @Query(() => PurchaseOrderPage, { description: "Purchase orders, newest first (staff: their pharmacy)." })
  purchaseOrders(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("status", () => PurchaseOrderStatus, { nullable: true, description: "Only orders in this status." }) status: string | null,
    @Arg("supplier", () => ID, { nullable: true, description: "Only orders to this supplier (its id, a UUID; anything else is 400)." }) supplier: string | null,
    @Arg("pharmacyId", () => ID, { nullable: true, description: "For callers not bound to a pharmacy." }) pharmacyId: string | null,
    @Arg("dateFrom", () => Date, { nullable: true, description: "Created at or after." }) dateFrom: Date | null,
    @Arg("dateTo", () => Date, { nullable: true, description: "Created before." }) dateTo: Date | null,
    @Arg("medicationCode", () => String, { nullable: true, description: "Orders with a line of this medication." }) medicationCode: string | null,
    @Arg("search", () => String, { nullable: true, description: "Part of the PO number." }) search: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<PurchaseOrderPage> {
    return listPurchaseOrders(ctx.db, ctx.principal, { ...page, status, supplier, pharmacyId, dateFrom, dateTo, medicationCode, search });
  }

  @Authorized("procurement:read")
  @Query(() => PurchaseOrder, { description: "One purchase order with its lines (404 for an unknown id or another pharmacy's). Pharmacists, auditors and admins." })
  purchaseOrder(@Arg("id", () => ID, { description: "Purchase order id (UUID)." }) id: string, @Ctx() ctx: SubgraphContext): Promise<PurchaseOrder> {
    return getPurchaseOrder(ctx.db, ctx.principal, id);
  }

  @Authorized("procurement:write")
  @Mutation(() => PurchaseOrder, { nullable: true, description: "Create a purchase order (status created). Honours Idempotency-Key." })
  createPurchaseOrder(@Arg("input", () => CreatePurchaseOrderInput, { description: "The order." }) input: CreatePurchaseOrderInput, @Ctx() ctx: SubgraphContext): Promise<PurchaseOrder> {
    return createPurchaseOrder(ctx.db, ctx.principal, input, ctx.idempotencyKey);
  }

  @Authorized("procurement:write")
  @Mutation(() => PurchaseOrder, { nullable: true, description: "Mark a created purchase order submitted (sent to the supplier; this service transmits nothing to the supplier). Repeating it returns the order; 409 from any other state." })
  submitPurchaseOrder(@Arg("id", () => ID, { description: "Purchase order id (UUID)." }) id: string, @Ctx() ctx: SubgraphContext): Promise<PurchaseOrder> {
    return transitionPurchaseOrder(ctx.db, ctx.principal, id, "submit");
  }

  @Authorized("procurement:write")
  @Mutation(() => PurchaseOrder, { nullable: true, description: "Cancel a created or submitted purchase order (409 once goods were received)." })
  cancelPurchaseOrder(@Arg("id", () => ID, { description: "Purchase order id (UUID)." }) id: string, @Ctx() ctx: SubgraphContext): Promise<PurchaseOrder> {
    return transitionPurchaseOrder(ctx.db, ctx.principal, id, "cancel");
  }

  @Authorized("procurement:write")
  @Mutation(() => PurchaseOrder, {
    nullable: true,
    description: "Close a partially received purchase order short, with the reason: the undelivered rest is cancelled and no longer on order (409 from another state).",
  })
  closePurchaseOrder(@Arg("id", () => ID, { description: "Purchase order id (UUID)." }) id: string, @Arg("reason", () => String, { description: "Why the rest will not be delivered (1 to 500 characters); added to the order's notes." }) reason: string, @Ctx() ctx: SubgraphContext): Promise<PurchaseOrder> {
    return transitionPurchaseOrder(ctx.db, ctx.principal, id, "close", { reason });
  }
}
