import { Arg, Authorized, Ctx, ID, Int, Query, Resolver, UseMiddleware } from "type-graphql";
import { BoundStaff, type SubgraphContext } from "../../../../lib/context.js";
import { RateLimit } from "../../../../lib/rate-limit.js";
import { recommendProducts } from "./recommendation.service.js";
import { ProductRecommendations } from "./recommendation.type.js";

@Resolver()
@UseMiddleware(RateLimit("pharmacy"), BoundStaff)
export class RecommendationResolver {
  @Authorized("sales:read")
  @Query(() => ProductRecommendations, { description: "Products frequently bought with a product or basket (association rules), else category best sellers. Advisory." })
  productRecommendations(
    @Arg("productId", () => ID, { nullable: true, description: "Product to suggest for (UUID, of the pharmacy); give it, basket, or both." }) productId: string | null,
    @Arg("basket", () => String, { nullable: true, description: "Comma-separated product ids." }) basket: string | null,
    @Arg("limit", () => Int, { nullable: true, description: "Default 5, at most 20." }) limit: number | null,
    @Arg("windowDays", () => Int, { nullable: true, description: "Sales history analysed (default 180 days)." }) windowDays: number | null,
    @Arg("minCount", () => Int, { nullable: true, description: "Least co-occurrences for a rule (default 2)." }) minCount: number | null,
    @Arg("pharmacyId", () => ID, { nullable: true, description: "The pharmacy whose sales are analysed; required for callers not bound to a pharmacy, staff may only name their own." }) pharmacyId: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ProductRecommendations> {
    return recommendProducts(ctx.db, ctx.principal, { productId, basket, limit, windowDays, minCount, pharmacyId });
  }
}
