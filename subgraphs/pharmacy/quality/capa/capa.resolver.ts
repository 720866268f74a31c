import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver, UseMiddleware } from "type-graphql";
import { BoundStaff, type SubgraphContext } from "../../../../lib/context.js";
import { LocalDateScalar } from "../../../../lib/federation.js";
import { PageArgs } from "../../../../lib/pagination.js";
import { RateLimit } from "../../../../lib/rate-limit.js";
import { addCapaAction, checkCapaEffectiveness, completeCapaAction, createCapa, getCapa, implementCapa, listCapas, startCapa } from "./capa.service.js";
import { Capa, CapaPage, CapaStatus, CapaType, CreateCapaInput, EffectivenessResult } from "./capa.type.js";

@Resolver(() => Capa)
@UseMiddleware(RateLimit("pharmacy"), BoundStaff)
export class CapaResolver {
  @Authorized("quality:read")
  @Query(() => CapaPage, { description: "CAPAs by due date, soonest first (staff: their pharmacy)." })
  capas(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("status", () => CapaStatus, { nullable: true, description: "Only CAPAs in this status." }) status: string | null,
    @Arg("capaType", () => CapaType, { nullable: true, description: "Only corrective or preventive CAPAs." }) capaType: string | null,
    @Arg("owner", () => String, { nullable: true, description: "Exact owner, any case." }) owner: string | null,
    @Arg("overdue", () => Boolean, { nullable: true, description: "Only overdue (true) or not overdue (false) CAPAs." }) overdue: boolean | null,
    @Arg("incident", () => ID, { nullable: true, description: "Only CAPAs of this incident (UUID; anything else is 400)." }) incident: string | null,
    @Arg("audit", () => ID, { nullable: true, description: "CAPAs raised by this audit's findings." }) audit: string | null,
    @Arg("pharmacyId", () => ID, { nullable: true, description: "For callers not bound to a pharmacy." }) pharmacyId: string | null,
    @Arg("search", () => String, { nullable: true, description: "Part of the number or description." }) search: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<CapaPage> {
    return listCapas(ctx.db, ctx.principal, { ...page, status, capaType, owner, overdue, incident, audit, pharmacyId, search });
  }

  @Authorized("quality:read")
  @Query(() => Capa, { description: "One CAPA with its actions (404 for an unknown id or another pharmacy's). Pharmacists, auditors and admins." })
  capa(@Arg("id", () => ID, { description: "CAPA id (UUID)." }) id: string, @Ctx() ctx: SubgraphContext): Promise<Capa> {
    return getCapa(ctx.db, ctx.principal, id);
  }

  @Authorized("quality:write")
  @Mutation(() => Capa, { nullable: true, description: "Raise a CAPA against an incident or a non-compliant audit finding (status open)." })
  createCapa(@Arg("input", () => CreateCapaInput, { description: "The CAPA." }) input: CreateCapaInput, @Ctx() ctx: SubgraphContext): Promise<Capa> {
    return createCapa(ctx.db, ctx.principal, input);
  }

  @Authorized("quality:write")
  @Mutation(() => Capa, { nullable: true, description: "Add an action to an open or in-progress CAPA." })
  addCapaAction(@Arg("id", () => ID, { description: "CAPA id (UUID)." }) id: string, @Arg("description", () => String, { description: "What is to be done (1 to 2,000 characters); a CAPA holds at most 50 actions." }) description: string, @Ctx() ctx: SubgraphContext): Promise<Capa> {
    return addCapaAction(ctx.db, ctx.principal, id, description);
  }

  @Authorized("quality:write")
  @Mutation(() => Capa, { nullable: true, description: "Start work on an open CAPA (409 from another state)." })
  startCapa(@Arg("id", () => ID, { description: "CAPA id (UUID)." }) id: string, @Ctx() ctx: SubgraphContext): Promise<Capa> {
    return startCapa(ctx.db, ctx.principal, id);
  }

  @Authorized("quality:write")
  @Mutation(() => Capa, { nullable: true, description: "Mark one action of an in-progress CAPA done." })
  completeCapaAction(
    @Arg("id", () => ID, { description: "CAPA id (UUID)." }) id: string,
    @Arg("actionId", () => ID, { description: "The action's id." }) actionId: string,
    @Arg("notes", () => String, { nullable: true, description: "Notes on what was done (at most 2,000 characters)." }) notes: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Capa> {
    return completeCapaAction(ctx.db, ctx.principal, id, actionId, notes);
  }

  @Authorized("quality:write")
  @Mutation(() => Capa, { nullable: true, description: "Mark an in-progress CAPA implemented: every action done, an effectiveness check planned (409 otherwise)." })
  implementCapa(
    @Arg("id", () => ID, { description: "CAPA id (UUID)." }) id: string,
    @Arg("effectivenessCheckDate", () => LocalDateScalar, { nullable: true, description: "When effectiveness is to be checked (YYYY-MM-DD): today in Kampala or later, and on or after the due date; needed unless planned at creation." }) effectivenessCheckDate: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Capa> {
    return implementCapa(ctx.db, ctx.principal, id, effectivenessCheckDate);
  }

  @Authorized("quality:write")
  @Mutation(() => Capa, { nullable: true, description: "Record the effectiveness check of an implemented CAPA: effective closes it, ineffective sends it back to in_progress." })
  checkCapaEffectiveness(
    @Arg("id", () => ID, { description: "CAPA id (UUID)." }) id: string,
    @Arg("result", () => EffectivenessResult, { description: "The check's result." }) result: string,
    @Arg("notes", () => String, { nullable: true, description: "What was checked (at most 5,000 characters); required when ineffective." }) notes: string | null,
    @Arg("dueDate", () => LocalDateScalar, { nullable: true, description: "A new due date when ineffective." }) dueDate: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Capa> {
    return checkCapaEffectiveness(ctx.db, ctx.principal, id, { result, notes, dueDate });
  }
}
