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
  @Query(() => ProductPage, { description: "OTC products of the caller's pharmacy; search matches name, SKU or category, with brand names, abbreviations and misspellings of the medicine, best match first." })
  products(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("search", () => String, { nullable: true, description: "Words of the name, SKU or category, any case: a brand or abbreviation of a single-ingredient medicine (Panadol, PCM), a misspelling (amoxilin) or a strength (500mg) is matched; best match first." }) search: string | null,
    @Arg("category", () => String, { nullable: true, description: "Only this category (exact match)." }) category: string | null,
    @Arg("isActive", () => Boolean, { nullable: true, description: "Only active (true) or inactive (false) products." }) isActive: boolean | null,
    @Arg("pharmacyId", () => ID, { nullable: true, description: "For callers not bound to a pharmacy." }) pharmacyId: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ProductPage> {
    return listProducts(ctx.db, ctx.principal, { ...page, search, category, isActive, pharmacyId });
  }

  @Authorized("products:read")
  @Query(() => Product, { description: "One product with its stock figures (404 for an unknown id or another pharmacy's product). Pharmacists, cashiers, auditors and admins." })
  product(@Arg("id", () => ID, { description: "Product id (UUID)." }) id: string, @Ctx() ctx: SubgraphContext): Promise<Product> {
    return getProduct(ctx.db, ctx.principal, id);
  }

  @Authorized("products:write")
  @Mutation(() => Product, { nullable: true, description: "Adds a product to a pharmacy's OTC catalog; without inventoryItem it gets its own stock item, with stockQuantity booked as an opening_balance receipt. Pharmacists (their pharmacy) and admins." })
  createProduct(@Arg("input", () => CreateProductInput, { description: "The product." }) input: CreateProductInput, @Ctx() ctx: SubgraphContext): Promise<Product> {
    return createProduct(ctx.db, ctx.principal, input);
  }
}
