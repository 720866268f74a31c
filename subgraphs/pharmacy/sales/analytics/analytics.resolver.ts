import { Arg, Args, Authorized, Ctx, ID, Int, Mutation, Query, Resolver, UseMiddleware } from "type-graphql";
import { BoundStaff, type SubgraphContext } from "../../../../lib/context.js";
import { PageArgs } from "../../../../lib/pagination.js";
import { RateLimit } from "../../../../lib/rate-limit.js";
import { basketAnalysis, salesSummary } from "./analytics.service.js";
import { BasketAnalysis, CreateForecastInput, SalesForecast, SalesForecastPage, SalesSummary } from "./analytics.type.js";
import { createForecasts, listForecasts } from "./forecast.service.js";

@Resolver()
@UseMiddleware(RateLimit("pharmacy"), BoundStaff)
export class SalesAnalyticsResolver {
  @Authorized("sales-analytics:read")
  @Query(() => SalesSummary, { description: "Revenue, transactions, average basket, top products and payment methods (default: last 30 days)." })
  salesSummary(
    @Arg("dateFrom", () => Date, { nullable: true, description: "Completed at or after (default: 30 days before dateTo)." }) dateFrom: Date | null,
    @Arg("dateTo", () => Date, { nullable: true, description: "Exclusive; default now." }) dateTo: Date | null,
    @Arg("top", () => Int, { nullable: true, description: "How many top products (default 5)." }) top: number | null,
    @Arg("pharmacyId", () => ID, { nullable: true, description: "The pharmacy summarised; required for callers not bound to a pharmacy, staff may only name their own." }) pharmacyId: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SalesSummary> {
    return salesSummary(ctx.db, ctx.principal, { dateFrom, dateTo, pharmacyId, top: top ?? undefined });
  }

  @Authorized("sales-analytics:read")
  @Query(() => BasketAnalysis, { description: "Products bought together, with support, confidence and lift (default: last 90 days)." })
  basketAnalysis(
    @Arg("dateFrom", () => Date, { nullable: true, description: "Completed at or after (default: 90 days before dateTo)." }) dateFrom: Date | null,
    @Arg("dateTo", () => Date, { nullable: true, description: "Completed before (exclusive; default now)." }) dateTo: Date | null,
    @Arg("minCount", () => Int, { nullable: true, description: "Least co-occurrences for a pair (default 2)." }) minCount: number | null,
    @Arg("limit", () => Int, { nullable: true, description: "Most pairs (default 20)." }) limit: number | null,
    @Arg("pharmacyId", () => ID, { nullable: true, description: "The pharmacy analysed; required for callers not bound to a pharmacy, staff may only name their own." }) pharmacyId: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<BasketAnalysis> {
    return basketAnalysis(ctx.db, ctx.principal, { dateFrom, dateTo, pharmacyId, minCount: minCount ?? undefined, limit: limit ?? undefined });
  }

  @Authorized("sales-analytics:read")
  @Query(() => SalesForecastPage, { description: "Persisted demand forecasts, newest first." })
  salesForecasts(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("productId", () => ID, { nullable: true, description: "Only forecasts of this product (UUID; anything else is 400)." }) productId: string | null,
    @Arg("pharmacyId", () => ID, { nullable: true, description: "The pharmacy whose forecasts are listed; required for callers not bound to a pharmacy, staff may only name their own." }) pharmacyId: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SalesForecastPage> {
    return listForecasts(ctx.db, ctx.principal, { ...page, productId, pharmacyId });
  }

  @Authorized("sales-analytics:read")
  @Mutation(() => [SalesForecast], { nullable: true, description: "Fit and persist per-product demand forecasts (Holt's linear smoothing on daily sales)." })
  createSalesForecasts(@Arg("input", () => CreateForecastInput, { description: "What to forecast." }) input: CreateForecastInput, @Ctx() ctx: SubgraphContext): Promise<SalesForecast[]> {
    return createForecasts(ctx.db, ctx.principal, input);
  }
}
