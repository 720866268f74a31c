import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver, UseMiddleware } from "type-graphql";
import { BoundStaff, type SubgraphContext } from "../../../../lib/context.js";
import { LocalDateScalar } from "../../../../lib/federation.js";
import { PageArgs } from "../../../../lib/pagination.js";
import { RateLimit } from "../../../../lib/rate-limit.js";
import { cancelAudit, completeAudit, getAudit, listAudits, recordAuditFindings, scheduleAudit, startAudit } from "./audit.service.js";
import { AuditFindingInput, AuditResult, QualityAudit, QualityAuditPage, QualityAuditStatus, QualityAuditType, ScheduleQualityAuditInput } from "./audit.type.js";

@Resolver(() => QualityAudit)
@UseMiddleware(RateLimit("pharmacy"), BoundStaff)
export class QualityAuditResolver {
  @Authorized("quality:read")
  @Query(() => QualityAuditPage, { description: "Quality audits, latest scheduled date first (staff: their pharmacy)." })
  qualityAudits(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("status", () => QualityAuditStatus, { nullable: true, description: "Only audits in this status." }) status: string | null,
    @Arg("auditType", () => QualityAuditType, { nullable: true, description: "Only audits of this type." }) auditType: string | null,
    @Arg("result", () => AuditResult, { nullable: true, description: "Only completed audits with this result." }) result: string | null,
    @Arg("overdue", () => Boolean, { nullable: true, description: "Only overdue (true) or not overdue (false) audits." }) overdue: boolean | null,
    @Arg("pharmacyId", () => ID, { nullable: true, description: "For callers not bound to a pharmacy." }) pharmacyId: string | null,
    @Arg("dateFrom", () => LocalDateScalar, { nullable: true, description: "Scheduled on or after." }) dateFrom: string | null,
    @Arg("dateTo", () => LocalDateScalar, { nullable: true, description: "Scheduled on or before." }) dateTo: string | null,
    @Arg("search", () => String, { nullable: true, description: "Part of the number, scope or auditor." }) search: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<QualityAuditPage> {
    return listAudits(ctx.db, ctx.principal, { ...page, status, auditType, result, overdue, pharmacyId, dateFrom, dateTo, search });
  }

  @Authorized("quality:read")
  @Query(() => QualityAudit, { description: "One quality audit with its checklist and findings (404 for an unknown id or another pharmacy's). Pharmacists, auditors and admins." })
  qualityAudit(@Arg("id", () => ID, { description: "Audit id (UUID)." }) id: string, @Ctx() ctx: SubgraphContext): Promise<QualityAudit> {
    return getAudit(ctx.db, ctx.principal, id);
  }

  @Authorized("quality:audit")
  @Mutation(() => QualityAudit, { nullable: true, description: "Schedule a quality audit with its checklist (the default one when none is sent)." })
  scheduleQualityAudit(@Arg("input", () => ScheduleQualityAuditInput, { description: "The audit." }) input: ScheduleQualityAuditInput, @Ctx() ctx: SubgraphContext): Promise<QualityAudit> {
    return scheduleAudit(ctx.db, ctx.principal, input);
  }

  @Authorized("quality:audit")
  @Mutation(() => QualityAudit, { nullable: true, description: "Start a scheduled audit (409 from another state)." })
  startQualityAudit(@Arg("id", () => ID, { description: "Audit id (UUID)." }) id: string, @Ctx() ctx: SubgraphContext): Promise<QualityAudit> {
    return startAudit(ctx.db, ctx.principal, id);
  }

  @Authorized("quality:audit")
  @Mutation(() => QualityAudit, { nullable: true, description: "Record findings on checklist items of an audit in progress (409 otherwise)." })
  recordQualityAuditFindings(
    @Arg("id", () => ID, { description: "Audit id (UUID)." }) id: string,
    @Arg("findings", () => [AuditFindingInput], { description: "At least one finding, each item at most once; a finding may be changed until completion, except a non-compliance that raised a CAPA." }) findings: AuditFindingInput[],
    @Ctx() ctx: SubgraphContext,
  ): Promise<QualityAudit> {
    return recordAuditFindings(ctx.db, ctx.principal, id, findings);
  }

  @Authorized("quality:audit")
  @Mutation(() => QualityAudit, { nullable: true, description: "Complete an audit whose every item has a finding: score and result (409 otherwise)." })
  completeQualityAudit(@Arg("id", () => ID, { description: "Audit id (UUID)." }) id: string, @Arg("summary", () => String, { nullable: true, description: "The auditor's summary (at most 5,000 characters)." }) summary: string | null, @Ctx() ctx: SubgraphContext): Promise<QualityAudit> {
    return completeAudit(ctx.db, ctx.principal, id, summary);
  }

  @Authorized("quality:audit")
  @Mutation(() => QualityAudit, { nullable: true, description: "Cancel a scheduled or in-progress audit, with the reason (409 once completed)." })
  cancelQualityAudit(@Arg("id", () => ID, { description: "Audit id (UUID)." }) id: string, @Arg("reason", () => String, { description: "Why it is cancelled (1 to 2,000 characters)." }) reason: string, @Ctx() ctx: SubgraphContext): Promise<QualityAudit> {
    return cancelAudit(ctx.db, ctx.principal, id, reason);
  }
}
