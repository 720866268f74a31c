import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver, UseMiddleware } from "type-graphql";
import { BoundStaff, type SubgraphContext } from "../../../lib/context.js";
import { PageArgs } from "../../../lib/pagination.js";
import { RateLimit } from "../../../lib/rate-limit.js";
import { createConsultation, getConsultationRow, listConsultations, toConsultation } from "./consultation.service.js";
import { Consultation, ConsultationPage, CreateConsultationInput } from "./consultation.type.js";

@Resolver(() => Consultation)
@UseMiddleware(RateLimit("pharmacy"), BoundStaff)
export class ConsultationResolver {
  @Authorized("sales:read")
  @Query(() => ConsultationPage, { description: "Consultations of the caller's pharmacy, newest first." })
  consultations(@Args(() => PageArgs) page: PageArgs, @Ctx() ctx: SubgraphContext): Promise<ConsultationPage> {
    return listConsultations(ctx.db, ctx.principal, page);
  }

  @Authorized("sales:read")
  @Query(() => Consultation)
  async consultation(@Arg("id", () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<Consultation> {
    return toConsultation(await getConsultationRow(ctx.db, ctx.principal, id));
  }

  @Authorized("sales:write")
  @Mutation(() => Consultation, { nullable: true })
  createConsultation(@Arg("input", () => CreateConsultationInput) input: CreateConsultationInput, @Ctx() ctx: SubgraphContext): Promise<Consultation> {
    return createConsultation(ctx.db, ctx.principal, input);
  }
}
