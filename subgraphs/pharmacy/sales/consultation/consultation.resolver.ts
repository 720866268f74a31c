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
    @Arg("customerPhone", () => String, { nullable: true, description: "Only consultations with this customer phone, written in any form (0772 123 456, +256772123456)." }) customerPhone: string | null,
    @Arg("patientUhid", () => String, { nullable: true, description: "Only consultations naming this UHID." }) patientUhid: string | null,
    @Arg("search", () => String, { nullable: true, description: "Part of the customer's name." }) search: string | null,
    @Arg("dateFrom", () => Date, { nullable: true, description: "Created at or after." }) dateFrom: Date | null,
    @Arg("dateTo", () => Date, { nullable: true, description: "Created before." }) dateTo: Date | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ConsultationPage> {
    return listConsultations(ctx.db, ctx.principal, { ...page, customerPhone, patientUhid, search, dateFrom, dateTo, phoneRegion: ctx.config.DEFAULT_PHONE_REGION });
  }

  @Authorized("sales:read")
  @Query(() => Consultation, { description: "One consultation (404 for an unknown id or another pharmacy's). Pharmacists, cashiers, auditors and admins." })
  async consultation(@Arg("id", () => ID, { description: "Consultation id (UUID)." }) id: string, @Ctx() ctx: SubgraphContext): Promise<Consultation> {
    return toConsultation(await getConsultationRow(ctx.db, ctx.principal, id));
  }

  @Authorized("sales:write")
  @Mutation(() => Consultation, { nullable: true, description: "Records a customer consultation; pharmacist defaults to the caller, pharmacy to the caller's. Pharmacists, cashiers and admins." })
  createConsultation(@Arg("input", () => CreateConsultationInput, { description: "The consultation." }) input: CreateConsultationInput, @Ctx() ctx: SubgraphContext): Promise<Consultation> {
    return createConsultation(ctx.db, ctx.principal, input, ctx.config.DEFAULT_PHONE_REGION);
  }
}
