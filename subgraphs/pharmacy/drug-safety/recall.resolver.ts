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
    @Arg("medicationCode", () => String, { nullable: true }) medicationCode: string | null,
    @Arg("recallClass", () => RecallClass, { nullable: true }) recallClass: string | null,
    @Arg("status", () => RecallStatus, { nullable: true }) status: string | null,
    @Arg("active", () => Boolean, { nullable: true }) active: boolean | null,
    @Arg("search", () => String, { nullable: true }) search: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<DrugRecallPage> {
    return listRecalls(ctx.db, ctx.principal, { ...page, medicationCode, recallClass, status, active, search });
  }

  @Authorized("recalls:read")
  @Query(() => DrugRecall)
  drugRecall(@Arg("id", () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<DrugRecall> {
    return getRecall(ctx.db, ctx.principal, id);
  }

  @Authorized("recalls:write")
  @Mutation(() => DrugRecall, { nullable: true, description: "Record a recall notice: its lots are held at every pharmacy at once (never sold or dispensed). 409 when the notice is already active for the medication." })
  createDrugRecall(@Arg("input", () => CreateDrugRecallInput) input: CreateDrugRecallInput, @Ctx() ctx: SubgraphContext): Promise<DrugRecall> {
    return createRecall(ctx.db, ctx.principal, input);
  }

  @Authorized("recalls:close")
  @Mutation(() => DrugRecall, { nullable: true, description: "Close an active recall (admins): its lots may be sold again. 409 when already closed." })
  closeDrugRecall(@Arg("id", () => ID) id: string, @Arg("input", () => CloseDrugRecallInput, { nullable: true }) input: CloseDrugRecallInput | null, @Ctx() ctx: SubgraphContext): Promise<DrugRecall> {
    return closeRecall(ctx.db, ctx.principal, id, input);
  }
}
