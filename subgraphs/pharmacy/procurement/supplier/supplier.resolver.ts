import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver, UseMiddleware } from "type-graphql";
import { BoundStaff, type SubgraphContext } from "../../../../lib/context.js";
import { PageArgs } from "../../../../lib/pagination.js";
import { RateLimit } from "../../../../lib/rate-limit.js";
import { createSupplier, getSupplier, listSuppliers, updateSupplier } from "./supplier.service.js";
import { CreateSupplierInput, Supplier, SupplierPage, UpdateSupplierInput } from "./supplier.type.js";

@Resolver(() => Supplier)
@UseMiddleware(RateLimit("pharmacy"), BoundStaff)
export class SupplierResolver {
  @Authorized("procurement:read")
  @Query(() => SupplierPage, { description: "Suppliers by name (filters: search over name and code, is_active, district)." })
  suppliers(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("search", () => String, { nullable: true, description: "Part of the name or code, any case." }) search: string | null,
    @Arg("isActive", () => Boolean, { nullable: true, description: "Only active (true) or inactive (false) suppliers." }) isActive: boolean | null,
    @Arg("district", () => String, { nullable: true, description: "Only suppliers in this district (exact, any case)." }) district: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SupplierPage> {
    return listSuppliers(ctx.db, { ...page, search, isActive, district });
  }

  @Authorized("procurement:read")
  @Query(() => Supplier, { description: "One supplier (404 for an unknown id). Pharmacists, auditors and admins." })
  supplier(@Arg("id", () => ID, { description: "Supplier id (UUID)." }) id: string, @Ctx() ctx: SubgraphContext): Promise<Supplier> {
    return getSupplier(ctx.db, id);
  }

  @Authorized("procurement:write")
  @Mutation(() => Supplier, { nullable: true, description: "Create a supplier (409 when its code is taken)." })
  createSupplier(@Arg("input", () => CreateSupplierInput, { description: "The supplier." }) input: CreateSupplierInput, @Ctx() ctx: SubgraphContext): Promise<Supplier> {
    return createSupplier(ctx.db, input, ctx.config.DEFAULT_PHONE_REGION);
  }

  @Authorized("procurement:write")
  @Mutation(() => Supplier, { nullable: true, description: "Change a supplier's details, or deactivate it (no new orders)." })
  updateSupplier(@Arg("id", () => ID, { description: "Supplier id (UUID)." }) id: string, @Arg("input", () => UpdateSupplierInput, { description: "What to change." }) input: UpdateSupplierInput, @Ctx() ctx: SubgraphContext): Promise<Supplier> {
    return updateSupplier(ctx.db, id, input, ctx.config.DEFAULT_PHONE_REGION);
  }
}
