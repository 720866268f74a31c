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
  @Query(() => SafetyAlertPage, { description: "Safety alerts of the pharmacy: recalls affecting its stock, open cold-chain excursions holding stock, controlled stock expiring within `days` (default 90); most severe first." })
  safetyAlerts(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("pharmacyId", () => ID, { nullable: true }) pharmacyId: string | null,
    @Arg("type", () => String, { nullable: true }) type: string | null,
    @Arg("severity", () => String, { nullable: true }) severity: string | null,
    @Arg("days", () => Int, { nullable: true }) days: number | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SafetyAlertPage> {
    return listSafetyAlerts(ctx.db, ctx.principal, { ...page, pharmacyId, type, severity, days });
  }
}
