import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver, UseMiddleware } from "type-graphql";
import { BoundStaff, type SubgraphContext } from "../../../../lib/context.js";
import { PageArgs } from "../../../../lib/pagination.js";
import { RateLimit } from "../../../../lib/rate-limit.js";
import { completeFollowUp, getFollowUp, listFollowUps, scheduleFollowUp } from "./follow-up.service.js";
import { CreateFollowUpInput, FollowUp, FollowUpPage } from "./follow-up.type.js";

@Resolver(() => FollowUp)
@UseMiddleware(RateLimit("pharmacy"), BoundStaff)
export class FollowUpResolver {
  @Authorized("sales:read")
  @Query(() => FollowUpPage, { description: "Follow-ups of the caller's pharmacy, latest scheduled first." })
  followUps(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("completed", () => Boolean, { nullable: true, description: "Only done (true) or open (false) follow-ups." }) completed: boolean | null,
    @Arg("consultationId", () => ID, { nullable: true, description: "Only follow-ups of this consultation (UUID; anything else is 400)." }) consultationId: string | null,
    @Arg("dateFrom", () => Date, { nullable: true, description: "Scheduled at or after." }) dateFrom: Date | null,
    @Arg("dateTo", () => Date, { nullable: true, description: "Scheduled before." }) dateTo: Date | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<FollowUpPage> {
    return listFollowUps(ctx.db, ctx.principal, { ...page, completed, consultationId, dateFrom, dateTo });
  }

  @Authorized("sales:read")
  @Query(() => FollowUp, { description: "One follow-up (404 for an unknown id or another pharmacy's). Pharmacists, cashiers, auditors and admins." })
  followUp(@Arg("id", () => ID, { description: "Follow-up id (UUID)." }) id: string, @Ctx() ctx: SubgraphContext): Promise<FollowUp> {
    return getFollowUp(ctx.db, ctx.principal, id);
  }

  @Authorized("sales:write")
  @Mutation(() => FollowUp, { nullable: true, description: "Schedule a follow-up and send the reminder (reminderSent says whether it went)." })
  scheduleFollowUp(@Arg("input", () => CreateFollowUpInput, { description: "The follow-up." }) input: CreateFollowUpInput, @Ctx() ctx: SubgraphContext): Promise<FollowUp> {
    return scheduleFollowUp(ctx, input);
  }

  @Authorized("sales:write")
  @Mutation(() => FollowUp, { nullable: true, description: "Marks a follow-up done; completing it again returns it unchanged. Pharmacists, cashiers and admins." })
  completeFollowUp(@Arg("id", () => ID, { description: "Follow-up id (UUID)." }) id: string, @Ctx() ctx: SubgraphContext): Promise<FollowUp> {
    return completeFollowUp(ctx.db, ctx.principal, id);
  }
}
