import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver, UseMiddleware } from "type-graphql";
import { BoundStaff, type SubgraphContext } from "../../../../lib/context.js";
import { PageArgs } from "../../../../lib/pagination.js";
import { RateLimit } from "../../../../lib/rate-limit.js";
import { createConsultation, getConsultationRow, listConsultations, toConsultation } from "./consultation.service.js";
import { Consultation, ConsultationPage, CreateConsultationInput } from "./consultation.type.js";

@Resolver(() => Consultation)
@UseMiddleware(RateLimit("pharmacy"), BoundStaff)
export class ConsultationResolver {
  @Authorized("sales:read")
  @Query(() => ConsultationPage, { description: "Consultations of the caller's pharmacy, newest first." })
  consultations(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("customerPhone", () => String, { nullable: true }) customerPhone: string | null,
    @Arg("patientUhid", () => String, { nullable: true }) patientUhid: string | null,
    @Arg("search", () => String, { nullable: true, description: "Part of the customer's name." }) search: string | null,
    @Arg("dateFrom", () => Date, { nullable: true, description: "Created at or after." }) dateFrom: Date | null,
    @Arg("dateTo", () => Date, { nullable: true, description: "Created before." }) dateTo: Date | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ConsultationPage> {
    return listConsultations(ctx.db, ctx.principal, { ...page, customerPhone, patientUhid, search, dateFrom, dateTo });
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
