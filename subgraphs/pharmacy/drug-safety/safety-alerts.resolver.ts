import { Arg, Args, Authorized, Ctx, ID, Int, Query, Resolver, UseMiddleware } from "type-graphql";
import { BoundStaff, type SubgraphContext } from "../../../lib/context.js";
import { PageArgs } from "../../../lib/pagination.js";
import { RateLimit } from "../../../lib/rate-limit.js";
import { listSafetyAlerts } from "./safety-alerts.service.js";
import { SafetyAlertPage } from "./safety-alerts.type.js";

@Resolver()
@UseMiddleware(RateLimit("pharmacy"), BoundStaff)
export class SafetyAlertResolver {
  @Authorized("safety-alerts:read")
  @Query(() => SafetyAlertPage, { description: "Safety alerts of the pharmacy: recalls affecting its stock, open cold-chain excursions holding stock, silent storage-unit loggers, controlled stock expiring within `days` (default 90), overdue CAPAs, effectiveness checks and quality audits; most severe first. Pharmacists, auditors and admins." })
  safetyAlerts(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("pharmacyId", () => ID, { nullable: true, description: "Only this pharmacy's alerts; staff may only name their own (403)." }) pharmacyId: string | null,
    @Arg("type", () => String, { nullable: true, description: "Only alerts of this type (see SafetyAlertView.type)." }) type: string | null,
    @Arg("severity", () => String, { nullable: true, description: "Only alerts of this severity: critical, warning or info (anything else is 400)." }) severity: string | null,
    @Arg("days", () => Int, { nullable: true, description: "Window for expiring controlled stock, 0 to 3650 days (default 90)." }) days: number | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SafetyAlertPage> {
    return listSafetyAlerts(ctx.db, ctx.principal, { ...page, pharmacyId, type, severity, days });
  }
}
