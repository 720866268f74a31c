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
    @Arg("status", () => CapaStatus, { nullable: true }) status: string | null,
    @Arg("capaType", () => CapaType, { nullable: true }) capaType: string | null,
    @Arg("owner", () => String, { nullable: true, description: "Exact owner, any case." }) owner: string | null,
    @Arg("overdue", () => Boolean, { nullable: true }) overdue: boolean | null,
    @Arg("incident", () => ID, { nullable: true }) incident: string | null,
    @Arg("audit", () => ID, { nullable: true, description: "CAPAs raised by this audit's findings." }) audit: string | null,
    @Arg("pharmacyId", () => ID, { nullable: true, description: "For callers not bound to a pharmacy." }) pharmacyId: string | null,
    @Arg("search", () => String, { nullable: true, description: "Part of the number or description." }) search: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<CapaPage> {
    return listCapas(ctx.db, ctx.principal, { ...page, status, capaType, owner, overdue, incident, audit, pharmacyId, search });
  }

  @Authorized("quality:read")
  @Query(() => Capa)
  capa(@Arg("id", () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<Capa> {
    return getCapa(ctx.db, ctx.principal, id);
  }

  @Authorized("quality:write")
  @Mutation(() => Capa, { nullable: true, description: "Raise a CAPA against an incident or a non-compliant audit finding (status open)." })
  createCapa(@Arg("input", () => CreateCapaInput) input: CreateCapaInput, @Ctx() ctx: SubgraphContext): Promise<Capa> {
    return createCapa(ctx.db, ctx.principal, input);
  }

  @Authorized("quality:write")
  @Mutation(() => Capa, { nullable: true, description: "Add an action to an open or in-progress CAPA." })
  addCapaAction(@Arg("id", () => ID) id: string, @Arg("description", () => String) description: string, @Ctx() ctx: SubgraphContext): Promise<Capa> {
    return addCapaAction(ctx.db, ctx.principal, id, description);
  }

  @Authorized("quality:write")
  @Mutation(() => Capa, { nullable: true, description: "Start work on an open CAPA (409 from another state)." })
  startCapa(@Arg("id", () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<Capa> {
    return startCapa(ctx.db, ctx.principal, id);
  }

  @Authorized("quality:write")
  @Mutation(() => Capa, { nullable: true, description: "Mark one action of an in-progress CAPA done." })
  completeCapaAction(
    @Arg("id", () => ID) id: string,
    @Arg("actionId", () => ID) actionId: string,
    @Arg("notes", () => String, { nullable: true }) notes: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Capa> {
    return completeCapaAction(ctx.db, ctx.principal, id, actionId, notes);
  }

  @Authorized("quality:write")
  @Mutation(() => Capa, { nullable: true, description: "Mark an in-progress CAPA implemented: every action done, an effectiveness check planned (409 otherwise)." })
  implementCapa(
    @Arg("id", () => ID) id: string,
    @Arg("effectivenessCheckDate", () => LocalDateScalar, { nullable: true }) effectivenessCheckDate: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Capa> {
    return implementCapa(ctx.db, ctx.principal, id, effectivenessCheckDate);
  }

  @Authorized("quality:write")
  @Mutation(() => Capa, { nullable: true, description: "Record the effectiveness check of an implemented CAPA: effective closes it, ineffective sends it back to in_progress." })
  checkCapaEffectiveness(
    @Arg("id", () => ID) id: string,
    @Arg("result", () => EffectivenessResult) result: string,
    @Arg("notes", () => String, { nullable: true }) notes: string | null,
    @Arg("dueDate", () => LocalDateScalar, { nullable: true, description: "A new due date when ineffective." }) dueDate: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Capa> {
    return checkCapaEffectiveness(ctx.db, ctx.principal, id, { result, notes, dueDate });
  }
}
