import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver, UseMiddleware } from "type-graphql";
import { BoundStaff, type SubgraphContext } from "../../../lib/context.js";
import { PageArgs } from "../../../lib/pagination.js";
import { RateLimit } from "../../../lib/rate-limit.js";
import { closeRecall, createRecall, getRecall, listRecalls } from "./recall.service.js";
import { CloseDrugRecallInput, CreateDrugRecallInput, DrugRecall, DrugRecallPage, RecallClass, RecallStatus } from "./recall.type.js";

@Resolver(() => DrugRecall)
@UseMiddleware(RateLimit("pharmacy"), BoundStaff)
export class DrugRecallResolver {
  @Authorized("recalls:read")
  @Query(() => DrugRecallPage, { description: "Drug recalls, newest notice first (filters: medication code, class, status or active, search over reason, reference, authority and lots)." })
  drugRecalls(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("medicationCode", () => String, { nullable: true, description: "Only recalls of this medication code (an item recall's is item:<inventory item id>)." }) medicationCode: string | null,
    @Arg("recallClass", () => RecallClass, { nullable: true, description: "Only recalls of this class." }) recallClass: string | null,
    @Arg("status", () => RecallStatus, { nullable: true, description: "Only recalls in this status." }) status: string | null,
    @Arg("active", () => Boolean, { nullable: true, description: "Only active (true) or closed (false) recalls." }) active: boolean | null,
    @Arg("search", () => String, { nullable: true, description: "Part of the reason, the authority's reference, the authority or a lot number, any case." }) search: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<DrugRecallPage> {
    return listRecalls(ctx.db, ctx.principal, { ...page, medicationCode, recallClass, status, active, search });
  }

  @Authorized("recalls:read")
  @Query(() => DrugRecall, { description: "One recall with the recalled batches on the shelf (404 for an unknown id, or another pharmacy's item recall). Pharmacists, auditors and admins." })
  drugRecall(@Arg("id", () => ID, { description: "Recall id (UUID)." }) id: string, @Ctx() ctx: SubgraphContext): Promise<DrugRecall> {
    return getRecall(ctx.db, ctx.principal, id);
  }

  @Authorized("recalls:write")
  @Mutation(() => DrugRecall, { nullable: true, description: "Record a recall notice: its lots are held at every pharmacy at once (never sold or dispensed). 409 when the notice is already active for the medication." })
  createDrugRecall(@Arg("input", () => CreateDrugRecallInput, { description: "The recall notice." }) input: CreateDrugRecallInput, @Ctx() ctx: SubgraphContext): Promise<DrugRecall> {
    return createRecall(ctx.db, ctx.principal, input);
  }

  @Authorized("recalls:close")
  @Mutation(() => DrugRecall, { nullable: true, description: "Close an active recall (admins): its lots may be sold again. 409 when already closed." })
  closeDrugRecall(@Arg("id", () => ID, { description: "Recall id (UUID)." }) id: string, @Arg("input", () => CloseDrugRecallInput, { nullable: true, description: "Why it is closed (optional)." }) input: CloseDrugRecallInput | null, @Ctx() ctx: SubgraphContext): Promise<DrugRecall> {
    return closeRecall(ctx.db, ctx.principal, id, input);
  }
}
