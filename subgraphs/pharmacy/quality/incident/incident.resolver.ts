import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver, UseMiddleware } from "type-graphql";
import { BoundStaff, type SubgraphContext } from "../../../../lib/context.js";
import { PageArgs } from "../../../../lib/pagination.js";
import { RateLimit } from "../../../../lib/rate-limit.js";
import { getIncident, listIncidents, reportIncident, transitionIncident } from "./incident.service.js";
import { QualityIncident, QualityIncidentCategory, QualityIncidentPage, QualityIncidentSeverity, QualityIncidentStatus, ReportQualityIncidentInput } from "./incident.type.js";

@Resolver(() => QualityIncident)
@UseMiddleware(RateLimit("pharmacy"), BoundStaff)
export class QualityIncidentResolver {
  @Authorized("quality:read")
  @Query(() => QualityIncidentPage, { description: "Quality incidents, newest first (staff: their pharmacy)." })
  qualityIncidents(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("status", () => QualityIncidentStatus, { nullable: true, description: "Only incidents in this status." }) status: string | null,
    @Arg("severity", () => QualityIncidentSeverity, { nullable: true, description: "Only incidents of this severity." }) severity: string | null,
    @Arg("category", () => QualityIncidentCategory, { nullable: true, description: "Only incidents of this category." }) category: string | null,
    @Arg("pharmacyId", () => ID, { nullable: true, description: "For callers not bound to a pharmacy." }) pharmacyId: string | null,
    @Arg("dateFrom", () => Date, { nullable: true, description: "Reported at or after." }) dateFrom: Date | null,
    @Arg("dateTo", () => Date, { nullable: true, description: "Reported before." }) dateTo: Date | null,
    @Arg("medicationCode", () => String, { nullable: true, description: "Only incidents concerning this medication code." }) medicationCode: string | null,
    @Arg("search", () => String, { nullable: true, description: "Part of the number, summary or details." }) search: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<QualityIncidentPage> {
    return listIncidents(ctx.db, ctx.principal, { ...page, status, severity, category, pharmacyId, dateFrom, dateTo, medicationCode, search });
  }

  @Authorized("quality:read")
  @Query(() => QualityIncident, { description: "One quality incident with its attachments and CAPAs (404 for an unknown id or another pharmacy's). Pharmacists, auditors and admins." })
  qualityIncident(@Arg("id", () => ID, { description: "Incident id (UUID)." }) id: string, @Ctx() ctx: SubgraphContext): Promise<QualityIncident> {
    return getIncident(ctx.db, ctx.principal, id);
  }

  @Authorized("quality:report")
  @Mutation(() => QualityIncident, { nullable: true, description: "Report a quality incident (status open)." })
  reportQualityIncident(@Arg("input", () => ReportQualityIncidentInput, { description: "The incident." }) input: ReportQualityIncidentInput, @Ctx() ctx: SubgraphContext): Promise<QualityIncident> {
    return reportIncident(ctx.db, ctx.principal, input);
  }

  @Authorized("quality:write")
  @Mutation(() => QualityIncident, { nullable: true, description: "Start investigating an open incident (409 from another state); the caller is the investigator." })
  investigateQualityIncident(@Arg("id", () => ID, { description: "Incident id (UUID)." }) id: string, @Ctx() ctx: SubgraphContext): Promise<QualityIncident> {
    return transitionIncident(ctx.db, ctx.principal, id, "investigate");
  }

  @Authorized("quality:write")
  @Mutation(() => QualityIncident, { nullable: true, description: "Close an incident under investigation with its root cause and outcome (409 from another state)." })
  closeQualityIncident(
    @Arg("id", () => ID, { description: "Incident id (UUID)." }) id: string,
    @Arg("rootCause", () => String, { description: "Why it happened (at most 5,000 characters; not blank)." }) rootCause: string,
    @Arg("outcome", () => String, { description: "What was done and how it ended (at most 5,000 characters; not blank)." }) outcome: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<QualityIncident> {
    return transitionIncident(ctx.db, ctx.principal, id, "close", { rootCause, outcome });
  }

  @Authorized("quality:write")
  @Mutation(() => QualityIncident, { nullable: true, description: "Reopen a closed incident for further investigation, with the reason (409 unless closed)." })
  reopenQualityIncident(@Arg("id", () => ID, { description: "Incident id (UUID)." }) id: string, @Arg("reason", () => String, { description: "Why it is reopened (at most 5,000 characters; not blank)." }) reason: string, @Ctx() ctx: SubgraphContext): Promise<QualityIncident> {
    return transitionIncident(ctx.db, ctx.principal, id, "reopen", { reason });
  }
}
