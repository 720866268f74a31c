import { Arg, Args, Authorized, Ctx, Query, Resolver, UseMiddleware } from "type-graphql";
import { BoundStaff, type SubgraphContext } from "../../../lib/context.js";
import { PageArgs } from "../../../lib/pagination.js";
import { RateLimit } from "../../../lib/rate-limit.js";
import { listServicePrices } from "./price-list.js";
import { ServicePrice, ServicePricePage } from "./price-list.type.js";

@Resolver(() => ServicePrice)
@UseMiddleware(BoundStaff)
export class PriceListResolver {
  @Authorized("billing:read")
  @UseMiddleware(RateLimit("billing"))
  @Query(() => ServicePricePage, { description: "Billing's service price list (current version), by service code; filter by pharmacy to see the prices that apply to it." })
  servicePrices(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("pharmacyId", () => String, { nullable: true, description: "Only the prices that apply to this pharmacy: its own prices, and the general ones for services it has none for." }) pharmacyId: string | null,
    @Arg("serviceCode", () => String, { nullable: true, description: "Only this service code (exact match: case and spaces matter)." }) serviceCode: string | null,
    @Arg("search", () => String, { nullable: true, description: "Part of a service code or description, any case." }) search: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ServicePricePage> {
    return listServicePrices(ctx.db, { ...page, pharmacyId, serviceCode, search });
  }
}
