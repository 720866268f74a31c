import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver, UseMiddleware } from "type-graphql";
import { BoundStaff, type SubgraphContext } from "../../../../lib/context.js";
import { PageArgs } from "../../../../lib/pagination.js";
import { RateLimit } from "../../../../lib/rate-limit.js";
import { createGoodsReceivedNote, getGoodsReceivedNote, listGoodsReceivedNotes } from "./grn.service.js";
import { CreateGoodsReceivedNoteInput, GoodsReceivedNote, GoodsReceivedNotePage } from "./grn.type.js";

@Resolver(() => GoodsReceivedNote)
@UseMiddleware(RateLimit("pharmacy"), BoundStaff)
export class GoodsReceivedNoteResolver {
  @Authorized("procurement:read")
  @Query(() => GoodsReceivedNotePage, { description: "Goods received notes, newest first (staff: their pharmacy)." })
  goodsReceivedNotes(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("purchaseOrder", () => ID, { nullable: true, description: "Only notes of this purchase order (UUID; anything else is 400)." }) purchaseOrder: string | null,
    @Arg("supplier", () => ID, { nullable: true, description: "Only notes from this supplier (its id, a UUID; anything else is 400)." }) supplier: string | null,
    @Arg("pharmacyId", () => ID, { nullable: true, description: "For callers not bound to a pharmacy." }) pharmacyId: string | null,
    @Arg("dateFrom", () => Date, { nullable: true, description: "Received at or after." }) dateFrom: Date | null,
    @Arg("dateTo", () => Date, { nullable: true, description: "Received before." }) dateTo: Date | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<GoodsReceivedNotePage> {
    return listGoodsReceivedNotes(ctx.db, ctx.principal, { ...page, purchaseOrder, supplier, pharmacyId, dateFrom, dateTo });
  }

  @Authorized("procurement:read")
  @Query(() => GoodsReceivedNote, { description: "One goods received note with its lots (404 for an unknown id or another pharmacy's). Pharmacists, auditors and admins." })
  goodsReceivedNote(@Arg("id", () => ID, { description: "Goods received note id (UUID)." }) id: string, @Ctx() ctx: SubgraphContext): Promise<GoodsReceivedNote> {
    return getGoodsReceivedNote(ctx.db, ctx.principal, id);
  }

  @Authorized("procurement:write")
  @Mutation(() => GoodsReceivedNote, { nullable: true, description: "Receive a delivery against a purchase order: stock receipts by lot, received quantities and status, in one transaction. Honours Idempotency-Key." })
  createGoodsReceivedNote(@Arg("input", () => CreateGoodsReceivedNoteInput, { description: "The delivery." }) input: CreateGoodsReceivedNoteInput, @Ctx() ctx: SubgraphContext): Promise<GoodsReceivedNote> {
    return createGoodsReceivedNote(ctx.db, ctx.principal, input, ctx.idempotencyKey);
  }
}
