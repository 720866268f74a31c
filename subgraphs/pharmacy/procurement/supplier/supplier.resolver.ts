import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver, UseMiddleware } from "type-graphql";
import { BoundStaff, type SubgraphContext } from "../../../../lib/context.js";
import { PageArgs } from "../../../../lib/pagination.js";
import { RateLimit } from "../../../../lib/rate-limit.js";
import { createSupplier, getSupplier, listSuppliers } from "./supplier.service.js";
import { CreateSupplierInput, Supplier, SupplierPage } from "./supplier.type.js";

@Resolver(() => Supplier)
@UseMiddleware(RateLimit("pharmacy"), BoundStaff)
export class SupplierResolver {
  @Authorized("procurement:read")
  @Query(() => SupplierPage, { description: "Suppliers by name (filters: search over name and code, is_active, district)." })
  suppliers(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("search", () => String, { nullable: true }) search: string | null,
    @Arg("isActive", () => Boolean, { nullable: true }) isActive: boolean | null,
    @Arg("district", () => String, { nullable: true }) district: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SupplierPage> {
    return listSuppliers(ctx.db, { ...page, search, isActive, district });
  }

  @Authorized("procurement:read")
  @Query(() => Supplier)
  supplier(@Arg("id", () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<Supplier> {
    return getSupplier(ctx.db, id);
  }

  @Authorized("procurement:write")
  @Mutation(() => Supplier, { nullable: true, description: "Create a supplier (409 when its code is taken)." })
  createSupplier(@Arg("input", () => CreateSupplierInput) input: CreateSupplierInput, @Ctx() ctx: SubgraphContext): Promise<Supplier> {
    return createSupplier(ctx.db, input);
  }
}
