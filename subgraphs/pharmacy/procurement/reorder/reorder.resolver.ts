import { Arg, Args, Authorized, Ctx, ID, Query, Resolver, UseMiddleware } from "type-graphql";
import { BoundStaff, type SubgraphContext } from "../../../../lib/context.js";
import { PageArgs } from "../../../../lib/pagination.js";
import { RateLimit } from "../../../../lib/rate-limit.js";
import { reorderSuggestions } from "./reorder.service.js";
import { ReorderSuggestion, ReorderSuggestionPage } from "./reorder.type.js";

@Resolver(() => ReorderSuggestion)
@UseMiddleware(RateLimit("pharmacy"), BoundStaff)
export class ReorderSuggestionResolver {
  @Authorized("procurement:read")
  @Query(() => ReorderSuggestionPage, { description: "Medications at or below their reorder level with draft purchase order lines (cheapest active supplier)." })
  reorderSuggestions(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("pharmacyId", () => ID, { nullable: true, description: "Staff: their own (default); others must name one." }) pharmacyId: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ReorderSuggestionPage> {
    return reorderSuggestions(ctx.db, ctx.principal, { ...page, pharmacyId });
  }
}
