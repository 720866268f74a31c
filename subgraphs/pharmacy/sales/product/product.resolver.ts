import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver, UseMiddleware } from "type-graphql";
import { RateLimit } from "../../../../lib/rate-limit.js";
import { BoundStaff, type SubgraphContext } from "../../../../lib/context.js";
import { PageArgs } from "../../../../lib/pagination.js";
import { createProduct, getProduct, listProducts } from "./product.service.js";
import { CreateProductInput, Product, ProductPage } from "./product.type.js";

@Resolver(() => Product)
@UseMiddleware(RateLimit("pharmacy"), BoundStaff)
export class ProductResolver {
  @Authorized("products:read")
  @Query(() => ProductPage, { description: "OTC products of the caller's pharmacy; search matches name, SKU or category." })
  products(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("search", () => String, { nullable: true }) search: string | null,
    @Arg("category", () => String, { nullable: true }) category: string | null,
    @Arg("isActive", () => Boolean, { nullable: true }) isActive: boolean | null,
    @Arg("pharmacyId", () => ID, { nullable: true, description: "For callers not bound to a pharmacy." }) pharmacyId: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ProductPage> {
    return listProducts(ctx.db, ctx.principal, { ...page, search, category, isActive, pharmacyId });
  }

  @Authorized("products:read")
  @Query(() => Product)
  product(@Arg("id", () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<Product> {
    return getProduct(ctx.db, ctx.principal, id);
  }

  @Authorized("products:write")
  @Mutation(() => Product, { nullable: true })
  createProduct(@Arg("input", () => CreateProductInput) input: CreateProductInput, @Ctx() ctx: SubgraphContext): Promise<Product> {
    return createProduct(ctx.db, ctx.principal, input);
  }
}
