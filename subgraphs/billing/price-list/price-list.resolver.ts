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
    @Arg("pharmacyId", () => String, { nullable: true }) pharmacyId: string | null,
    @Arg("serviceCode", () => String, { nullable: true }) serviceCode: string | null,
    @Arg("search", () => String, { nullable: true, description: "Part of a service code or description, any case." }) search: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ServicePricePage> {
    return listServicePrices(ctx.db, { ...page, pharmacyId, serviceCode, search });
  }
}
